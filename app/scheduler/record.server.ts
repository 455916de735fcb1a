import { preparedQuery, sqlite } from "~/utils/db/db.server";
import {
  countText,
  recordPermanentError,
  recordScheduledNotSent,
  recordScheduledTaken,
} from "~/sms/recorder.server";
import { closePromptIfStill, openPrompt } from "~/users/open-prompt.server";
import { env } from "~/utils/env/env.server";
import { summaryPath } from "~/summaries/summaries.server";
import { enqueueEvent } from "~/webhooks/webhook-events.server";
import { MAX_ATTEMPTS, retryDelayMs } from "./due-times";
import type { Claimed, Outcome, TickContext } from "./send-types";

// Record: what each send came to in the ledger, in one transaction per batch, and what follows from it
// (the question now awaited, a follow-up done); the stored text's status, what Twilio's answer says
// about the number (opted out, undeliverable) and the count of texts are the outbox recorder's
// (~/sms/recorder.server), called inside the same transaction.

const statements = {
  finish: preparedQuery(() =>
    sqlite.prepare(
      `update scheduled_sends set status = @status, provider_sid = @sid, error_code = @code, attempts = @attempts,
     next_attempt_at = @nextAttemptAt, note = coalesce(@note, note), finished_at = @finishedAt where id = @id`,
    ),
  ),
  followUpSent: preparedQuery(() =>
    sqlite.prepare(
      `insert into follow_up_tasks (user_id, goal_id, follow_up_time, sent, sent_at) values (?, ?, ?, 1, ?)
     on conflict (goal_id) do nothing`,
    ),
  ),
};

/** The question is open from its claim: the user may answer before the batch's results are in. */
export function markPending(kind: "morning" | "evening", localDate: string, userId: number) {
  openPrompt(userId, kind, localDate);
}

export function record(ctx: TickContext, outcomes: Outcome[], reconciled = false) {
  if (outcomes.length === 0) return;
  const finishedAt = Date.now();
  sqlite.transaction(() => {
    for (const { item, sid, status, error } of outcomes) {
      if (!reconciled) countText(item.kind, error ? "failed" : "sent");
      const attempts = item.attempts + 1;
      if (!error) {
        if (reconciled) ctx.report.reconciled += 1;
        else ctx.report.sent += 1;
        finish(item, {
          status: "sent",
          sid,
          attempts,
          finishedAt,
        });
        if (item.messageId) recordScheduledTaken(item.messageId, { sid, status });
        afterSent(item);
        continue;
      }
      const code = error.code;
      if (code === "opted_out") {
        ctx.report.skipped += 1;
        finish(item, {
          status: "skipped",
          attempts: item.attempts,
          note: "opted out",
          finishedAt,
        });
        if (item.messageId) recordScheduledNotSent(item.messageId, "blocked");
        notPending(item);
        continue;
      }
      const delay = error.retryable ? retryDelayMs(attempts) : null;
      if (delay !== null && attempts < MAX_ATTEMPTS) {
        ctx.report.retried += 1;
        finish(item, {
          status: "retry",
          code,
          attempts,
          nextAttemptAt: finishedAt + delay,
          finishedAt: null,
        });
        continue;
      }
      ctx.report.failed += 1;
      finish(item, {
        status: "failed",
        code,
        attempts,
        note: error.message.slice(0, 200),
        finishedAt,
      });
      if (item.messageId) recordScheduledNotSent(item.messageId, "failed", code);
      notPending(item);
      if (code)
        recordPermanentError({ id: item.userId, phone: item.phone }, code, {
          toSomeoneElse: Boolean(item.toPhone),
        });
    }
  })();
  ctx.report.transactions += 1;
}

function afterSent(item: Claimed) {
  // Not again for a question marked with its claim: the user may have answered it already.
  if ((item.kind === "morning" || item.kind === "evening") && !item.pendingAtClaim)
    openPrompt(item.userId, item.kind, item.localDate);
  if (item.kind === "follow_up" && item.goalId) {
    statements.followUpSent().run(item.userId, item.goalId, item.dueAt.getTime(), Date.now());
    openPrompt(item.userId, "evening", item.localDate.split(":")[0]!);
  }
  if ((item.kind === "weekly_summary" || item.kind === "monthly_summary") && !item.toPhone)
    enqueueEvent(item.userId, "summary.ready", summaryEventData(item.kind, item.localDate));
}

function summaryEventData(kind: "weekly_summary" | "monthly_summary", sentOn: string) {
  const path = summaryPath(kind, sentOn);
  return {
    summary: {
      period: kind === "weekly_summary" ? "week" : "month",
      sentOn,
      url: `${env.APP_URL}${path}`,
    },
  };
}

/** The send's row in the ledger: what it came to; unnamed fields are cleared. */
function finish(
  item: Claimed,
  result: {
    status: "sent" | "skipped" | "retry" | "failed" | "expired";
    sid?: string | null;
    code?: string | null;
    attempts: number;
    nextAttemptAt?: number | null;
    note?: string | null;
    finishedAt: number | null;
  },
) {
  statements
    .finish()
    .run({ id: item.sendId, sid: null, code: null, nextAttemptAt: null, note: null, ...result });
}

/** A question that will not reach the user is not awaited (unless another one replaced it). */
function notPending(item: Claimed) {
  if (item.kind === "morning" || item.kind === "evening")
    closePromptIfStill(item.userId, item.kind, item.localDate);
}

export function expire(ctx: TickContext, items: Claimed[]) {
  if (items.length === 0) return;
  const finishedAt = Date.now();
  sqlite.transaction(() => {
    for (const item of items) {
      finish(item, {
        status: "expired",
        attempts: item.attempts,
        note: "missed the catch-up window",
        finishedAt,
      });
      if (item.messageId) recordScheduledNotSent(item.messageId, "expired");
      notPending(item);
    }
  })();
  ctx.report.expired += items.length;
  ctx.report.transactions += 1;
}
