import { CALENDAR_LEGEND, DAY_FILL, hslToHex } from "~/goals/outcome-colours";
import { pluralDays } from "~/utils/time/format";
import { weekdayLabels } from "~/utils/time/week-start";
import { INK, type Sheet } from "./pdf-sheet.server";
import type { ReportData } from "./report-data.server";
import { monthsToShow, monthTitle, monthWeeks, type CalendarCell } from "./report-rules";

const CELL = 20;
const GAP = 3;
const MONTH_WIDTH = 7 * CELL + 6 * GAP;

const fill = (cell: CalendarCell) => hslToHex(DAY_FILL[cell.outcome].print);

/** Day numbers read white on the dark 'All done' green, dark on every lighter fill. */
const numberColour = (cell: CalendarCell) =>
  !cell.inPeriod ? INK.border : cell.outcome === "done" ? INK.white : INK.foreground;

/**
 * The period's months as calendars, each day coloured by its outcome exactly as on the dashboard
 * (dayOutcome, the same fills and legend), at most three months side by side: the last ones of a
 * longer period, which the subtitle says.
 */
export function drawCalendar(sheet: Sheet, data: ReportData) {
  const { months, total } = monthsToShow(data.from, data.to);
  const grids = months.map((month) => ({
    month,
    weeks: monthWeeks(
      month,
      data.tallies,
      { from: data.from, to: data.to },
      data.today,
      data.user.weekStartsOn,
    ),
  }));
  const rows = Math.max(...grids.map((g) => g.weeks.length));
  const gridHeight = 30 + rows * (CELL + GAP);
  const days = [...data.tallies.values()].filter((t) => t.day <= data.today);
  const perfect = days.filter((t) => t.completed === t.total).length;
  const subtitle =
    total > months.length
      ? `The last ${months.length} of the period's ${total} months. Goals on ${pluralDays(days.length)} of the period, all completed on ${pluralDays(perfect)}.`
      : `Goals on ${pluralDays(days.length)} of the period, all completed on ${pluralDays(perfect)}.`;
  sheet.heading("Calendar", gridHeight + 24, subtitle);

  const spacing = (sheet.width - 3 * MONTH_WIDTH) / 2;
  const top = sheet.y;
  grids.forEach(({ month, weeks }, i) => {
    const x0 = sheet.left + i * (MONTH_WIDTH + spacing);
    sheet.write(monthTitle(month), x0, top, { font: "bold", size: 10 });
    weekdayLabels(data.user.weekStartsOn, "letter").forEach((label, d) =>
      sheet.write(label, x0 + d * (CELL + GAP), top + 15, {
        size: 7,
        color: INK.muted,
        width: CELL,
        align: "center",
      }),
    );
    weeks.forEach((week, w) =>
      week.forEach((cell, d) => {
        if (!cell) return;
        const x = x0 + d * (CELL + GAP);
        const y = top + 28 + w * (CELL + GAP);
        const rect = sheet.doc.roundedRect(x, y, CELL, CELL, 3);
        if (cell.inPeriod) rect.fill(fill(cell));
        else rect.lineWidth(0.5).stroke(INK.border);
        sheet.write(String(cell.date), x, y + 6.5, {
          size: 7,
          color: numberColour(cell),
          width: CELL,
          align: "center",
        });
      }),
    );
  });
  sheet.y = top + gridHeight;
  drawLegend(sheet);
}

function drawLegend(sheet: Sheet) {
  let x = sheet.left;
  const y = sheet.y;
  for (const { outcome, label } of CALENDAR_LEGEND) {
    sheet.doc.roundedRect(x, y + 0.5, 9, 9, 2).fill(hslToHex(DAY_FILL[outcome].print));
    sheet.write(label, x + 13, y + 1.5, { size: 8, color: INK.muted });
    x += 13 + sheet.textWidth(label, { size: 8 }) + 16;
  }
  sheet.y += 16;
}
