import http from "node:http";
import { percentile } from "./server";

export type OpenLoopRequest = { headers: Record<string, string>; body: string };

export type OpenLoopResult = {
  requestsPerSecond: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
};

/**
 * POSTs at a constant rate whatever the answers (an open loop, as texts reach a webhook), and times
 * each request from the instant it was due, so a late sender or a slow server both count against the
 * figure. autocannon's overallRate cannot measure this: it sends each connection's quota for the
 * second back to back and then waits, so the server sees one burst a second rather than a rate.
 */
export async function postAtConstantRate(options: {
  url: string;
  rate: number;
  seconds: number;
  next: () => OpenLoopRequest;
  /** Stops the schedule early (the requests already made are awaited). */
  signal?: AbortSignal;
  /** Each answer as it comes: when the request was due (ms since the epoch), its latency, its status (0: error). */
  onAnswer?: (dueAtEpochMs: number, latencyMs: number, status: number) => void;
}): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(options.url);
  const total = options.rate * options.seconds;
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;

  const post = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const { headers, body } = options.next();
      const req = http.request(
        target,
        {
          method: "POST",
          agent,
          headers: { ...headers, "Content-Length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            const latency = performance.now() - dueAt;
            latencies.push(latency);
            options.onAnswer?.(performance.timeOrigin + dueAt, latency, res.statusCode!);
            if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx += 1;
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors += 1;
        options.onAnswer?.(performance.timeOrigin + dueAt, performance.now() - dueAt, 0);
        resolve();
      });
      req.end(body);
    });

  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total && !options.signal?.aborted; i++) {
    const dueAt = started + i * interval;
    const wait = dueAt - performance.now();
    if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(post(dueAt));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsed,
    medianMs: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    non2xx,
    errors,
  };
}
