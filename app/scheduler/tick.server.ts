import { randomBytes } from "node:crypto";
import { env } from "~/utils/env.server";
import { isPrimary } from "~/utils/litefs.server";
import { EVENING_TIMES, MORNING_TIMES, TIME_ZONES } from "~/users/user-options";
import { templates } from "~/sms/templates";
import { getTransport, SmsSendError, type SmsTransport } from "~/sms/transport.server";
import { sqlite } from "~/utils/db.server";
import { localDayRange } from "~/utils/local-time";
import {
  DEFAULT_CATCH_UP_MS,
  dueSlots,
  inQuietHours,
  isExpired,
  MAX_ATTEMPTS,
  retryDelayMs,
  summarySlots,
  eveningQuestionSkip,
  windowStart,
  type Slot,
} from "./due-times";
import { BILLING_COLUMNS, splitByAccess, type BillingRow } from "./access.server";
import { followUpCandidates } from "./follow-ups.server";
import { morningQuestions } from "./morning.server";
import { partnerSummaryBatches } from "./partner-summaries.server";
import { runPaced } from "./rate-limit";
import { summaryText } from "./summaries.server";
import { textsSent } from "~/observability/metrics.server";
import { errorFields, logger } from "~/observability/logger.server";

export type SendKind =
  | "morning"
  | "evening"
  | "follow_up"
  | "weekly_summary"
  | "monthly_summary"
  | "access_ended"
  | "partner_weekly"
  | "partner_monthly";

export type TickReport = {
  at: string;
  primary: boolean;
  claimed: number;
  sent: number;
  skipped: number;
  expired: number;
  failed: number;
  retried: number;
  reconciled: number;
  transactions: number;
};

export type Candidate = {
  userId: number;
  phone: string;
  kind: SendKind;
  localDate: string;
  dueAt: Date;
  /** null: nothing to ask (recorded as skipped with the note). */
  body: string | null;
  note?: string;
  linkedGoalIds?: number[];
  goalId?: number;
  /** Set when the text goes to someone else than the user: a coach's or partner's summary. */
  toPhone?: string;
};

type Claimed = Candidate & {
  sendId: number;
  messageId: number | null;
  attempts: number;
  /** The question was marked pending with the claim (a fresh morning or evening question). */
  pendingAtClaim?: boolean;
};

type ActiveUser = BillingRow & { id: number; phone: string; timezone: string };

const CHUNK = 500;
/** Identifies this process's claims; another process's unfinished claims are reconciled. */
const INSTANCE = randomBytes(8).toString("hex");

const activeUserFilter = `
  u.send_check_in_reminders = 1 and u.phone_verified_at is not null and u.phone_undeliverable_code is null
  and (u.paused_until is null or u.paused_until <= @dueAt)
  and not exists (select 1 from sms_opt_outs o where o.phone = u.phone)`;

