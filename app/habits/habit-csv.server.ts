import type { Habit } from "../../db/schema";
import { csvLine } from "~/utils/text/csv";
import { clampToHistory, eachDay, historyDayCount } from "~/utils/time/date-window";
import type { LocalDay } from "~/utils/time/local-time";
import { BATCH_SIZE } from "~/utils/requests/streamed-download.server";
import { habitHistories } from "./habit-history.server";
import { formatAmount } from "./habit-measure";

/**
 * The habits as Loop Habit Tracker's checkmarks CSV: a Date column, then one column per habit, newest
 * day first; 1 done, 0 due and not done (skipped, missed or still open), empty when not due. A
 * measured habit's day with a value shows the value, as Loop's numerical habits do.
 */
export function* habitsCsv(habits: Habit[], today: LocalDay): Generator<string, void, undefined> {
  const histories = habitHistories(habits, today);
  const byDay = habits.map((h) => new Map(histories.get(h.id)!.days.map((d) => [d.day, d])));
  const first = habits.reduce((min, h) => (h.startDate < min ? h.startDate : min), today);
  yield csvLine(["Date", ...habits.map((h) => h.title)]) + "\r\n";
  const allDays = eachDay(clampToHistory(first, today), today, historyDayCount(today)).reverse();
  for (let i = 0; i < allDays.length; i += BATCH_SIZE) {
    const lines = allDays.slice(i, i + BATCH_SIZE).map((day) => {
      const cells = byDay.map((days) => {
        const entry = days.get(day);
        if (entry === undefined) return "";
        if (entry.value !== undefined && entry.value !== null) return formatAmount(entry.value);
        return entry.outcome === "done" ? "1" : "0";
      });
      return csvLine([day, ...cells]);
    });
    yield lines.join("\r\n") + "\r\n";
  }
}
