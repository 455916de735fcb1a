// The shapes a tick passes from step to step: who is due (Candidate), what this process claimed
// (Claimed), what the provider answered (Outcome), and the tick's running context and report.
import type { SmsSendError, SmsTransport } from "~/sms/transport.server";

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

export type Claimed = Candidate & {
  sendId: number;
  messageId: number | null;
  attempts: number;
  /** The question was marked pending with the claim (a fresh morning or evening question). */
  pendingAtClaim?: boolean;
};

export type TickContext = {
  now: Date;
  report: TickReport;
  catchUpMs: number;
  /** The Twilio client the outbox's sender uses; a test may pass its own. */
  transport?: SmsTransport;
  /** Aborted when the process shuts down: the batch in flight finishes, no further one is claimed. */
  stop?: AbortSignal;
};

export type Outcome = { item: Claimed; sid?: string; status?: string; error?: SmsSendError };
