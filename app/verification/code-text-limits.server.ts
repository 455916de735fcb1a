import { RateLimiterMemory } from "rate-limiter-flexible";
import { consumePoint, retryAfterSecondsOf } from "~/utils/rate-limit.server";
import { waitTime } from "~/utils/wait-time";

// Code texts are paid for by us and go to whatever number an account typed, verified or not. The
// limits, narrowest first, so that one party runs into its own limit long before the shared one:
// - the account: MAX_CODES_PER_HOUR per purpose, counted in the database by phone-codes;
// - the client's address: sign-ups are cheap, so without it one address could open accounts and
//   spend their codes until the ceiling below is reached and real users get none;
// - the number, whoever asks (several accounts can type the same number);
// - all code texts together, a ceiling against an attack spread over many addresses.
// In memory, per machine: every code is issued by a write, and writes run on the primary only.

/** Two households behind one address can verify and reset; a script opening accounts cannot go far. */
export const CODE_TEXTS_PER_ADDRESS_PER_HOUR = 10;
export const CODE_TEXTS_PER_NUMBER_PER_HOUR = 5;
export const CODE_TEXTS_PER_NUMBER_PER_DAY = 10;
/**
 * About ten times the codes an hour of real sign-ups and resets needs, and under a tenth of what one
 * sender number can send in an hour, so the check-ins keep flowing while a flood is cut off.
 */
export const CODE_TEXTS_PER_HOUR = 300;

const HOUR_SECONDS = 60 * 60;

export type CodeTextScope = "address" | "number" | "everywhere";

const limiter = (keyPrefix: string, points: number, duration: number) =>
  new RateLimiterMemory({ keyPrefix, points, duration });

const perAddress = limiter(
  "code-texts-address-hour",
  CODE_TEXTS_PER_ADDRESS_PER_HOUR,
  HOUR_SECONDS,
);
const everywhere = limiter("code-texts-all", CODE_TEXTS_PER_HOUR, HOUR_SECONDS);

const limits: Array<{ scope: CodeTextScope; limiter: RateLimiterMemory }> = [
  { scope: "address", limiter: perAddress },
  {
    scope: "number",
    limiter: limiter("code-texts-number-hour", CODE_TEXTS_PER_NUMBER_PER_HOUR, HOUR_SECONDS),
  },
  {
    scope: "number",
    limiter: limiter("code-texts-number-day", CODE_TEXTS_PER_NUMBER_PER_DAY, 24 * HOUR_SECONDS),
  },
  { scope: "everywhere", limiter: everywhere },
];

export type CodeTextRefusal = { ok: false; scope: CodeTextScope; retryAfterSeconds: number };
export type CodeTextReservation = { ok: true; release: () => Promise<void> } | CodeTextRefusal;

const KEY_OF: Record<CodeTextScope, (to: { phone: string; clientIp: string }) => string> = {
  address: (to) => to.clientIp,
  number: (to) => to.phone,
  everywhere: () => "all",
};

/**
 * Counts one code text to `phone`, asked from `clientIp`, against every limit, or none of them when
 * one is full (a refused request costs nothing, so waiting is enough). A null address was counted by
 * the caller already (see admitCodeRequest). `release` gives the text back when it is not sent for
 * another reason.
 */
export async function reserveCodeText(
  phone: string,
  clientIp: string | null,
): Promise<CodeTextReservation> {
  const taken: Array<() => Promise<unknown>> = [];
  const giveBack = async () => {
    await Promise.all(taken.map((undo) => undo()));
  };
  for (const { scope, limiter } of limits) {
    if (scope === "address" && clientIp === null) continue;
    const key = KEY_OF[scope]({ phone, clientIp: clientIp ?? "" });
    // A refused consume still counts its point, so it is given back too.
    taken.push(() => limiter.reward(key, 1));
    const result = await consumePoint(limiter, key);
    if (!result.ok) {
      await giveBack();
      return { ok: false, scope, retryAfterSeconds: result.retryAfterSeconds };
    }
  }
  return { ok: true, release: giveBack };
}

/**
 * For a request whose answer must not tell whether an account exists (forgot password): counts the
 * request against the address whatever the email, and refuses it when the address or the ceiling is
 * full, before anything about the account is read. The code text itself is then reserved with a null
 * address. The limits that depend on the account (its own, its number's) stay silent there.
 */
export async function admitCodeRequest(clientIp: string): Promise<{ ok: true } | CodeTextRefusal> {
  const full = await everywhere.get("all");
  if (full && full.consumedPoints >= CODE_TEXTS_PER_HOUR) {
    return { ok: false, scope: "everywhere", retryAfterSeconds: retryAfterSecondsOf(full) };
  }
  const fromAddress = await consumePoint(perAddress, clientIp);
  return fromAddress.ok ? fromAddress : { ...fromAddress, scope: "address" };
}

export function codeTextLimitMessage(scope: CodeTextScope, retryAfterSeconds: number) {
  switch (scope) {
    case "address":
      return `Too many codes were asked for from your network. Please wait ${waitTime(retryAfterSeconds)} before asking for a new one.`;
    case "number":
      return `Too many codes were texted to this number. Please wait ${waitTime(retryAfterSeconds)} before asking for a new one.`;
    case "everywhere":
      return `We are sending too many codes right now. Please try again in ${waitTime(retryAfterSeconds)}.`;
  }
}
