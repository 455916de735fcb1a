import { Form } from "@remix-run/react";
import { buttonClass } from "../ui/button";
import { Input } from "../ui/input";
import { cn } from "~/utils/page/cn";

export type DayEntry = { day: string; value: number | null; note: string | null };

/**
 * A measured habit's amount for a day, and a note: a plain form that posts and comes back with a
 * toast, with JavaScript or without. An empty amount clears the day's value.
 */
export function DayValueForm({
  action,
  habitId,
  title,
  unit,
  measured,
  entry,
  label,
  className,
}: {
  action: string;
  habitId: number;
  title: string;
  unit: string | null;
  /** A yes/no habit's day takes a note only. */
  measured: boolean;
  entry: DayEntry;
  /** "Today", "Mon 23": the day as the row shows it. */
  label: string;
  className?: string;
}) {
  const id = `value-${habitId}-${entry.day}`;
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className={cn("flex flex-wrap items-center gap-2", className)}
      aria-label={`${title}, ${label}`}
    >
      <input type="hidden" name="intent" value="value" />
      <input type="hidden" name="habitId" value={habitId} />
      <input type="hidden" name="day" value={entry.day} />
      <label htmlFor={id} className="w-14 shrink-0 text-sm font-medium">
        {label}
      </label>
      {measured ? (
        <>
          <div className="w-20 shrink-0">
            <Input
              // Saved, the field shows the stored amount ("12,5" comes back as 12.5), with JS too.
              key={`value-${entry.value}`}
              id={id}
              name="value"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={entry.value ?? ""}
              aria-label={`${title}: amount for ${label}${unit ? ` in ${unit}` : ""}`}
            />
          </div>
          {unit ? (
            <span className="user-text min-w-0 flex-1 text-sm text-muted-foreground">{unit}</span>
          ) : null}
        </>
      ) : null}
      <Input
        key={`note-${entry.note}`}
        id={measured ? undefined : id}
        name="note"
        defaultValue={entry.note ?? ""}
        maxLength={500}
        placeholder="Note"
        className={measured ? "order-last min-w-0 basis-full" : "min-w-0 flex-1 basis-40"}
        aria-label={`${title}: note for ${label}`}
      />
      <button type="submit" className={cn(buttonClass("outline", "sm"), "ml-auto")}>
        Save
      </button>
    </Form>
  );
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** The habit page's rows of days to fill in, today first. */
export function DayValueForms({
  days,
  today,
  ...habit
}: {
  action: string;
  habitId: number;
  title: string;
  unit: string | null;
  measured: boolean;
  days: DayEntry[];
  today: string;
}) {
  return (
    <div id="values" className="mt-4 scroll-mt-24 space-y-3 border-t pt-4">
      <h3 className="text-sm font-semibold">
        {habit.measured ? "How much, and a note" : "A note on a day"}
      </h3>
      {days.map((entry) => (
        <DayValueForm
          key={entry.day}
          {...habit}
          entry={entry}
          label={entry.day === today ? "Today" : shortDay(entry.day)}
        />
      ))}
    </div>
  );
}
