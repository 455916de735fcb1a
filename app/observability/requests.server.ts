import { randomUUID } from "node:crypto";
import { errorFields, logger } from "./logger.server";
import { httpRequestDuration } from "./metrics.server";

// Each request gets an id (Fly's own when its proxy sent one), returned as X-Request-Id, and one log
// line and one duration sample when it is answered, by route id: never the raw path, which can hold a
// share token or an email.

type Observed = { requestId?: string; requestStartedAt?: number };

const ID = /^[A-Za-z0-9._-]{1,64}$/;

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
  const { requestId, requestStartedAt } = (context ?? {}) as Observed;
  if (requestId === undefined || requestStartedAt === undefined) return;
  const seconds = (performance.now() - requestStartedAt) / 1000;
  httpRequestDuration.labels(route, request.method, String(response.status)).observe(seconds);
  response.headers.set("X-Request-Id", requestId);
  logger.info(
    {
      reqId: requestId,
      method: request.method,
      route,
      status: response.status,
      ms: Math.round(seconds * 10_000) / 10,
    },
    "request",
  );
}

export function logRequestError(request: Request, context: object | undefined, error: unknown) {
  const { requestId } = (context ?? {}) as Observed;
  logger.error(
    { reqId: requestId, method: request.method, err: errorFields(error) },
    "request failed",
  );
}
