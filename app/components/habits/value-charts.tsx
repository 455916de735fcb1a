import { formatLocalDay } from "~/utils/time/format";

const WIDTH = 400;
const HEIGHT = 170;
const PAD_LEFT = 34;
const PAD = 20;
const GREEN = "hsl(142 65% 36%)";

type Bar = { label: string; amount: number | null };

const amountText = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Bars against a dashed target line, drawn on the server (no script): a measured habit's days, or
 * its weeks' totals. Bars that meet the target are green.
 */
function TargetBars({
  bars,
  target,
  atMost,
  titleId,
  summary,
}: {
  bars: Bar[];
  target: number;
  atMost: boolean;
  titleId: string;
  summary: string;
}) {
  const top = Math.max(target, ...bars.map((b) => b.amount ?? 0)) * 1.1 || 1;
  const inner = WIDTH - PAD_LEFT - PAD;
  const slot = inner / bars.length;
  const y = (v: number) => HEIGHT - PAD - (v * (HEIGHT - 2 * PAD)) / top;
  const meets = (v: number) => (atMost ? v <= target : v >= target);
  return (
    <figure>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
      >
        <title id={titleId}>{summary}</title>
        <g aria-hidden="true">
          <line
            x1={PAD_LEFT}
            x2={WIDTH - PAD}
            y1={y(0)}
            y2={y(0)}
            stroke="currentColor"
            strokeOpacity="0.3"
          />
          <text x={0} y={y(0) + 4} fontSize="12" fill="currentColor">
            0
          </text>
          {bars.map((b, i) =>
            b.amount === null ? null : (
              <rect
                key={b.label}
                x={PAD_LEFT + i * slot + slot * 0.15}
                width={slot * 0.7}
                y={y(b.amount)}
                height={Math.max(0, y(0) - y(b.amount))}
                fill={meets(b.amount) ? GREEN : "currentColor"}
                fillOpacity={meets(b.amount) ? 1 : 0.35}
                rx="1.5"
              />
            ),
          )}
          <line
            x1={PAD_LEFT}
            x2={WIDTH - PAD}
            y1={y(target)}
            y2={y(target)}
            stroke="currentColor"
            strokeDasharray="5 4"
          />
          <text x={0} y={y(target) + 4} fontSize="12" fill="currentColor">
            {amountText(target)}
          </text>
        </g>
      </svg>
      <figcaption className="mt-1 text-sm text-muted-foreground">{summary}</figcaption>
    </figure>
  );
}

type Measure = { target: number; unit: string; atMost: boolean; per: "day" | "week" };

/** The last days' values against a daily target. */
export function DailyValuesChart({
  points,
  measure,
}: {
  points: { day: string; value: number | null }[];
  measure: Measure;
}) {
  const given = points.filter((p) => p.value !== null);
  const met = given.filter((p) =>
    measure.atMost ? p.value! <= measure.target : p.value! >= measure.target,
  );
  const summary = given.length
    ? `${given.length} of the last ${points.length} days have a value; ${met.length} met the target of ${amountText(measure.target)} ${measure.unit}. From ${formatLocalDay(points[0]!.day)}.`
    : `No values in the last ${points.length} days yet.`;
  return (
    <TargetBars
      titleId="daily-values-title"
      summary={summary}
      target={measure.target}
      atMost={measure.atMost}
      bars={points.map((p) => ({ label: p.day, amount: p.value }))}
    />
  );
}

/** Each week's total; a weekly target is drawn as the line, a daily one as seven days' worth. */
export function WeeklyTotalsChart({
  weeks,
  measure,
}: {
  weeks: { weekStart: string; total: number }[];
  measure: Measure;
}) {
  const target = measure.per === "week" ? measure.target : measure.target * 7;
  const last = weeks.at(-1);
  const summary = last
    ? `This week so far: ${amountText(last.total)} ${measure.unit} of ${amountText(target)}. ${weeks.length} weeks from ${formatLocalDay(weeks[0]!.weekStart)}.`
    : "No weeks yet.";
  return (
    <TargetBars
      titleId="weekly-totals-title"
      summary={summary}
      target={target}
      atMost={measure.atMost}
      bars={weeks.map((w) => ({ label: w.weekStart, amount: w.total }))}
    />
  );
}
