import type { Goal } from "../../db/schema";
import { STATE_BADGE } from "~/goals/outcome-colours";
import { GOAL_STATE_LABELS, goalState } from "~/goals/goal-rules";
import { formatDateTime, formatTime } from "~/utils/time/format";
import { localDay, type LocalDay } from "~/utils/time/local-time";
import { INK, type Sheet } from "./pdf-sheet.server";
import { isStoredProof, type ReportPhoto } from "./proof-images.server";
import type { ReportData } from "./report-data.server";
import { goalsByDay, longDay, printable } from "./report-rules";
import { formatAmount } from "~/habits/habit-measure";

export const GOALS_HEADING = "Goals by day";
export const NO_GOALS = "No goals in this period.";

const BADGE = { width: 62, height: 15 };
const TEXT_X = BADGE.width + 10;
const PHOTO = 56;
const DAY_BAR = 22;
const NOTE_GAP = 6;

type Row = { goal: Goal; note: string | null };

/**
 * Each day of the period (newest first) with its goals: the status badge of the dashboard, the due and
 * completion times, proof photos and the coach's notes. A day or goal never splits across pages.
 */
export function drawGoals(sheet: Sheet, data: ReportData) {
  const tz = data.user.timezone;
  const groups = goalsByDay(data.listed, tz, data.dayNotes);
  const subtitle =
    data.total > data.listed.length
      ? `The newest ${data.listed.length} of the period's ${data.total.toLocaleString("en-US")} goals; the figures, calendar and trend above count them all.`
      : undefined;
  const firstRow = groups[0]?.goals[0];
  sheet.heading(
    GOALS_HEADING,
    DAY_BAR + 2 + (firstRow ? rowHeight(sheet, data, firstRow) : 20),
    subtitle,
  );
  if (groups.length === 0) {
    sheet.y += sheet.write(NO_GOALS, sheet.left, sheet.y, { color: INK.muted });
    return;
  }
  for (const group of groups) {
    group.goals.forEach((row, i) => {
      // The day's note stays on the page of its last goal.
      const note =
        i === group.goals.length - 1 && group.note ? NOTE_GAP + noteHeight(sheet, group.note) : 0;
      const height = rowHeight(sheet, data, row) + note;
      if (i === 0) {
        sheet.need(DAY_BAR + 2 + height);
        dayBar(sheet, group.day, group.goals, false);
      } else if (sheet.need(height)) {
        dayBar(sheet, group.day, group.goals, true);
      } else {
        sheet.rule(sheet.y - 1);
      }
      drawRow(sheet, data, row);
    });
    if (group.note) {
      sheet.y += NOTE_GAP - 4;
      drawNote(sheet, group.note, sheet.left);
      sheet.y += 4;
    }
    sheet.y += 8;
  }
}

function dayBar(sheet: Sheet, day: LocalDay, rows: Row[], continued: boolean) {
  const done = rows.filter((r) => r.goal.completedAt).length;
  sheet.doc.roundedRect(sheet.left, sheet.y, sheet.width, DAY_BAR - 4, 4).fill(INK.mutedFill);
  sheet.write(longDay(day) + (continued ? " (continued)" : ""), sheet.left + 8, sheet.y + 4.5, {
    font: "bold",
    size: 9.5,
  });
  sheet.write(`${done} of ${rows.length} completed`, sheet.left, sheet.y + 5, {
    size: 8.5,
    color: INK.muted,
    width: sheet.width - 8,
    align: "right",
  });
  sheet.y += DAY_BAR + 2;
}

function meta(goal: Goal, tz: string) {
  const parts = [`Due by ${formatTime(goal.dueDate, tz)}`];
  const at = (instant: Date) =>
    localDay(instant, tz) === localDay(goal.dueDate, tz)
      ? formatTime(instant, tz)
      : formatDateTime(instant, tz);
  if (goal.completedAt) parts.push(`Completed at ${at(goal.completedAt)}`);
  else if (goal.skippedAt) parts.push(`Skipped at ${at(goal.skippedAt)}`);
  return parts.join("  ·  ");
}

const textWidth = (sheet: Sheet) => sheet.width - TEXT_X;

function photosOf(data: ReportData, goal: Goal) {
  const shown: { url: string; photo: ReportPhoto }[] = [];
  let left = 0;
  for (const url of goal.proofImageUrls.filter(isStoredProof)) {
    if (data.photos.has(url)) shown.push({ url, photo: data.photos.get(url)! });
    else left += 1;
  }
  return { shown, left };
}

