import type { z } from "zod";
import type { FieldErrors } from "~/http/api.server";
import { EditHabitSchema, NewHabitSchema } from "./habit-schema";

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
