import type { Statement } from "better-sqlite3";
import type { Habit } from "../../db/schema";
import { assertRoomOnDay, roomOnDay } from "~/goals/goals.server";
import { giveBackDayNumber, takeDayNumber } from "~/goals/day-numbers.server";
import { inOneRead, preparedQuery, sqlite, db, schema } from "~/utils/db/db.server";
import { isPrimary } from "~/utils/db/litefs.server";
import { pausedDaysOf } from "~/users/pauses.server";
import { dayNumber, localDay, zonedInstant, type LocalDay } from "~/utils/time/local-time";
import { weekStartOf, type WeekStart } from "~/utils/time/week-start";
import { scheduleSpans } from "./habit-rules";
import { ownerWeekStart } from "./habit-history.server";
import { dueToday, type HabitSchedule } from "./habit-stats";
import type { GoalKind } from "~/replies/interpret-values";
import { inArray } from "drizzle-orm";
import { measureOf } from "./habit-measure";

// A habit becomes a goal on each local day it is due, once, whoever asks first: the morning
// question, a page, the /api or a reply. The unique (habit_id, habit_day) index makes that hold under
// concurrency; only the LiteFS primary writes, and the scheduler's morning tick runs there.

type HabitOwner = { id: number; timezone: string; preferredCheckInTimeEvening: string };

type HabitRow = {
  id: number;
  user_id: number;
  title: string;
  schedules: string;
  due_time: string | null;
  start_date: string;
};

const activeHabitsOf = preparedQuery(() =>
  sqlite.prepare<[number, string], HabitRow>(
    `select id, user_id, title, schedules, due_time, start_date from habits
   where user_id = ? and active = 1 and start_date <= ? order by id`,
  ),
);

const doneInWeek = preparedQuery(() =>
  sqlite
    .prepare<[number, string, string], number>(
      `select count(*) from goals where habit_id = ? and habit_day >= ? and habit_day < ?
       and completed_at is not null`,
    )
    .pluck(),
);

// A habit to avoid's day is kept until a slip is reported: its goal is made done.
const insertHabitGoalRow = preparedQuery(() =>
  sqlite.prepare<[number, string, number, string, number, number, number, number]>(
    `insert or ignore into goals
       (user_id, description, due_date, habit_id, habit_day, created_at, day_number, completed_at)
     select ?, ?, ?, id, ?, ?, ?, case when avoid then ? end from habits where id = ?`,
  ),
);

/** A habit's goal of a day, with the day's next number (given back when the goal was there first). */
function insertHabitGoal(
  userId: number,
  title: string,
  due: number,
  habitId: number,
  day: LocalDay,
  createdAt: number,
) {
  const number = takeDayNumber(userId, day);
  const { changes } = insertHabitGoalRow().run(
    userId,
    title,
    due,
    day,
    createdAt,
    number,
    createdAt,
    habitId,
  );
  if (changes === 0) giveBackDayNumber(userId, day, number);
}

/** The schedule a habit had on a day (schedules change from a day on). */
function scheduleOn(row: HabitRow, day: LocalDay): HabitSchedule | null {
  const spans = scheduleSpans({ schedules: JSON.parse(row.schedules) as Habit["schedules"] });
  return spans.filter((s) => s.from <= day).at(-1)?.schedule ?? spans[0]?.schedule ?? null;
}

function isDue(row: HabitRow, day: LocalDay, firstDay: WeekStart) {
  const schedule = scheduleOn(row, day);
  if (!schedule) return false;
  const done =
    "timesPerWeek" in schedule ? doneInWeek().get(row.id, weekStartOf(day, firstDay), day)! : 0;
  return dueToday(schedule, day, done);
}

// Through the (habit_id, habit_day) index: one lookup per habit, however many goals the user has.
// Prepared once per number of habits (preparing costs more than running it, on every page load).
const withGoalOnStatements = new Map<number, Statement<(number | string)[], number>>();
function withGoalOn(ids: number[], day: LocalDay) {
  let statement = withGoalOnStatements.get(ids.length);
  if (!statement) {
    statement = sqlite
      .prepare<(number | string)[], number>(
        `select habit_id from goals where habit_day = ? and habit_id in (${ids.map(() => "?").join(",")})`,
      )
      .pluck();
    withGoalOnStatements.set(ids.length, statement);
  }
  return statement.all(day, ...ids);
}

function missingHabitGoals(user: HabitOwner, day: LocalDay) {
  // A paused day is not due: no habit becomes a goal on it.
  if (pausedDaysOf(user.id).isPaused(dayNumber(day))) return [];
  const active = activeHabitsOf().all(user.id, day);
  if (active.length === 0) return [];
  const have = new Set(
    withGoalOn(
      active.map((row) => row.id),
      day,
    ),
  );
  const firstDay = ownerWeekStart(user.id);
  const due = active.filter((row) => !have.has(row.id) && isDue(row, day, firstDay));
  return due.length === 0 ? [] : due.slice(0, roomOnDay(user, day));
}

/** Creates the user's habit goals of their local day, if any are missing; safe to call often. */
export function createHabitGoalsOfDay(user: HabitOwner, now = new Date()) {
  const day = localDay(now, user.timezone);
  // Pages call this on every load: the check in one read transaction (SQLite's read lock taken once),
  // and once the day's goals exist, no write transaction at all.
  const missing = inOneRead(() => missingHabitGoals(user, day));
  if (missing.length === 0) return;
  sqlite.transaction(() => {
    for (const row of missing) {
      const time = row.due_time ?? user.preferredCheckInTimeEvening;
      const due = zonedInstant(day, time, user.timezone).getTime();
      insertHabitGoal(user.id, row.title, due, row.id, day, now.getTime());
    }
  })();
}

