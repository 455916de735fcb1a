import { completionRate, rateBasis } from "~/goals/goal-numbers";
import { formatDateTime, formatLongDate, pluralDays } from "~/utils/time/format";
import { startOfLocalDay } from "~/utils/time/local-time";
import { INK, type Sheet } from "./pdf-sheet.server";
import type { ReportData } from "./report-data.server";
import { printable } from "./report-rules";

const count = (n: number) => n.toLocaleString("en-US");

export const REPORT_TITLE = "StreakCoach progress report";

/** The first page's head: a band in the brand colour, the title, whose report, which period, when. */
export function drawHeader(sheet: Sheet, data: ReportData) {
  const { doc } = sheet;
  const tz = data.user.timezone;
  doc.rect(0, 0, 612, 6).fill(INK.primary);
  sheet.y = 34;
  sheet.write(REPORT_TITLE, sheet.left, sheet.y, { font: "bold", size: 22 });
  sheet.y += 32;
  const period = `${formatLongDate(startOfLocalDay(data.from, tz), tz)} to ${formatLongDate(startOfLocalDay(data.to, tz), tz)}`;
  for (const line of [
    `Account: ${printable(data.user.email)}`,
    `Period: ${data.rangeLabel} (${period})`,
    `Generated: ${formatDateTime(data.now, tz)}`,
  ]) {
    sheet.y += sheet.write(line, sheet.left, sheet.y, { size: 10, color: INK.muted });
    sheet.y += 2;
  }
  sheet.y += 10;
  sheet.rule(sheet.y);
  sheet.y += 16;
}

/** Four cards like the dashboard's stat cards: streak, best streak, completion rate, goals completed. */
export function drawSummaryTiles(sheet: Sheet, data: ReportData) {
  const { counts } = data;
  const { completed, skipped, missed, open } = counts;
  const rest = [
    skipped ? `${count(skipped)} skipped` : "",
    missed ? `${count(missed)} missed` : "",
    open ? `${count(open)} still open` : "",
  ].filter(Boolean);
  const tiles = [
    {
      title: "Current streak",
      value: pluralDays(data.streak.current),
      hint: "Consecutive days with a completed goal",
    },
    {
      title: "Best streak",
      value: pluralDays(data.streak.longest),
      hint: "Longest run of such days so far",
    },
    {
      title: "Completion rate",
      value: `${completionRate(counts)}%`,
      hint: `${rateBasis(counts)}; skipped and missed count as not completed`,
    },
    {
      title: "Goals completed",
      value: `${count(completed)} of ${count(data.total)}`,
      hint: rest.length ? rest.join(", ") : "In this period",
    },
  ];
  const gap = 10;
  const width = (sheet.width - gap * (tiles.length - 1)) / tiles.length;
  const height = 82;
  sheet.need(height);
  tiles.forEach((tile, i) => {
    const x = sheet.left + i * (width + gap);
    const y = sheet.y;
    sheet.doc
      .roundedRect(x, y, width, height, 6)
      .lineWidth(0.75)
      .fillAndStroke(INK.white, INK.border);
    sheet.write(tile.title, x + 10, y + 10, { size: 8.5, color: INK.muted, width: width - 20 });
    // Large figures ('1,877 of 2,190') shrink to stay on one line.
    let size = 19;
    while (size > 11 && sheet.textWidth(tile.value, { font: "bold", size }) > width - 20) size -= 1;
    sheet.write(tile.value, x + 10, y + 24 + (19 - size) / 2, { font: "bold", size });
    sheet.write(tile.hint, x + 10, y + 52, {
      size: 7,
      color: INK.muted,
      width: width - 20,
      lineGap: 1,
    });
  });
  sheet.y += height;
}
