import type { DateRange } from "~/goals/goal-rules";
import { drawCalendar } from "./draw-calendar.server";
import { drawGoals } from "./draw-goals.server";
import { drawHabits } from "./draw-habits.server";
import { drawHeader, drawSummaryTiles, REPORT_TITLE } from "./draw-summary.server";
import { drawTrend } from "./draw-trend.server";
import { newReportDocument, Sheet } from "./pdf-sheet.server";
import { reportData, type ReportUser } from "./report-data.server";
import { printable } from "./report-rules";

/**
 * The PDF progress report a person keeps: the period's figures, its calendar, the weekly completion
 * trend, each habit's days done and strength, and its goals day by day with outcomes, proof photos and the coach's notes.
 */
export async function progressReportPdf(
  user: ReportUser,
  range: DateRange,
  now = new Date(),
): Promise<Buffer> {
  const data = await reportData(user, range, now);
  const email = printable(user.email);
  const doc = newReportDocument(REPORT_TITLE, email);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const sheet = new Sheet(
    doc,
    `${REPORT_TITLE}  ·  ${email}  ·  ${data.rangeLabel}`,
    `StreakCoach  ·  ${email}`,
  );
  drawHeader(sheet, data);
  drawSummaryTiles(sheet, data);
  drawCalendar(sheet, data);
  drawTrend(sheet, data);
  drawHabits(sheet, data);
  drawGoals(sheet, data);
  sheet.finish();
  doc.end();
  return done;
}
