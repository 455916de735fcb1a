import { sendScheduledBatch } from "~/sms/sender.server";
import { record } from "./record.server";
import type { Claimed, TickContext } from "./send-types";

// Send: a claimed batch handed to the outbox's sender (opt-outs checked right before, the outbound
// gate pacing it with every other text of the account), then every result recorded at once.

/**
 * Sends a batch as scheduled texts and records every result in one transaction. A text Twilio did
 * not take, a 429 included, waits for the ledger's retry.
 */
export async function sendAndRecord(ctx: TickContext, items: Claimed[]) {
  if (items.length === 0) return;
  const answers = await sendScheduledBatch(
    items.map((item) => ({ phone: item.phone, body: item.body!, messageId: item.messageId })),
    ctx.transport,
  );
  record(
    ctx,
    items.map((item, i) => ({ item, ...answers[i]! })),
  );
}
