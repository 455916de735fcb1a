import PDFDocument from "pdfkit";
import { formatDateTime, formatLongDate, pluralDays } from "~/utils/format";
import { localDay, startOfLocalDay, type LocalDay } from "~/utils/local-time";
import {
  completionRate,
  DATE_RANGES,
  dateRangeDays,
  GOAL_STATE_LABELS,
  goalState,
  type DateRange,
} from "./goal-rules";
import { goalsBetween, goalStats, listAllGoals, todayFor } from "./goals.server";

type ReportUser = { id: number; email: string; timezone: string; createdAt: Date };

const MAX_ROWS = 500;

/** A PDF progress report: the period, its goals and completion, and the current streak. */
export async function progressReportPdf(
  user: ReportUser,
  range: DateRange,
  now = new Date(),
): Promise<Buffer> {
  const today = todayFor(user, now);
  const bounds = dateRangeDays(range, today);
  // "All time" has no bounds: every goal, and the period its due dates span.
  const goals =
    bounds.from && bounds.to
      ? goalsBetween(user, bounds.from, bounds.to)
      : listAllGoals(user.id).reverse();
  const from: LocalDay =
    bounds.from ?? (goals[0] ? localDay(goals[0].dueDate, user.timezone) : today);
  const to: LocalDay =
    bounds.to ?? (goals.at(-1) ? localDay(goals.at(-1)!.dueDate, user.timezone) : today);
  const completed = goals.filter((g) => g.completedAt).length;
  const stats = goalStats(user, now);
  const label = DATE_RANGES.find((r) => r.value === range)?.label ?? "All time";

  const doc = new PDFDocument({
    size: "LETTER",
    margin: 50,
    info: { Title: "StreakCoach progress report" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const tz = user.timezone;
  doc.fontSize(20).text("StreakCoach progress report");
  doc.moveDown(0.5).fontSize(11).fillColor("#444");
  doc.text(`Account: ${user.email}`);
  doc.text(
    `Period: ${label} (${formatLongDate(startOfLocalDay(from, tz), tz)} to ${formatLongDate(startOfLocalDay(to, tz), tz)})`,
  );
  doc.text(`Generated: ${formatDateTime(now, tz)}`);
  doc.moveDown().fillColor("#000").fontSize(14).text("Summary");
  doc.fontSize(11);
  doc.text(`Goals in this period: ${goals.length}`);
  doc.text(`Completed in this period: ${completed} (${completionRate(goals.length, completed)}%)`);
  doc.text(`Current streak: ${pluralDays(stats.streak)}`);
  doc.text(`All-time completion rate: ${stats.completionRate}% of ${stats.totalGoals} goals`);
  doc.moveDown().fontSize(14).text("Goals");
  doc.fontSize(10);
  if (goals.length === 0) doc.text("No goals in this period.");
  for (const goal of goals.slice(-MAX_ROWS).reverse()) {
    doc.text(
      `${GOAL_STATE_LABELS[goalState(goal, now, tz)].padEnd(10)} ${formatDateTime(goal.dueDate, tz)}  ${goal.description}`,
    );
  }
  if (goals.length > MAX_ROWS) doc.text(`…and ${goals.length - MAX_ROWS} earlier goals.`);
  doc.end();
  return done;
}
