import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_FLAGS } from "./scripts/lib/chromium";

// E2E_PORT lets two runs share a machine (e.g. a developer and CI).
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;

// One fresh database directory per run, made (and removed) by the server script. The config is
// evaluated in the runner first; the workers inherit its environment, so they all see the same
// directory as the server.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `streakcoach-e2e-${process.pid}`);

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: HEADLESS_CHROMIUM_FLAGS,
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // CI machines are shared and slow on some days: a budget, not a speed check (speed is benchmarked).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `${baseURL}/healthz`,
    // Never reuse: the tests write to the database this server was started with.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: { E2E_DATA_DIR: process.env.E2E_DATA_DIR, PORT: String(PORT) },
  },
});
