import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { startMetricsServer } from "~/observability/metrics-server.server";
import { finishRequest, logRequestError } from "~/observability/requests.server";
import { startScheduler } from "~/scheduler/cron.server";
import { replayResponse, replayTargetFor } from "~/utils/db/litefs.server";
import { NonceProvider } from "~/utils/page/nonce-provider";
import {
  baseSecurityHeaders,
  documentSecurityHeaders,
  newNonce,
  privateCacheHeaders,
} from "~/http/security-headers.server";
import { heldUntilSent } from "~/http/heavy-work.server";
import { shutDownOnSignals } from "~/shutdown.server";
import { answerUnroutedApiMethod } from "~/api-docs/api-methods.server";
import { refuseRequest as refuseGuardedRequest } from "~/http/request-guard.server";

startScheduler();
startMetricsServer();
shutDownOnSignals();

/** Called by remix-serve once it listens (patches/@remix-run+serve): logging and shutdown are ours. */
export { onServerListening } from "~/shutdown.server";
/** Called by express on an error Remix could not answer (patches/@remix-run+serve). */
export { onServerError } from "~/observability/requests.server";

/** Called by the adapter with every answer (patches/@remix-run+express): logged, and its slot freed. */
export { requestAnswered } from "~/http/request-guard.server";

/**
 * Called before Remix sees a request (patches/@remix-run+express): cross-site writes and heavy pages
 * past the process's limit stop here, and methods Remix does not route are answered on /api.
 */
export function refuseRequest(request: Request, context: object) {
  return refuseGuardedRequest(request, context) ?? answerUnroutedApiMethod(request);
}

// Pages never defer data, so a whole-document render is simpler and faster than streaming.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const replayTo = await replayTargetFor(request);
  if (replayTo) return replayResponse(replayTo);
  const nonce = newNonce();
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  documentSecurityHeaders(responseHeaders, nonce);
  privateCacheHeaders(request, responseHeaders);
  const response = new Response(`<!DOCTYPE html>${html}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  });
  const route = remixContext.staticHandlerContext.matches.at(-1)?.route.id ?? "unknown";
  finishRequest(request, loadContext, route, response);
  return heldUntilSent(loadContext, response);
}

export const handleDataRequest: HandleDataRequestFunction = async (
  response,
  { request, context },
) => {
  const replayTo = await replayTargetFor(request);
  if (replayTo) return replayResponse(replayTo);
  baseSecurityHeaders(response.headers);
  privateCacheHeaders(request, response.headers);
  const route = new URL(request.url).searchParams.get("_data") ?? "unknown";
  finishRequest(request, context, route, response);
  return heldUntilSent(context, response);
};

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  // A client's mistake (a `_data` id no route has, a method a route refuses) is in its request line.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  logRequestError(request, context, error);
}
