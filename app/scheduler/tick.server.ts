import { forgetOldChanges } from "~/goals/change-journal.server";
import { isPrimary } from "~/utils/db/litefs.server";
import { EVENING_TIMES, MORNING_TIMES, TIME_ZONES } from "~/users/user-options";
import type { SmsTransport } from "~/sms/transport.server";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { DEFAULT_CATCH_UP_MS, dueSlots, summarySlots, windowStart } from "./due-times";
import { eveningBatches, morningBatches, summaryBatches } from "./candidates.server";
import { claim } from "./claim.server";
import { followUpCandidates } from "./follow-ups.server";
import { partnerSummaryBatches } from "./partner-summaries.server";
import {
  forgetPromotion,
  settleOnPromotion,
  takeUnrecordedCutoff,
} from "./promotion-recovery.server";
import { recordRecovered } from "./recovered.server";
import { reconcile, retryDue } from "./recover.server";
import { sendAndRecord } from "./send.server";
import { settleUnrecordedTexts } from "~/sms/settle.server";
import { forgetOldNumberTexts } from "~/sms/number-text-retention.server";
import type { Candidate, TickContext, TickReport } from "./send-types";

export type { Candidate, SendKind, TickReport } from "./send-types";

// A tick: recover what a crash or a provider error left, then for every slot that fell due since the
// last tick, claim → decide → send → record, batch by batch (candidates, claim, send and record
// modules beside this one).

const statements = {
  lastTick: preparedQuery(() =>
    sqlite.prepare<[], { tick_at: number }>(
      // Only a finished tick covered its window: one that died midway (a crash, an error) leaves the
      // sends it had not claimed yet to the next tick, which starts where the last finished one did.
      "select tick_at from scheduler_ticks where finished_at is not null order by id desc limit 1",
    ),
  ),
  startTick: preparedQuery(() =>
    sqlite.prepare<[number, number]>(
      "insert into scheduler_ticks (tick_at, started_at) values (?, ?)",
    ),
  ),
  finishTick: preparedQuery(() =>
    sqlite.prepare(
      `update scheduler_ticks set finished_at = @finishedAt, claimed = @claimed, sent = @sent, skipped = @skipped,
     expired = @expired, failed = @failed, reconciled = @reconciled where id = @id`,
    ),
  ),
};

const PROCESS_STARTED_AT = new Date();

export type TickOptions = {
  catchUpMs?: number;
  transport?: SmsTransport;
  /** Aborted on shutdown: the tick ends after its current batch, unfinished, for the next to resume. */
  stop?: AbortSignal;
  /** The tick runs inside the server, which sends every text this process queued (not `npm run tick`). */
  inServer?: boolean;
};

/**
 * One scheduler tick as if it were `now`: on the LiteFS primary only, claims every send that fell due
 * since the last tick (or expires it when older than the catch-up window), sends through the
 * account's outbound gate, and records results in batches.
 */
export async function runTick(now = new Date(), options: TickOptions = {}): Promise<TickReport> {
  const report: TickReport = {
    at: now.toISOString(),
    primary: true,
    claimed: 0,
    sent: 0,
    skipped: 0,
    expired: 0,
    failed: 0,
    retried: 0,
    reconciled: 0,
    transactions: 0,
  };
  if (!(await isPrimary())) {
    forgetPromotion();
    return { ...report, primary: false };
  }
  const ctx: TickContext = {
    now,
    report,
    catchUpMs: options.catchUpMs ?? DEFAULT_CATCH_UP_MS,
    transport: options.transport,
    stop: options.stop,
  };
  if (!(await settleOnPromotion(ctx.transport)).ok) return report;
  const last = statements.lastTick().get();
  const from = windowStart(now, last ? new Date(last.tick_at) : null, ctx.catchUpMs);
  const tickId = Number(statements.startTick().run(now.getTime(), Date.now()).lastInsertRowid);
  report.transactions += 1;

  await reconcile(ctx);
  await retryDue(ctx);
  // The first tick of a term as primary also settles the texts to users another process left queued
  // (the outbox's counterpart of reconcile, for texts that are not the ledger's).
  const cutoff = takeUnrecordedCutoff(options.inServer === false ? null : PROCESS_STARTED_AT);
  if (cutoff) await settleUnrecordedTexts(cutoff, ctx.transport);
  for (const tz of TIME_ZONES) {
    for (const { value: time } of MORNING_TIMES) {
      for (const slot of dueSlots(tz.value, time, from, now)) {
        await processBatches(ctx, morningBatches(tz.value, time, slot));
      }
    }
    for (const { value: time } of EVENING_TIMES) {
      for (const slot of dueSlots(tz.value, time, from, now)) {
        await processBatches(ctx, eveningBatches(tz.value, time, slot));
      }
    }
    for (const kind of ["weekly_summary", "monthly_summary"] as const) {
      for (const slot of summarySlots(tz.value, kind, from, now)) {
        await processBatches(ctx, summaryBatches(tz.value, kind, slot, now));
        await processBatches(ctx, partnerSummaryBatches(tz.value, kind, slot));
      }
    }
  }
  await processBatches(ctx, [followUpCandidates(from, now)]);
  if (ctx.stop?.aborted) return report;
  forgetOldRows(now);
  report.transactions += 1;

  statements.finishTick().run({ id: tickId, finishedAt: Date.now(), ...report });
  report.transactions += 1;
  return report;
}

/** What is kept only for a while goes in one write: undo's journal, texts to numbers without an account. */
const forgetOldRows = (now: Date) =>
  sqlite.transaction(() => {
    forgetOldChanges(now);
    forgetOldNumberTexts(now);
  })();

/** Two batches at a time: the next is claimed while the last one's texts are still going out. */
async function processBatches(ctx: TickContext, batches: Candidate[][]) {
  let previous: Promise<void> = Promise.resolve();
  for (const batch of batches) {
    if (ctx.stop?.aborted) break;
    const sending = sendAndRecord(ctx, recordRecovered(ctx, claim(ctx, batch)));
    // Handled now, thrown where awaited: a failure while the last batch is awaited must not crash.
    sending.catch(() => {});
    await previous;
    previous = sending;
  }
  await previous;
}
