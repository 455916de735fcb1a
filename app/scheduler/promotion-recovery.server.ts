import { receiveInboundSms } from "~/conversation/inbound.server";
import { errorFields, logger } from "~/observability/logger.server";
import type { SmsTransport } from "~/sms/transport.server";
import { twilioMessageLog } from "~/sms/sender.server";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { missingFromRecord, outboundKey, recoveryWindowStart } from "./recovery-window";

// Recovery on promotion: LiteFS replicates asynchronously, so a node that becomes primary may lack the
// last transactions the old one committed: replies it stored and answered 200 to (Twilio will not post
// them again) and texts it sent. Before this node's scheduler sends anything, both directions are
// settled against Twilio's message log: replies are read and answered once (keyed by MessageSid,
// through the webhook's own receiveInboundSms), and texts Twilio has that we lack are kept so that the
// scheduler records them as sent instead of sending them again (recordRecovered).

const statements = {
  lastFinishedTick: preparedQuery(() =>
    sqlite.prepare<[], { started_at: number }>(
      "select started_at from scheduler_ticks where finished_at is not null order by id desc limit 1",
    ),
  ),
  hasReceipt: preparedQuery(() =>
    sqlite.prepare<[string], number>("select 1 from inbound_receipts where message_sid = ?"),
  ),
  hasSent: preparedQuery(() =>
    sqlite.prepare<{ sid: string }, number>(
      `select 1 from messages where provider_sid = @sid
     union all select 1 from scheduled_sends where provider_sid = @sid limit 1`,
    ),
  ),
};

let settled = false;
/** When this process last knew itself a replica: every text queued before then is another's. */
let replicaSeenAt: Date | null = null;
/** Whether this term's texts left queued by another process are still to settle. */
let unrecordedDue = true;
/** Texts Twilio sent for us that the database lacks, by number and words: each recorded once. */
const recoveredOutbound = new Map<string, string>();

/** This process is not primary (any more): the next time it is, it settles again. */
export function forgetPromotion(now = new Date()) {
  settled = false;
  unrecordedDue = true;
  replicaSeenAt = now;
}

/**
 * Once per term as primary: the instant before which a text stored as queued was queued by another
 * process (the old primary, or this machine's process before a restart), so it is not one this process
 * is sending. A scheduler run outside the server (`npm run tick`) shares the database with a server
 * that may be sending: it settles only after a promotion it saw.
 */
export function takeUnrecordedCutoff(processStartedAt: Date | null): Date | null {
  if (!unrecordedDue) return null;
  unrecordedDue = false;
  return replicaSeenAt ?? processStartedAt;
}

/**
 * Once per term as primary, before the first tick sends: reads Twilio's log since the last finished
 * tick (at most the window), answers the replies we have no receipt of and keeps the sent texts we
 * have no record of. If the log cannot be read, the tick does not send: the next tries again.
 */
export async function settleOnPromotion(transport?: SmsTransport, now = new Date()) {
  if (settled) return { ok: true, replies: 0, sent: 0 };
  const last = statements.lastFinishedTick().get();
  const since = recoveryWindowStart(now, last ? new Date(last.started_at) : null);
  let log;
  try {
    log = await twilioMessageLog(since, transport);
  } catch (error) {
    logger.error({ err: errorFields(error) }, "recovery: could not read Twilio's message log");
    return { ok: false, replies: 0, sent: 0 };
  }
  if (!log) {
    settled = true;
    return { ok: true, replies: 0, sent: 0 };
  }
  const known = { inbound: new Set<string>(), outbound: new Set<string>() };
  for (const m of log) {
    if (m.inbound && statements.hasReceipt().get(m.sid)) known.inbound.add(m.sid);
    if (!m.inbound && isSentOnRecord(m.sid)) known.outbound.add(m.sid);
  }
  const missing = missingFromRecord(log, known);
  for (const [key, sid] of missing.outbound) recoveredOutbound.set(key, sid);
  let replies = 0;
  for (const text of missing.inbound) {
    try {
      const result = await receiveInboundSms({
        from: text.from,
        body: text.body,
        messageSid: text.sid,
        media: [],
      });
      if (result.status !== "duplicate") replies += 1;
    } catch (error) {
      logger.error({ err: errorFields(error), sid: text.sid }, "recovery: a reply failed");
    }
  }
  settled = true;
  const report = { ok: true, replies, sent: missing.outbound.size, since: since.toISOString() };
  logger.info({ recovery: report }, "recovery on promotion: settled with Twilio's message log");
  return report;
}

/** Whether a text Twilio sent for us is already on record (a message's or a scheduled send's sid). */
export function isSentOnRecord(sid: string) {
  return Boolean(statements.hasSent().get({ sid }));
}

/** The sid of a text Twilio sent to this number with these words that we had lost, once. */
export function takeRecoveredSid(to: string, body: string) {
  const key = outboundKey(to, body);
  const sid = recoveredOutbound.get(key);
  if (sid) recoveredOutbound.delete(key);
  return sid;
}
