import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Goal } from "../../db/schema";
import { eachDay } from "~/utils/time/date-window";
import type { WeekStart } from "~/utils/time/week-start";
import { db, inOneRead, preparedQuery, schema, sqlite } from "~/utils/db/db.server";
import { batchesAfter, keysetAfter } from "~/utils/requests/streamed-download.server";
import { pausedDaysOf } from "~/users/pauses.server";
import {
  addDays,
  localDay,
  localDayNumber,
  localDayRange,
  startOfLocalDay,
  zonedInstant,
} from "~/utils/time/local-time";
import type { LocalDay } from "~/utils/time/local-time";
import {
  calendarWeeks,
  clampPage,
  dayFullMessage,
  longestStreakOfDayNumbers,
  MAX_GOALS_PER_DAY,
  streakOfDayNumbers,
  dateRangeDays,
  PAGE_SIZE,
} from "./goal-rules";
import type { DateRange, DayTally } from "./goal-rules";
import { completionRate, decidedCount, goalCount, rateBasis } from "./goal-numbers";
import type { OutcomeCounts } from "./goal-numbers";
import { takeDayNumber } from "./day-numbers.server";
import { enqueueEvent, goalEventData } from "~/webhooks/webhook-events.server";

const { goals } = schema;

type Owner = { id: number; timezone: string };
type CalendarOwner = Owner & { weekStartsOn: WeekStart };

// Every zone's midnight falls on a quarter hour today, so goals counted per 15-minute slot of their due
// time (or completion time) add up to exact days, in far fewer rows than one per goal. Some zones' past
// midnights were not (Africa/Monrovia's, 44 min 30 s off until 1972): the quarter hour a midnight falls
// inside is read from the goals themselves.
const QUARTER_HOUR_MS = 900_000;

/** A change to a goal that the rules refuse; its message is shown to the person as it is. */
export class GoalEditError extends Error {}

export function todayFor(user: Owner, now = new Date()): LocalDay {
  return localDay(now, user.timezone);
}

/** The instant a 'Due by' time falls on the user's local today. */
export function dueTodayAt(user: Owner, time: string, now = new Date()) {
  return zonedInstant(todayFor(user, now), time, user.timezone);
}

const timezoneOf = preparedQuery(() =>
  sqlite.prepare<[number], string>("select timezone from users where id = ?").pluck(),
);

const goalsDueBetweenExcept = preparedQuery(() =>
  sqlite
    .prepare<[number, number, number, number], number>(
      "select count(*) from goals where user_id = ? and due_date >= ? and due_date < ? and id != ?",
    )
    .pluck(),
);

/** How many more goals a local day of the user's can take. */
export function roomOnDay(user: Owner, day: LocalDay, exceptGoalId = 0) {
  const { start, end } = localDayRange(day, day, user.timezone);
  const taken = goalsDueBetweenExcept().get(user.id, start.getTime(), end.getTime(), exceptGoalId)!;
  return Math.max(0, MAX_GOALS_PER_DAY - taken);
}

/** Every way a goal lands on a day (set, edited, moved) passes here. */
export function assertRoomOnDay(userId: number, dueDate: Date, exceptGoalId = 0, now = new Date()) {
  const user = { id: userId, timezone: timezoneOf().get(userId) ?? "UTC" };
  const day = localDay(dueDate, user.timezone);
  if (roomOnDay(user, day, exceptGoalId) === 0)
    throw new GoalEditError(dayFullMessage(day === todayFor(user, now)));
}

/** Every way a goal is set (pages, /api, texts, web chat) passes here: it takes its day's next number. */
export function createGoal(
  userId: number,
  input: { description: string; dueDate: Date; sourceMessageId?: number | null },
): Goal {
  return db.transaction(() => {
    assertRoomOnDay(userId, input.dueDate);
    const day = localDay(input.dueDate, timezoneOf().get(userId) ?? "UTC");
    const goal = db
      .insert(goals)
      .values({
        userId,
        description: input.description.trim(),
        dueDate: input.dueDate,
        sourceMessageId: input.sourceMessageId ?? null,
        dayNumber: takeDayNumber(userId, day),
      })
      .returning()
      .get();
    enqueueEvent(userId, "goal.set", goalEventData(goal));
    return goal;
  });
}

export function getGoal(userId: number, goalId: number): Goal | undefined {
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
    .get();
}

/**
 * Marks a goal done. Completing twice keeps the first completedAt; proof and feedback given later are
 * still attached. Returns undefined when the goal is not the user's.
 */
