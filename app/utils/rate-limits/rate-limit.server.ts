import { json } from "@remix-run/node";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AUTH_RATE_LIMIT_PER_IP_DEFAULT, env } from "../env/env.server";

// Every request limit the service keeps, in one place: what it counts, per what key, and why.
// docs/security.md lists this table (rateLimitTable; a test keeps the two the same). The counters
// are in memory, per machine: every limited request is a write, and writes run on the primary only.

const MINUTE = 60;
const HOUR = 60 * MINUTE;

type LimitRule = {
  /** What one point is. */
  counts: string;
  /** What the key is. */
  per: string;
  points: number;
  /** Window length in seconds. */
  seconds: number;
  /** The env variable that sets `points`, when one does. */
  setBy?: "AUTH_RATE_LIMIT_PER_IP";
  why: string;
};

export const RATE_LIMITS = {
  "auth-ip": {
    counts: "login, sign-up, reset-code and guess attempts",
    per: "client address",
    points: env.AUTH_RATE_LIMIT_PER_IP,
    seconds: 15 * MINUTE,
    setBy: "AUTH_RATE_LIMIT_PER_IP",
    why: "password guessing and account creation from one address",
  },
  "auth-account": {
    counts: "sign-up attempts naming an email",
    per: "email",
    points: 10,
    seconds: 15 * MINUTE,
    why: "one account's sign-up hammered from many addresses",
  },
  "login-failures-address": {
    counts: "failed logins",
    per: "account and address",
    points: 10,
    seconds: 15 * MINUTE,
    why: "stops one address guessing an account without locking its owner out",
  },
  "account-exists-answers": {
    counts: "answers saying an email or number has an account",
    per: "address, and signed-in account",
    points: 5,
    seconds: HOUR,
    why: "a list of emails or numbers cannot be tested against us",
  },
  "current-password": {
    counts: "current-password checks (scrypt)",
    per: "account",
    points: 10,
    seconds: 15 * MINUTE,
    why: "a loop of checks would hold the thread pool every login waits on",
  },
  "code-texts-address-hour": {
    counts: "code texts asked for",
    per: "client address",
    points: 10,
    seconds: HOUR,
    why: "a script opening accounts cannot spend the shared ceiling",
  },
  "code-texts-number-hour": {
    counts: "code texts",
    per: "phone number",
    points: 5,
    seconds: HOUR,
    why: "one number is not flooded, whoever asks",
  },
  "code-texts-number-day": {
    counts: "code texts",
    per: "phone number",
    points: 10,
    seconds: 24 * HOUR,
    why: "one number is not flooded, whoever asks",
  },
  "code-texts-all": {
    counts: "code texts",
    per: "the whole service",
    points: 300,
    seconds: HOUR,
    why: "a flood spread over many addresses is cut off while check-ins keep flowing",
  },
  "report-account": {
    counts: "PDF reports built",
    per: "account",
    points: 20,
    seconds: HOUR,
    why: "each report costs a CPU-second or more",
  },
  "newsletter-ip": {
    counts: "newsletter sign-ups",
    per: "client address",
    points: 10,
    seconds: 15 * MINUTE,
    why: "the list cannot be filled with strangers' emails",
  },
  "api-token": {
    counts: "/api calls made with a personal access token",
    per: "token",
    points: 600,
    seconds: 15 * MINUTE,
    why: "a runaway script or a leaked token cannot hold the server",
  },
  "calendar-feed": {
    counts: "calendar feed fetches",
    per: "feed link",
    points: 120,
    seconds: HOUR,
    why: "calendar apps poll every few minutes; a loop on a leaked link cannot hold the server",
  },
} satisfies Record<string, LimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const limiters = new Map<RateLimitName, RateLimiterMemory>();

/** The named limit's counter (one per machine, made on first use). */
export function limiterFor(name: RateLimitName): RateLimiterMemory {
  let limiter = limiters.get(name);
  if (!limiter) {
    const { points, seconds } = RATE_LIMITS[name];
    limiter = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
    limiters.set(name, limiter);
  }
  return limiter;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Whole seconds until a full limit has room again, at least 1 (what a Retry-After header carries). */
export function retryAfterSecondsOf(refusal: Pick<RateLimiterRes, "msBeforeNext">) {
  return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
}

/** Takes one point of `key` from the named limit, or says how long to wait when it has none left. */
export async function consumeLimit(name: RateLimitName, key: string): Promise<RateLimitResult> {
  try {
    await limiterFor(name).consume(key);
    return { ok: true };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: retryAfterSecondsOf(error) };
    }
    throw error;
  }
}

/** Seconds to wait when `key` has used the named limit's points, else null; counts nothing. */
export async function limitSpent(name: RateLimitName, key: string): Promise<number | null> {
  const record = await limiterFor(name).get(key);
  // The memory store keeps a record until its timer fires, so an expired one is skipped.
  if (!record || record.msBeforeNext <= 0) return null;
  return record.consumedPoints >= RATE_LIMITS[name].points ? retryAfterSecondsOf(record) : null;
}

const windowText = (seconds: number) =>
  seconds % HOUR === 0 ? `${seconds / HOUR} h` : `${seconds / MINUTE} min`;

export const RATE_LIMITS_START = "<!-- rate-limits: written by scripts/rate-limit-table.ts -->";
export const RATE_LIMITS_END = "<!-- /rate-limits -->";

/** The table docs/security.md shows, from the registry (a limit set by env shows its default). */
export function rateLimitTable() {
  const rows = Object.entries(RATE_LIMITS).map(([name, rule]: [string, LimitRule]) => {
    const points = rule.setBy
      ? `${AUTH_RATE_LIMIT_PER_IP_DEFAULT} (\`${rule.setBy}\`)`
      : rule.points;
    return `| \`${name}\` | ${rule.counts} | ${rule.per} | ${points} per ${windowText(rule.seconds)} | ${rule.why} |`;
  });
  return [
    RATE_LIMITS_START,
    "| Limit | Counts | Per | Allowed | Why |",
    "|---|---|---|---|---|",
    ...rows,
    RATE_LIMITS_END,
  ].join("\n");
}

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait 15 minutes and try again.";

/** Counts one login or registration attempt against the caller's address and the account it names. */
export async function consumeAuthAttempt(ip: string, email?: string): Promise<RateLimitResult> {
  const fromAddress = await consumeLimit("auth-ip", ip);
  if (!fromAddress.ok || !email) return fromAddress;
  return consumeLimit("auth-account", email.trim().toLowerCase());
}

/** PDF reports one account may have built in an hour. */
export const REPORTS_PER_HOUR = RATE_LIMITS["report-account"].points;

/** Counts one PDF report built for the account. */
export function consumeReport(userId: number): Promise<RateLimitResult> {
  return consumeLimit("report-account", String(userId));
}

export function rateLimitedJson(retryAfterSeconds: number, message = RATE_LIMIT_MESSAGE) {
  return json({ message }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}
