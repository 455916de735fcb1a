import { createServer, type Server } from "node:http";
import { env } from "~/utils/env/env.server";
import { errorFields, logger } from "./logger.server";
import { registry } from "./metrics.server";

let serving: Promise<Server | null> | undefined;

/** GET /metrics in Prometheus's text format on `port`, on all interfaces for Fly's scraper. */
export function serveMetrics(port: number, host?: string): Promise<Server> {
  const metrics = createServer(async (req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { "Content-Type": registry.contentType }).end(body);
    } catch (error) {
      logger.error({ err: errorFields(error) }, "metrics could not be collected");
      res.writeHead(500).end();
    }
  });
  return new Promise((resolve, reject) => {
    metrics.once("error", reject);
    metrics.listen(port, host, () => resolve(metrics));
  });
}

/** Once per process, beside the app; a port already taken (a second server here) is only logged. */
export function startMetricsServer() {
  if (serving || env.METRICS_PORT === 0 || env.NODE_ENV === "test") return;
  serving = serveMetrics(env.METRICS_PORT).then(
    (server) => {
      logger.info({ port: env.METRICS_PORT }, "metrics listening");
      return server;
    },
    (error: unknown) => {
      logger.warn({ err: errorFields(error), port: env.METRICS_PORT }, "metrics not served");
      return null;
    },
  );
}

/** Frees the metrics port (a scrape in progress is cut: the next instance answers the next one). */
export async function stopMetricsServer() {
  const server = await serving;
  if (!server) return;
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
