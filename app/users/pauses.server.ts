import { and, asc, eq, gte, isNull, lt, or } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";
import { addDays, localDay, startOfLocalDay, type LocalDay } from "~/utils/time/local-time";
import { pausedDays, type PauseSpan } from "./paused-days";

// The one owner of a pause: the texts it holds back (users.pausedUntil, users.sendCheckInReminders)
// and the days it covers (pauses), written together, whoever pauses (a text, the settings switch).

const { pauses, users } = schema;

type PausingUser = { id: number; timezone: string };

/** A person's pauses, oldest first. */
export function pausesOf(userId: number): PauseSpan[] {
  return db
    .select({ from: pauses.fromDay, to: pauses.toDay })
    .from(pauses)
    .where(eq(pauses.userId, userId))
    .orderBy(asc(pauses.fromDay))
    .all();
}

/** The days a person's pauses cover, for their streaks. */
export function pausedDaysOf(userId: number) {
  return pausedDays(pausesOf(userId));
}

/**
 * Pauses from today: for `days` days (texts come back after them), or until the person resumes
 * (`days` null: check-in texts off, as the settings switch turns them off).
 */
export function pauseFrom(user: PausingUser, days: number | null, now = new Date()) {
  const today = localDay(now, user.timezone);
  db.transaction((tx) => {
    if (days === null) {
      tx.update(users)
        .set({ sendCheckInReminders: false, pausedUntil: null, updatedAt: now })
        .where(eq(users.id, user.id))
        .run();
    } else {
      const until = startOfLocalDay(addDays(today, days), user.timezone);
      tx.update(users)
        .set({ pausedUntil: until, updatedAt: now })
        .where(eq(users.id, user.id))
        .run();
    }
    const to = days === null ? null : addDays(today, days - 1);
    tx.insert(pauses).values({ userId: user.id, fromDay: today, toDay: to }).run();
  });
}

/** Texts on again and every pause ended: today is an ordinary day again. */
export function resumeFrom(user: PausingUser, now = new Date()) {
  const today = localDay(now, user.timezone);
  db.transaction((tx) => {
    tx.update(users)
      .set({ sendCheckInReminders: true, pausedUntil: null, updatedAt: now })
      .where(eq(users.id, user.id))
      .run();
    endPausesOn(tx, user.id, today);
  });
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Pauses that begin today or later are dropped; those still running end yesterday. */
function endPausesOn(tx: Tx, userId: number, today: LocalDay) {
  tx.delete(pauses)
    .where(and(eq(pauses.userId, userId), gte(pauses.fromDay, today)))
    .run();
  tx.update(pauses)
    .set({ toDay: addDays(today, -1) })
    .where(
      and(
        eq(pauses.userId, userId),
        lt(pauses.fromDay, today),
        or(isNull(pauses.toDay), gte(pauses.toDay, today)),
      ),
    )
    .run();
}

/**
 * The settings switch: turning check-in texts off starts a pause until they are on again, turning them
 * on ends it. Called inside the settings' own update, with its transaction.
 */
export function followCheckInSwitch(tx: Tx, user: PausingUser, on: boolean, now = new Date()) {
  const today = localDay(now, user.timezone);
  if (on) endPausesOn(tx, user.id, today);
  else tx.insert(pauses).values({ userId: user.id, fromDay: today, toDay: null }).run();
}