const statements = {
  lastTick: sqlite.prepare<[], { tick_at: number }>(
    // Only a finished tick covered its window: one that died midway (a crash, an error) leaves the
    // sends it had not claimed yet to the next tick, which starts where the last finished one did.
    "select tick_at from scheduler_ticks where finished_at is not null order by id desc limit 1",
  ),
  startTick: sqlite.prepare<[number, number]>(
    "insert into scheduler_ticks (tick_at, started_at) values (?, ?)",
  ),
  finishTick: sqlite.prepare(
    `update scheduler_ticks set finished_at = @finishedAt, claimed = @claimed, sent = @sent, skipped = @skipped,
     expired = @expired, failed = @failed, reconciled = @reconciled where id = @id`,
  ),
  usersByMorning: sqlite.prepare<Record<string, unknown>, ActiveUser & { evening: string }>(
    `select u.id, u.phone, u.timezone, u.preferred_check_in_time_evening as evening, ${BILLING_COLUMNS} from users u where u.timezone = @tz and u.preferred_check_in_time_morning = @time
     and ${activeUserFilter} and u.id > @after order by u.id limit ${CHUNK}`,
  ),
  usersByEvening: sqlite.prepare<Record<string, unknown>, ActiveUser>(
    `select u.id, u.phone, u.timezone, ${BILLING_COLUMNS} from users u where u.timezone = @tz and u.preferred_check_in_time_evening = @time
     and ${activeUserFilter} and u.id > @after order by u.id limit ${CHUNK}`,
  ),
  usersForSummary: sqlite.prepare<Record<string, unknown>, ActiveUser>(
    `select u.id, u.phone, u.timezone, ${BILLING_COLUMNS} from users u where u.timezone = @tz and u.receive_weekly_summary = 1
     and ${activeUserFilter} and u.id > @after order by u.id limit ${CHUNK}`,
  ),
  goalsOn: (count: number) =>
    sqlite.prepare<
      unknown[],
      {
        user_id: number;
        id: number;
        description: string;
        completed_at: number | null;
        skipped_at: number | null;
      }
    >(
      `select user_id, id, description, completed_at, skipped_at from goals where due_date >= ? and due_date < ?
       and user_id in (${Array(count).fill("?").join(",")}) order by due_date, id`,
    ),
  claim: sqlite.prepare<unknown[], { id: number }>(
    `insert into scheduled_sends (user_id, kind, local_date, due_at, status, claimed_by, claimed_at, note, to_phone)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
  ),
  insertMessage: sqlite.prepare<unknown[], { id: number }>(
    `insert into messages (user_id, from_system, body, media_urls, source, created_at, linked_goal_ids, kind, status)
     values (?, 1, ?, '[]', 'sms', ?, ?, ?, 'queued') returning id`,
  ),
  linkMessage: sqlite.prepare("update scheduled_sends set message_id = ? where id = ?"),
  optedOut: (count: number) =>
    sqlite.prepare<string[], { phone: string }>(
      `select phone from sms_opt_outs where phone in (${Array(count).fill("?").join(",")})`,
    ),
  finish: sqlite.prepare(
    `update scheduled_sends set status = @status, provider_sid = @sid, error_code = @code, attempts = @attempts,
     next_attempt_at = @nextAttemptAt, note = coalesce(@note, note), finished_at = @finishedAt where id = @id`,
  ),
  messageResult: sqlite.prepare(
    "update messages set provider_sid = ?, status = ?, error_code = ? where id = ?",
  ),
  // A status callback that came before the batch was recorded already set the sid and a later status.
  messageSent: sqlite.prepare(
    `update messages set provider_sid = @sid, status = iif(provider_sid is null, @status, status),
     error_code = iif(provider_sid is null, null, error_code) where id = @id`,
  ),
  pending: sqlite.prepare(
    "update users set pending_prompt = ?, pending_prompt_day = ? where id = ?",
  ),
  clearPending: sqlite.prepare(
    `update users set pending_prompt = null, pending_prompt_day = null
     where id = ? and pending_prompt = ? and pending_prompt_day = ?`,
  ),
  followUpSent: sqlite.prepare(
    `insert into follow_up_tasks (user_id, goal_id, follow_up_time, sent, sent_at) values (?, ?, ?, 1, ?)
     on conflict (goal_id) do nothing`,
  ),
  optOut: sqlite.prepare(
    "insert into sms_opt_outs (phone, reason) values (?, ?) on conflict do nothing",
  ),
  undeliverable: sqlite.prepare("update users set phone_undeliverable_code = ? where id = ?"),
  stale: sqlite.prepare<[string], StaleRow>(
    `select s.id, s.user_id, s.kind, s.local_date, s.due_at, s.claimed_at, s.attempts, s.message_id,
     coalesce(s.to_phone, u.phone) as phone, s.to_phone, m.body
     from scheduled_sends s join users u on u.id = s.user_id left join messages m on m.id = s.message_id
     where s.status = 'claimed' and (s.claimed_by is null or s.claimed_by <> ?) limit 2000`,
  ),
  retries: sqlite.prepare<[number], StaleRow>(
    `select s.id, s.user_id, s.kind, s.local_date, s.due_at, s.claimed_at, s.attempts, s.message_id, s.error_code,
     coalesce(s.to_phone, u.phone) as phone, s.to_phone, m.body
     from scheduled_sends s join users u on u.id = s.user_id left join messages m on m.id = s.message_id
     where s.status = 'retry' and s.next_attempt_at <= ? limit 2000`,
  ),
};

type StaleRow = {
  id: number;
  user_id: number;
  kind: SendKind;
  local_date: string;
  due_at: number;
  claimed_at: number | null;
  attempts: number;
  message_id: number | null;
  error_code?: string | null;
  phone: string;
  to_phone: string | null;
  body: string | null;
};

export type TickOptions = { catchUpMs?: number; transport?: SmsTransport; maxPerSecond?: number };

/**
 * One scheduler tick as if it were `now`: on the LiteFS primary only, claims every send that fell due
 * since the last tick (or expires it when older than the catch-up window), sends with bounded
 * concurrency under the rate limit, and records results in batches.
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
  if (!(await isPrimary())) return { ...report, primary: false };
  const ctx = {
    now,
    report,
    catchUpMs: options.catchUpMs ?? DEFAULT_CATCH_UP_MS,
    transport: options.transport ?? getTransport(),
    maxPerSecond: options.maxPerSecond ?? env.SMS_MAX_PER_SECOND,
  };
  const last = statements.lastTick.get();
  const from = windowStart(now, last ? new Date(last.tick_at) : null, ctx.catchUpMs);
  const tickId = Number(statements.startTick.run(now.getTime(), Date.now()).lastInsertRowid);
  report.transactions += 1;

  await reconcile(ctx);
  await retryDue(ctx);
  for (const tz of TIME_ZONES) {
    for (const { value: time } of MORNING_TIMES) {
      for (const slot of dueSlots(tz.value, time, from, now)) {
        await forEachChunk(statements.usersByMorning, { tz: tz.value, time }, slot, (users) => {
          const questions = morningQuestions(users, slot);
          return users.map((u) => candidate(u, "morning", slot, questions.get(u.id)!));
        }).then((batches) => processBatches(ctx, batches));
      }
    }
    for (const { value: time } of EVENING_TIMES) {
      for (const slot of dueSlots(tz.value, time, from, now)) {
        await forEachChunk(statements.usersByEvening, { tz: tz.value, time }, slot, (users) =>
          eveningCandidates(users, slot),
        ).then((batches) => processBatches(ctx, batches));
      }
    }
    for (const kind of ["weekly_summary", "monthly_summary"] as const) {
      for (const slot of summarySlots(tz.value, kind, from, now)) {
        await forEachChunk(statements.usersForSummary, { tz: tz.value }, slot, (users) =>
          users.map((u) =>
            // A summary caught up late never goes out in quiet hours (from 20:00 local).
            inQuietHours(now, u.timezone)
              ? { ...candidate(u, kind, slot, null), note: "quiet hours" }
              : candidate(u, kind, slot, summaryText(u, kind, slot.localDate, slot.dueAt)),
          ),
        ).then((batches) => processBatches(ctx, batches));
        await processBatches(ctx, partnerSummaryBatches(tz.value, kind, slot));
      }
    }
  }
  await processBatches(ctx, [followUpCandidates(from, now)]);

  statements.finishTick.run({ id: tickId, finishedAt: Date.now(), ...report });
  report.transactions += 1;
  return report;
}

function candidate(user: ActiveUser, kind: SendKind, slot: Slot, body: string | null): Candidate {
  return {
    userId: user.id,
    phone: user.phone,
    kind,
    localDate: slot.localDate,
    dueAt: slot.dueAt,
    body,
  };
}

/** Reads the due users in pages of CHUNK (keyset on id) and turns each page into candidates. */
async function forEachChunk<U extends ActiveUser>(
  query: { all: (params: Record<string, unknown>) => U[] },
  params: Record<string, unknown>,
  slot: Slot,
  toCandidates: (users: U[]) => Candidate[],
) {
  const batches: Candidate[][] = [];
  for (let after = 0; ;) {
    const users = query.all({ ...params, dueAt: slot.dueAt.getTime(), after });
    if (users.length === 0) break;
    batches.push(splitByAccess(users, slot, toCandidates));
    after = users.at(-1)!.id;
    if (users.length < CHUNK) break;
  }
  return batches;
}

/**
 * The evening check-in lists today's goals (numbered as the replies read them); with none, or all of
 * them done already, there is nothing to ask.
 */
function eveningCandidates(users: ActiveUser[], slot: Slot): Candidate[] {
  const { start, end } = localDayRange(slot.localDate, slot.localDate, users[0]!.timezone);
  const rows = statements
    .goalsOn(users.length)
    .all(start.getTime(), end.getTime(), ...users.map((u) => u.id));
  const byUser = new Map<
    number,
    { id: number; description: string; completed_at: number | null; skipped_at: number | null }[]
  >();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return users.map((u) => {
    const goals = byUser.get(u.id) ?? [];
    const skip = eveningQuestionSkip(goals);
    if (skip) return { ...candidate(u, "evening", slot, null), note: skip };
    return {
      ...candidate(u, "evening", slot, templates.eveningQuestion(goals.map((g) => g.description))),
      linkedGoalIds: goals.map((g) => g.id),
    };
  });
}

type Ctx = {
  now: Date;
  report: TickReport;
  catchUpMs: number;
  transport: SmsTransport;
  maxPerSecond: number;
};

async function processBatches(ctx: Ctx, batches: Candidate[][]) {
  for (const batch of batches) {
    const claimed = claim(ctx, batch);
    await sendAndRecord(ctx, claimed);
  }
}

/** Inserts the ledger rows (and the thread messages) of a batch in one transaction; returns what this tick won. */
function claim(ctx: Ctx, batch: Candidate[]): Claimed[] {
  if (batch.length === 0) return [];
  const claimedAt = Date.now();
  const won = sqlite.transaction(() => {
    const result: Claimed[] = [];
    for (const c of batch) {
      const expired = isExpired(c.dueAt, ctx.now, ctx.catchUpMs);
      const status = expired ? "expired" : c.body === null ? "skipped" : "claimed";
      const note = expired ? "missed the catch-up window" : (c.note ?? null);
      const row = statements.claim.get(
        c.userId,
        c.kind,
        c.localDate,
        c.dueAt.getTime(),
        status,
        INSTANCE,
        claimedAt,
        note,
        c.toPhone ?? null,
      );
      if (!row) continue;
      if (status === "expired") ctx.report.expired += 1;
      else if (status === "skipped") ctx.report.skipped += 1;
      else {
        const message = statements.insertMessage.get(
          c.userId,
          c.body,
          ctx.now.getTime(),
          JSON.stringify(c.linkedGoalIds ?? []),
          c.kind,
        )!;
        statements.linkMessage.run(message.id, row.id);
        // The question is open from now: the user may answer it before this batch's results are
        // recorded (those wait for the slowest send of the batch).
        const pendingAtClaim = c.kind === "morning" || c.kind === "evening";
        if (pendingAtClaim) statements.pending.run(c.kind, c.localDate, c.userId);
        result.push({ ...c, sendId: row.id, messageId: message.id, attempts: 0, pendingAtClaim });
      }
    }
    return result;
  })();
  ctx.report.transactions += 1;
  ctx.report.claimed += won.length;
  return won;
}

type Outcome = { item: Claimed; sid?: string; status?: string; error?: SmsSendError };

/** Sends a batch under the rate limit, checking opt-outs right before, then records every result at once. */
async function sendAndRecord(ctx: Ctx, items: Claimed[]) {
  if (items.length === 0) return;
  const optedOut = new Set(
    statements
      .optedOut(items.length)
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

function record(ctx: Ctx, outcomes: Outcome[], reconciled = false) {
  if (outcomes.length === 0) return;
  const finishedAt = Date.now();
  sqlite.transaction(() => {
    for (const { item, sid, status, error } of outcomes) {
      if (!reconciled) textsSent.labels(item.kind, error ? "failed" : "sent").inc();
      const attempts = item.attempts + 1;
      if (!error) {
        if (reconciled) ctx.report.reconciled += 1;
        else ctx.report.sent += 1;
        statements.finish.run({
          id: item.sendId,
          status: "sent",
          sid,
          code: null,
          attempts,
          nextAttemptAt: null,
          note: null,
          finishedAt,
        });
        if (item.messageId) statements.messageSent.run({ sid, status, id: item.messageId });
        afterSent(item);
        continue;
      }
      const code = error.code;
      if (code === "opted_out") {
        ctx.report.skipped += 1;
        statements.finish.run({
          id: item.sendId,
          status: "skipped",
          sid: null,
          code: null,
          attempts: item.attempts,
          nextAttemptAt: null,
          note: "opted out",
          finishedAt,
        });
        if (item.messageId) statements.messageResult.run(null, "blocked", null, item.messageId);
        notPending(item);
        continue;
      }
      const delay = error.retryable ? retryDelayMs(attempts) : null;
      if (delay !== null && attempts < MAX_ATTEMPTS) {
        ctx.report.retried += 1;
        statements.finish.run({
          id: item.sendId,
          status: "retry",
          sid: null,
          code,
          attempts,
          nextAttemptAt: finishedAt + delay,
          note: null,
          finishedAt: null,
        });
        continue;
      }
      ctx.report.failed += 1;
      statements.finish.run({
        id: item.sendId,
        status: "failed",
        sid: null,
        code,
        attempts,
        nextAttemptAt: null,
        note: error.message.slice(0, 200),
        finishedAt,
      });
      if (item.messageId) statements.messageResult.run(null, "failed", code, item.messageId);
      notPending(item);
      if (code === "21610") statements.optOut.run(item.phone, "carrier: 21610 unsubscribed");
      else if ((code === "21211" || code === "21614") && !item.toPhone)
        statements.undeliverable.run(code, item.userId);
    }
  })();
  ctx.report.transactions += 1;
}

function afterSent(item: Claimed) {
  // Not again for a question marked with its claim: the user may have answered it already.
  if ((item.kind === "morning" || item.kind === "evening") && !item.pendingAtClaim)
    statements.pending.run(item.kind, item.localDate, item.userId);
  if (item.kind === "follow_up" && item.goalId) {
    statements.followUpSent.run(item.userId, item.goalId, item.dueAt.getTime(), Date.now());
    statements.pending.run("evening", item.localDate.split(":")[0], item.userId);
  }
}

/** A question that will not reach the user is not awaited (unless another one replaced it). */
function notPending(item: Claimed) {
  if (item.kind === "morning" || item.kind === "evening")
    statements.clearPending.run(item.userId, item.kind, item.localDate);
}

function fromRow(row: StaleRow): Claimed {
  const goalId = row.kind === "follow_up" ? Number(row.local_date.split(":")[1]) : undefined;
  return {
    userId: row.user_id,
    phone: row.phone,
    kind: row.kind,
    localDate: row.local_date,
    dueAt: new Date(row.due_at),
    body: row.body,
    goalId,
    toPhone: row.to_phone ?? undefined,
    sendId: row.id,
    messageId: row.message_id,
    attempts: row.attempts,
  };
}

/** The text of a claimed row in Twilio's log (accepted since shortly before it was claimed), if any. */
async function findInLog(ctx: Ctx, row: StaleRow) {
  const since = new Date((row.claimed_at ?? row.due_at) - 60_000);
  const log = await ctx.transport.listSentSince(row.phone, since);
  return log.find((m) => m.body === row.body);
}

/**
 * Claims another process left unfinished (it crashed between claim and result): a text Twilio's log
 * shows was accepted is recorded as sent; one it never received is sent now, or expires if too old.
 * When the log cannot be read the claim stays as it is, for the next tick; the tick goes on.
 */
async function reconcile(ctx: Ctx) {
  const rows = statements.stale.all(INSTANCE);
  if (rows.length === 0) return;
  const resend: Claimed[] = [];
  const found: Outcome[] = [];
  const expired: Claimed[] = [];
  await runPaced(rows, 1000, 16, async (row) => {
    const item = fromRow(row);
    let match: Awaited<ReturnType<typeof findInLog>>;
    try {
      match = await findInLog(ctx, row);
    } catch (error) {
      logger.error(
        { err: errorFields(error) },
        `scheduler: could not read the message log for send ${row.id}`,
      );
      return;
    }
    if (match) found.push({ item, sid: match.sid, status: "sent" });
    else if (isExpired(item.dueAt, ctx.now, ctx.catchUpMs)) expired.push(item);
    else resend.push(item);
  });
  record(ctx, found, true);
  expire(ctx, expired);
  await sendAndRecord(ctx, resend);
}

/**
 * Sends whose backoff has passed. A network error (no Twilio error code) may have come after Twilio
 * accepted the text, so those are looked up in its log first and only sent again if it is not there.
 */
async function retryDue(ctx: Ctx) {
  const rows = statements.retries.all(Date.now());
  if (rows.length === 0) return;
  const resend: Claimed[] = [];
  const found: Outcome[] = [];
  const expired: Claimed[] = [];
  await runPaced(rows, 1000, 16, async (row) => {
    const item = fromRow(row);
    if (!row.error_code) {
      try {
        const match = await findInLog(ctx, row);
        if (match) return void found.push({ item, sid: match.sid, status: "sent" });
      } catch (error) {
        logger.error(
          { err: errorFields(error) },
          `scheduler: could not read the message log for send ${row.id}`,
        );
        return;
      }
    }
    if (isExpired(item.dueAt, ctx.now, ctx.catchUpMs)) expired.push(item);
    else resend.push(item);
  });
  record(ctx, found, true);
  expire(ctx, expired);
  await sendAndRecord(ctx, resend);
}

function expire(ctx: Ctx, items: Claimed[]) {
  if (items.length === 0) return;
  const finishedAt = Date.now();
  sqlite.transaction(() => {
    for (const item of items) {
      statements.finish.run({
        id: item.sendId,
        status: "expired",
        sid: null,
        code: null,
        attempts: item.attempts,
        nextAttemptAt: null,
        note: "missed the catch-up window",
        finishedAt,
      });
      if (item.messageId) statements.messageResult.run(null, "expired", null, item.messageId);
      notPending(item);
    }
  })();
  ctx.report.expired += items.length;
  ctx.report.transactions += 1;
}
