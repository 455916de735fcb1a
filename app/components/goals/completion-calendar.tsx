import { pluralDays } from "~/utils/format";

type Cell = { day: string; total: number; completed: number; future: boolean };

const CELL = 14;
const GAP = 3;
const DAY_LABELS = ["Sun", "", "Tue", "", "Thu", "", "Sat"];

function fill(cell: Cell) {
  if (cell.future || cell.total === 0) return "hsl(var(--muted))";
  const share = cell.completed / cell.total;
  if (share === 0) return "hsl(var(--destructive) / 0.35)";
  if (share < 1) return "hsl(142 60% 45% / 0.55)";
  return "hsl(142 65% 36%)";
}

function describe(cell: Cell) {
  if (cell.future) return `${cell.day}: upcoming`;
  if (cell.total === 0) return `${cell.day}: no goals`;
  return `${cell.day}: ${cell.completed} of ${cell.total} goals completed`;
}

/** The last weeks as a grid of days, drawn on the server so it reads without JavaScript. */
export function CompletionCalendar({ weeks }: { weeks: Cell[][] }) {
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
        aria-labelledby="calendar-title"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        <title id="calendar-title">{summary}</title>
        {DAY_LABELS.map((label, i) =>
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
              fill={fill(cell)}
              data-day={cell.day}
            >
              <title>{describe(cell)}</title>
            </rect>
          )),
        )}
      </svg>
      <figcaption className="mt-2 text-sm text-muted-foreground">{summary}</figcaption>
    </figure>
  );
}
