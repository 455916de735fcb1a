import { formatLocalDay } from "~/utils/time/format";

const WIDTH = 400;
const HEIGHT = 160;
const PAD = 24;

/** Strength (0–100) over time as a line, drawn on the server. */
export function StrengthChart({ points }: { points: { day: string; strength: number }[] }) {
  if (points.length < 2)
    return <p className="text-sm text-muted-foreground">Not enough days yet to draw a trend.</p>;
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1);
  const y = (v: number) => HEIGHT - PAD - (v * (HEIGHT - 2 * PAD)) / 100;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.strength).toFixed(1)}`).join(" ");
  const last = points.at(-1)!;
  const summary = `Strength went from ${points[0]!.strength}% on ${formatLocalDay(points[0]!.day)} to ${last.strength}% on ${formatLocalDay(last.day)}.`;
  return (
    <figure>
      <svg
        role="img"
        aria-labelledby="strength-title"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
      >
        <title id="strength-title">{summary}</title>
        {[0, 50, 100].map((v) => (
          <g key={v} aria-hidden="true">
            <line
              x1={PAD}
              x2={WIDTH - PAD}
              y1={y(v)}
              y2={y(v)}
              stroke="currentColor"
              strokeOpacity="0.15"
            />
            <text x={0} y={y(v) + 3} fontSize="12" fill="currentColor">
              {v}
            </text>
          </g>
        ))}
        <polyline points={line} fill="none" stroke="hsl(142 65% 36%)" strokeWidth="2.5" />
      </svg>
      <figcaption className="mt-1 text-sm text-muted-foreground">{summary}</figcaption>
    </figure>
  );
}
