// Twilio's error codes that the app acts on, and what each says about the number.

/** The account is over its sending limit (HTTP 429): wait and try again. */
export const RATE_LIMITED_CODE = "20429";
/** The carrier says the number unsubscribed (it texted STOP to the carrier). */
export const UNSUBSCRIBED_CODE = "21610";
/** The number cannot receive texts: not a valid number (21211), not a mobile (21614). */
const UNDELIVERABLE_CODES = new Set(["21211", "21614"]);

export const CARRIER_OPT_OUT_REASON = `carrier: ${UNSUBSCRIBED_CODE} unsubscribed`;

export type PermanentError = "unsubscribed" | "undeliverable";

/** What a permanent error says about the number; null for an error that may pass. */
export function permanentError(code: string | null | undefined): PermanentError | null {
  if (code === UNSUBSCRIBED_CODE) return "unsubscribed";
  return code && UNDELIVERABLE_CODES.has(code) ? "undeliverable" : null;
}

/** A send that was not accepted may be tried again when no code came back or the code is the 429. */
export function isRetryableCode(code: string | null) {
  return code === null || code === RATE_LIMITED_CODE;
}
