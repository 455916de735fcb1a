import { randomBytes } from "node:crypto";
import { env, isLoopbackUrl } from "~/utils/env/env.server";
import { SESSION_COOKIE_NAME } from "./session.server";

export function newNonce() {
  return randomBytes(16).toString("base64");
}

/** Where forms may lead: our own actions, and Stripe's Checkout and Portal they redirect to. */
function formTargets() {
  const targets = ["'self'", "https://checkout.stripe.com", "https://billing.stripe.com"];
  // Tests point Stripe at a fake on this machine, whose hosted pages stand in for Stripe's. Only a
  // loopback origin is ever added: no browser but the tests' can reach it (env refuses others in production).
  if (env.STRIPE_API_URL && isLoopbackUrl(env.STRIPE_API_URL)) {
    targets.push(new URL(env.STRIPE_API_URL).origin);
  }
  return targets.join(" ");
}

/** The Content-Security-Policy of a page: scripts only from us or with this render's nonce. */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes (SVG charts) carry no script; scripts stay nonce-only.
    "style-src 'self' 'unsafe-inline'",
    // Blog images may be given as any https URL.
    "img-src 'self' data: https:",
    `connect-src 'self'${env.isProduction ? "" : " ws:"}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formTargets()}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response of ours should carry. */
export function baseSecurityHeaders(headers: Headers) {
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("Referrer-Policy"))
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  // Pages set their whole policy; every other answer at least may not be framed.
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "frame-ancestors 'none'");
  }
  if (env.isProduction) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  return headers;
}

export function documentSecurityHeaders(headers: Headers, nonce: string) {
  baseSecurityHeaders(headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return headers;
}

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=`);

/** Answers for a signed-in browser (and every /api answer) are one person's: no cache may keep them. */
export function privateCacheHeaders(request: Request, headers: Headers, always = false) {
  if (always || SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) {
    headers.set("Cache-Control", "private, no-store");
  }
  return headers;
}
