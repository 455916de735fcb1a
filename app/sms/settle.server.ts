import { errorFields, logger } from "~/observability/logger.server";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { recordNumberTextTaken, recordTaken } from "./recorder.server";
import { sendStoredText, sendStoredTextToNumber, twilioLogSince } from "./sender.server";
import { toSmsText } from "./segments";
import type { SmsTransport } from "./transport.server";

// A text to a user is stored as queued, then handed to Twilio, then recorded. A process that died in
// between left the row queued: Twilio may or may not have it. Like the scheduler's unfinished claims
// (scheduler/recover.server.ts), such a row is settled against Twilio's message log: recorded as sent
// when the log has it, sent now when it does not. A scheduled text's row is the ledger's to settle, and
// a code's row holds a masked body (a code is not sent twice: the user asks for a new one). Texts to a
// number without an account (number_texts) are settled the same way, codes to a new number excepted.

const WITHIN_MS = 2 * 60 * 60 * 1000;
/** A row queued before this process started was queued by one that stopped. */
const PROCESS_STARTED_AT = new Date();

type Unrecorded = {
  id: number;
  user_id: number;
  phone: string;
  body: string;
  kind: string;
  created_at: number;
};
type UnrecordedNumberText = {
  id: number;
  phone: string;
  body: string;
  kind: string;
  created_at: number;
};

/** One queued text, whichever table holds it: how to record Twilio's copy, and how to send it now. */
type Unsettled = {
  id: number;
  phone: string;
  body: string;
  createdAt: number;
  record: (sid: string) => Promise<unknown>;
  send: () => Promise<unknown>;
};

const statements = {
  unrecorded: preparedQuery(() =>
    sqlite.prepare<[number, number], Unrecorded>(
      `select m.id, m.user_id, u.phone, m.body, m.kind, m.created_at
     from messages m join users u on u.id = m.user_id
     where m.created_at >= ? and m.created_at < ? and m.status = 'queued' and m.from_system = 1
       and m.source = 'sms' and m.provider_sid is null
       and m.kind not in ('verification', 'password_reset')
       and m.id not in (select message_id from scheduled_sends
                        where status in ('claimed', 'retry') and message_id is not null)
     order by m.id limit 2000`,
    ),
  ),
  unrecordedToNumbers: preparedQuery(() =>
    sqlite.prepare<[number, number], UnrecordedNumberText>(
      `select id, phone, body, kind, created_at from number_texts
     where created_at >= ? and created_at < ? and status = 'queued' and provider_sid is null
       and kind <> 'verification'
     order by id limit 2000`,
    ),
  ),
};

function unsettledTexts(from: number, before: number, transport?: SmsTransport): Unsettled[] {
  const toUsers = statements
    .unrecorded()
    .all(from, before)
    .map((row) => ({
      id: row.id,
      phone: row.phone,
      body: row.body,
      createdAt: row.created_at,
      record: (sid: string) => recordTaken(row.id, row.kind, { sid, status: "sent" }),
      send: () =>
        sendStoredText(
          { id: row.user_id, phone: row.phone },
          { messageId: row.id, body: row.body, kind: row.kind },
          transport,
        ),
    }));
  const toNumbers = statements
    .unrecordedToNumbers()
    .all(from, before)
    .map((row) => ({
      id: row.id,
      phone: row.phone,
      body: row.body,
      createdAt: row.created_at,
      record: (sid: string) => recordNumberTextTaken(row.id, row.kind, { sid, status: "sent" }),
      send: () => sendStoredTextToNumber(row, transport),
    }));
  return [...toUsers, ...toNumbers];
}

/**
 * Settles the texts to users and to numbers without an account stored as queued before `before` (this
 * process's start, or the instant it became primary) and not recorded, within the last two hours; older
 * ones stay as they are. When the log cannot be read for a number, its text stays queued.
 */
export async function settleUnrecordedTexts(
  before: Date = PROCESS_STARTED_AT,
  transport?: SmsTransport,
) {
  const rows = unsettledTexts(before.getTime() - WITHIN_MS, before.getTime(), transport);
  const figures = { recorded: 0, sent: 0, unreadable: 0 };
  for (const row of rows) {
    try {
      const log = await twilioLogSince(row.phone, new Date(row.createdAt - 60_000), transport);
      const match = log.find((m) => m.body === toSmsText(row.body) || m.body === row.body);
      if (match) {
        await row.record(match.sid);
        figures.recorded += 1;
        continue;
      }
    } catch (error) {
      figures.unreadable += 1;
      logger.error(
        { err: errorFields(error) },
        `could not read the message log for text ${row.id}`,
      );
      continue;
    }
    await row.send();
    figures.sent += 1;
  }
  if (rows.length > 0) logger.info(figures, "texts left unrecorded by a stopped process settled");
  return figures;
}