/** "Amount: 35 · Note: great chapter": what a habit's day holds besides its outcome. */
function dayRecord(goal: Goal) {
  const parts = [
    goal.value === null ? "" : `Amount: ${formatAmount(goal.value)}`,
    goal.note ? `Note: ${printable(goal.note)}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

function rowHeight(sheet: Sheet, data: ReportData, { goal, note }: Row) {
  const width = textWidth(sheet);
  let height = 5 + sheet.measure(printable(goal.description), { width }) + 3 + 12;
  if (goal.proofDescription) {
    height += sheet.measure(`Photo: ${printable(goal.proofDescription)}`, { size: 8, width }) + 2;
  }
  const record = dayRecord(goal);
  if (record) height += sheet.measure(record, { size: 8, width }) + 2;
  const { shown, left } = photosOf(data, goal);
  if (shown.length) height += PHOTO + 8;
  if (left) height += 12;
  if (note) height += noteHeight(sheet, note, TEXT_X) + 6;
  return height + 6;
}

function drawRow(sheet: Sheet, data: ReportData, { goal, note }: Row) {
  const tz = data.user.timezone;
  const x = sheet.left + TEXT_X;
  const width = textWidth(sheet);
  const state = goalState(goal, data.now, tz);
  const colours = STATE_BADGE[state].print;
  sheet.y += 5;
  sheet.doc
    .roundedRect(sheet.left, sheet.y - 1, BADGE.width, BADGE.height, BADGE.height / 2)
    .fill(colours.bg);
  sheet.write(GOAL_STATE_LABELS[state], sheet.left, sheet.y + 3, {
    font: "bold",
    size: 7.5,
    color: colours.fg,
    width: BADGE.width,
    align: "center",
  });
  sheet.y += sheet.write(printable(goal.description), x, sheet.y, { width }) + 3;
  sheet.y += sheet.write(meta(goal, tz), x, sheet.y, { size: 8, color: INK.muted }) + 1;
  if (goal.proofDescription) {
    sheet.y += 2;
    sheet.y += sheet.write(`Photo: ${printable(goal.proofDescription)}`, x, sheet.y, {
      size: 8,
      color: INK.muted,
      width,
    });
  }
  const record = dayRecord(goal);
  if (record) {
    sheet.y += 2;
    sheet.y += sheet.write(record, x, sheet.y, { size: 8, color: INK.muted, width });
  }
  const { shown, left } = photosOf(data, goal);
  if (shown.length) {
    sheet.y += 6;
    shown.forEach(({ photo }, i) => drawPhoto(sheet, photo, x + i * (PHOTO + 6), sheet.y));
    sheet.y += PHOTO + 2;
  }
  if (left) {
    sheet.y += 2;
    sheet.y += sheet.write(
      `${left} more ${left === 1 ? "photo" : "photos"} not included in this report`,
      x,
      sheet.y,
      { size: 8, color: INK.muted },
    );
  }
  if (note) {
    sheet.y += 6;
    drawNote(sheet, note, x);
  }
  sheet.y += 6;
}

/** A photo cropped to a rounded square, like the dashboard's thumbnails; 'No preview' for no image. */
function drawPhoto(sheet: Sheet, photo: ReportPhoto, x: number, y: number) {
  const doc = sheet.doc;
  doc.save();
  doc.roundedRect(x, y, PHOTO, PHOTO, 4).clip();
  doc.rect(x, y, PHOTO, PHOTO).fill(INK.mutedFill);
  let drawn = false;
  if (photo) {
    try {
      doc.image(photo, x, y, { cover: [PHOTO, PHOTO], align: "center", valign: "center" });
      drawn = true;
    } catch {
      // Not a JPEG PDFKit can read after all: the placeholder below.
    }
  }
  doc.restore();
  if (!drawn) drawPlaceholder(sheet, x, y);
}

/** The dashboard's 'No preview' picture: a crossed-out photo on grey. */
function drawPlaceholder(sheet: Sheet, x: number, y: number) {
  const doc = sheet.doc;
  const s = PHOTO / 160;
  doc.roundedRect(x, y, PHOTO, PHOTO, 4).fill("#e5e7eb");
  doc.save();
  doc.translate(x, y).scale(s);
  doc.lineWidth(5).strokeColor("#4b5563").lineCap("round").lineJoin("round");
  doc.roundedRect(48, 30, 64, 52, 6).stroke();
  doc.moveTo(52, 74).lineTo(70, 56).lineTo(84, 70).lineTo(92, 62).lineTo(108, 78).stroke();
  doc.moveTo(40, 22).lineTo(120, 90).stroke();
  doc.restore();
  sheet.write("No preview", x, y + PHOTO - 15, {
    size: 7,
    color: "#374151",
    width: PHOTO,
    align: "center",
  });
}

const NOTE_LABEL = "Coach's note";

function noteHeight(sheet: Sheet, note: string, indent = 0) {
  return (
    sheet.measure(printable(note), {
      font: "italic",
      size: 9,
      width: sheet.width - indent - 22,
    }) + 24
  );
}

/** The coach's feedback as a soft blue box with a bar in the brand colour. */
function drawNote(sheet: Sheet, note: string, x: number) {
  const width = sheet.right - x;
  const height = noteHeight(sheet, note, x - sheet.left);
  sheet.doc.rect(x, sheet.y, width, height).fill(INK.primarySoft);
  sheet.doc.rect(x, sheet.y, 3, height).fill(INK.primary);
  sheet.write(NOTE_LABEL, x + 12, sheet.y + 7, { font: "bold", size: 7.5, color: INK.primary });
  sheet.write(printable(note), x + 12, sheet.y + 18, {
    font: "italic",
    size: 9,
    width: width - 22,
  });
  sheet.y += height;
}
