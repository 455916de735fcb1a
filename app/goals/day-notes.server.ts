import { and, desc, eq, gte, lte, max } from "drizzle-orm";
import type { LocalDay } from "~/utils/time/local-time";
import { db, schema } from "~/utils/db/db.server";
import { todayFor } from "./goals.server";

// The coach's note belongs to the user's day, not to each goal: written once per check-in, the day
// shows the latest that stands, and undoing the change it followed takes it away.

const { dayNotes, changeJournal } = schema;

type Owner = { id: number; timezone: string };

/** Stores the coach's note on the user's day; it replaces the day's earlier note. */
export function writeDayNote(user: Owner, note: string, now = new Date()) {
  const last = db
    .select({ id: max(changeJournal.id) })
    .from(changeJournal)
    .where(eq(changeJournal.userId, user.id))
    .get();
  db.insert(dayNotes)
    .values({
      userId: user.id,
      day: todayFor(user, now),
      note: note.trim(),
      afterEntryId: last?.id ?? 0,
      createdAt: now,
    })
    .run();
}

/** The note that stands on a day, or null (an empty note says the day has none). */
export function dayNote(userId: number, day: LocalDay): string | null {
  const row = db
    .select({ note: dayNotes.note })
    .from(dayNotes)
    .where(and(eq(dayNotes.userId, userId), eq(dayNotes.day, day)))
    .orderBy(desc(dayNotes.id))
    .limit(1)
    .get();
  return row?.note || null;
}

/** The standing note of each day from `from` to `to`. */
export function dayNotesBetween(userId: number, from: LocalDay, to: LocalDay) {
  const rows = db
    .select({ day: dayNotes.day, note: dayNotes.note })
    .from(dayNotes)
    .where(and(eq(dayNotes.userId, userId), gte(dayNotes.day, from), lte(dayNotes.day, to)))
    .orderBy(dayNotes.id)
    .all();
  const notes = new Map<LocalDay, string>();
  for (const { day, note } of rows) {
    if (note) notes.set(day, note);
    else notes.delete(day);
  }
  return notes;
}

/** Every note kept for the user, oldest first, for the data export. */
export function allDayNotes(userId: number) {
  return db
    .select({ day: dayNotes.day, note: dayNotes.note, createdAt: dayNotes.createdAt })
    .from(dayNotes)
    .where(eq(dayNotes.userId, userId))
    .orderBy(dayNotes.id)
    .all();
}

/** The last note the user was given, today's or an earlier day's (the coach does not repeat it). */
export function latestDayNote(user: Owner, now = new Date()): string | null {
  const row = db
    .select({ note: dayNotes.note })
    .from(dayNotes)
    .where(and(eq(dayNotes.userId, user.id), lte(dayNotes.day, todayFor(user, now))))
    .orderBy(desc(dayNotes.day), desc(dayNotes.id))
    .limit(1)
    .get();
  return row?.note || null;
}

/** Notes written after a change that is being undone spoke of a day that no longer is. */
export function forgetNotesSince(userId: number, entryId: number) {
  db.delete(dayNotes)
    .where(and(eq(dayNotes.userId, userId), gte(dayNotes.afterEntryId, entryId)))
    .run();
}
