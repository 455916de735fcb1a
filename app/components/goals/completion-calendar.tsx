import { dayOutcome } from "~/goals/goal-rules";
import { counted, pluralDays } from "~/utils/time/format";
import { weekdayLabels, type WeekStart } from "~/utils/time/week-start";
import { CALENDAR_LEGEND, DAY_FILL } from "../../goals/outcome-colours";

type Cell = {
  day: string;
  total: number;
  completed: number;
  skipped?: number;
  future: boolean;
  today: boolean;
};

const CELL = 14;
const GAP = 3;

function describe(cell: Cell) {
  switch (dayOutcome(cell)) {
    case "upcoming":
      return `${cell.day}: upcoming`;
    case "empty":
      return `${cell.day}: no goals`;
    case "open":
      return `${cell.day}: today, ${counted(cell.total, "goal")} still open`;
    case "skipped":
      return `${cell.day}: ${cell.total === 1 ? "its goal" : `all ${cell.total} goals`} skipped`;
    case "missed":
      return `${cell.day}: ${cell.total === 1 ? "its goal not" : `none of ${cell.total} goals`} completed`;
    default:
      return `${cell.day}: ${cell.completed} of ${counted(cell.total, "goal")} completed`;
  }
}

/** The last weeks as a grid of days, drawn on the server so it reads without JavaScript. */
export function CompletionCalendar({
  weeks,
  weekStartsOn,
}: {
  weeks: Cell[][];
  weekStartsOn: WeekStart;
}) {
  // Every other row is named, so the labels stay legible beside 14-pixel cells.
  const dayLabels = weekdayLabels(weekStartsOn, "short").map((label, i) => (i % 2 ? "" : label));
  const days = weeks.flat().filter((c) => !c.future);
  const active = days.filter((c) => c.total > 0);
  const perfect = active.filter((c) => c.completed === c.total).length;
  const summary = `Last ${weeks.length} weeks: goals on ${pluralDays(active.length)}, all completed on ${pluralDays(perfect)}.`;
  const width = 30 + weeks.length * (CELL + GAP);
  const height = 7 * (CELL + GAP);
  return (
    <figure className="overflow-x-auto">
      <svg
        role="img"
        data-testid="calendar"
        data-week-starts-on={weekStartsOn}
        aria-labelledby="calendar-title"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        <title id="calendar-title">{summary}</title>
        {dayLabels.map((label, i) =>
          label ? (
            <text
              key={label}
              x={0}
              y={i * (CELL + GAP) + CELL - 3}
              fontSize="10"
              fill="currentColor"
              aria-hidden="true"
            >
              {label}
            </text>
          ) : null,
        )}
        {weeks.map((week, w) =>
          week.map((cell, d) => (
            <rect
              key={cell.day}
              x={30 + w * (CELL + GAP)}
              y={d * (CELL + GAP)}
              width={CELL}
              height={CELL}
              rx={3}
              fill={DAY_FILL[dayOutcome(cell)].css}
              data-day={cell.day}
            >
              <title>{describe(cell)}</title>
            </rect>
          )),
        )}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {CALENDAR_LEGEND.map(({ outcome, label }) => (
          <li key={outcome} className="flex items-center gap-1.5">
            <svg aria-hidden="true" width="10" height="10" viewBox="0 0 10 10">
              <rect width="10" height="10" rx="2" fill={DAY_FILL[outcome].css} />
            </svg>
            {label}
          </li>
        ))}
      </ul>
      <figcaption className="mt-2 text-sm text-muted-foreground">{summary}</figcaption>
    </figure>
  );
}
