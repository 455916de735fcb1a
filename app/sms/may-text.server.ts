import { eq, sql } from "drizzle-orm";
import { optOuts } from "~/observability/metrics.server";
import { db, preparedQuery, schema, sqlite } from "~/utils/db/db.server";

// Who may be texted, in one definition (the outbox's policy): each rule is said once, as the
// single-user check (textsOffReason, for the dashboard; mayText, for a text the outbox is about to
// store) and as the SQL the tick selects users with (scheduledTextsFilter); the plan is checked after
// the query by the entitlements module (mayReceiveScheduledTexts), on the same rows. A test holds the
// two forms to one answer (tests/integration/today-card.test.ts). Quiet hours are the due times
// themselves (due-times.ts): a scheduled text is only due inside the user's chosen hours.

export type TextsOff =
  "unverified" | "opted_out" | "undeliverable" | "plan_ended" | "reminders_off" | "paused";

export type TextsOffInput = {
  phoneVerifiedAt: Date | null;
  phoneUndeliverableCode: string | null;
  pausedUntil: Date | null;
  sendCheckInReminders: boolean;
  optedOut: boolean;
  /** From the entitlements module: whether the plan includes scheduled texts at `now`. */
  scheduledTexts: boolean;
};

type Rule = {
  reason: TextsOff;
  off: (user: TextsOffInput, now: Date) => boolean;
  /** The same rule over `users u` at the instant `at` (a query parameter); null: checked in code. */
  sql: ((at: string) => string) | null;
};

// In the order a person would fix them.
const RULES: Rule[] = [
  {
    reason: "unverified",
    off: (user) => !user.phoneVerifiedAt,
    sql: () => "u.phone_verified_at is not null",
  },
  {
    reason: "opted_out",
    off: (user) => user.optedOut,
    sql: () => "not exists (select 1 from sms_opt_outs o where o.phone = u.phone)",
  },
  {
    reason: "undeliverable",
    off: (user) => Boolean(user.phoneUndeliverableCode),
    sql: () => "u.phone_undeliverable_code is null",
  },
  { reason: "plan_ended", off: (user) => !user.scheduledTexts, sql: null },
  {
    reason: "reminders_off",
    off: (user) => !user.sendCheckInReminders,
    sql: () => "u.send_check_in_reminders = 1",
  },
  {
    reason: "paused",
    off: (user, now) => Boolean(user.pausedUntil && user.pausedUntil.getTime() > now.getTime()),
    sql: (at) => `(u.paused_until is null or u.paused_until <= ${at})`,
  },
];

export function textsOffReason(user: TextsOffInput, now: Date): TextsOff | null {
  return RULES.find((rule) => rule.off(user, now))?.reason ?? null;
}

/** The users (`u`) who may receive a scheduled text at the instant `at`, but for their plan. */
export function scheduledTextsFilter(at: string) {
  return RULES.flatMap((rule) => (rule.sql ? [rule.sql(at)] : [])).join(" and ");
}

/**
 * The rules that hold for every text to a user, scheduled or not, in the order the outbox has always
 * answered them; the others (plan, reminders, pause) decide whether the scheduler asks, not whether an
 * answer to the user's own text may go.
 */
const EVERY_TEXT = ["opted_out", "unverified", "undeliverable"] as const;
type Refusal = (typeof EVERY_TEXT)[number];

/** What the outbox is about to send, as far as the policy cares. */
export type TextPurpose = {
  /** An answer the law requires (STOP's confirmation, HELP): goes even to an opted-out number. */
  compliance: boolean;
  /** A code that verifies the number, or a compliance answer: may reach an unverified number. */
  unverifiedOk: boolean;
};

/** Why a text to this user may not go now, or null when it may. */
export function mayText(
  user: Pick<TextsOffInput, "phoneVerifiedAt" | "phoneUndeliverableCode" | "optedOut">,
  purpose: TextPurpose,
): Refusal | null {
  const input = { ...user, pausedUntil: null, sendCheckInReminders: true, scheduledTexts: true };
  const waived = (reason: Refusal) =>
    (reason === "opted_out" && purpose.compliance) ||
    (reason === "unverified" && purpose.unverifiedOk);
  const now = new Date();
  return (
    EVERY_TEXT.find(
      (reason) => !waived(reason) && RULES.find((rule) => rule.reason === reason)!.off(input, now),
    ) ?? null
  );
}

// The opt-out registry the policy reads: numbers that said STOP (or that Twilio reports unsubscribed),
// kept by number, beyond accounts.
const { smsOptOuts } = schema;

const optOutOf = preparedQuery(() =>
  db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, sql.placeholder("phone")))
    .prepare(),
);

export function isOptedOut(phone: string) {
  return Boolean(optOutOf().get({ phone }));
}

export function optOut(phone: string, reason: string) {
  const added = db.insert(smsOptOuts).values({ phone, reason }).onConflictDoNothing().run();
  if (added.changes > 0) optOuts.inc();
}

export function optIn(phone: string) {
  db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone)).run();
}

const optedOutAmongStatement = (count: number) =>
  sqlite.prepare<string[], { phone: string }>(
    `select phone from sms_opt_outs where phone in (${Array(count).fill("?").join(",")})`,
  );

/** The numbers among `phones` that opted out, in one query (a scheduler batch, right before sending). */
export function optedOutAmong(phones: string[]): Set<string> {
  if (phones.length === 0) return new Set();
  return new Set(
    optedOutAmongStatement(phones.length)
      .all(...phones)
      .map((r) => r.phone),
  );
}
