import { Form } from "@remix-run/react";
import { PendingButton } from "../pending-button";
import { FieldErrors } from "../ui/field";
import { Input } from "../ui/input";
import { weekdayLabels, weekdaysInOrder, type WeekStart } from "~/utils/time/week-start";

/** The day checkboxes in the order of the user's week. */
const weekdayChoices = (firstDay: WeekStart) => {
  const labels = weekdayLabels(firstDay, "short");
  return weekdaysInOrder(firstDay).map((value, i) => ({ value, label: labels[i]! }));
};

export type HabitFormValues = {
  title: string;
  days: number[] | null;
  timesPerWeek: number | null;
  time: string | null;
  /** A measured habit's target ("" or null for yes/no), unit, period and direction. */
  target?: string | number | null;
  unit?: string | null;
  per?: "day" | "week" | null;
  atMost?: boolean;
  /** Whether it is a habit to avoid. */
  avoid?: boolean;
};

const NEW_HABIT: HabitFormValues = {
  title: "",
  days: [0, 1, 2, 3, 4, 5, 6],
  timesPerWeek: null,
  time: null,
};

/**
 * Title, schedule (days of the week or times per week) and an optional time: a plain form that works
 * without JavaScript; both schedule choices are on the page, the radio button says which counts.
 */
export function HabitForm({
  intent,
  submitLabel,
  values = NEW_HABIT,
  errors = {},
  weekStartsOn,
}: {
  intent: string;
  submitLabel: string;
  weekStartsOn: WeekStart;
  values?: HabitFormValues;
  errors?: Record<string, string[]>;
}) {
  const byTimes = values.timesPerWeek !== null;
  const id = (name: string) => `${intent}-${name}`;
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <div className="space-y-2">
        <label htmlFor={id("title")} className="text-sm font-medium">
          Habit
        </label>
        <Input
          id={id("title")}
          name="title"
          defaultValue={values.title}
          placeholder="e.g. Meditate 10 minutes"
          maxLength={120}
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? id("title-error") : undefined}
        />
        <FieldErrors id={id("title-error")} errors={errors.title} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">How often</legend>
        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="schedule" value="days" defaultChecked={!byTimes} />
            On these days
          </label>
          <div className="flex flex-wrap gap-2 pl-6">
            {weekdayChoices(weekStartsOn).map((d) => (
              <label
                key={d.value}
                className="flex min-h-11 min-w-12 cursor-pointer items-center justify-center gap-1.5 rounded-md border px-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
              >
                <input
                  type="checkbox"
                  name="days"
                  value={d.value}
                  defaultChecked={values.days?.includes(d.value) ?? false}
                />
                {d.label}
              </label>
            ))}
          </div>
          <FieldErrors id={id("days-error")} errors={errors.days} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="schedule" value="times" defaultChecked={byTimes} />
            Any days,
          </label>
          <label htmlFor={id("times")} className="sr-only">
            Times per week
          </label>
          <select
            id={id("times")}
            name="timesPerWeek"
            defaultValue={String(values.timesPerWeek ?? 3)}
            className="h-11 rounded-md border bg-background px-2 text-sm"
          >
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n === 1 ? "once" : `${n} times`}
              </option>
            ))}
          </select>
          <span className="text-sm">a week</span>
          <FieldErrors id={id("times-error")} errors={errors.timesPerWeek} />
        </div>
      </fieldset>
      <MeasureFields id={id} values={values} errors={errors} />
      <div className="space-y-2">
        <label htmlFor={id("time")} className="text-sm font-medium">
          Time (optional)
        </label>
        <Input
          id={id("time")}
          name="time"
          type="time"
          defaultValue={values.time ?? ""}
          className="w-40"
          aria-describedby={id("time-hint")}
        />
        <p id={id("time-hint")} className="text-sm text-muted-foreground">
          Without a time, it is due by your evening check-in.
        </p>
        <FieldErrors id={id("time-error")} errors={errors.time} />
      </div>
      <div className="flex items-start gap-2">
        <input
          id={id("avoid")}
          name="avoid"
          type="checkbox"
          defaultChecked={values.avoid ?? false}
          className="mt-1 h-4 w-4"
          aria-describedby={id("avoid-hint")}
        />
        <div>
          <label htmlFor={id("avoid")} className="text-sm font-medium">
            A habit to avoid
          </label>
          <p id={id("avoid-hint")} className="text-sm text-muted-foreground">
            Like &ldquo;no sugar&rdquo;: each day is kept unless you report a slip.
          </p>
        </div>
      </div>
      <PendingButton intent={intent} pendingLabel="Saving...">
        {submitLabel}
      </PendingButton>
    </Form>
  );
}

/** A target makes the habit measured ("30 pages a day"); left empty, the habit is yes/no. */
function MeasureFields({
  id,
  values,
  errors,
}: {
  id: (name: string) => string;
  values: HabitFormValues;
  errors: Record<string, string[]>;
}) {
  const fieldErrors = [...(errors.target ?? []), ...(errors.unit ?? []), ...(errors.per ?? [])];
  return (
    <fieldset className="space-y-2" aria-describedby={id("target-hint")}>
      <legend className="text-sm font-medium">Target (optional)</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id("direction")} className="sr-only">
          At least or at most
        </label>
        <select
          id={id("direction")}
          name="direction"
          defaultValue={values.atMost ? "atMost" : "atLeast"}
          className="h-11 rounded-md border bg-background px-2 text-sm"
        >
          <option value="atLeast">at least</option>
          <option value="atMost">at most</option>
        </select>
        <label htmlFor={id("target")} className="sr-only">
          Amount
        </label>
        <div className="w-20">
          <Input
            id={id("target")}
            name="target"
            type="text"
            inputMode="decimal"
            defaultValue={values.target ?? ""}
            placeholder="30"
            aria-invalid={errors.target ? true : undefined}
          />
        </div>
        <label htmlFor={id("unit")} className="sr-only">
          Unit
        </label>
        <div className="w-28">
          <Input
            id={id("unit")}
            name="unit"
            defaultValue={values.unit ?? ""}
            placeholder="pages"
            maxLength={30}
          />
        </div>
        <label htmlFor={id("per")} className="sr-only">
          Per day or per week
        </label>
        <select
          id={id("per")}
          name="per"
          defaultValue={values.per ?? "day"}
          className="h-11 rounded-md border bg-background px-2 text-sm"
        >
          <option value="day">a day</option>
          <option value="week">a week</option>
        </select>
      </div>
      <p id={id("target-hint")} className="text-sm text-muted-foreground">
        &ldquo;At least 30 pages a day&rdquo;, &ldquo;at most 2 coffees a day&rdquo;. Leave the
        amount empty for a yes/no habit.
      </p>
      <FieldErrors id={id("target-error")} errors={fieldErrors.length ? fieldErrors : undefined} />
    </fieldset>
  );
}
