import type { Habit } from "../../db/schema";
import { csvLine } from "~/utils/csv";
import { clampToWindow, eachDay } from "~/utils/date-window";
import type { LocalDay } from "~/utils/local-time";
import { habitHistories } from "./habit-history.server";

/**
 * The habits as Loop Habit Tracker's checkmarks CSV: a Date column, then one column per habit, newest
 * day first; 1 done, 0 due and not done (skipped, missed or still open), empty when not due.
 */
export function habitsCsv(habits: Habit[], today: LocalDay): string {
  const histories = habitHistories(habits, today);
  const byDay = habits.map(
    (h) => new Map(histories.get(h.id)!.days.map((d) => [d.day, d.outcome])),
  );
  const first = habits.reduce((min, h) => (h.startDate < min ? h.startDate : min), today);
  const lines = [csvLine(["Date", ...habits.map((h) => h.title)])];
  for (const day of eachDay(clampToWindow(first, today), today).reverse()) {
    const cells = byDay.map((days) => {
      const outcome = days.get(day);
      return outcome === undefined ? "" : outcome === "done" ? "1" : "0";
    });
    lines.push(csvLine([day, ...cells]));
  }
  return lines.join("\r\n") + "\r\n";
}
