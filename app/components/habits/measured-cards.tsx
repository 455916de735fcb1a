import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DailyValuesChart, WeeklyTotalsChart } from "~/components/habits/value-charts";
import type { MeasuredView, RecentNote } from "~/habits/habit-page.server";
import { formatAmount } from "~/habits/habit-measure";
import { formatLocalDay } from "~/utils/time/format";

export function MeasuredCharts({ measure, values, weeks }: MeasuredView) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">The last 30 days</CardTitle>
        </CardHeader>
        <CardContent>
          <DailyValuesChart points={values} measure={measure} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Weekly totals</CardTitle>
        </CardHeader>
        <CardContent>
          <WeeklyTotalsChart weeks={weeks} measure={measure} />
        </CardContent>
      </Card>
    </>
  );
}

export function RecentNotes({ notes, unit }: { notes: RecentNote[]; unit: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Notes</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 text-sm">
          {notes.map((n) => (
            <li key={n.day} className="user-text">
              <span className="font-medium">{formatLocalDay(n.day)}</span>
              {n.value !== null ? ` · ${formatAmount(n.value)} ${unit}` : ""}: {n.note}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
