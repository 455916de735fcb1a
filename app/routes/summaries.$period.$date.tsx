import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { goalStatus } from "~/goals/goal-rules";
import { summaryFigures } from "~/scheduler/summaries.server";
import { formatDateTime, formatLongDate, pluralDays } from "~/utils/format";
import { isFirstOfMonth, isSunday } from "~/scheduler/due-times";
import { startOfLocalDay } from "~/utils/local-time";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Summary"} | StreakCoach` },
];

/** The page a weekly (Sunday) or monthly (1st) summary text links to. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const kind =
    params.period === "weekly"
      ? "weekly_summary"
      : params.period === "monthly"
        ? "monthly_summary"
        : null;
  const date = params.date ?? "";
  const validDay =
    /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
  if (!kind || !validDay || !(kind === "weekly_summary" ? isSunday(date) : isFirstOfMonth(date))) {
    throw new Response("Not found", { status: 404 });
  }
  const f = summaryFigures(user, kind, date);
  const tz = user.timezone;
  const now = new Date();
  return json({
    title: kind === "weekly_summary" ? "Weekly summary" : "Monthly summary",
    period: `${formatLongDate(startOfLocalDay(f.from, tz), tz)} to ${formatLongDate(startOfLocalDay(f.to, tz), tz)}`,
    figures: [
      { label: "Goals set", value: String(f.set) },
      { label: "Completed", value: String(f.completed) },
      { label: "Completion rate", value: `${f.rate}%` },
      { label: "Current streak", value: pluralDays(f.streak) },
      { label: "Best day", value: f.bestDay ?? "None yet" },
    ],
    goals: f.goals.map((g) => ({
      id: g.id,
      description: g.description,
      due: formatDateTime(g.dueDate, tz),
      status: goalStatus(g, now),
    })),
  });
}

export default function SummaryPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageShell
      title={data.title}
      actions={
        <Link to="/dashboard" className={buttonClass("outline")}>
          Back to Dashboard
        </Link>
      }
    >
      <p className="mb-6 text-muted-foreground">{data.period}</p>
      <dl className="grid gap-4 sm:grid-cols-5">
        {data.figures.map((f) => (
          <Card key={f.label} className="p-4">
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{f.value}</dd>
          </Card>
        ))}
      </dl>
      <h2 className="mb-2 mt-8 text-xl font-semibold">Goals</h2>
      {data.goals.length === 0 ? (
        <p className="text-muted-foreground">No goals in this period.</p>
      ) : (
        <ul className="divide-y">
          {data.goals.map((g) => (
            <li key={g.id} className="flex justify-between gap-4 py-2">
              <span>{g.description}</span>
              <span className="text-sm text-muted-foreground">
                {g.due} · {g.status}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