export function completeGoal(
  userId: number,
  goalId: number,
  extras: { proofImageUrls?: string[]; llmFeedback?: string } = {},
  now = new Date(),
): Goal | undefined {
  return db.transaction((tx) => {
    const goal = tx
      .select()
      .from(goals)
      .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
      .get();
    if (!goal) return undefined;
    const done = tx
      .update(goals)
      .set({
        completedAt: goal.completedAt ?? now,
        skippedAt: null,
        proofImageUrls: extras.proofImageUrls
          ? Array.from(new Set([...goal.proofImageUrls, ...extras.proofImageUrls]))
          : goal.proofImageUrls,
        llmFeedback: extras.llmFeedback ?? goal.llmFeedback,
      })
      .where(eq(goals.id, goalId))
      .returning()
      .get();
    if (!goal.completedAt)
      enqueueEvent(userId, done.habitId ? "habit_day.kept" : "goal.done", goalEventData(done), {
        now,
      });
    return done;
  });
}

function todayBounds(user: Owner, now: Date) {
  const today = todayFor(user, now);
  return localDayRange(today, today, user.timezone);
}

const goalsDueBetween = preparedQuery(() =>
  db
    .select()
    .from(goals)
    .where(
      and(
        eq(goals.userId, sql.placeholder("userId")),
        gte(goals.dueDate, sql.placeholder("start")),
        lt(goals.dueDate, sql.placeholder("end")),
      ),
    )
    .orderBy(asc(goals.dueDate), asc(goals.id))
    .limit(MAX_GOALS_PER_DAY)
    .prepare(),
);

export type DayGoal = Goal & { dayNumber: number };

/** Today's goals: those due on the user's local today, in day-number order, at most a day's worth. */
export function listTodayGoals(user: Owner, now = new Date()): DayGoal[] {
  const { start, end } = todayBounds(user, now);
  return inDayNumberOrder(
    goalsDueBetween().all({ userId: user.id, start: start.getTime(), end: end.getTime() }),
  );
}

/** Every goal of a user, the latest due first, a batch at a time. */
export function allGoals(userId: number) {
  return batchesAfter<Goal>((last, limit) =>
    db
      .select()
      .from(goals)
      .where(
        and(
          eq(goals.userId, userId),
          last
            ? keysetAfter([goals.dueDate, goals.id], [last.dueDate, last.id], "desc")
            : undefined,
        ),
      )
      .orderBy(desc(goals.dueDate), desc(goals.id))
      .limit(limit)
      .all(),
  );
}

export function listAllGoals(userId: number): Goal[] {
  return [...allGoals(userId)].flat();
}

