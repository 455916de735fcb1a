import { json, type ServerBuild } from "@remix-run/node";
import { DEFAULT_BODY_LIMIT, type BodyLimitHandle } from "~/utils/requests/body-limits";
import { readBytesWithin } from "~/utils/requests/body.server";
import { env } from "~/utils/env/env.server";
import { originRefusals } from "~/observability/metrics.server";
import {
  beginRequest,
  finishRequest,
  noteRedirect,
  recognizeRoutes,
  requestAnswered as noteAnswer,
} from "~/observability/requests.server";
import { rememberClientAddress } from "~/utils/requests/request.server";
import { presentsBearerToken, refuseTokenInUrl } from "./bearer.server";
import { answerBuilt, heldUntilSent, refuseHeavyWorkWhenBusy } from "./heavy-work.server";
import { baseSecurityHeaders, privateCacheHeaders } from "./security-headers.server";
import { MANIFEST_PATH, urlRefusal } from "./url-limits";

// Remix v2 has no middleware. Two hooks stand in for one: `refuseRequest` (exported by entry.server and
// called by our patch of @remix-run/express before Remix sees the request) refuses cross-site requests,
// and the server build's routes pass through `guardRoutes` once at start-up, so every action and every
// resource loader gets body limits, the client's address and security headers without any route having
// to remember them.

type Routes = ServerBuild["routes"];
type RouteModule = Routes[string]["module"];
type Handler = NonNullable<RouteModule["loader"]>;
type HandlerArgs = Parameters<Handler>[0];

const WEBHOOK_PATH = /^\/webhooks\//;

export function guardRoutes(routes: Routes): Routes {
  recognizeRoutes(Object.keys(routes));
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [
      id,
      { ...route, module: guardModule(id, route.module) },
    ]),
  );
}

function guardModule(id: string, module: RouteModule): RouteModule {
  const isResource = !module.default;
  const handle = module.handle as BodyLimitHandle | undefined;
  const limit = handle?.maxBodyBytes ?? DEFAULT_BODY_LIMIT;
  const act = handle?.streamsBody ? actOnCountedBody : actOnBodyRead;
  return {
    ...module,
    loader: module.loader && guardLoader(id, module.loader, isResource),
    action: module.action && guardAction(id, act(module.action, limit), isResource),
  };
}

function guardLoader(id: string, loader: Handler, isResource: boolean): Handler {
  return async (args) => {
    rememberClientAddress(args.request, args.context);
    return isResource
      ? secureResource(id, args, async () => {
          await refuseApiTokenInUrl(args.request);
          return loader(args);
        })
      : notingRedirects(id, args, () => loader(args));
  };
}

function guardAction(id: string, action: Handler, isResource: boolean): Handler {
  return async (args) => {
    rememberClientAddress(args.request, args.context);
    const run = async () => {
      await refuseApiTokenInUrl(args.request);
      return action(args);
    };
    return isResource ? secureResource(id, args, run) : notingRedirects(id, args, run);
  };
}

/** The action given its body read in full first: nothing runs for a body past the limit. */
function actOnBodyRead(action: Handler, limit: number): Handler {
  return async (args) => {
    const request = await withBodyWithin(args.request, limit);
    rememberClientAddress(request, args.context);
    return action({ ...args, request } satisfies HandlerArgs);
  };
}

/**
 * The action given its body as it comes, counted (a route whose handle says `streamsBody`): past the
 * limit the stream breaks, and whatever the action made of that the answer is 413. What it left
 * unread is counted after it, so an oversized body is a 413 whether it was read or not.
 */
function actOnCountedBody(action: Handler, limit: number): Handler {
  return async (args) => {
    const declared = Number(args.request.headers.get("content-length") ?? 0);
    if (declared > limit) throw refuse(args.request, 413, tooLargeMessage(limit));
    if (!args.request.body) return action(args);
    const counted = countedBody(args.request.body, limit);
    const request = new Request(args.request.url, {
      method: args.request.method,
      headers: args.request.headers,
      body: counted.body,
      signal: args.request.signal,
      duplex: "half",
    } as RequestInit);
    rememberClientAddress(request, args.context);
    const outcome = await Promise.resolve()
      .then(() => action({ ...args, request } satisfies HandlerArgs))
      .then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    if (await counted.passedLimit()) throw refuse(args.request, 413, tooLargeMessage(limit));
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  };
}

