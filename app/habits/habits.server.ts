import { and, asc, count, desc, eq, gte, isNull } from "drizzle-orm";
import type { Habit, HabitScheduleSpan } from "../../db/schema";
import { todayFor } from "~/goals/goals.server";
import { db, schema } from "~/utils/db/db.server";
import { clampPage, PAGE_SIZE } from "~/goals/goal-rules";
import { MAX_ACTIVE_HABITS, MAX_HABITS, type HabitChanges, type HabitInput } from "./habit-schema";
import { stem, stemsMatch } from "~/replies/interpret-text";
import { currentSchedule, describeSchedule, pausedBetween, scheduleSpan } from "./habit-rules";
import { habitNameKey } from "./habit-names";
import { measureOf, type Measure } from "./habit-measure";

// Everything a person does to a habit: the same functions serve /habits, the /api and texts. Each acts
// on the user's own habit only and returns undefined when it is not theirs (answered as "not found").

const { habits, goals } = schema;

type Owner = { id: number; timezone: string };

/** An expected refusal; `field` is the form field it is about, "form" when none is. */
export class HabitError extends Error {
  readonly field: "form" | "title" = "form";
}

/** One name, one active habit: "floss daily" next to an active "floss" is refused. */
export class DuplicateHabitError extends HabitError {
  override readonly field = "title";
  constructor(readonly habit: Habit) {
    super(
      `You already have the habit "${habit.title}" (${describeSchedule(currentSchedule(habit))}).`,
    );
  }
}

/** The user's habits, active first; never more than an account may keep, whatever is stored. */
export function listHabits(userId: number): Habit[] {
  return db
    .select()
    .from(habits)
    .where(eq(habits.userId, userId))
    .orderBy(desc(habits.active), asc(habits.id))
    .limit(MAX_HABITS)
    .all();
}

