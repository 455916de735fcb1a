import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { HabitForm } from "~/components/habits/habit-form";
import { HabitCard, StoppedPages } from "~/components/habits/habit-card";
import { RestDaysNotice } from "~/components/habits/today-actions";
import { PageShell } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { todayFor } from "~/goals/goals.server";
import { isDonePending, usePendingDays } from "~/components/habits/day-toggles";
import { habitSummaryFrom } from "~/habits/habit-api.server";
import { dayEntryResponse, dayIntentResponse, isDayIntent } from "~/habits/habit-days.server";
import { habitDayEntries } from "~/habits/habit-values.server";
import { measureOf } from "~/habits/habit-measure";
import { habitDayNumbers } from "~/habits/habit-numbers.server";
import { readNewHabitForm, typedHabitValues } from "~/habits/habit-form.server";
import { ensureHabitGoals } from "~/habits/habit-goals.server";
import { MAX_ACTIVE_HABITS } from "~/habits/habit-schema";
import { pageCount, pageSummary } from "~/goals/goal-rules";
import { addHabit, HabitError, habitsPage, restartHabit, stopHabit } from "~/habits/habits.server";
import { inOneRead } from "~/utils/db/db.server";
import { readFormData } from "~/utils/forms/forms.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { pageMeta } from "~/utils/page/meta";
import { requireUser } from "~/http/session.server";
import { useSuccessfulSubmissions } from "~/utils/hooks/use-successful-submissions";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { restDaysLeftIn } from "~/goals/rest-days.server";
import { pausedDaysOf } from "~/users/pauses.server";
import { dayNumber } from "~/utils/time/local-time";
import { parseRestOrSlip, restOrSlip } from "~/habits/habit-rest-slip.server";

