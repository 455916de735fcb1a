import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { waitTime } from "~/utils/wait-time";

// A code text goes to whatever number an account typed, verified or not, so the account's own limit
// does not protect the number: several accounts can share it. These limits count every code text to
// a number, whoever asked, and all code texts together, so a spread-out attack (many accounts, many
// numbers) cannot turn our sender into a texting service paid by us. In memory, per machine: every
// code is issued by a write, and writes run on the primary only.

export const CODE_TEXTS_PER_NUMBER_PER_HOUR = 5;
export const CODE_TEXTS_PER_NUMBER_PER_DAY = 10;
/**
 * About ten times the codes an hour of real sign-ups and resets needs, and under a tenth of what one
 * sender number can send in an hour, so the check-ins keep flowing while a flood is cut off.
 */
export const CODE_TEXTS_PER_HOUR = 300;

const HOUR_SECONDS = 60 * 60;

const limits = [
  {
    scope: "number",
    limiter: new RateLimiterMemory({
      keyPrefix: "code-texts-number-hour",
      points: CODE_TEXTS_PER_NUMBER_PER_HOUR,
      duration: HOUR_SECONDS,
    }),
  },
  {
    scope: "number",
    limiter: new RateLimiterMemory({
      keyPrefix: "code-texts-number-day",
      points: CODE_TEXTS_PER_NUMBER_PER_DAY,
      duration: 24 * HOUR_SECONDS,
    }),
  },
  {
    scope: "everywhere",
    limiter: new RateLimiterMemory({
      keyPrefix: "code-texts-all",
      points: CODE_TEXTS_PER_HOUR,
      duration: HOUR_SECONDS,
    }),
  },
] as const;

export type CodeTextReservation =
  | { ok: true; release: () => Promise<void> }
  | { ok: false; scope: "number" | "everywhere"; retryAfterSeconds: number };

/**
 * Counts one code text to `phone` against every limit, or none of them when one is full (a refused
 * request costs nothing, so waiting is enough). `release` gives the text back when it is not sent
 * for another reason.
 */
export async function reserveCodeText(phone: string): Promise<CodeTextReservation> {
  const taken: Array<() => Promise<unknown>> = [];
  const giveBack = async () => {
    await Promise.all(taken.map((undo) => undo()));
  };
  for (const { scope, limiter } of limits) {
    const key = scope === "number" ? phone : "all";
    taken.push(() => limiter.reward(key, 1));
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      await giveBack();
      return { ok: false, scope, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
    }
  }
  return { ok: true, release: giveBack };
}

export function codeTextLimitMessage(scope: "number" | "everywhere", retryAfterSeconds: number) {
  return scope === "number"
    ? `Too many codes were texted to this number. Please wait ${waitTime(retryAfterSeconds)} before asking for a new one.`
    : `We are sending too many codes right now. Please try again in ${waitTime(retryAfterSeconds)}.`;
}
