import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { startScheduler } from "~/scheduler/cron.server";
import { replayResponse, replayTargetFor } from "~/utils/litefs.server";
import { NonceProvider } from "~/utils/nonce-provider";
import {
  baseSecurityHeaders,
  documentSecurityHeaders,
  newNonce,
  privateCacheHeaders,
} from "~/utils/security-headers.server";

startScheduler();

/** Called before Remix sees a request (patches/@remix-run+express): cross-site writes stop here. */
export { refuseCrossSite as refuseRequest } from "~/utils/request-guard.server";

// Pages never defer data, so a whole-document render is simpler and faster than streaming.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
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
  return new Response(`<!DOCTYPE html>${html}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  const replayTo = await replayTargetFor(request);
  if (replayTo) return replayResponse(replayTo);
  baseSecurityHeaders(response.headers);
  privateCacheHeaders(request, response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(`Unhandled error on ${request.method} ${new URL(request.url).pathname}:`, error);
}
