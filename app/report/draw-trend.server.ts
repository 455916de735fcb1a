import { DAY_FILL, hslToHex } from "~/goals/outcome-colours";
import { INK, type Sheet } from "./pdf-sheet.server";
import type { ReportData } from "./report-data.server";
import { weekSpanWords } from "~/utils/time/week-start";
import { shortDay, weeklyTrend } from "./report-rules";

export const TREND_HEADING = "Completion trend by week";

const CHART_HEIGHT = 120;
const AXIS_WIDTH = 30;

/**
 * Weekly completion % as bars (PDFKit vector paths), the 'All done' green of the calendar, with the
 * week's first day under each bar; weeks without goals show a dash. The last 26 weeks at most.
 */
export function drawTrend(sheet: Sheet, data: ReportData) {
  const firstDay = data.user.weekStartsOn;
  const { weeks, total } = weeklyTrend(data.tallies, data.from, data.to, data.today, firstDay);
  const subtitle =
    (total > weeks.length ? `The last ${weeks.length} of ${total} weeks. ` : "") +
    `Share of each week's decided goals completed (${weekSpanWords(firstDay)}); skipped and missed count as not completed.`;
  sheet.heading(TREND_HEADING, CHART_HEIGHT + 30, subtitle);
  if (weeks.length === 0) {
    sheet.y += sheet.write("No weeks to show yet.", sheet.left, sheet.y, { color: INK.muted });
    return;
  }

  const doc = sheet.doc;
  const top = sheet.y + 12;
  const baseline = top + CHART_HEIGHT;
  const plotLeft = sheet.left + AXIS_WIDTH;
  const plotWidth = sheet.width - AXIS_WIDTH;
  for (const pct of [0, 25, 50, 75, 100]) {
    const y = baseline - (pct / 100) * CHART_HEIGHT;
    doc
      .moveTo(plotLeft, y)
      .lineTo(sheet.right, y)
      .lineWidth(pct === 0 ? 0.75 : 0.5)
      .strokeColor(pct === 0 ? INK.muted : INK.border)
      .stroke();
    sheet.write(`${pct}%`, sheet.left, y - 3.5, {
      size: 7,
      color: INK.muted,
      width: AXIS_WIDTH - 6,
      align: "right",
    });
  }

  const slot = plotWidth / weeks.length;
  const barWidth = Math.min(32, slot * 0.66);
  // Labels at least 34 points apart: every week when they fit, else every second, third...
  const labelEvery = Math.ceil(34 / slot);
  const green = hslToHex(DAY_FILL.done.print);
  weeks.forEach((week, i) => {
    const centre = plotLeft + slot * (i + 0.5);
    if (week.rate === null) {
      sheet.write("-", centre - 10, baseline - 10, {
        size: 8,
        color: INK.muted,
        width: 20,
        align: "center",
      });
    } else {
      const height = Math.max(1, (week.rate / 100) * CHART_HEIGHT);
      doc.roundedRect(centre - barWidth / 2, baseline - height, barWidth, height, 2).fill(green);
      if (slot >= 17) {
        sheet.write(`${week.rate}%`, centre - slot / 2, baseline - height - 9, {
          size: slot >= 24 ? 7 : 6,
          color: INK.foreground,
          width: slot,
          align: "center",
        });
      }
    }
    if (i % labelEvery === (weeks.length - 1) % labelEvery) {
      sheet.write(shortDay(week.start), centre - 20, baseline + 4, {
        size: 7,
        color: INK.muted,
        width: 40,
        align: "center",
      });
    }
  });
  sheet.y = baseline + 18;
}
