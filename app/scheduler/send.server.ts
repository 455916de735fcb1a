import { SmsSendError } from "~/sms/transport.server";
import { sqlite } from "~/utils/db.server";
import { runPaced } from "./rate-limit";
import { record } from "./record.server";
import type { Claimed, Outcome, TickContext } from "./send-types";

// Send: a batch to the provider under the rate limit, opt-outs checked right before.

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
  await runPaced(items, ctx.maxPerSecond, Math.min(64, ctx.maxPerSecond), async (item) => {
    if (optedOut.has(item.phone)) {
      outcomes.push({
        item,
        error: new SmsSendError("opted out before sending", "opted_out", false),
      });
      return;
    }
    try {
      const result = await ctx.transport.send(item.phone, item.body!, {
        messageId: item.messageId ?? undefined,
      });
      outcomes.push({ item, ...result });
    } catch (error) {
      outcomes.push({
        item,
        error: error instanceof SmsSendError ? error : new SmsSendError(String(error), null, false),
      });
    }
  });
  record(ctx, outcomes);
}
