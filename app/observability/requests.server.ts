import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorFields, logger } from "./logger.server";
import { httpRequestDuration } from "./metrics.server";

// Each request gets an id (Fly's own when its proxy sent one), returned as X-Request-Id, and one log
// line and one duration sample when it is answered, by route id: never the raw path, which can hold a
// share token or an email. Labels come from fixed sets (methods we serve, the build's route ids), so a
// client inventing methods or `_data` ids cannot grow the metrics' series.

type Observed = {
  requestId?: string;
  requestStartedAt?: number;
  /** The route whose loader or action redirected, for the answers no entry hook sees. */
  redirectedBy?: string;
  requestLogged?: boolean;
};

const ID = /^[A-Za-z0-9._-]{1,64}$/;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const routes = new Set(["cross-site refusal"]);

/** The build's route ids, the only route labels besides `other` (called once at start-up). */
export function recognizeRoutes(ids: Iterable<string>) {
  for (const id of ids) routes.add(id);
}

export const methodLabel = (method: string) => (METHODS.has(method) ? method : "other");
export const routeLabel = (route: string) => (routes.has(route) ? route : "other");

export function beginRequest(request: Request, context: object) {
  const observed = context as Observed;
  const given = request.headers.get("fly-request-id") ?? request.headers.get("x-request-id");
  observed.requestId = given && ID.test(given) ? given : randomUUID();
  observed.requestStartedAt = performance.now();
}

export function finishRequest(
  request: Request,
  context: object | undefined,
  route: string,
  response: { status: number; headers: Headers },
) {
  const observed = (context ?? {}) as Observed;
  const { requestId, requestStartedAt } = observed;
  if (requestId === undefined || requestStartedAt === undefined || observed.requestLogged) return;
  observed.requestLogged = true;
  const seconds = (performance.now() - requestStartedAt) / 1000;
  const method = methodLabel(request.method);
  const label = routeLabel(route);
  httpRequestDuration.labels(label, method, String(response.status)).observe(seconds);
  try {
    response.headers.set("X-Request-Id", requestId);
  } catch {
    // a response passed through from fetch keeps its headers
  }
  logger.info(
    {
      reqId: requestId,
      method,
      route: label,
      status: response.status,
      ms: Math.round(seconds * 10_000) / 10,
    },
    "request",
  );
}

export function noteRedirect(context: object, route: string) {
  (context as Observed).redirectedBy ??= route;
}

/**
 * Called by the adapter (patches/@remix-run+express) with every answer: logs the ones no hook logged
 * (a page's redirect, a method Remix refuses itself) under the route that redirected, or `other`.
 */
export function requestAnswered(request: Request, context: object, response: Response) {
  finishRequest(request, context, (context as Observed).redirectedBy ?? "other", response);
}

export function logRequestError(request: Request, context: object | undefined, error: unknown) {
  const { requestId } = (context ?? {}) as Observed;
  logger.error(
    { reqId: requestId, method: methodLabel(request.method), err: errorFields(error) },
    "request failed",
  );
}

/** Methods the Fetch API cannot carry (a Request of one throws): Remix can never answer them. */
const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const SERVED_METHODS = "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE";

/**
 * Express's last error handler (patches/@remix-run+serve): a request Remix could not even read (a Host
 * header that makes no URL, a TRACE) or could not answer is logged as a JSON line, not as a stack
 * trace on stderr.
 */
export function onServerError(
  error: unknown,
  req: Pick<IncomingMessage, "method" | "url">,
  res: ServerResponse,
  _next: unknown,
) {
  if (FETCH_FORBIDDEN_METHODS.has(req.method?.toUpperCase() ?? "")) {
    return refuseMethod(req, res);
  }
  const { status: given, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  // A Host header no URL can be made of is the client's mistake, not ours.
  const status =
    code === "ERR_INVALID_URL"
      ? 400
      : typeof given === "number" && given >= 400 && given < 600
        ? given
        : 500;
  if (status < 500) logger.warn({ status, err: errorFields(error) }, "request refused");
  else logger.error({ status, err: errorFields(error) }, "request failed");
  if (res.headersSent) return void res.destroy();
  res
    .writeHead(status, { "Content-Type": "text/plain; charset=utf-8" })
    .end(status < 500 ? "Bad request" : "Something went wrong");
}

/** 405 for a method no route can have, in the shape the path answers in: JSON under /api. */
function refuseMethod(req: Pick<IncomingMessage, "method" | "url">, res: ServerResponse) {
  logger.warn({ status: 405, method: req.method }, "request refused");
  if (res.headersSent) return void res.destroy();
  const api = (req.url ?? "").startsWith("/api/");
  res
    .writeHead(405, {
      Allow: SERVED_METHODS,
      "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    })
    .end(api ? JSON.stringify({ message: "Method not allowed" }) : "Method not allowed");
}
