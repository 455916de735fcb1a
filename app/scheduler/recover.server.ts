import { errorFields, logger } from "~/observability/logger.server";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { isExpired } from "./due-times";
import { INSTANCE } from "./claim.server";
import { isSentOnRecord } from "./promotion-recovery.server";
import { runPaced } from "./rate-limit";
import { expire, record } from "./record.server";
import { sendAndRecord } from "./send.server";
import { twilioLogSince } from "~/sms/sender.server";
import type { Claimed, Outcome, SendKind, TickContext } from "./send-types";

// Recover: claims a crashed process left unfinished, and sends whose retry time has come.

const statements = {
  stale: preparedQuery(() =>
    sqlite.prepare<[string], StaleRow>(
      `select s.id, s.user_id, s.kind, s.local_date, s.due_at, s.claimed_at, s.attempts, s.message_id,
     coalesce(s.to_phone, u.phone) as phone, s.to_phone, m.body
     from scheduled_sends s join users u on u.id = s.user_id left join messages m on m.id = s.message_id
     where s.status = 'claimed' and (s.claimed_by is null or s.claimed_by <> ?) limit 2000`,
    ),
  ),
  retries: preparedQuery(() =>
    sqlite.prepare<[number], StaleRow>(
      `select s.id, s.user_id, s.kind, s.local_date, s.due_at, s.claimed_at, s.attempts, s.message_id, s.error_code,
     coalesce(s.to_phone, u.phone) as phone, s.to_phone, m.body
     from scheduled_sends s join users u on u.id = s.user_id left join messages m on m.id = s.message_id
     where s.status = 'retry' and s.next_attempt_at <= ? limit 2000`,
    ),
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
async function findInLog(ctx: TickContext, row: StaleRow) {
  const since = new Date((row.claimed_at ?? row.due_at) - 60_000);
  const log = await twilioLogSince(row.phone, since, ctx.transport);
  // A text already on record is another send's (the same words another day, or another claim).
  return log.find((m) => m.body === row.body && !isSentOnRecord(m.sid));
}

/**
 * Claims another process left unfinished (it crashed between claim and result): a text Twilio's log
 * shows was accepted is recorded as sent; one it never received is sent now, or expires if too old.
 * When the log cannot be read the claim stays as it is, for the next tick; the tick goes on.
 */
export async function reconcile(ctx: TickContext) {
  await recover(ctx, statements.stale().all(INSTANCE), () => true);
}

/**
 * Sends whose backoff has passed. A network error (no Twilio error code) may have come after Twilio
 * accepted the text, so those are looked up in its log first and only sent again if it is not there.
 */
export async function retryDue(ctx: TickContext) {
  await recover(ctx, statements.retries().all(Date.now()), (row) => !row.error_code);
}

/** Sorts rows into accepted (found in Twilio's log), expired and to send again, then settles each group. */
async function recover(ctx: TickContext, rows: StaleRow[], mayBeInLog: (row: StaleRow) => boolean) {
  if (rows.length === 0) return;
  const resend: Claimed[] = [];
  const found: Outcome[] = [];
  const expired: Claimed[] = [];
  await runPaced(rows, 1000, 16, async (row) => {
    const item = fromRow(row);
    if (mayBeInLog(row)) {
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
      if (match) return void found.push({ item, sid: match.sid, status: "sent" });
    }
    if (isExpired(item.dueAt, ctx.now, ctx.catchUpMs)) expired.push(item);
    else resend.push(item);
  });
  record(ctx, found, true);
  expire(ctx, expired);
  await sendAndRecord(ctx, resend);
}