function countedBody(source: ReadableStream<Uint8Array>, limit: number) {
  const reader = source.getReader();
  let size = 0;
  let ended = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) {
        ended = true;
        controller.close();
        return;
      }
      size += next.value.byteLength;
      if (size > limit) controller.error(new Error(tooLargeMessage(limit)));
      else controller.enqueue(next.value);
    },
    // The rest is not cancelled here: passedLimit counts it.
    cancel() {},
  });
  /** Whether the body passed the limit, counting (and dropping) what the action left unread. */
  async function passedLimit() {
    try {
      while (!ended && size <= limit) {
        const next = await reader.read();
        if (next.done) ended = true;
        else size += next.value.byteLength;
      }
    } catch {
      // A body broken off mid-way: the action's answer stands.
    }
    if (!ended) await reader.cancel().catch(() => {});
    return size > limit;
  }
  return { body, passedLimit };
}

/** An /api call with a token in its URL is refused, and the token revoked (bearer.server.ts). */
async function refuseApiTokenInUrl(request: Request) {
  if (new URL(request.url).pathname.startsWith("/api/")) await refuseTokenInUrl(request);
}

/** Remix answers a page's redirect without an entry hook: the adapter's log line names this route. */
async function notingRedirects(route: string, { context }: HandlerArgs, run: () => unknown) {
  const note = (result: unknown) => {
    if (result instanceof Response && result.status >= 300 && result.status < 400)
      noteRedirect(context, route);
    return result;
  };
  try {
    return note(await run());
  } catch (thrown) {
    throw note(thrown);
  }
}

const CROSS_SITE_MESSAGE = "This request came from another site, so it was refused.";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Called before Remix sees a request (patches/@remix-run+express): starts its timing and id, and
 * refuses it when its URL is past any of ours (url-limits.ts) or it is a cross-site write.
 */
export function refuseRequest(request: Request, context: object): Response | null {
  beginRequest(request, context);
  const tooLong = refuseLongUrl(request);
  if (tooLong) {
    finishRequest(request, context, "url too long", tooLong);
    return tooLong;
  }
  const refusal = refuseCrossSite(request);
  if (refusal) {
    originRefusals.inc();
    finishRequest(request, context, "cross-site refusal", refusal);
    return refusal;
  }
  const busy = refuseHeavyWorkWhenBusy(request, context);
  if (busy) finishRequest(request, context, "busy refusal", busy);
  return busy;
}

/** Called by the adapter with every answer Remix built (patches/@remix-run+express). */
export function requestAnswered(request: Request, context: object, response: Response) {
  answerBuilt(context, response);
  noteAnswer(request, context, response);
}

/** 414 for a path, query or manifest request longer than any of this app's, before routing. */
export function refuseLongUrl(request: Request): Response | null {
  const url = new URL(request.url);
  const reason = urlRefusal(url);
  if (!reason) return null;
  const wantsData =
    url.pathname.startsWith("/api/") ||
    url.pathname === MANIFEST_PATH ||
    url.search.includes("_data=");
  if (wantsData) {
    const response = refuse(request, 414, reason, { asJson: true });
    baseSecurityHeaders(response.headers);
    return response;
  }
  return new Response(refusalPage(reason, "That address is too long"), {
    status: 414,
    headers: staticPageHeaders(),
  });
}

function staticPageHeaders() {
  return baseSecurityHeaders(
    new Headers({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "Cache-Control": "no-store",
    }),
  );
}

/** 403 for a state-changing request another site's page made (pages, `_data`, resource routes, /api). */
export function refuseCrossSite(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const reason = crossSiteRefusal(request, env.APP_URL);
  if (!reason) return null;
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/") || url.searchParams.has("_data")) {
    const response = refuse(request, 403, reason);
    response.headers.set("X-Remix-Catch", "yes");
    return response;
  }
  return new Response(refusalPage(reason), { status: 403, headers: staticPageHeaders() });
}

