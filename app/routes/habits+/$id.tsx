import { json, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { HabitForm } from "~/components/habits/habit-form";
import { HabitDaysForm, WeekToggles } from "~/components/habits/day-toggles";
import { HabitHeatmap } from "~/components/habits/habit-heatmap";
import { StrengthChart } from "~/components/habits/strength-chart";
import { PageShell } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { todayFor } from "~/goals/goals.server";
import { habitSummary } from "~/habits/habit-api.server";
import { readEditHabitForm } from "~/habits/habit-form.server";
import { ensureHabitGoals } from "~/habits/habit-goals.server";
import { habitHistories } from "~/habits/habit-history.server";
import { lastDays } from "~/habits/habit-days";
import { dayEntryResponse, dayIntentResponse, isDayIntent } from "~/habits/habit-days.server";
import { dayEntries, measuredView, recentNotes } from "~/habits/habit-page.server";
import { DayValueForms } from "~/components/habits/day-value-form";
import { DeleteHabitConfirmation } from "~/components/habits/delete-habit-confirmation";
import { MeasuredCharts, RecentNotes } from "~/components/habits/measured-cards";
import { describeMeasure } from "~/habits/habit-measure";
import { dayCounts, strengthSeries, yearHeatmap } from "~/habits/habit-stats";
import {
  deleteHabit,
  getHabit,
  HabitError,
  restartHabit,
  stopHabit,
  updateHabit,
} from "~/habits/habits.server";
import { inOneRead } from "~/utils/db/db.server";
import { readFormData } from "~/utils/forms/forms.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { counted, formatClockTime, formatLocalDay } from "~/utils/time/format";
import { pageMeta } from "~/utils/page/meta";
import { requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? data.habit.title : "Habit", "A habit's year, streaks and strength.");

function ownHabitId(raw: string | undefined) {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Habit not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = ownHabitId(params.id);
  await ensureHabitGoals(user);
  const today = todayFor(user);
  const { habit, history } = inOneRead(() => {
    const habit = getHabit(user.id, id);
    return { habit, history: habit && habitHistories([habit], today).get(habit.id)! };
  });
  if (!habit || !history) throw new Response("Habit not found", { status: 404 });
  const heatmap = yearHeatmap(history, today);
  const week = habit.active ? lastDays(heatmap, habit, today) : [];
  return json({
    today,
    habit: habitSummary(habit, history, today),
    week,
    days: dayEntries(habit.id, week, today),
    notes: recentNotes(habit.id, today),
    measured: history.measure ? measuredView(history, today) : null,
    heatmap,
    weekStartsOn: history.weekStartsOn,
    strength: strengthSeries(history, today),
    counts: dayCounts(history, today),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await ensurePrimary();
  const user = await requireUser(request);
  const id = ownHabitId(params.id);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (isDayIntent(intent)) return dayIntentResponse(user, id, form, `/habits/${id}`);
  if (intent === "value") return dayEntryResponse(user, id, form, `/habits/${id}#values`);
  try {
    if (intent === "delete") {
      // A delete is asked for first: a post that skipped the question gets it.
      if (form.get("confirm") !== "yes") return redirect(`/habits/${id}?delete#delete-habit`);
      if (!deleteHabit(user, id)) throw new Response("Habit not found", { status: 404 });
      return redirectWithToast("/habits", { title: "Habit deleted" });
    }
    if (intent === "stop" || intent === "restart") {
      const habit = intent === "stop" ? stopHabit(user, id) : restartHabit(user, id);
      if (!habit) throw new Response("Habit not found", { status: 404 });
      await ensureHabitGoals(user);
      return redirectWithToast(`/habits/${id}`, {
        title: intent === "stop" ? "Habit stopped" : "Habit restarted",
      });
    }
    if (intent !== "edit") throw new Response("Unknown action", { status: 400 });
    const parsed = readEditHabitForm(form);
    if (!parsed.ok) return json({ errors: parsed.errors }, 400);
    const habit = updateHabit(user, id, parsed.value);
    if (!habit) throw new Response("Habit not found", { status: 404 });
    await ensureHabitGoals(user);
    return redirectWithToast(`/habits/${id}`, { title: "Habit saved" });
  } catch (error) {
    if (error instanceof HabitError)
      return json({ errors: { [error.field]: [error.message] } }, 400);
    throw error;
  }
}

export default function HabitPage() {
  const { habit, heatmap, weekStartsOn, strength, counts, week, today, measured, days, notes } =
    useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const errors: Record<string, string[]> = data && "errors" in data ? data.errors : {};
  const unit = habit.streakUnit === "weeks" ? "week" : "day";
  const confirmingDelete = new URLSearchParams(useLocation().search).has("delete");
  return (
    <PageShell
      title={habit.title}
      actions={
        <Link to="/habits" className={buttonClass("outline")}>
          All habits
        </Link>
      }
    >
      <p className="-mt-4 mb-6 text-muted-foreground">
        {habit.schedule}
        {measured ? ` · ${describeMeasure(measured.measure)}` : ""}
        {habit.time ? ` · by ${formatClockTime(habit.time)}` : ""} · since{" "}
        {formatLocalDay(habit.startDate)}
        {habit.active || !habit.stoppedOn ? "" : ` · stopped ${formatLocalDay(habit.stoppedOn)}`}
      </p>
      {week.length ? (
        <section aria-labelledby="last-days" className="mb-6 rounded-lg border bg-card p-4">
          <h2 id="last-days" className="mb-3 font-semibold">
            The last {week.length} days
          </h2>
          <HabitDaysForm action={`/habits/${habit.id}`} habitId={habit.id}>
            <WeekToggles title={habit.title} habitId={habit.id} days={week} today={today} />
          </HabitDaysForm>
          <p className="mt-2 text-xs text-muted-foreground">
            Tap a day to mark it done, again to undo.
          </p>
          {days.length ? (
            <DayValueForms
              action={`/habits/${habit.id}`}
              habitId={habit.id}
              title={habit.title}
              unit={measured?.measure.unit || null}
              measured={measured !== null}
              days={days}
              today={today}
            />
          ) : null}
        </section>
      ) : null}
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Streak", counted(habit.streak, unit)],
          ["Best streak", counted(habit.bestStreak, unit)],
          ["Strength", `${habit.strength}%`],
          ["Done", String(counts.done)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">The last year</CardTitle>
            </CardHeader>
            <CardContent>
              <HabitHeatmap cells={heatmap} weekStartsOn={weekStartsOn} />
              <p className="mt-2 text-sm text-muted-foreground">
                {counts.done} done, {counts.skipped} skipped, {counts.missed} missed.
              </p>
            </CardContent>
          </Card>
          {measured ? <MeasuredCharts {...measured} /> : null}
          {notes.length ? <RecentNotes notes={notes} unit={measured?.measure.unit ?? ""} /> : null}
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Strength over time</CardTitle>
            </CardHeader>
            <CardContent>
              <StrengthChart points={strength} />
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Edit</CardTitle>
          </CardHeader>
          <CardContent className="space-y-6">
            {errors.form ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.form.join(" ")}
              </p>
            ) : null}
            <HabitForm
              weekStartsOn={weekStartsOn}
              intent="edit"
              submitLabel="Save"
              values={{
                title: habit.title,
                days: habit.days,
                timesPerWeek: habit.timesPerWeek,
                time: habit.time,
                target: habit.target,
                unit: habit.unit,
                per: habit.per,
                atMost: habit.atMost,
                avoid: habit.avoid,
              }}
              errors={errors}
            />
            <p className="text-sm text-muted-foreground">
              A new schedule counts from today; the days before keep the one they had.
            </p>
            <Form method="post" className="flex flex-wrap gap-2 border-t pt-4">
              <button
                type="submit"
                name="intent"
                value={habit.active ? "stop" : "restart"}
                className={buttonClass("outline")}
              >
                {habit.active ? "Stop habit" : "Restart habit"}
              </button>
              {confirmingDelete ? null : (
                <Link
                  to="?delete#delete-habit"
                  preventScrollReset
                  className={buttonClass("destructive")}
                >
                  Delete habit
                </Link>
              )}
            </Form>
            {confirmingDelete ? (
              <DeleteHabitConfirmation habitId={habit.id} title={habit.title} />
            ) : (
              <p className="text-xs text-muted-foreground">
                Deleting keeps the goals it made, as ordinary goals of their days.
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
