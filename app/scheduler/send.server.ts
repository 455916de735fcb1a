import { SmsSendError } from "~/sms/transport.server";
import { sqlite } from "~/utils/db/db.server";
import { record } from "./record.server";
import type { Claimed, Outcome, TickContext } from "./send-types";

// Send: a batch to the provider through the account's outbound gate, opt-outs checked right before.

const optedOutAmong = (count: number) =>
  sqlite.prepare<string[], { phone: string }>(
    `select phone from sms_opt_outs where phone in (${Array(count).fill("?").join(",")})`,
  );

/**
 * Sends a batch as scheduled texts (the outbound gate paces them with every other text of the account
 * and gives replies the first slots), checking opt-outs right before, then records every result at once.
 * A text Twilio did not take, a 429 included, waits for the ledger's retry.
 */
export async function sendAndRecord(ctx: TickContext, items: Claimed[]) {
  if (items.length === 0) return;
  const optedOut = new Set(
    optedOutAmong(items.length)
      .all(...items.map((i) => i.phone))
      .map((r) => r.phone),
  );
  const outcomes: Outcome[] = [];
  await Promise.all(
    items.map(async (item) => {
      if (optedOut.has(item.phone)) {
        outcomes.push({
          item,
          error: new SmsSendError("opted out before sending", "opted_out", false),
        });
        return;
      }
      outcomes.push(await send(ctx, item));
    }),
  );
  record(ctx, outcomes);
}

async function send(ctx: TickContext, item: Claimed): Promise<Outcome> {
  try {
    const result = await ctx.transport.send(item.phone, item.body!, {
      messageId: item.messageId ?? undefined,
      sendClass: "scheduled",
    });
    return { item, ...result };
  } catch (error) {
    const failure =
      error instanceof SmsSendError ? error : new SmsSendError(String(error), null, false);
    return { item, error: failure };
  }
}
