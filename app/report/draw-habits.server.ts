import { DAY_FILL, hslToHex } from "~/goals/outcome-colours";
import { INK, type Sheet } from "./pdf-sheet.server";
import type { ReportData } from "./report-data.server";
import { printable } from "./report-rules";
import { describeMeasure, formatAmount } from "~/habits/habit-measure";

export const HABITS_HEADING = "Habits";

const ROW_HEIGHT = 30;
const BAR_WIDTH = 90;

/**
 * One row per habit: its schedule, the period's days done of due, its streak today and its strength
 * as a bar in the calendar's 'All done' green. Nothing at all for someone without habits.
 */
export function drawHabits(sheet: Sheet, data: ReportData) {
  if (data.habits.length === 0) return;
  sheet.heading(
    HABITS_HEADING,
    ROW_HEIGHT * Math.min(3, data.habits.length),
    "Days done of the days due in this period; streak and strength as of today.",
  );
  const green = hslToHex(DAY_FILL.done.print);
  const figuresX = sheet.left + sheet.width * 0.45;
  const barX = sheet.right - BAR_WIDTH;
  for (const habit of data.habits) {
    sheet.need(ROW_HEIGHT);
    const y = sheet.y + 4;
    sheet.write(printable(habit.title), sheet.left, y, {
      font: "bold",
      width: figuresX - sheet.left - 10,
    });
    sheet.write(
      `${habit.schedule}${measuredWords(habit)}${habit.active ? "" : " · stopped"}`,
      sheet.left,
      y + 13,
      { size: 8, color: INK.muted, width: figuresX - sheet.left - 10 },
    );
    const unit = habit.streakUnit === "weeks" ? "wk" : "d";
    sheet.write(
      `${habit.done} of ${habit.due} done  ·  streak ${habit.streak} ${unit}`,
      figuresX,
      y + 4,
      { size: 9 },
    );
    sheet.doc.roundedRect(barX, y + 5, BAR_WIDTH - 34, 7, 3).fill(INK.border);
    if (habit.strength > 0)
      sheet.doc
        .roundedRect(barX, y + 5, Math.max(7, ((BAR_WIDTH - 34) * habit.strength) / 100), 7, 3)
        .fill(green);
    sheet.write(`${habit.strength}%`, sheet.right - 30, y + 3, {
      size: 9,
      font: "bold",
      width: 30,
      align: "right",
    });
    sheet.y += ROW_HEIGHT;
    sheet.rule(sheet.y - 2);
  }
  sheet.y += 12;
}

/** " · 30 pages a day, 412 pages in this period" for a measured habit; "" for a yes/no one. */
function measuredWords(habit: ReportData["habits"][number]) {
  if (habit.target === null) return "";
  const unit = habit.unit ?? "";
  const measure = { target: habit.target, unit, per: habit.per ?? "day", atMost: habit.atMost };
  return ` · ${describeMeasure(measure)}, ${formatAmount(habit.total)} ${unit} in this period`;
}