/** What /habits shows: the active habits, and one page of the stopped ones, newest stop first. */
export function habitsPage(userId: number, rawPage: string | null) {
  const active = db
    .select()
    .from(habits)
    .where(and(eq(habits.userId, userId), eq(habits.active, true)))
    .orderBy(asc(habits.id))
    .limit(MAX_ACTIVE_HABITS)
    .all();
  const stoppedOnly = and(eq(habits.userId, userId), eq(habits.active, false));
  const stoppedTotal = db.select({ n: count() }).from(habits).where(stoppedOnly).get()?.n ?? 0;
  const page = clampPage(rawPage, stoppedTotal);
  const stopped = db
    .select()
    .from(habits)
    .where(stoppedOnly)
    .orderBy(desc(habits.stoppedOn), desc(habits.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .all();
  return { active, stopped, stoppedTotal, page };
}

export function getHabit(userId: number, habitId: number): Habit | undefined {
  return db
    .select()
    .from(habits)
    .where(and(eq(habits.id, habitId), eq(habits.userId, userId)))
    .get();
}

function habitCount(userId: number, activeOnly: boolean) {
  return (
    db
      .select({ n: count() })
      .from(habits)
      .where(and(eq(habits.userId, userId), activeOnly ? eq(habits.active, true) : undefined))
      .get()?.n ?? 0
  );
}

function assertRoomForOneMore(userId: number) {
  if (habitCount(userId, true) >= MAX_ACTIVE_HABITS)
    throw new HabitError(
      `You can keep at most ${MAX_ACTIVE_HABITS} active habits. Stop one first.`,
    );
}

function assertRoomForANewOne(userId: number) {
  assertRoomForOneMore(userId);
  if (habitCount(userId, false) >= MAX_HABITS)
    throw new HabitError(
      `You can keep at most ${MAX_HABITS} habits, stopped ones included. Delete a stopped habit first.`,
    );
}

/** The user's habits a name names (habitNameKey): the active one first, then the latest stopped. */
export function habitsNamed(userId: number, title: string): Habit[] {
  const key = habitNameKey(title);
  const matches = db
    .select({ id: habits.id, title: habits.title })
    .from(habits)
    .where(eq(habits.userId, userId))
    .orderBy(desc(habits.active), desc(habits.stoppedOn), desc(habits.id))
    .all()
    .filter((h) => habitNameKey(h.title) === key);
  return matches.map((h) => getHabit(userId, h.id)!);
}

function assertNoOtherActiveNamed(userId: number, title: string, habitId?: number) {
  const active = habitsNamed(userId, title).find((h) => h.active && h.id !== habitId);
  if (active) throw new DuplicateHabitError(active);
}

export function createHabit(user: Owner, input: HabitInput, now = new Date()): Habit {
  return db.transaction(() => {
    assertNoOtherActiveNamed(user.id, input.title);
    assertRoomForANewOne(user.id);
    const today = todayFor(user, now);
    return db
      .insert(habits)
      .values({
        userId: user.id,
        title: input.title.trim(),
        schedules: [scheduleSpan(today, input.schedule)],
        dueTime: input.time,
        startDate: today,
        ...measureColumns(input.measure ?? null),
        avoid: input.avoid ?? false,
      })
      .returning()
      .get();
  });
}

export type AddedHabit = { habit: Habit; restarted: boolean };

/**
 * What adding a habit does on /habits, the /api and by text. A name an active habit has is refused
 * (DuplicateHabitError); a name a stopped habit has restarts that habit with the schedule given, so
 * its history and best streak carry on (a time replaces its time only when one is given); any other
 * name is a new habit.
 */
export function addHabit(user: Owner, input: HabitInput, now = new Date()): AddedHabit {
  return db.transaction(() => {
    const [same] = habitsNamed(user.id, input.title);
    if (same?.active) throw new DuplicateHabitError(same);
    if (!same) return { habit: createHabit(user, input, now), restarted: false };
    const schedule = input.schedule;
    const restarted = updateHabit(
      user,
      same.id,
      {
        active: true,
        ...("days" in schedule ? { days: schedule.days } : { timesPerWeek: schedule.timesPerWeek }),
        ...(input.time !== null ? { time: input.time } : {}),
        ...measureChanges(input.measure ?? null),
      },
      now,
    );
    return { habit: restarted!, restarted: true };
  });
}

/** A new schedule applies from today on; the days before keep the schedule they had. */
export function updateHabit(
  user: Owner,
  habitId: number,
  changes: HabitChanges,
  now = new Date(),
): Habit | undefined {
  const habit = getHabit(user.id, habitId);
  if (!habit) return undefined;
  const today = todayFor(user, now);
  const schedule =
    changes.days !== undefined
      ? { days: changes.days }
      : changes.timesPerWeek !== undefined
        ? { timesPerWeek: changes.timesPerWeek }
        : null;
  return db.transaction(() => {
    const activeAfter = changes.active ?? habit.active;
    if (activeAfter && (changes.title !== undefined || !habit.active))
      assertNoOtherActiveNamed(user.id, changes.title ?? habit.title, habit.id);
    if (changes.active === true && !habit.active) assertRoomForOneMore(user.id);
    let schedules: HabitScheduleSpan[] = habit.schedules;
    if (changes.active === true && habit.stoppedOn && habit.stoppedOn < today)
      schedules = pausedBetween(schedules, habit.stoppedOn, today);
    if (schedule)
      schedules = [...schedules.filter((s) => s.from < today), scheduleSpan(today, schedule)];
    if (changes.active === false && habit.active) dropOpenGoalOfToday(habit.id, today);
    if (changes.title !== undefined) renameOpenGoalOfToday(habit.id, today, changes.title);
    if (changes.avoid !== undefined && changes.avoid !== habit.avoid)
      keepTodayAsNewKind(habit.id, today, changes.avoid, now);
    return db
      .update(habits)
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.time !== undefined ? { dueTime: changes.time } : {}),
        ...(changes.active !== undefined
          ? { active: changes.active, stoppedOn: changes.active ? null : today }
          : {}),
        ...measureUpdate(habit, changes),
        ...(changes.avoid !== undefined ? { avoid: changes.avoid } : {}),
        schedules,
        updatedAt: now,
      })
      .where(eq(habits.id, habit.id))
      .returning()
      .get();
  });
}

