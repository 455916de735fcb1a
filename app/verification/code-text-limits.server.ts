import {
  consumeLimit,
  limiterFor,
  limitSpent,
  RATE_LIMITS,
} from "~/utils/rate-limits/rate-limit.server";
import type { RateLimitName } from "~/utils/rate-limits/rate-limit.server";
import { waitTime } from "~/utils/rate-limits/wait-time";

// Code texts are paid for by us and go to whatever number an account typed, verified or not. The
// limits, narrowest first, so that one party runs into its own limit long before the shared one:
// - the account: MAX_CODES_PER_HOUR per purpose, counted in the database by phone-codes;
// - the client's address: sign-ups are cheap, so without it one address could open accounts and
//   spend their codes until the ceiling below is reached and real users get none;
// - the number, whoever asks (several accounts can type the same number);
// - all code texts together, a ceiling against an attack spread over many addresses.
// The numbers and their reasons are in the registry (RATE_LIMITS).

export const CODE_TEXTS_PER_ADDRESS_PER_HOUR = RATE_LIMITS["code-texts-address-hour"].points;
export const CODE_TEXTS_PER_NUMBER_PER_HOUR = RATE_LIMITS["code-texts-number-hour"].points;
export const CODE_TEXTS_PER_NUMBER_PER_DAY = RATE_LIMITS["code-texts-number-day"].points;
export const CODE_TEXTS_PER_HOUR = RATE_LIMITS["code-texts-all"].points;

export type CodeTextScope = "address" | "number" | "everywhere";

const limits: Array<{ scope: CodeTextScope; name: RateLimitName }> = [
  { scope: "address", name: "code-texts-address-hour" },
  { scope: "number", name: "code-texts-number-hour" },
  { scope: "number", name: "code-texts-number-day" },
  { scope: "everywhere", name: "code-texts-all" },
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
  for (const { scope, name } of limits) {
    if (scope === "address" && clientIp === null) continue;
    const key = KEY_OF[scope]({ phone, clientIp: clientIp ?? "" });
    // A refused consume still counts its point, so it is given back too.
    taken.push(() => limiterFor(name).reward(key, 1));
    const result = await consumeLimit(name, key);
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
  const wait = await limitSpent("code-texts-all", "all");
  if (wait !== null) return { ok: false, scope: "everywhere", retryAfterSeconds: wait };
  const fromAddress = await consumeLimit("code-texts-address-hour", clientIp);
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
