import type { z } from "zod";

/** The browser's own checks for one field, as attributes for its input (conform's `constraint`). */
export type FieldAttributes = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: string;
};

type Described = { required: boolean; attributes: FieldAttributes };

type AnySchema = z.core.$ZodType;
// zod's definitions, reached only through the fields read here.
type Def = {
  type: string;
  innerType?: AnySchema;
  in?: AnySchema;
  shape?: Record<string, AnySchema>;
  checks?: { _zod: { def: CheckDef } }[];
};
type CheckDef = {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: unknown;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
};

const NOTHING: Described = { required: false, attributes: {} };

function def(schema: AnySchema) {
  return schema._zod.def as unknown as Def;
}

/**
 * A regular expression as an HTML `pattern`, which must match the whole value: the expression is
 * looked for anywhere in it, as zod does. Flags cannot be carried, and the browser compiles patterns
 * in unicode-sets mode, which refuses some expressions JavaScript otherwise takes: those are left out.
 */
function htmlPattern(regex: RegExp) {
  if (regex.flags.replace("u", "") !== "") return undefined;
  const pattern = `(?=.*(?:${regex.source})).*`;
  try {
    new RegExp(`^(?:${pattern})$`, "v");
    return pattern;
  } catch {
    return undefined;
  }
}

/**
 * The checks of a string in the order zod runs them, up to the first that rewrites the value (`trim`,
 * `toLowerCase`, `normalize`): the browser sees the value as typed, so a length or pattern checked
 * after that could refuse what the server accepts (surrounding spaces past a maximum, say).
 */
function stringAttributes(checks: CheckDef[]) {
  const attributes: FieldAttributes = {};
  for (const check of checks) {
    if (check.check === "overwrite") break;
    if (check.check === "min_length") attributes.minLength = check.minimum;
    if (check.check === "max_length") attributes.maxLength = check.maximum;
    if (check.check === "length_equals") {
      attributes.minLength = check.length;
      attributes.maxLength = check.length;
    }
    if (check.check === "string_format" && check.format === "regex" && check.pattern) {
      const pattern = htmlPattern(check.pattern);
      if (pattern) attributes.pattern = pattern;
    }
  }
  return attributes;
}

function numberAttributes(checks: CheckDef[]) {
  const attributes: FieldAttributes = {};
  for (const { check, value, inclusive } of checks) {
    if (typeof value !== "number" || !inclusive) continue;
    if (check === "greater_than") attributes.min = value;
    if (check === "less_than") attributes.max = value;
  }
  return attributes;
}

function describe(schema: AnySchema): Described {
  const { type, innerType, checks = [] } = def(schema);
  const checkDefs = checks.map((check) => check._zod.def);
  switch (type) {
    case "optional":
    case "default":
    case "prefault":
      return { ...describe(innerType!), required: false };
    case "nonoptional":
      return { ...describe(innerType!), required: true };
    case "nullable":
    case "readonly":
      return describe(innerType!);
    case "pipe": {
      // What the form posts meets the pipe's first half; the second half sees what that made of it.
      // A preprocess step changes the value before any check, so nothing can be said about it.
      const first = def(schema).in!;
      return def(first).type === "transform" ? NOTHING : describe(first);
    }
    case "string":
      return { required: true, attributes: stringAttributes(checkDefs) };
    case "number":
      return { required: true, attributes: numberAttributes(checkDefs) };
    case "boolean":
    case "literal":
    case "enum":
      return { required: true, attributes: {} };
    default:
      // Lists, files, unions and anything else: the server alone decides.
      return NOTHING;
  }
}

function objectShape(schema: AnySchema): Record<string, AnySchema> {
  const { type, shape } = def(schema);
  if (type === "object") return shape!;
  if (type === "pipe") return objectShape(def(schema).in!);
  throw new Error(`fieldAttributes needs an object schema, not ${type}`);
}

/**
 * The HTML attributes (required, minLength, maxLength, min, max, pattern) that let the browser check a
 * form's fields before it is posted, read from the zod schema the server parses the form with. It runs
 * on the server and gives plain data, so pages get the checks without zod in their JavaScript.
 *
 * An attribute is given only where the browser cannot refuse a value the server accepts; checks that
 * only the server can make (refinements, formats, what a transform makes of the value) stay there.
 * `leaveOut` drops attributes whose check should stay the server's, so that its message is the one the
 * user reads.
 */
export function fieldAttributes<T extends z.ZodType>(
  schema: T,
  leaveOut: Partial<Record<keyof z.input<T> & string, (keyof FieldAttributes)[]>> = {},
): Record<string, FieldAttributes> {
  const fields: Record<string, FieldAttributes> = {};
  for (const [name, field] of Object.entries(objectShape(schema))) {
    const { required, attributes } = describe(field);
    const all: FieldAttributes = required ? { required, ...attributes } : attributes;
    // On a required field, a minimum of one character says nothing more.
    if (required && all.minLength === 1) delete all.minLength;
    const dropped = new Set(leaveOut[name as keyof typeof leaveOut] ?? []);
    fields[name] = Object.fromEntries(
      Object.entries(all).filter(([key]) => !dropped.has(key as keyof FieldAttributes)),
    );
  }
  return fields;
}
