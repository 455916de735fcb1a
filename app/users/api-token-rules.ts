import { createHash, randomBytes } from "node:crypto";
import { expiringState, expiryAfterDays, type ExpiringState } from "~/utils/time/expiry";

// Personal access tokens and calendar links: what a token looks like, how it is kept (its SHA-256
// only), what each scope allows, and when a token's use looks leaked. Pure: the store is
// api-tokens.server.ts, the check of a request is app/http/bearer.server.ts.

export const API_TOKEN_PREFIX = "sc_pat_";
export const CALENDAR_TOKEN_PREFIX = "sc_cal_";
/** 32 random bytes: 256 bits, so a token is never guessed and a plain SHA-256 is enough to keep it. */
const TOKEN_BYTES = 32;
const BODY = "[A-Za-z0-9_-]{43}";
const API_TOKEN = new RegExp(`^${API_TOKEN_PREFIX}${BODY}$`);
const CALENDAR_TOKEN = new RegExp(`^${CALENDAR_TOKEN_PREFIX}${BODY}$`);
/** Anywhere in a text (a URL, a log line): the shape secret scanners can be taught too. */
const API_TOKEN_ANYWHERE = new RegExp(`${API_TOKEN_PREFIX}${BODY}`, "g");

export const SCOPES = ["read", "write"] as const;
export type Scope = (typeof SCOPES)[number];

export const ACCESS_CHOICES = [
  { value: "read", label: "Read only" },
  { value: "write", label: "Read and write" },
] as const;
export const ACCESS_HINT =
  "Read only sees your goals, habits, stats and messages; read and write also adds and changes goals and habits.";
export type AccessChoice = (typeof ACCESS_CHOICES)[number]["value"];

export const TOKEN_EXPIRY_CHOICES = [
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In a year" },
  { value: "never", label: "Never" },
] as const;
export type TokenExpiryChoice = (typeof TOKEN_EXPIRY_CHOICES)[number]["value"];

export const MAX_ACTIVE_TOKENS_PER_USER = 10;
/** Revoked and expired tokens kept for the owner's list; older ones are deleted as new ones come. */
export const MAX_PAST_TOKENS_PER_USER = 10;

export function newToken(prefix: string) {
  const token = `${prefix}${randomBytes(TOKEN_BYTES).toString("base64url")}`;
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export const isApiTokenShape = (token: string) => API_TOKEN.test(token);
export const isCalendarTokenShape = (token: string) => CALENDAR_TOKEN.test(token);

export function scopesOf(access: AccessChoice): Scope[] {
  return access === "write" ? ["read", "write"] : ["read"];
}

export const tokenExpiryFrom: (choice: TokenExpiryChoice, now: Date) => Date | null =
  expiryAfterDays;

export type TokenState = ExpiringState;
export const tokenState = expiringState;

/** The token from an `Authorization: Bearer …` header; null when there is no such header. */
export function bearerTokenOf(authorization: string | null): string | null {
  if (authorization === null) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  return match ? match[1]! : "";
}

/** Every API token written in a URL's query (any parameter, `token` and `access_token` included). */
export function tokensInQuery(url: URL): string[] {
  const found = new Set<string>();
  for (const [name, value] of url.searchParams) {
    for (const text of [name, value]) {
      for (const match of text.matchAll(API_TOKEN_ANYWHERE)) found.add(match[0]);
    }
  }
  return [...found];
}

/** Whether a query names a token parameter at all, even with a value that is not ours. */
export function hasTokenParameter(url: URL) {
  return url.searchParams.has("token") || url.searchParams.has("access_token");
}

/** Many addresses in a short time: the sign of a token copied around, not one script on one host. */
export const MANY_ADDRESSES = 5;
export const ADDRESS_WINDOW_MS = 10 * 60 * 1000;

/**
 * The addresses a token was used from within the window, after a use from `address` at `now`; flag it
 * when they reach MANY_ADDRESSES. `seen` maps address to last use (ms) and is updated in place.
 */
export function noteAddress(seen: Map<string, number>, address: string, now: number) {
  seen.delete(address);
  seen.set(address, now);
  for (const [other, at] of seen) if (now - at > ADDRESS_WINDOW_MS) seen.delete(other);
  return { distinct: seen.size, flag: seen.size >= MANY_ADDRESSES };
}
