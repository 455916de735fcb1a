import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A production server of this checkout on a fresh database in a temp dir (or extraEnv.DATABASE_PATH),
 * for benchmarks. `stdout: "pipe"` hands the server's log to the caller (server.stdout); it is dropped otherwise.
 */
export async function startBenchServer(
  port: number,
  extraEnv: Record<string, string> = {},
  {
    stdout = "ignore",
    build = "./build/index.js",
  }: { stdout?: "ignore" | "pipe"; build?: string } = {},
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "coach-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    // On, as in production, on a port of its own.
    METRICS_PORT: String(port + 1000),
    DATABASE_PATH: path.join(dir, "app.db"),
    SESSION_SECRET: "bench-session-secret-0123456789abcdef",
    APP_URL: `http://127.0.0.1:${port}`,
    CRON_ENABLED: "false",
    AUTH_RATE_LIMIT_PER_IP: "100000",
    ...extraEnv,
  };
  if (await answers(`http://127.0.0.1:${port}/healthz`))
    throw new Error(`port ${port} is already in use`);
  await run("npx", ["tsx", "db/migrate.ts"], env);
  const server = spawn("node_modules/.bin/remix-serve", [build], {
    env,
    stdio: ["ignore", stdout, "inherit"],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`);
  } catch (error) {
    server.kill("SIGKILL");
    throw error;
  }
  return { server, env, databasePath: env.DATABASE_PATH!, baseUrl: `http://127.0.0.1:${port}` };
}

/** Signs a new account up through /api/users, as a client would: its session cookie and its id. */
export async function signUpOverApi(
  baseUrl: string,
  account: { email: string; password: string; phone: string },
) {
  const response = await fetch(`${baseUrl}/api/users`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...account, terms: true }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`);
  const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
  const { id } = (await response.json()) as { id: number };
  return { cookie, userId: id };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}`)),
    );
  });
}

async function answers(url: string) {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

async function waitForHealth(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer ${url}`);
}

/** Peak resident memory of a process and its children, in MB, from /proc (Linux). */
export async function peakRssMb(child: ChildProcess) {
  const { readFileSync, readdirSync } = await import("node:fs");
  const pids = [child.pid!];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(" ");
      if (Number(stat[3]) === child.pid) pids.push(Number(pid));
    } catch {
      // process ended
    }
  }
  let peak = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      // process ended
    }
  }
  return peak;
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
