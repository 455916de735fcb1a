// Starts the production build on a fresh temporary SQLite database for the end-to-end tests.
// Usage: node tests/e2e/start-server.mjs
// E2E_DATA_DIR names the directory for the database (playwright.config.ts creates one per run and
// shares it with the tests); without it a temporary directory is made here.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

if (!existsSync(path.join(root, "build", "index.js"))) {
  console.error("build/index.js is missing: run `npm run build` before the end-to-end tests.");
  process.exit(1);
}

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "streakcoach-e2e-"));
const databasePath = path.join(dataDir, "e2e.db");
const removeDatabase = () => {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    rmSync(`${databasePath}${suffix}`, { force: true });
  }
  // Only our own temporary directories are removed as a whole.
  if (path.basename(dataDir).startsWith("streakcoach-e2e-") && dataDir.startsWith(tmpdir())) {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
// A fresh database on every start.
mkdirSync(dataDir, { recursive: true });
for (const suffix of ["", "-wal", "-shm", "-journal"]) {
  rmSync(`${databasePath}${suffix}`, { force: true });
}

const port = process.env.PORT ?? "3210";
const appUrl = `http://localhost:${port}`;

/** Billing runs against a fake Stripe on the next port, which signs and sends its webhooks to us. */
const STRIPE = {
  port: String(Number(port) + 1),
  secretKey: "sk_test_e2e",
  webhookSecret: "whsec_e2e_0123456789abcdef",
  priceBasic: "price_e2e_basic",
  pricePremium: "price_e2e_premium",
};

/** Starts a fake service (a tsx script) and resolves once it prints that it is listening. */
function startFake(script, args) {
  const child = spawn(bin("tsx"), [script, ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes("listening")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** AI feedback comes from a fake OpenAI-compatible model two ports up. */
const LLM_PORT = String(Number(port) + 2);
const LLM_API_KEY = "e2e-llm-key";

const fakes = [
  await startFake("tests/fakes/llm-server.ts", ["--port", LLM_PORT, "--api-key", LLM_API_KEY]),
  await startFake("tests/fakes/stripe-server.ts", [
    "--port",
    STRIPE.port,
    "--secret-key",
    STRIPE.secretKey,
    "--prices",
    `${STRIPE.priceBasic},${STRIPE.pricePremium}`,
    "--webhook-url",
    `${appUrl}/webhooks/stripe`,
    "--webhook-secret",
    STRIPE.webhookSecret,
  ]),
];
const stopFakes = () => {
  for (const fake of fakes) if (fake.exitCode === null) fake.kill("SIGTERM");
};

const env = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_PATH: databasePath,
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  PORT: port,
  // Metrics on their own port, 1000 above the app's (not-found.spec.ts reads them there).
  METRICS_PORT: String(Number(port) + 1000),
  APP_URL: appUrl,
  AUTH_RATE_LIMIT_PER_IP: "10000",
  CRON_ENABLED: "false",
  // The development phone (local transport) lets the tests read and answer texts through the real inbound path.
  SMS_TRANSPORT: "local",
  DEV_PHONE_ENABLED: "true",
  STRIPE_SECRET_KEY: STRIPE.secretKey,
  STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
  STRIPE_PRICE_BASIC: STRIPE.priceBasic,
  STRIPE_PRICE_PREMIUM: STRIPE.pricePremium,
  STRIPE_API_URL: `http://127.0.0.1:${STRIPE.port}`,
  TRIAL_DAYS: "14",
  LLM_API_URL: `http://127.0.0.1:${LLM_PORT}`,
  LLM_API_KEY,
  LLM_MODEL: "fake-coach-1",
};

const migrate = spawnSync(bin("tsx"), ["db/migrate.ts"], { cwd: root, env, stdio: "inherit" });
if (migrate.status !== 0) {
  console.error("migrations failed");
  stopFakes();
  removeDatabase();
  process.exit(migrate.status ?? 1);
}

const server = spawn(bin("remix-serve"), ["./build/index.js"], {
  cwd: root,
  env,
  stdio: "inherit",
});

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on("exit", (code, signal) => {
  stopFakes();
  removeDatabase();
  process.exit(code ?? (signal === "SIGTERM" || signal === "SIGINT" ? 0 : 1));
});