/** As `createHabitGoalsOfDay`, from a page or the /api: a LiteFS replica leaves it to the primary. */
export async function ensureHabitGoals(user: HabitOwner, now = new Date()) {
  if (await isPrimary()) createHabitGoalsOfDay(user, now);
}

const habitGoalIdOn = preparedQuery(() =>
  sqlite
    .prepare<[number, string], number>("select id from goals where habit_id = ? and habit_day = ?")
    .pluck(),
);

type DayHabit = { id: number; title: string; dueTime: string | null };

/**
 * The habit's goal of a day, made now if the day has none (a day it was not due, or checked off
 * afterwards); undefined when the day has no goal and `create` is false. A full day refuses it.
 */
export function habitGoalOn(
  user: HabitOwner,
  habit: DayHabit,
  day: LocalDay,
  create: boolean,
  now = new Date(),
): number | undefined {
  const id = habitGoalIdOn().get(habit.id, day);
  if (id !== undefined || !create) return id;
  const due = zonedInstant(day, habit.dueTime ?? user.preferredCheckInTimeEvening, user.timezone);
  assertRoomOnDay(user.id, due, 0, now);
  insertHabitGoal(user.id, habit.title, due.getTime(), habit.id, day, now.getTime());
  return habitGoalIdOn().get(habit.id, day);
}

const habitGoalTitles = preparedQuery(() =>
  sqlite.prepare<[number, string], { description: string; dayNumber: number | null }>(
    `select description, day_number as dayNumber from goals where user_id = ? and habit_day = ?
   order by day_number is null, day_number, due_date, id`,
  ),
);

/** Today's habit goals with their day numbers, in the day's order, for the morning question. */
export function habitGoalsOfDay(userId: number, day: LocalDay) {
  return habitGoalTitles().all(userId, day);
}

const usersWithHabits = (ids: number[]) =>
  sqlite
    .prepare<number[], number>(
      `select distinct user_id from habits where active = 1 and user_id in (${ids.map(() => "?").join(",")})`,
    )
    .pluck()
    .all(...ids);

/** For the morning tick: which of these users have active habits (one query per page of users). */
export function withHabits(ids: number[]): Set<number> {
  return new Set(ids.length ? usersWithHabits(ids) : []);
}

const insertPastHabitGoalRow = preparedQuery(() =>
  sqlite.prepare(
    `insert or ignore into goals (user_id, description, due_date, habit_id, habit_day, created_at,
       day_number, completed_at, skipped_at, value, note)
     values (@userId, @title, @due, @habitId, @day, @createdAt, @number, @completedAt, @skippedAt,
       @value, @note)`,
  ),
);

export type PastHabitDay = {
  day: LocalDay;
  done: boolean;
  skipped: boolean;
  value: number | null;
  note: string | null;
};

/**
 * A past day of a habit brought from elsewhere (an import), as its goal with the day's outcome; done
 * or skipped at the day's due time, as nothing else tells when. A day that has the habit's goal
 * already is left as it is ("kept"); a day with no room left takes none ("full").
 */
export function insertPastHabitDay(
  user: HabitOwner,
  habit: DayHabit,
  entry: PastHabitDay,
  now = new Date(),
): "added" | "kept" | "full" {
  if (habitGoalIdOn().get(habit.id, entry.day) !== undefined) return "kept";
  if (roomOnDay(user, entry.day) === 0) return "full";
  const time = habit.dueTime ?? user.preferredCheckInTimeEvening;
  const due = zonedInstant(entry.day, time, user.timezone).getTime();
  const number = takeDayNumber(user.id, entry.day);
  const { changes } = insertPastHabitGoalRow().run({
    userId: user.id,
    title: habit.title,
    due,
    habitId: habit.id,
    day: entry.day,
    createdAt: now.getTime(),
    number,
    completedAt: entry.done ? due : null,
    skippedAt: entry.skipped ? due : null,
    value: entry.value,
    note: entry.note,
  });
  if (changes === 0) giveBackDayNumber(user.id, entry.day, number);
  return changes > 0 ? "added" : "kept";
}

/**
 * What each of a day's goals is for the reader (conventions v5): a habit to avoid's day "avoid", a
 * measured habit's day its unit, target, direction and period; every other goal yes/no (null).
 */
export function goalKinds(goals: { habitId: number | null }[]): GoalKind[] {
  const ids = [...new Set(goals.flatMap((g) => (g.habitId === null ? [] : [g.habitId])))];
  const habits = ids.length
    ? db.select().from(schema.habits).where(inArray(schema.habits.id, ids)).all()
    : [];
  const measures = new Map(habits.map((h) => [h.id, measureOf(h)]));
  const avoided = new Set(habits.filter((h) => h.avoid).map((h) => h.id));
  return goals.map((g): GoalKind => {
    if (g.habitId !== null && avoided.has(g.habitId)) return "avoid";
    const measure = g.habitId === null ? null : (measures.get(g.habitId) ?? null);
    return (
      measure && {
        unit: measure.unit || null,
        target: measure.target,
        atMost: measure.atMost,
        per: measure.per,
      }
    );
  });
}