const measureColumns = (measure: Measure | null) => ({
  unit: measure ? measure.unit : null,
  target: measure ? measure.target : null,
  targetPer: measure ? measure.per : null,
  atMost: measure ? measure.atMost : false,
});

/** A restart by name takes the target it was given, or keeps the one it had. */
const measureChanges = (measure: Measure | null): HabitChanges =>
  measure
    ? { target: measure.target, unit: measure.unit, per: measure.per, atMost: measure.atMost }
    : {};

/** The measure columns a change sets: a null target makes the habit yes/no again. */
function measureUpdate(habit: Habit, changes: HabitChanges) {
  const { target, unit, per, atMost } = changes;
  if ([target, unit, per, atMost].every((x) => x === undefined)) return {};
  const before = measureOf(habit);
  if (target === null) return measureColumns(null);
  const next = target ?? before?.target;
  if (next === undefined) throw new HabitError("Give the habit a target to count against.");
  return measureColumns({
    target: next,
    unit: unit ?? before?.unit ?? "",
    per: per ?? before?.per ?? "day",
    atMost: atMost ?? before?.atMost ?? false,
  });
}

export const stopHabit = (user: Owner, habitId: number, now = new Date()) =>
  updateHabit(user, habitId, { active: false }, now);

export const restartHabit = (user: Owner, habitId: number, now = new Date()) =>
  updateHabit(user, habitId, { active: true }, now);

/** The habit goes; the goals it made stay, as ordinary goals of their days. */
export function deleteHabit(user: Owner, habitId: number, now = new Date()): boolean {
  const habit = getHabit(user.id, habitId);
  if (!habit) return false;
  db.transaction(() => {
    dropOpenGoalOfToday(habit.id, todayFor(user, now));
    db.delete(habits).where(eq(habits.id, habit.id)).run();
  });
  return true;
}

/** Today's instance goes with a stopped habit unless it was already done or skipped. */
function dropOpenGoalOfToday(habitId: number, today: string) {
  db.delete(goals)
    .where(
      and(
        eq(goals.habitId, habitId),
        gte(goals.habitDay, today),
        isNull(goals.completedAt),
        isNull(goals.skippedAt),
      ),
    )
    .run();
}

/**
 * Today's goal starts over as one of the habit's new kind would: kept until a slip for a habit to
 * avoid, open for a habit to do. A rested day stays rested.
 */
function keepTodayAsNewKind(habitId: number, today: string, avoid: boolean, now: Date) {
  db.update(goals)
    .set({ completedAt: avoid ? now : null })
    .where(and(eq(goals.habitId, habitId), eq(goals.habitDay, today), isNull(goals.skippedAt)))
    .run();
}

function renameOpenGoalOfToday(habitId: number, today: string, title: string) {
  db.update(goals)
    .set({ description: title.trim() })
    .where(and(eq(goals.habitId, habitId), eq(goals.habitDay, today)))
    .run();
}

/** The active habit a text names ("stop habit meditation"): the one sharing most words, or null. */
export function findHabitByWords(userId: number, words: string): Habit | null {
  const wanted = keywords(words);
  const scored = listHabits(userId)
    .filter((h) => h.active)
    .map((h) => ({
      h,
      hits: keywords(h.title).filter((k) => wanted.some((w) => stemsMatch(w, k))).length,
    }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits);
  if (scored.length === 0) return null;
  if (scored.length > 1 && scored[0]!.hits === scored[1]!.hits) return null;
  return scored[0]!.h;
}

const keywords = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [])
    .filter((w) => w.length > 2 && !/^\d+$/.test(w) && !["the", "and", "my"].includes(w))
    .map(stem);
