import type { DayOutcome, GoalState } from "~/goals/goal-rules";

/**
 * The colours of outcomes, one place for the dashboard and the PDF report. A colour is written as the
 * stylesheet writes it (hue, saturation %, lightness %, opacity); the page uses CSS (following the
 * theme where it names a variable), print uses the light theme's values.
 */
export type Hsl = readonly [hue: number, saturation: number, lightness: number, alpha?: number];

// The light theme's values of the variables the calendar uses (app/tailwind.css, :root).
const MUTED: Hsl = [210, 40, 96];
const DESTRUCTIVE_45: Hsl = [0, 72, 42, 0.45];

/** Calendar cell fills by day outcome. */
export const DAY_FILL: Record<DayOutcome, { css: string; print: Hsl }> = {
  upcoming: { css: "hsl(var(--muted))", print: MUTED },
  empty: { css: "hsl(var(--muted))", print: MUTED },
  open: { css: "hsl(var(--muted))", print: MUTED },
  done: { css: "hsl(142 65% 36%)", print: [142, 65, 36] },
  partial: { css: "hsl(142 60% 45% / 0.55)", print: [142, 60, 45, 0.55] },
  skipped: { css: "hsl(215 16% 55% / 0.6)", print: [215, 16, 55, 0.6] },
  missed: { css: "hsl(var(--destructive) / 0.45)", print: DESTRUCTIVE_45 },
};

/** The calendar's legend, in its order. */
export const CALENDAR_LEGEND: { outcome: DayOutcome; label: string }[] = [
  { outcome: "done", label: "All done" },
  { outcome: "partial", label: "Some done" },
  { outcome: "skipped", label: "Skipped" },
  { outcome: "missed", label: "Missed" },
  { outcome: "empty", label: "No goals or still open" },
];

export const RED_BADGE = {
  className: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  print: { bg: "#fee2e2", fg: "#7f1d1d" },
};

/** Status badges: Tailwind classes for the page, and the light classes' colours (hex) for print. */
export const STATE_BADGE: Record<
  GoalState,
  { className: string; print: { bg: string; fg: string } }
> = {
  completed: {
    className: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
    print: { bg: "#dcfce7", fg: "#14532d" },
  },
  overdue: RED_BADGE,
  pending: {
    className: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
    print: { bg: "#fef3c7", fg: "#78350f" },
  },
  skipped: {
    className: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
    print: { bg: "#e2e8f0", fg: "#0f172a" },
  },
  missed: RED_BADGE,
};

/** A colour as #rrggbb, laid over white when it is see-through (as it shows on a white page). */
export function hslToHex([hue, saturation, lightness, alpha = 1]: Hsl): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    const over = alpha * value + (1 - alpha);
    return Math.round(over * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
