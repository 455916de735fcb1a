import type { z } from "zod";
import type { FieldErrors } from "~/http/api.server";
import { EditHabitSchema, HabitDayEntrySchema, NewHabitSchema } from "./habit-schema";

/**
 * A form's target fields, when it has them: an empty target is a yes/no habit. "3,5" is 3.5, as a
 * phone's keyboard may type it.
 */
function measureFieldsOf(form: FormData) {
  if (!form.has("target")) return {};
  const target = String(form.get("target") ?? "").trim();
  if (target === "") return { target: null };
  return {
    target: Number(target.replace(",", ".")),
    unit: String(form.get("unit") ?? "").trim(),
    per: form.get("per") === "week" ? ("week" as const) : ("day" as const),
    atMost: form.get("direction") === "atMost",
  };
}

/** The /habits forms in the /api's shape, so both are checked by the same schema. */
function fieldsOf(form: FormData) {
  const kind = form.get("schedule");
  const time = String(form.get("time") ?? "").trim();
  return {
    title: String(form.get("title") ?? ""),
    ...(kind === "times"
      ? { timesPerWeek: Number(form.get("timesPerWeek")) }
      : { days: form.getAll("days").map((d) => Number(d)) }),
    time: time === "" ? null : time,
    ...measureFieldsOf(form),
    avoid: form.get("avoid") === "on",
  };
}

/** What the new-habit form held, to show it again when it is refused. */
export function typedHabitValues(form: FormData) {
  const times = Number(form.get("timesPerWeek"));
  const time = String(form.get("time") ?? "").trim();
  return {
    title: String(form.get("title") ?? ""),
    days: form.getAll("days").map((d) => Number(d)),
    // Set only when "Any days" was chosen: the form checks that choice by it.
    timesPerWeek: form.get("schedule") === "times" && Number.isInteger(times) ? times : null,
    time: time === "" ? null : time,
    target: String(form.get("target") ?? ""),
    unit: String(form.get("unit") ?? ""),
    per: form.get("per") === "week" ? ("week" as const) : ("day" as const),
    atMost: form.get("direction") === "atMost",
    avoid: form.get("avoid") === "on",
  };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

function parse<S extends z.ZodType>(schema: S, data: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    (errors[key] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

export const readNewHabitForm = (form: FormData) => parse(NewHabitSchema, fieldsOf(form));
export const readEditHabitForm = (form: FormData) => parse(EditHabitSchema, fieldsOf(form));

/** A day's value form: an empty number clears the value, an empty note the note. */
export function readDayEntryForm(form: FormData) {
  const value = String(form.get("value") ?? "").trim();
  return parse(HabitDayEntrySchema, {
    // A yes/no habit's form has no number field: its day keeps its outcome.
    ...(form.has("value") ? { value: value === "" ? null : Number(value.replace(",", ".")) } : {}),
    note: String(form.get("note") ?? ""),
  });
}
