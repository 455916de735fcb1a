import { json } from "@remix-run/node";
import { heavyWorkRefusals } from "~/observability/metrics.server";
import { baseSecurityHeaders } from "./security-headers.server";

// Some answers cost megabytes to build: a day of long texts, a month of long goals, a PDF report. A
// crowd of them at once held hundreds of MB (past the 256 MB machine) and the event loop for seconds,
// so a process builds and sends at most a few at a time and refuses the rest at once, before reading
// anything, with a 503 that says when to come back. The slot is taken before Remix sees the request and
// given back when the client has taken the whole answer: a request is built in one go, without waiting
// on anything, so what piles up is the answers waiting to be sent.

/** The pages and downloads that build a heavy answer (documents and their `_data` requests alike). */
export const HEAVY_PATHS: RegExp[] = [
  /^\/messages\/?$/,
  /^\/(share\/[^/]+\/)?summaries\/[^/]+\/[^/]+\/?$/,
  /^\/share\/[^/]+\/?$/,
  /^\/dashboard\/report\.pdf$/,
  /^\/api\/messages\/?$/,
];

/** Heavy answers one process builds at once; more would not be faster on one CPU, only bigger. */
export const MAX_HEAVY_AT_ONCE = 4;
/** What a refused client is told to wait, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
/** A slot not given back within this long (an answer that never came) is taken back. */
const LEASE_MS = 60_000;
export const BUSY_MESSAGE =
  "StreakCoach is busy building other big pages right now. Please try again in a few seconds.";

const leases = new Set<{ until: number }>();
const leaseOf = new WeakMap<object, { until: number }>();

export function isHeavyPath(pathname: string) {
  return HEAVY_PATHS.some((path) => path.test(pathname));
}

function heavyWorkInProgress(now: number) {
  for (const lease of leases) if (lease.until <= now) leases.delete(lease);
  return leases.size;
}

/**
 * Takes a slot for a heavy request (others pass untouched, null), or answers 503 with Retry-After
 * when every slot is taken. The slot is held until the answer is sent (see heldUntilSent).
 */
export function refuseHeavyWorkWhenBusy(
  request: Request,
  context: object,
  now = Date.now(),
): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (!isHeavyPath(new URL(request.url).pathname)) return null;
  if (heavyWorkInProgress(now) >= MAX_HEAVY_AT_ONCE) {
    heavyWorkRefusals.inc();
    return busyResponse(request);
  }
  const lease = { until: now + LEASE_MS };
  leases.add(lease);
  leaseOf.set(context, lease);
  return null;
}

/** Gives back the slot of this request, if it holds one. */
function endHeavyWork(context: object) {
  const lease = leaseOf.get(context);
  if (!lease) return;
  leases.delete(lease);
  leaseOf.delete(context);
}

// Bodies that give their request's slot back once sent: what is held in memory is the answer being
// sent, as much as the one being built.
const freeingBodies = new WeakSet<ReadableStream>();

/**
 * The answer of a request that holds a slot, with a body that gives the slot back once the client has
 * taken it all (or gone away); any other answer as it is.
 */
export function heldUntilSent(context: object, response: Response): Response {
  if (!leaseOf.has(context) || !response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        endHeavyWork(context);
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      endHeavyWork(context);
      return reader.cancel(reason);
    },
  });
  freeingBodies.add(body);
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Called with every answer before it is sent: an answer without a freeing body frees the slot now. */
export function answerBuilt(context: object, response: Response) {
  if (!response.body || !freeingBodies.has(response.body)) endHeavyWork(context);
}

/** 503 with Retry-After: JSON for /api and Remix's data requests, a small page for a browser. */
export function busyResponse(request: Request) {
  const url = new URL(request.url);
  const headers = {
    "Retry-After": String(BUSY_RETRY_AFTER_SECONDS),
    "Cache-Control": "private, no-store",
  };
  if (url.pathname.startsWith("/api/") || url.searchParams.has("_data")) {
    const response = json({ message: BUSY_MESSAGE }, { status: 503, headers });
    response.headers.set("X-Remix-Catch", "yes");
    baseSecurityHeaders(response.headers);
    return response;
  }
  return new Response(busyPage(url), {
    status: 503,
    headers: baseSecurityHeaders(
      new Headers({
        ...headers,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      }),
    ),
  });
}

// Remix never saw the request, so the page is a small static one; the link retries the same address.
function busyPage(url: URL) {
  const again = (url.pathname + url.search).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy right now | StreakCoach</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:6rem auto;padding:0 1rem;text-align:center"><main><h1>Busy right now</h1><p>${BUSY_MESSAGE}</p><p><a href="${again}">Try again</a></p></main></body></html>`;
}
