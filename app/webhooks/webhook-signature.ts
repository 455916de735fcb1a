import { createHmac, timingSafeEqual } from "node:crypto";

// The signature of a delivery, Stripe's and Twilio's way: an HMAC-SHA256, keyed with the endpoint's
// secret, over `${id}.${timestamp}.${body}`, so a receiver can tell the body, the event and the moment
// are ours and refuse a replay of an old delivery (docs/api.md, Webhooks).

export const SIGNATURE_HEADER = "StreakCoach-Signature";
export const EVENT_ID_HEADER = "StreakCoach-Event-Id";
export const TIMESTAMP_HEADER = "StreakCoach-Timestamp";

export function signatureOf(secret: string, id: string, timestamp: number, body: string) {
  return createHmac("sha256", secret).update(`${id}.${timestamp}.${body}`).digest("hex");
}

/** The headers of one delivery; `timestamp` in whole seconds since the epoch. */
export function signedHeaders(secret: string, id: string, timestamp: number, body: string) {
  return {
    [EVENT_ID_HEADER]: id,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: `t=${timestamp},v1=${signatureOf(secret, id, timestamp, body)}`,
  };
}

/** What a receiver checks (the tests' receiver and the documented snippet do the same). */
export function verifySignature(
  secret: string,
  id: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
) {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    return false;
  const expected = Buffer.from(signatureOf(secret, id, timestamp, body), "hex");
  const given = Buffer.from(String(parts.v1 ?? ""), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