// Remix cannot render this one (it never saw the request), so the page is a small static one.
function refusalPage(message: string, title = "We couldn't do that") {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | StreakCoach</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:6rem auto;padding:0 1rem;text-align:center"><main><h1>${title}</h1><p>${message} If you meant to do this, open StreakCoach and try again from there.</p><p><a href="/">Go home</a></p></main></body></html>`;
}

/**
 * Why a state-changing request must be refused as cross-site, or null. Browsers name the page that sent
 * a request in `Origin` (and `Sec-Fetch-Site`); a request without either comes from a program, not from
 * a page another site showed our user, so it carries no one's cookie by accident. Webhooks are signed.
 * An /api call with a Bearer token is let through: the token, not a cookie, is what it acts with.
 */
export function crossSiteRefusal(request: Request, appUrl: string): string | null {
  const url = new URL(request.url);
  if (WEBHOOK_PATH.test(url.pathname)) return null;
  // A Bearer call is answered by its token alone (requireApiUser never reads a cookie beside one), so
  // another site's page gains nothing by sending it: only the token's holder could have.
  if (url.pathname.startsWith("/api/") && presentsBearerToken(request)) return null;
  const origin = request.headers.get("origin");
  if (origin !== null) return isOurs(origin, url, appUrl) ? null : CROSS_SITE_MESSAGE;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none" ? null : CROSS_SITE_MESSAGE;
  const referer = request.headers.get("referer");
  if (referer !== null && !isOurs(referer, url, appUrl)) return CROSS_SITE_MESSAGE;
  return null;
}

function isOurs(source: string, url: URL, appUrl: string) {
  let from: URL;
  try {
    from = new URL(source);
  } catch {
    return false;
  }
  return from.origin === new URL(appUrl).origin || from.host === url.host;
}

/** The request with its body read in full, or a 413 thrown once the body passes the route's limit. */
async function withBodyWithin(request: Request, limit: number): Promise<Request> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) throw refuse(request, 413, tooLargeMessage(limit));
  if (!request.body) return request;
  const body = await readBytesWithin(request.body, limit).catch(() => {
    throw refuse(request, 400, "The request body could not be read.");
  });
  if (!body) throw refuse(request, 413, tooLargeMessage(limit));
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  });
}

function tooLargeMessage(limit: number) {
  const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`;
  return `This request is too large. Send at most ${size}.`;
}

/** An expected refusal in the shape the route answers in: JSON for /api, text for the rest. */
function refuse(request: Request, status: number, message: string, { asJson = false } = {}) {
  if (asJson || new URL(request.url).pathname.startsWith("/api/")) {
    return json({ message }, { status, headers: { "Cache-Control": "private, no-store" } });
  }
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Runs a resource route's handler and gives its answer (returned or thrown) our security headers; the
 * answer is timed and logged here, as pages are in entry.server (Remix calls no entry hook for these).
 */
async function secureResource(
  route: string,
  { request, context }: HandlerArgs,
  run: () => unknown,
) {
  const finish = (result: unknown) => {
    const answer = withResourceHeaders(request, result);
    if (!(answer instanceof Response)) return answer;
    finishRequest(request, context, route, answer);
    return heldUntilSent(context, answer);
  };
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    throw finish(thrown);
  }
  return finish(result);
}

function withResourceHeaders(request: Request, result: unknown) {
  if (!(result instanceof Response)) return result;
  const response = mutable(result);
  baseSecurityHeaders(response.headers);
  const isApi = new URL(request.url).pathname.startsWith("/api/");
  if (isApi || !response.headers.has("Cache-Control"))
    privateCacheHeaders(request, response.headers, isApi);
  return response;
}

/** Responses passed through from fetch have immutable headers; our own never do. */
function mutable(response: Response) {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    return new Response(response.body, response);
  }
}
