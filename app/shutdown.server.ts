import type { Server } from "node:http";
import { errorFields, logger } from "~/observability/logger.server";
import { stopMetricsServer } from "~/observability/metrics-server.server";
import { stopScheduler } from "~/scheduler/cron.server";
import { sqlite } from "./utils/db/db.server";
import { env } from "./utils/env/env.server";

// SIGTERM or SIGINT (fly.toml's kill_signal, and Ctrl-C): stop taking requests and stop the cron, let
// the requests in flight and the scheduler's current batch finish, free the metrics port, close the
// database, exit 0. Fly kills the machine kill_timeout (10 s) after the signal, so at DEADLINE_MS the
// process logs what is still running and exits anyway; a second signal does the same at once.

const DEADLINE_MS = 8_000;
const IDLE_SWEEP_MS = 100;

const processWide = globalThis as unknown as { __shutdownInstalled?: boolean };
let httpServer: Server | undefined;
let shuttingDown = false;
const running = new Set<string>();

/** Called by remix-serve once it listens (patches/@remix-run+serve): the one "listening" line. */
export function onServerListening(server: Server, where: { port: number; address?: string }) {
  httpServer = server;
  logger.info({ port: where.port, address: where.address }, "listening");
}

/** Once per process (dev rebuilds import this module again). */
export function shutDownOnSignals() {
  if (processWide.__shutdownInstalled || env.NODE_ENV === "test") return;
  processWide.__shutdownInstalled = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => void shutDown(signal));
  }
}

async function shutDown(signal: NodeJS.Signals) {
  if (shuttingDown) return exitNow(`${signal} again`);
  shuttingDown = true;
  logger.info({ signal }, "shutting down");
  setTimeout(() => exitNow("deadline passed"), DEADLINE_MS);
  await Promise.all([step("http server", closeHttpServer), step("scheduler", stopScheduler)]);
  await step("metrics server", stopMetricsServer);
  await step("database", () => sqlite.close());
  logger.info("shut down");
  process.exit(0);
}

async function step(name: string, work: () => unknown) {
  running.add(name);
  try {
    await work();
  } catch (error) {
    logger.error({ err: errorFields(error), step: name }, "shutdown step failed");
  } finally {
    running.delete(name);
  }
}

function exitNow(reason: string) {
  logger.error({ reason, stillRunning: [...running] }, "exiting before shutdown finished");
  process.exit(1);
}

/** No new connections; open ones close as soon as their request is answered. */
function closeHttpServer() {
  const server = httpServer;
  if (!server) return;
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
  });
}
