import { buttonClass } from "~/components/ui/button";
import { REST_DAYS_PER_MONTH } from "~/goals/rest-days";
import type { HabitSummary } from "~/habits/habit-api.server";
import { dayIntentValue } from "~/habits/habit-days";
import { TodayToggle } from "./day-toggles";

/** How many of the month's rest days are left, above the habits. */
export function RestDaysNotice({ left, paused }: { left: number; paused: boolean }) {
  if (paused)
    return (
      <p id="rest-days" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
        <strong>Paused today: every streak is frozen.</strong> Nothing is due and nothing is missed
        until the pause ends, or you reply RESUME or turn check-in texts back on in Settings.
      </p>
    );
  return (
    <p id="rest-days" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
      <strong>
        {left} of {REST_DAYS_PER_MONTH} rest days left this month.
      </strong>{" "}
      Rest a habit&apos;s day and its streak carries on; a pause (Settings) freezes them all.
    </p>
  );
}

/**
 * Today's buttons: Done, or Rest (a rest day, the streak kept); a habit to avoid is kept unless
 * Slipped is pressed, and a slip is taken back with Undo slip.
 */
export function TodayActions({
  habit,
  today,
}: {
  habit: HabitSummary;
  today: { day: string; done: boolean; outcome: string };
}) {
  const note = "text-xs font-medium text-muted-foreground";
  if (today.outcome === "skipped") return <p className={note}>Resting today</p>;
  if (habit.avoid)
    return today.outcome === "done" ? (
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="text-xs font-semibold text-green-800 dark:text-green-300">Kept today</p>
        <button
          type="submit"
          name="intent"
          value={`slip:${today.day}`}
          className={buttonClass("outline", "sm")}
          aria-label={`Slipped on ${habit.title} today`}
        >
          Slipped
        </button>
      </div>
    ) : (
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="text-xs font-semibold text-destructive">Slipped today</p>
        <button
          type="submit"
          name="intent"
          value={dayIntentValue({ day: today.day, done: true })}
          className={buttonClass("outline", "sm")}
          aria-label={`Undo the slip on ${habit.title}`}
        >
          Undo slip
        </button>
      </div>
    );
  return (
    <div className="flex shrink-0 flex-col items-end gap-2">
      <TodayToggle title={habit.title} day={today.day} done={today.done} />
      {today.done ? null : (
        <button
          type="submit"
          name="intent"
          value={`rest:${today.day}`}
          className={buttonClass("ghost", "sm")}
          aria-label={`Rest day for ${habit.title}`}
        >
          Rest
        </button>
      )}
    </div>
  );
}
