import { request, type IncomingMessage, type ServerResponse } from "node:http";
import { answerWithFault, type Fault } from "./faults";
import { listenOnLoopback, readAll } from "./loopback-server";

/**
 * A proxy on 127.0.0.1 in front of a real S3 API (s3rver): every request goes through to it, and a
 * queued fault makes the proxy answer S3's real answer badly (tests/fakes/faults.ts). The request
 * reaches S3 first, so a put that meets a fault is stored all the same, as it can be by a real store
 * whose answer is lost. Point the app's AWS_ENDPOINT_URL_S3 at `url`; its signatures stay valid,
 * as the Host header is passed on unchanged.
 */

/** Which request a fault is for: by method and a part of the path (the bucket and key). */
export type S3Match = { method?: "GET" | "PUT" | "DELETE" | "HEAD" | "POST"; path?: string };

export type S3Request = { method: string; path: string; fault: Fault["fault"] | null };

export async function startS3FaultProxy(target: string) {
  const upstream = new URL(target);
  const faults: { fault: Fault; match: S3Match }[] = [];
  const requests: S3Request[] = [];

  const takeFault = (req: IncomingMessage) => {
    const index = faults.findIndex(
      ({ match }) =>
        (!match.method || match.method === req.method) &&
        (!match.path || (req.url ?? "").includes(match.path)),
    );
    return index < 0 ? undefined : faults.splice(index, 1)[0]!.fault;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const fault = takeFault(req);
    requests.push({
      method: req.method ?? "GET",
      path: req.url ?? "/",
      fault: fault?.fault ?? null,
    });
    const body = await readAll(req);
    const answer = await forward(upstream, req, body);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || HOP_HEADERS.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    if (fault) return answerWithFault(res, fault, answer.status, headers, answer.body);
    res.writeHead(answer.status, { ...headers, "Content-Length": answer.body.byteLength });
    res.end(answer.body);
  }

  const server = await listenOnLoopback((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });

  return {
    /** The endpoint to give the S3 client. */
    url: server.url,
    /** Every request the proxy passed on, with the fault it was answered with. */
    requests,
    /** The next `times` requests that match answer failing this way (a GET of any key by default). */
    failNext(fault: Fault, match: S3Match = {}, times = 1) {
      for (let i = 0; i < times; i++) faults.push({ fault, match });
    },
    /** Faults queued and not met yet. */
    pending: () => faults.length,
    stop: server.close,
  };
}

export type S3FaultProxy = Awaited<ReturnType<typeof startS3FaultProxy>>;

const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

/** The request's headers less those that say how its body was framed: it is passed on whole. */
function withoutFraming(headers: IncomingMessage["headers"]) {
  const { "transfer-encoding": _chunked, expect: _expect, ...rest } = headers;
  return rest;
}

function forward(upstream: URL, req: IncomingMessage, body: Buffer) {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>(
    (resolve, reject) => {
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...withoutFraming(req.headers), "content-length": String(body.byteLength) },
        },
        (answer) => {
          readAll(answer).then(
            (bytes) =>
              resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: bytes }),
            reject,
          );
        },
      );
      out.on("error", reject);
      out.end(body);
    },
  );
}
