import { localDayRange } from "~/utils/time/local-time";
import type { WeekStart } from "~/utils/time/week-start";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { BILLING_COLUMNS, splitByAccess, type BillingRow } from "./access.server";
import type { SummaryKind } from "~/summaries/summary-days";
import { eveningQuestion } from "~/questions/daily-questions.server";
import { inQuietHours, type Slot } from "./due-times";
import { morningQuestions } from "./morning.server";
import { scheduledTextsFilter } from "~/sms/may-text.server";
import { summaryText } from "../summaries/summaries.server";
import type { Candidate, SendKind } from "./send-types";

// Decide: who is due in a slot, and what each is sent (or why nothing is).

type ActiveUser = BillingRow & { id: number; phone: string; timezone: string };
type GoalOnDayRow = {
  id: number;
  description: string;
  completed_at: number | null;
  skipped_at: number | null;
  dayNumber: number | null;
  avoid: 0 | 1;
};

const CHUNK = 500;

const activeUserFilter = scheduledTextsFilter("@dueAt");

const statements = {
  usersByMorning: preparedQuery(() =>
    sqlite.prepare<Record<string, unknown>, ActiveUser & { evening: string }>(
      `select u.id, u.phone, u.timezone, u.preferred_check_in_time_evening as evening, ${BILLING_COLUMNS} from users u where u.timezone = @tz and u.preferred_check_in_time_morning = @time
     and ${activeUserFilter} and u.id > @after order by u.id limit ${CHUNK}`,
    ),
  ),
  usersByEvening: preparedQuery(() =>
    sqlite.prepare<Record<string, unknown>, ActiveUser>(
      `select u.id, u.phone, u.timezone, ${BILLING_COLUMNS} from users u where u.timezone = @tz and u.preferred_check_in_time_evening = @time
     and ${activeUserFilter} and u.id > @after order by u.id limit ${CHUNK}`,
    ),
  ),
  usersForSummary: preparedQuery(() =>
    sqlite.prepare<Record<string, unknown>, ActiveUser & { weekStartsOn: WeekStart }>(
      `select u.id, u.phone, u.timezone, u.week_starts_on as weekStartsOn, ${BILLING_COLUMNS} from users u where u.timezone = @tz and u.receive_weekly_summary = 1
     and ${activeUserFilter} and u.id > @after order by u.id limit ${CHUNK}`,
    ),
  ),
  goalsOn: (count: number) =>
    sqlite.prepare<unknown[], GoalOnDayRow & { user_id: number }>(
      `select user_id, id, description, completed_at, skipped_at, day_number as dayNumber,
         coalesce((select avoid from habits where habits.id = goals.habit_id), 0) as avoid from goals
       where due_date >= ? and due_date < ? and user_id in (${Array(count).fill("?").join(",")})
       order by due_date, id`,
    ),
};

/** The morning question for each user due in the slot, in pages. */
export const morningBatches = (tz: string, time: string, slot: Slot) =>
  forEachChunk(statements.usersByMorning(), { tz, time }, slot, (users) => {
    const questions = morningQuestions(users, slot);
    return users.map((u) => candidate(u, "morning", slot, questions.get(u.id)!));
  });

export const eveningBatches = (tz: string, time: string, slot: Slot) =>
  forEachChunk(statements.usersByEvening(), { tz, time }, slot, (users) =>
    eveningCandidates(users, slot),
  );

export const summaryBatches = (tz: string, kind: SummaryKind, slot: Slot, now: Date) =>
  forEachChunk(statements.usersForSummary(), { tz }, slot, (users) =>
    users.map((u) =>
      // A summary caught up late never goes out in quiet hours (from 20:00 local).
      inQuietHours(now, u.timezone)
        ? { ...candidate(u, kind, slot, null), note: "quiet hours" }
        : candidate(u, kind, slot, summaryText(u, kind, slot.localDate, slot.dueAt)),
    ),
  );

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
function forEachChunk<U extends ActiveUser>(
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
 * The evening check-in lists today's open goals (numbered as the replies read them); goals done or
 * skipped on the web are not asked about again. With none open there is nothing to ask.
 */
function eveningCandidates(users: ActiveUser[], slot: Slot): Candidate[] {
  const { start, end } = localDayRange(slot.localDate, slot.localDate, users[0]!.timezone);
  const rows = statements
    .goalsOn(users.length)
    .all(start.getTime(), end.getTime(), ...users.map((u) => u.id));
  const byUser = new Map<number, GoalOnDayRow[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return users.map((u) => {
    const goals = (byUser.get(u.id) ?? []).map((g) => ({
      ...g,
      completedAt: g.completed_at,
      skippedAt: g.skipped_at,
      avoid: g.avoid === 1,
    }));
    const question = eveningQuestion(goals);
    if ("skip" in question) return { ...candidate(u, "evening", slot, null), note: question.skip };
    return {
      ...candidate(u, "evening", slot, question.body),
      linkedGoalIds: question.linkedGoalIds,
    };
  });
}
