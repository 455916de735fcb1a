import { Form, useFetchers, useSubmit } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { dayIntentValue, parseDayIntent, type DayToggle } from "~/habits/habit-days";
import { cn } from "~/utils/page/cn";
import { weekdayLabels } from "~/utils/time/week-start";
import { useHydrated } from "~/utils/hooks/use-hydrated";

const pendingKey = (habitId: number | string, day: string) => `${habitId}:${day}`;

/** The days being checked off or taken back right now, by "habitId:day": what the server will say. */
export function usePendingDays(): Map<string, boolean> {
  const pending = new Map<string, boolean>();
  for (const fetcher of useFetchers()) {
    const intent = parseDayIntent(fetcher.formData?.get("intent"));
    const habitId = fetcher.formData?.get("habitId");
    if (intent && typeof habitId === "string")
      pending.set(pendingKey(habitId, intent.day), intent.done);
  }
  return pending;
}

export function isDonePending(
  pending: Map<string, boolean>,
  habitId: number,
  day: string,
  done: boolean,
) {
  return pending.get(pendingKey(habitId, day)) ?? done;
}

/**
 * A habit's form: a plain post (the page comes back with a toast) until JavaScript runs; then a day's
 * toggle posts without leaving the page, one fetcher per day so quick taps on several days all land.
 * Other buttons in the form (Stop, Restart) still post as a navigation.
 */
export function HabitDaysForm({
  action,
  habitId,
  className,
  children,
}: {
  action: string;
  habitId: number;
  className?: string;
  children: ReactNode;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const button = (event.nativeEvent as SubmitEvent).submitter;
    const intent = parseDayIntent(button?.getAttribute("value"));
    if (!(button instanceof HTMLButtonElement) || !intent) return;
    event.preventDefault();
    submit(button, {
      method: "post",
      action,
      navigate: false,
      fetcherKey: `habit-day-${pendingKey(habitId, intent.day)}`,
    });
  };
  return (
    <Form method="post" action={action} onSubmit={onSubmit} className={className}>
      <input type="hidden" name="habitId" value={habitId} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      {children}
    </Form>
  );
}

/** One tap marks today done or takes it back; the name stays, aria-pressed says which. */
export function TodayToggle({ title, day, done }: { title: string; day: string; done: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value={dayIntentValue({ day, done: !done })}
      aria-pressed={done}
      aria-label={`Mark ${title} done for today`}
      className={cn(
        "inline-flex h-11 min-w-24 shrink-0 items-center justify-center gap-1.5 rounded-full border-2 px-4 text-sm font-semibold transition-colors",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
        done
          ? "border-green-700 bg-green-700 text-white hover:bg-green-800"
          : "border-green-700 bg-background text-green-800 hover:bg-green-50 dark:text-green-300 dark:hover:bg-green-950",
      )}
    >
      <Check done={done} />
      Done
    </button>
  );
}

function Check({ done }: { done: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0">
      <circle
        cx="10"
        cy="10"
        r="8.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        opacity={done ? 0 : 0.6}
      />
      {done ? (
        <path
          d="M5 10.5l3.2 3.2L15 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : null}
    </svg>
  );
}

/** Indexed by Date#getUTCDay, 0 = Sunday. */
const WEEKDAYS = weekdayLabels("sunday", "short");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function dayParts(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  return {
    weekday: WEEKDAYS[date.getUTCDay()]!,
    date: date.getUTCDate(),
    long: `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`,
  };
}

const STATE_TEXT = {
  done: "done",
  skipped: "skipped",
  missed: "missed",
  open: "due today",
} as const;

/** The last seven days as in Loop: each a toggle, today last. */
export function WeekToggles({
  title,
  habitId,
  days,
  today,
}: {
  title: string;
  habitId: number;
  days: DayToggle[];
  today: string;
}) {
  const pending = usePendingDays();
  return (
    <ol className="grid grid-cols-7 gap-1.5" aria-label={`${title}, the last ${days.length} days`}>
      {days.map((d) => {
        const done = isDonePending(pending, habitId, d.day, d.done);
        const { weekday, date, long } = dayParts(d.day);
        const isToday = d.day === today;
        const state = done ? "done" : d.outcome === "done" ? null : d.outcome;
        const cell = cn(
          "flex h-16 w-full flex-col items-center justify-center gap-1 rounded-lg border-2 text-xs font-medium",
          !d.settable
            ? "border-dashed border-border text-muted-foreground"
            : done
              ? "border-green-700 bg-green-700 text-white"
              : state === "missed"
                ? "border-destructive/60 bg-background"
                : state === "skipped"
                  ? "border-dashed border-muted-foreground/60 bg-muted"
                  : d.scheduled || state === "open"
                    ? "border-input bg-background"
                    : "border-transparent bg-muted",
        );
        const face = (
          <>
            <span className={cn(isToday && "font-bold")}>{isToday ? "Today" : weekday}</span>
            <span className="flex items-center text-base font-semibold leading-5">
              {date}
              {done ? (
                <svg aria-hidden="true" viewBox="0 0 12 12" className="ml-0.5 h-3 w-3">
                  <path
                    d="M2 6.5l2.5 2.5L10 3.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              ) : null}
            </span>
          </>
        );
        return (
          <li key={d.day}>
            {d.settable ? (
              <button
                type="submit"
                name="intent"
                value={dayIntentValue({ day: d.day, done: !done })}
                aria-pressed={done}
                aria-label={`Mark ${title} done for ${isToday ? "today" : long}`}
                title={state ? `${long}: ${STATE_TEXT[state]}` : long}
                className={cn(
                  cell,
                  "transition-colors hover:border-green-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                )}
              >
                {face}
              </button>
            ) : (
              <div className={cell} title={`${long}: before the habit started`}>
                {face}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
