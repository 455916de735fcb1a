import { pluralDays } from "~/utils/time/format";
import { weekdayLabels, type WeekStart } from "~/utils/time/week-start";

type Cell = {
  day: string;
  scheduled: boolean;
  outcome: "done" | "skipped" | "missed" | "open" | null;
};

const CELL = 11;
const GAP = 2;
const LEFT = 26;
const TOP = 14;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const FILL = {
  done: "hsl(142 65% 36%)",
  skipped: "hsl(215 16% 55% / 0.6)",
  missed: "hsl(var(--destructive) / 0.45)",
  open: "hsl(var(--muted))",
  scheduled: "hsl(var(--muted))",
  off: "hsl(var(--muted) / 0.35)",
} as const;

const LEGEND = [
  { key: "done", label: "Done" },
  { key: "skipped", label: "Skipped" },
  { key: "missed", label: "Missed" },
  { key: "scheduled", label: "Due, no record yet" },
  { key: "off", label: "Not due" },
] as const;

const fillOf = (c: Cell) => (c.outcome ? FILL[c.outcome] : c.scheduled ? FILL.scheduled : FILL.off);

function label(c: Cell) {
  if (c.outcome === "open") return `${c.day}: due today`;
  if (c.outcome) return `${c.day}: ${c.outcome}`;
  return `${c.day}: ${c.scheduled ? "due" : "not due"}`;
}

/** A year of a habit, one column per week (its first day on top), drawn on the server like the calendar. */
export function HabitHeatmap({ cells, weekStartsOn }: { cells: Cell[]; weekStartsOn: WeekStart }) {
  // The second, fourth and sixth rows are named, as GitHub's graph does: 11-pixel rows leave no room
  // for all seven.
  const rowLabels = weekdayLabels(weekStartsOn, "short").map((l, i) => (i % 2 ? l : ""));
  const weeks = Math.ceil(cells.length / 7);
  const width = weeks * (CELL + GAP);
  const height = TOP + 7 * (CELL + GAP);
  const done = cells.filter((c) => c.outcome === "done").length;
  const summary = `The last ${weeks} weeks: done on ${pluralDays(done)}.`;
  return (
    <figure>
      <div className="flex">
        {/* The weekday labels stay outside the scrolling weeks, so they are in view however far back. */}
        <svg
          className="shrink-0"
          aria-hidden="true"
          data-testid="heatmap-weekdays"
          data-week-starts-on={weekStartsOn}
          width={LEFT}
          height={height}
          viewBox={`0 0 ${LEFT} ${height}`}
        >
          {rowLabels.map((text, i) =>
            text ? (
              <text
                key={text}
                x={0}
                y={TOP + i * (CELL + GAP) + CELL - 2}
                fontSize="9"
                fill="currentColor"
              >
                {text}
              </text>
            ) : null,
          )}
        </svg>
        {/* Reversed, so a narrow screen opens on the latest weeks and scrolls back in time. */}
        <div
          className="flex min-w-0 flex-row-reverse overflow-x-auto"
          role="group"
          tabIndex={0}
          aria-label="Heatmap, scrolls sideways"
        >
          <svg
            className="shrink-0"
            role="img"
            aria-labelledby="heatmap-title"
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
          >
            <title id="heatmap-title">{summary}</title>
            {cells.map((c, i) => {
              const week = Math.floor(i / 7);
              const monthStart = i % 7 === 0 && Number(c.day.slice(8, 10)) <= 7;
              return (
                <g key={c.day}>
                  {monthStart ? (
                    <text
                      x={week * (CELL + GAP)}
                      y={9}
                      fontSize="9"
                      fill="currentColor"
                      aria-hidden="true"
                    >
                      {MONTHS[Number(c.day.slice(5, 7)) - 1]}
                    </text>
                  ) : null}
                  <rect
                    x={week * (CELL + GAP)}
                    y={TOP + (i % 7) * (CELL + GAP)}
                    width={CELL}
                    height={CELL}
                    rx={2}
                    fill={fillOf(c)}
                    data-day={c.day}
                    data-outcome={c.outcome ?? (c.scheduled ? "due" : "off")}
                  >
                    <title>{label(c)}</title>
                  </rect>
                </g>
              );
            })}
          </svg>
        </div>
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {LEGEND.map(({ key, label: text }) => (
          <li key={key} className="flex items-center gap-1.5">
            <svg aria-hidden="true" width="10" height="10" viewBox="0 0 10 10">
              <rect width="10" height="10" rx="2" fill={FILL[key]} />
            </svg>
            {text}
          </li>
        ))}
      </ul>
    </figure>
  );
}
