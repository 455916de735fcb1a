// Loop Habit Tracker's habits brought into an account, in one transaction: a refusal leaves the
// account as it was. A habit is found again by Loop's uuid, else by its name (habitNameKey), so a
// second import of the same file adds nothing; days the account has already are left as they are.
import { and, eq } from "drizzle-orm";
import type { Habit } from "../../../db/schema";
import { todayFor } from "~/goals/goals.server";
import { insertPastHabitDay } from "~/habits/habit-goals.server";
import { MAX_ACTIVE_HABITS, MAX_HABITS } from "~/habits/habit-schema";
import { habitsNamed, HabitError, listHabits } from "~/habits/habits.server";
import { scheduleSpan } from "~/habits/habit-rules";
import { db, schema } from "~/utils/db/db.server";
import type { LoopHabit } from "./loop-habits";
import { planHabit, type PlannedHabit } from "./loop-plan";

const { habits } = schema;

type Owner = { id: number; timezone: string; preferredCheckInTimeEvening: string };

export type LoopImportResult = {
  /** Habits made new; the others were found already. */
  habitsAdded: number;
  habitsFound: number;
  daysAdded: number;
  /** Days of the file not brought: in the future, too long ago, or on a day already full. */
  daysLeftOut: number;
};

function findHabit(userId: number, plan: PlannedHabit): Habit | undefined {
  if (plan.uuid) {
    const byUuid = db
      .select()
      .from(habits)
      .where(and(eq(habits.userId, userId), eq(habits.loopUuid, plan.uuid)))
      .get();
    if (byUuid) return byUuid;
  }
  // A habit of that name that came from no Loop file first; else one that did, so that two active
  // habits never share a name.
  const named = habitsNamed(userId, plan.title);
  return named.find((h) => h.loopUuid === null) ?? named[0];
}

function assertRoom(userId: number, newOnes: PlannedHabit[]) {
  const mine = listHabits(userId);
  const active = mine.filter((h) => h.active).length + newOnes.filter((p) => !p.stoppedOn).length;
  if (active > MAX_ACTIVE_HABITS)
    throw new HabitError(
      `This file would leave you ${active} active habits; you can keep at most ${MAX_ACTIVE_HABITS}. Archive some in Loop, or stop some here, and import again.`,
    );
  if (mine.length + newOnes.length > MAX_HABITS)
    throw new HabitError(
      `This file would leave you ${mine.length + newOnes.length} habits; you can keep at most ${MAX_HABITS}, stopped ones included.`,
    );
}

function insertHabit(userId: number, plan: PlannedHabit, now: Date): Habit {
  return db
    .insert(habits)
    .values({
      userId,
      title: plan.title,
      schedules: [scheduleSpan(plan.startDate, plan.schedule)],
      dueTime: plan.time,
      startDate: plan.startDate,
      active: plan.stoppedOn === null,
      stoppedOn: plan.stoppedOn,
      unit: plan.measure?.unit ?? null,
      target: plan.measure?.target ?? null,
      targetPer: plan.measure?.per ?? null,
      atMost: plan.measure?.atMost ?? false,
      loopUuid: plan.uuid,
      updatedAt: now,
    })
    .returning()
    .get();
}

/** A habit found again takes the file's uuid, and starts early enough to hold the file's days. */
function adopt(habit: Habit, plan: PlannedHabit): Habit {
  const startDate = plan.startDate < habit.startDate ? plan.startDate : habit.startDate;
  const loopUuid = habit.loopUuid ?? plan.uuid;
  if (startDate === habit.startDate && loopUuid === habit.loopUuid) return habit;
  const [first, ...rest] = habit.schedules;
  const schedules =
    first && first.from > startDate ? [{ ...first, from: startDate }, ...rest] : habit.schedules;
  return db
    .update(habits)
    .set({ startDate, loopUuid, schedules })
    .where(eq(habits.id, habit.id))
    .returning()
    .get();
}

/** Brings the habits of a Loop file into the user's account; a HabitError when there is no room. */
export function importLoopHabits(
  user: Owner,
  loopHabits: LoopHabit[],
  now = new Date(),
): LoopImportResult {
  const today = todayFor(user, now);
  const plans = loopHabits.map((h) => planHabit(h, today));
  return db.transaction(() => {
    const result = { habitsAdded: 0, habitsFound: 0, daysAdded: 0, daysLeftOut: 0 };
    const found = plans.map((plan) => findHabit(user.id, plan));
    assertRoom(
      user.id,
      plans.filter((_, i) => !found[i]),
    );
    plans.forEach((plan, i) => {
      const existing = found[i] ?? findHabit(user.id, plan);
      const habit = existing ? adopt(existing, plan) : insertHabit(user.id, plan, now);
      if (existing) result.habitsFound++;
      else result.habitsAdded++;
      result.daysLeftOut += plan.leftOut;
      for (const day of plan.days) {
        const outcome = insertPastHabitDay(user, habit, day, now);
        if (outcome === "added") result.daysAdded++;
        if (outcome === "full") result.daysLeftOut++;
      }
    });
    return result;
  });
}
