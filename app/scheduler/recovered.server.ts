import { takeRecoveredSid } from "./promotion-recovery.server";
import { record } from "./record.server";
import type { Claimed, Outcome, TickContext } from "./send-types";

/**
 * Claims whose text Twilio already sent (the old primary sent it; LiteFS lost the record): recorded
 * as sent with Twilio's sid, never sent again. Returns the claims still to send.
 */
export function recordRecovered(ctx: TickContext, claimed: Claimed[]): Claimed[] {
  const found: Outcome[] = [];
  const rest: Claimed[] = [];
  for (const item of claimed) {
    const sid =
      item.body === null ? undefined : takeRecoveredSid(item.toPhone ?? item.phone, item.body);
    if (sid) found.push({ item, sid, status: "sent" });
    else rest.push(item);
  }
  record(ctx, found, true);
  return rest;
}
