import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CompletionCalendar } from "~/components/goals/completion-calendar";
import { ProofThumbnails } from "~/components/goals/proof-thumbnails";
import { StrengthBar } from "~/components/habits/strength-bar";
import { PageShell } from "~/components/page";
import { ShareNotFound } from "~/components/sharing/share-not-found";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireActiveShareLink, SHARE_HEADERS, shareNotFound } from "~/sharing/share-page.server";
import { shareView } from "~/sharing/share-view.server";
import { counted, pluralDays } from "~/utils/time/format";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.ownerName}'s progress | StreakCoach` : "Share link | StreakCoach" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = () => SHARE_HEADERS;

/** GET /share/:token: a read-only view of someone's progress, for whoever holds the link. */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = requireActiveShareLink(params.token);
  const view = shareView(link);
  if (!view) throw shareNotFound();
  return json(view, { headers: SHARE_HEADERS });
}

export default function SharePage() {
  const data = useLoaderData<typeof loader>();
  const stats = [
    { label: "Current streak", value: pluralDays(data.stats.streak), counts: "" },
    {
      label: "Completion rate",
      value: `${data.stats.completionRate}%`,
      counts: data.stats.completionRateBasis,
    },
    { label: "Total goals", value: String(data.stats.totalGoals), counts: "" },
  ];
  return (
    <PageShell title={`${data.ownerName}'s progress`}>
      <p className="mb-6 text-muted-foreground">
        A read-only view {data.ownerName} shared with you through StreakCoach.
      </p>
      <dl className="grid gap-4 sm:grid-cols-3">
        {stats.map((s) => (
          <Card key={s.label} className="p-6">
            <dt className="text-sm text-muted-foreground">{s.label}</dt>
            <dd className="mt-2 text-3xl font-bold" data-testid={`share-${s.label}`}>
              {s.value}
            </dd>
            {s.counts ? <dd className="text-sm text-muted-foreground">{s.counts}</dd> : null}
          </Card>
        ))}
      </dl>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="text-lg">The last 12 weeks</CardTitle>
        </CardHeader>
        <CardContent>
          <CompletionCalendar weeks={data.calendar} weekStartsOn={data.weekStartsOn} />
        </CardContent>
      </Card>
      {data.habits ? <SharedHabits habits={data.habits} /> : null}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="text-lg">Recent goals</CardTitle>
        </CardHeader>
        <CardContent>
          {data.goals.length === 0 ? (
            <p className="text-muted-foreground">No goals in the last two weeks.</p>
          ) : (
            <ul className="divide-y" aria-label="Recent goals">
              {data.goals.map((goal) => (
                <li key={goal.id} className="flex flex-wrap justify-between gap-2 py-3">
                  <span className="user-text font-medium">{goal.description}</span>
                  <span className="text-sm text-muted-foreground">
                    Due {goal.dueLabel} · {goal.status}
                  </span>
                  <ProofThumbnails photos={goal.photos} goal={goal.description} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </PageShell>
  );
}

export const ErrorBoundary = ShareNotFound;

function SharedHabits({ habits }: { habits: NonNullable<SerializeFrom<typeof loader>["habits"]> }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-lg">Habits</CardTitle>
      </CardHeader>
      <CardContent>
        {habits.length === 0 ? (
          <p className="text-muted-foreground">No habits yet.</p>
        ) : (
          <ul className="space-y-4" aria-label="Habits">
            {habits.map((h) => (
              <li key={h.id}>
                <div className="flex flex-wrap justify-between gap-2">
                  <span className="user-text font-medium">{h.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {h.schedule} · streak{" "}
                    {counted(h.streak, h.streakUnit === "weeks" ? "week" : "day")} · strength{" "}
                    {h.strength}%
                  </span>
                </div>
                <StrengthBar value={h.strength} label={`Strength of ${h.title}`} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
