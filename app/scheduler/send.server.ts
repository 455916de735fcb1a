import { SmsSendError } from "~/sms/transport.server";
import { sqlite } from "~/utils/db.server";
import { record } from "./record.server";
import type { Claimed, Outcome, TickContext } from "./send-types";

// Send: a batch to the provider under the rate limit, opt-outs checked right before.

const RATE_LIMITED = "20429";

const optedOutAmong = (count: number) =>
  sqlite.prepare<string[], { phone: string }>(
    `select phone from sms_opt_outs where phone in (${Array(count).fill("?").join(",")})`,
  );

/** Sends a batch under the rate limit, checking opt-outs right before, then records every result at once. */
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
      outcomes.push(await ctx.sender.run(() => sendThrottled(ctx, item)));
    }),
  );
  record(ctx, outcomes);
}

/**
 * One send. A 429 pauses every lane of the tick (the account is over its limit, not this text); the
 * refused text itself waits for the ledger's retry, like any text Twilio did not take.
 */
async function sendThrottled(ctx: TickContext, item: Claimed): Promise<Outcome> {
  await ctx.throttle.wait();
  try {
    const result = await ctx.transport.send(item.phone, item.body!, {
      messageId: item.messageId ?? undefined,
    });
    ctx.throttle.accepted();
    return { item, ...result };
  } catch (error) {
    const failure =
      error instanceof SmsSendError ? error : new SmsSendError(String(error), null, false);
    if (failure.code === RATE_LIMITED) ctx.throttle.rateLimited();
    return { item, error: failure };
  }
}
