import { Link } from "@remix-run/react";
import { HabitDaysForm } from "~/components/habits/day-toggles";
import { DayValueForm, type DayEntry } from "~/components/habits/day-value-form";
import { StrengthBar } from "~/components/habits/strength-bar";
import { TodayActions } from "~/components/habits/today-actions";
import { buttonClass } from "~/components/ui/button";
import { PageLinks } from "~/components/ui/page-links";
import type { HabitSummary } from "~/habits/habit-api.server";
import { describeMeasure } from "~/habits/habit-measure";
import { formatClockTime } from "~/utils/time/format";

export function StoppedPages({
  page,
  pages,
  summary,
}: {
  page: number;
  pages: number;
  summary: string;
}) {
  return (
    <PageLinks
      label="Stopped habits pages"
      page={page}
      pages={pages}
      summary={summary}
      href={(p) => `?stopped=${p}#stopped-habits`}
    />
  );
}

/** `today` is set when the habit is due today: its one-tap toggle. */
export function HabitCard({
  habit,
  today = null,
  todayEntry = null,
}: {
  habit: HabitSummary;
  today?: { day: string; done: boolean; outcome: string } | null;
  /** A measured habit due today: its amount field. */
  todayEntry?: DayEntry | null;
}) {
  const unit = habit.streakUnit === "weeks" ? "wk" : "d";
  return (
    <li id={`habit-${habit.id}`} className="scroll-mt-24 rounded-lg border bg-card p-4">
      <HabitDaysForm action="/habits" habitId={habit.id}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="user-text font-semibold">
              <Link to={`/habits/${habit.id}`} className="hover:underline">
                {habit.title}
              </Link>
              {habit.avoid ? (
                <span className="ml-2 rounded-full border px-2 py-0.5 align-middle text-xs font-medium text-muted-foreground">
                  avoid
                </span>
              ) : null}
            </h3>
            <p className="text-sm text-muted-foreground">
              {habit.schedule}
              {habit.target !== null
                ? ` · ${describeMeasure({ target: habit.target, unit: habit.unit ?? "", per: habit.per ?? "day", atMost: habit.atMost })}`
                : ""}
              {habit.time ? ` · by ${formatClockTime(habit.time)}` : ""}
              {habit.active ? "" : " · stopped"}
              {habit.active && !today ? " · not due today" : ""}
            </p>
          </div>
          {today ? <TodayActions habit={habit} today={today} /> : null}
        </div>
        <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
          <div className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">Streak</dt>
            <dd className="text-lg font-bold">
              {habit.streak}
              <span className="text-xs font-normal"> {unit}</span>
            </dd>
          </div>
          <div className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">Best</dt>
            <dd className="text-lg font-bold">
              {habit.bestStreak}
              <span className="text-xs font-normal"> {unit}</span>
            </dd>
          </div>
          <div className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">Strength</dt>
            <dd className="text-lg font-bold">{habit.strength}%</dd>
          </div>
        </dl>
        <div className="mt-3 flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <StrengthBar value={habit.strength} label={`Strength of ${habit.title}`} className="" />
          </div>
          <button
            type="submit"
            name="intent"
            value={habit.active ? "stop" : "restart"}
            className={buttonClass("outline", "sm")}
            aria-label={`${habit.active ? "Stop" : "Restart"}: ${habit.title}`}
          >
            {habit.active ? "Stop" : "Restart"}
          </button>
        </div>
      </HabitDaysForm>
      {todayEntry ? (
        <DayValueForm
          action="/habits"
          habitId={habit.id}
          title={habit.title}
          unit={habit.unit || null}
          measured
          entry={todayEntry}
          label="Today"
          className="mt-3 border-t pt-3"
        />
      ) : null}
    </li>
  );
}