// The goals due in a span of instants, counted and listed in either order: built once, since building
// a query costs more than running it. A span without a start or an end is bounded by the safe integers.
const goalsDueIn = preparedQuery(() => {
  const where = and(
    eq(goals.userId, sql.placeholder("userId")),
    gte(goals.dueDate, sql.placeholder("start")),
    lt(goals.dueDate, sql.placeholder("end")),
  );
  const listed = (order: typeof asc) =>
    db
      .select()
      .from(goals)
      .where(where)
      .orderBy(order(goals.dueDate), order(goals.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare();
  return {
    newestFirst: listed(desc),
    soonestFirst: listed(asc),
  };
});

const goalsInSlots = preparedQuery(() =>
  sqlite
    .prepare<[number, number, number], number>(
      "select coalesce(sum(goals), 0) from goal_due_slots where user_id = ? and slot >= ? and slot < ?",
    )
    .pluck(),
);
// Every slot but those from one on: the user's total (goal_due_totals, kept by triggers) less the
// slots after, today's and later ones for the previous goals of all time, not every slot before.
const goalsInSlotsBefore = preparedQuery(() =>
  sqlite
    .prepare<[number, number, number], number>(
      `select coalesce((select goals from goal_due_totals where user_id = ?), 0)
          - coalesce((select sum(goals) from goal_due_slots where user_id = ? and slot >= ?), 0)`,
    )
    .pluck(),
);
const goalsDueBetweenCount = preparedQuery(() =>
  sqlite
    .prepare<[number, number, number], number>(
      "select count(*) from goals where user_id = ? and due_date >= ? and due_date < ?",
    )
    .pluck(),
);

/**
 * How many goals are due in [start, end): the whole quarter hours inside from goal_due_slots (a few
 * rows a day), the parts of a quarter hour at either edge (none where the span starts and ends on
 * local midnights) from the goals. A span without a start (Number.MIN_SAFE_INTEGER) takes every slot
 * before its end.
 */
export function goalsDueCount(userId: number, start: number, end: number) {
  if (!(start < end)) return 0;
  const last = Math.floor(end / QUARTER_HOUR_MS);
  if (start === Number.MIN_SAFE_INTEGER) {
    return (
      goalsInSlotsBefore().get(userId, userId, last)! +
      goalsDueBetweenCount().get(userId, last * QUARTER_HOUR_MS, end)!
    );
  }
  const first = Math.ceil(start / QUARTER_HOUR_MS);
  if (first >= last) return goalsDueBetweenCount().get(userId, start, end)!;
  return (
    goalsInSlots().get(userId, first, last)! +
    goalsDueBetweenCount().get(userId, start, first * QUARTER_HOUR_MS)! +
    goalsDueBetweenCount().get(userId, last * QUARTER_HOUR_MS, end)!
  );
}

/** Goals of the days before today, newest first, filtered to a date range and paged. */
export function listPreviousGoals(
  user: Owner,
  range: DateRange,
  rawPage: string | null,
  now = new Date(),
) {
  const today = todayFor(user, now);
  const { start: todayStart } = todayBounds(user, now);
  const { from, to } = dateRangeDays(range, today);
  const span = {
    userId: user.id,
    start: from ? startOfLocalDay(from, user.timezone).getTime() : Number.MIN_SAFE_INTEGER,
    end: Math.min(
      todayStart.getTime(),
      to ? startOfLocalDay(addDays(to, 1), user.timezone).getTime() : Number.MAX_SAFE_INTEGER,
    ),
  };
  const total = goalsDueCount(span.userId, span.start, span.end);
  const page = clampPage(rawPage, total);
  const items = goalsDueIn().newestFirst.all({
    ...span,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return { items, total, page };
}

export const UPCOMING_SHOWN = 10;

/** Goals of the days after today (a goal moved to tomorrow among them), soonest first, the first few. */
export function listUpcomingGoals(user: Owner, now = new Date()) {
  const { end: todayEnd } = todayBounds(user, now);
  const span = { userId: user.id, start: todayEnd.getTime(), end: Number.MAX_SAFE_INTEGER };
  const total = goalsDueCount(span.userId, span.start, span.end);
  const items = goalsDueIn().soonestFirst.all({ ...span, limit: UPCOMING_SHOWN, offset: 0 });
  return { items, total };
}

const carriedOverTitles = preparedQuery(() =>
  sqlite.prepare<
    [number, number, number, number],
    { description: string; dayNumber: number | null }
  >(
    `select description, day_number as dayNumber from goals where user_id = ? and due_date >= ?
   and due_date < ? and created_at < ? and habit_id is null and completed_at is null
   and skipped_at is null order by day_number is null, day_number, due_date, id`,
  ),
);

/**
 * The open goals due on a day that were set on an earlier day (moved to it, or planned ahead): the
 * morning question names them before asking for new ones.
 */
export function carriedOverGoals(user: Owner, day: LocalDay) {
  const start = startOfLocalDay(day, user.timezone).getTime();
  const end = startOfLocalDay(addDays(day, 1), user.timezone).getTime();
  return carriedOverTitles().all(user.id, start, end, start);
}

// Completed goals per quarter hour of their completion, newest first (goal_completion_slots, kept by
// triggers): a few rows a day however many goals, read in batches until the streak ends.
const STREAK_BATCH = 256;
const completionSlotsBefore = preparedQuery(() =>
  sqlite
    .prepare<[number, number, number], number>(
      `select slot from goal_completion_slots where user_id = ? and slot < ? order by slot desc limit ?`,
    )
    .pluck(),
);

/**
 * Streak over the user's local days, newest first up to the first gap. A completion slot that lies
 * within one local day (every slot, where midnight is on a quarter hour) has its completions on that
 * day; one a midnight falls inside is read from its goals' completion times. Paused days are
 * neither due nor missed.
 */
export function streakFor(user: Owner, now = new Date()) {
  return inOneRead(() =>
    streakOfDayNumbers(
      completionDays(user),
      localDayNumber(now.getTime(), user.timezone),
      pausedDaysOf(user.id),
    ),
  );
}

// A day's slots come one after another: the day is handed on once, not once per slot. Batches grow, so
// a long streak takes a few statements, a short one a small read.
function* completionDays(user: Owner) {
  let before = Number.MAX_SAFE_INTEGER;
  let previous = NaN;
  for (let batch = STREAK_BATCH; ; batch *= 4) {
    const slots = completionSlotsBefore().all(user.id, before, batch);
    for (const slot of slots) {
      for (const day of completionDaysOfSlot(user, slot)) {
        if (day !== previous) yield (previous = day);
      }
    }
    if (slots.length < batch) return;
    before = slots[slots.length - 1]!;
  }
}

const completionsBetween = preparedQuery(() =>
  sqlite
    .prepare<[number, number, number], number>(
      "select completed_at from goals where user_id = ? and completed_at >= ? and completed_at < ? order by completed_at desc",
    )
    .pluck(),
);

/** The local days of a completion slot's completions, newest first. */
function completionDaysOfSlot(user: Owner, slot: number): number[] {
  const start = slot * QUARTER_HOUR_MS;
  const first = localDayNumber(start, user.timezone);
  if (localDayNumber(start + QUARTER_HOUR_MS - 1, user.timezone) === first) return [first];
  return completionsBetween()
    .all(user.id, start, start + QUARTER_HOUR_MS)
    .map((completedAt) => localDayNumber(completedAt, user.timezone));
}

const completionInstants = preparedQuery(() =>
  sqlite
    .prepare<[number], number>(
      "select completed_at from goals where user_id = ? and completed_at is not null order by completed_at desc",
    )
    .pluck(),
);

/** The current streak and the longest one ever, from one read of the completion instants. */
export function streaksFor(user: Owner, now = new Date()) {
  const timezone = user.timezone;
  const days = completionInstants()
    .all(user.id)
    .map((completedAt) => localDayNumber(completedAt, timezone));
  const paused = pausedDaysOf(user.id);
  return {
    current: streakOfDayNumbers(days, localDayNumber(now.getTime(), timezone), paused),
    longest: longestStreakOfDayNumbers(days, paused),
  };
}

// The user's totals (goal_due_totals, kept by triggers on goal_due_slots), less the open goals of the
// slots from today's on (a few rows), which are not missed: one row and today's and later slots
// instead of every slot. The order follows outcomeOf: completed, then skipped, then the day.
const outcomeSums = preparedQuery(() =>
  sqlite
    .prepare<[number, number], [number, number, number, number]>(
      `select completed, skipped,
            goals - completed - skipped - coalesce((select sum(goals - completed - skipped)
              from goal_due_slots where user_id = t.user_id and slot >= ?), 0),
            goals
     from goal_due_totals t where user_id = ?`,
    )
    .raw(),
);

// Open goals due in the quarter hour a day starts in, before it starts: none where midnight is on a
// quarter hour, as in every zone today; counted from the goals so that any zone's figure is exact.
const openDueBetween = preparedQuery(() =>
  sqlite
    .prepare<[number, number, number], number>(
      `select count(*) from goals where user_id = ? and due_date >= ? and due_date < ?
     and completed_at is null and skipped_at is null`,
    )
    .pluck(),
);

/** The user's goals by outcome, in one pass over their due slots whatever the goals' number. */
export function outcomeCounts(user: Owner, now = new Date()): OutcomeCounts {
  const todayStart = startOfLocalDay(todayFor(user, now), user.timezone).getTime();
  const todaySlot = Math.floor(todayStart / QUARTER_HOUR_MS);
  const [completed, skipped, missedBefore, total] = outcomeSums().get(todaySlot, user.id) ?? [
    0, 0, 0, 0,
  ];
  const missed =
    missedBefore + openDueBetween().get(user.id, todaySlot * QUARTER_HOUR_MS, todayStart)!;
  return { completed, skipped, missed, open: total - completed - skipped - missed };
}

/** The numbers of the dashboard's cards, the share page, the `stats` text and GET /api/stats. */
export function goalStats(user: Owner, now = new Date()) {
  const counts = outcomeCounts(user, now);
  return {
    streak: streakFor(user, now),
    totalGoals: goalCount(counts),
    completedGoals: counts.completed,
    skippedGoals: counts.skipped,
    missedGoals: counts.missed,
    openGoals: counts.open,
    decidedGoals: decidedCount(counts),
    completionRate: completionRate(counts),
    completionRateBasis: rateBasis(counts),
  };
}

export type GoalStats = ReturnType<typeof goalStats>;

const dueSlotsBetween = preparedQuery(() =>
  sqlite
    .prepare<[number, number, number], [number, number, number, number]>(
      `select slot, goals, completed, skipped from goal_due_slots
     where user_id = ? and slot >= ? and slot < ?`,
    )
    .raw(),
);

/** Per-day tallies of goals due in the last weeks, for the calendar picture. */
export function recentCalendar(user: CalendarOwner, weeks = 12, now = new Date()) {
  const today = todayFor(user, now);
  const from = addDays(today, -7 * weeks);
  // The slots that begin within the days: every goal due in them, where days start on a quarter hour.
  const firstSlot = (day: LocalDay) =>
    Math.ceil(startOfLocalDay(day, user.timezone).getTime() / QUARTER_HOUR_MS);
  const rows = dueSlotsBetween().all(user.id, firstSlot(from), firstSlot(addDays(today, 1)));
  // Counted by day number (cheap), named once per day.
  const tallies = new Map<number, DayTally>();
  for (const [slot, total, completed, skipped] of rows) {
    const n = localDayNumber(slot * QUARTER_HOUR_MS, user.timezone);
    let tally = tallies.get(n);
    if (!tally) tallies.set(n, (tally = { day: "", total: 0, completed: 0, skipped: 0 }));
    tally.total += total;
    tally.completed += completed;
    tally.skipped! += skipped;
  }
  for (const [n, tally] of tallies) tally.day = addDays("1970-01-01", n);
  return calendarWeeks([...tallies.values()], today, weeks, user.weekStartsOn);
}

/** Goals due in a span of local days, for reports. */
export function goalsBetween(user: Owner, from: LocalDay, to: LocalDay) {
  const { start, end } = localDayRange(from, to, user.timezone);
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.userId, user.id), gte(goals.dueDate, start), lt(goals.dueDate, end)))
    .orderBy(asc(goals.dueDate), asc(goals.id))
    .all();
}

/** Completed and total goals for each local day from `from` to `to`, oldest first, empty days included. */
export function dayTallies(user: Owner, from: LocalDay, to: LocalDay): DayTally[] {
  const tallies = new Map<LocalDay, DayTally>();
  for (const day of eachDay(from, to)) tallies.set(day, { day, total: 0, completed: 0 });
  for (const goal of goalsBetween(user, from, to)) {
    const tally = tallies.get(localDay(goal.dueDate, user.timezone));
    if (!tally) continue;
    tally.total += 1;
    if (goal.completedAt) tally.completed += 1;
  }
  return [...tallies.values()];
}

export function setProofDescription(userId: number, goalIds: number[], description: string) {
  if (goalIds.length === 0) return;
  db.update(goals)
    .set({ proofDescription: description })
    .where(and(eq(goals.userId, userId), inArray(goals.id, goalIds)))
    .run();
}

// A goal's number on its day (conventions v4): one number all day, in every text and on the
// dashboard. Numbers are given when a goal is set (day-numbers.server.ts); this is the pure part.

type Numbered = { dayNumber: number | null };

/**
 * A day's goals in number order, each with its number. A goal written around the domain (no number
 * yet) follows the numbered ones, in the order given, numbered after the highest.
 */
export function inDayNumberOrder<G extends Numbered>(goals: G[]): (G & { dayNumber: number })[] {
  const numbered = goals
    .filter((g): g is G & { dayNumber: number } => g.dayNumber !== null)
    .sort((a, b) => a.dayNumber - b.dayNumber);
  let next = (numbered.at(-1)?.dayNumber ?? 0) + 1;
  const rest = goals.filter((g) => g.dayNumber === null).map((g) => ({ ...g, dayNumber: next++ }));
  return [...numbered, ...rest];
}

/** The goal a day number names, among a day's numbered goals. */
export function goalNumbered<G extends { dayNumber: number }>(goals: G[], number: number) {
  return goals.find((g) => g.dayNumber === number);
}

/**
 * The day a goal set for a weekday ("dinner with jess on friday") is planned for: that weekday's next
 * date from today, today itself when it is that day. `today` is 'YYYY-MM-DD', `weekday` 0 = Sunday.
 */
export function dayOfWeekday(today: string, weekday: number) {
  const date = new Date(`${today}T00:00:00Z`);
  const ahead = (weekday - date.getUTCDay() + 7) % 7;
  date.setUTCDate(date.getUTCDate() + ahead);
  return date.toISOString().slice(0, 10);
}
