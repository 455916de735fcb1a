import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { localDay, type LocalDay } from "~/utils/time/local-time";

// The one place a goal gets its day number: set (pages, /api, texts, web chat, habits) or moved to
// another day. goal_day_numbers keeps the last number given on each of a user's local days, so a
// number is never given twice: a removed goal leaves a gap, and its undo finds its number free.

const takeNumber = preparedQuery(() =>
  sqlite
    .prepare<[number, string], number>(
      `insert into goal_day_numbers (user_id, day, last) values (?, ?, 1)
     on conflict (user_id, day) do update set last = last + 1 returning last`,
    )
    .pluck(),
);

const giveBackNumber = preparedQuery(() =>
  sqlite.prepare<[number, string, number]>(
    "update goal_day_numbers set last = last - 1 where user_id = ? and day = ? and last = ?",
  ),
);

/** The next number of the user's local day; call it in the transaction that writes the goal. */
export function takeDayNumber(userId: number, day: LocalDay): number {
  return takeNumber().get(userId, day)!;
}

/** A number taken for a goal that was not written after all (another writer made it first). */
export function giveBackDayNumber(userId: number, day: LocalDay, number: number) {
  giveBackNumber().run(userId, day, number);
}

/** A goal's number once its due date changes: the same day keeps it, another day gives its next. */
export function dayNumberAfterMove(
  userId: number,
  timeZone: string,
  goal: { dueDate: Date; dayNumber: number | null },
  dueDate: Date,
) {
  const day = localDay(dueDate, timeZone);
  if (goal.dayNumber !== null && day === localDay(goal.dueDate, timeZone)) return goal.dayNumber;
  return takeDayNumber(userId, day);
}