export const meta: MetaFunction = () =>
  pageMeta("Habits", "Your recurring habits: schedules, streaks, best streaks and strength.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const requested = new URL(request.url).searchParams.get("stopped");
  await ensureHabitGoals(user);
  const today = todayFor(user);
  const { active, stopped, stoppedTotal, page, numbers, entries } = inOneRead(() => {
    const found = habitsPage(user.id, requested);
    return {
      ...found,
      numbers: habitDayNumbers([...found.active, ...found.stopped], today),
      entries: habitDayEntries(
        found.active.filter((h) => measureOf(h)).map((h) => h.id),
        today,
        today,
      ),
    };
  });
  return json({
    today,
    restDaysLeft: restDaysLeftIn(user.id, today),
    paused: pausedDaysOf(user.id).isPaused(dayNumber(today)),
    weekStartsOn: user.weekStartsOn,
    active: active.map((habit) => {
      const habitNumbers = numbers.get(habit.id)!;
      const entry = entries.get(`${habit.id}:${today}`);
      return {
        ...habitSummaryFrom(habit, habitNumbers),
        today: habitNumbers.today,
        todayEntry: { day: today, value: entry?.value ?? null, note: entry?.note ?? null },
      };
    }),
    stopped: {
      habits: stopped.map((habit) => habitSummaryFrom(habit, numbers.get(habit.id)!)),
      total: stoppedTotal,
      page,
      pages: pageCount(stoppedTotal),
      summary: pageSummary(page, stoppedTotal),
      // Paging through the stopped habits keeps their list open, with JavaScript or without.
      open: requested !== null,
    },
    maxActive: MAX_ACTIVE_HABITS,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (isDayIntent(intent)) {
    const id = Number(form.get("habitId"));
    return dayIntentResponse(user, id, form, `/habits#habit-${id}`);
  }
  if (intent === "value") {
    const id = Number(form.get("habitId"));
    return dayEntryResponse(user, id, form, `/habits#habit-${id}`);
  }
  const restOrSlipIntent = parseRestOrSlip(intent);
  if (restOrSlipIntent) {
    const id = Number(form.get("habitId"));
    return redirectWithToast(`/habits#habit-${id}`, restOrSlip(user, id, restOrSlipIntent));
  }
  if (intent === "stop" || intent === "restart") {
    const id = Number(form.get("habitId"));
    try {
      const habit = intent === "stop" ? stopHabit(user, id) : restartHabit(user, id);
      if (!habit) throw new Response("Habit not found", { status: 404 });
      await ensureHabitGoals(user);
      return redirectWithToast(`/habits#habit-${habit.id}`, {
        title: intent === "stop" ? `Stopped "${habit.title}"` : `Restarted "${habit.title}"`,
      });
    } catch (error) {
      if (error instanceof HabitError) return json({ errors: { form: [error.message] } }, 400);
      throw error;
    }
  }
  if (intent !== "create") throw new Response("Unknown action", { status: 400 });
  // A refused form comes back as typed, for a browser without JavaScript to show it again.
  const values = typedHabitValues(form);
  const parsed = readNewHabitForm(form);
  if (!parsed.ok) return json({ errors: parsed.errors, values }, 400);
  try {
    const { habit, restarted } = addHabit(user, parsed.value);
    await ensureHabitGoals(user);
    return redirectWithToast(
      `/habits#habit-${habit.id}`,
      restarted
        ? {
            title: `Restarted "${habit.title}"`,
            description: "It was stopped: its history and best streak carry on.",
          }
        : { title: `Added "${habit.title}"` },
    );
  } catch (error) {
    if (error instanceof HabitError)
      return json({ errors: { [error.field]: [error.message] }, values }, 400);
    throw error;
  }
}

export default function HabitsPage() {
  const { active, stopped, maxActive, today, weekStartsOn, restDaysLeft, paused } =
    useLoaderData<typeof loader>();
  const pending = usePendingDays();
  const data = useActionData<typeof action>();
  const errors: Record<string, string[]> = data && "errors" in data ? data.errors : {};
  const typed = data && "values" in data ? data.values : undefined;
  const added = useSuccessfulSubmissions("create", "errors" in (data ?? {}));
  return (
    <PageShell
      title="Habits"
      actions={
        active.length || stopped.total ? (
          <a href="/habits/export.csv" className={buttonClass("outline")} download>
            Export CSV
          </a>
        ) : null
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="active-habits" className="space-y-4">
          <h2 id="active-habits" className="sr-only">
            Active habits
          </h2>
          {active.length ? <RestDaysNotice left={restDaysLeft} paused={paused} /> : null}
          {active.length === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
              No habits yet. Add one here, or text it: &ldquo;gym every Mon, Wed and Fri&rdquo;.
            </p>
          ) : (
            <ul className="space-y-3">
              {active.map((h) => (
                <HabitCard
                  key={h.id}
                  habit={h}
                  todayEntry={h.target !== null && h.today !== null ? h.todayEntry : null}
                  today={
                    h.today === null
                      ? null
                      : {
                          day: today,
                          done: isDonePending(pending, h.id, today, h.today === "done"),
                          outcome: h.today,
                        }
                  }
                />
              ))}
            </ul>
          )}
          {stopped.total ? (
            <details
              id="stopped-habits"
              open={stopped.open || undefined}
              className="scroll-mt-24 rounded-lg border p-4"
            >
              <summary className="cursor-pointer font-medium">Stopped ({stopped.total})</summary>
              <ul className="mt-3 space-y-3">
                {stopped.habits.map((h) => (
                  <HabitCard key={h.id} habit={h} />
                ))}
              </ul>
              {stopped.pages > 1 ? <StoppedPages {...stopped} /> : null}
            </details>
          ) : null}
        </section>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Add a habit</CardTitle>
            <CardDescription>
              Up to {maxActive} active habits. Each one joins your day&apos;s goals on the days it
              is due.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {errors.form ? (
              <p role="alert" className="mb-3 text-sm font-medium text-destructive">
                {errors.form.join(" ")}
              </p>
            ) : null}
            <HabitForm
              key={added}
              intent="create"
              submitLabel="Add habit"
              values={typed}
              errors={errors}
              weekStartsOn={weekStartsOn}
            />
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
