import { z } from "zod";
import { EditPostSchema, NewPostSchema } from "~/blog/post-schema";
import { PhoneFormSchema, RegisterSchema } from "~/users/user-schema";
import { fieldAttributes } from "./field-attributes.server";

/** Whether the browser's `pattern` check, as the browser compiles it, lets a value through. */
function patternAccepts(pattern: string, value: string) {
  return new RegExp(`^(?:${pattern})$`, "v").test(value);
}

describe("fieldAttributes", () => {
  it("reads required, lengths and patterns from plain fields", () => {
    const schema = z.object({
      name: z.string().min(2).max(40),
      code: z.string().length(6).regex(/^\d+$/),
      count: z.number().int().min(1).max(9),
      agree: z.literal(true),
      kind: z.enum(["a", "b"]),
    });
    expect(fieldAttributes(schema)).toEqual({
      name: { required: true, minLength: 2, maxLength: 40 },
      code: { required: true, minLength: 6, maxLength: 6, pattern: "(?=.*(?:^\\d+$)).*" },
      count: { required: true, min: 1, max: 9 },
      agree: { required: true },
      kind: { required: true },
    });
  });

  it("asks for nothing the server lets go: optional fields, defaults, lists, preprocessed values", () => {
    const schema = z.object({
      note: z.string().max(20).optional(),
      time: z.string().default("19:00"),
      tags: z.array(z.string()).max(3),
      excerpt: z.preprocess((v) => (v === "" ? null : v), z.string().min(10).nullable()),
    });
    expect(fieldAttributes(schema)).toEqual({
      note: { maxLength: 20 },
      time: {},
      tags: {},
      excerpt: {},
    });
  });

  it("keeps no length or pattern checked after the server trims: the browser counts the spaces", () => {
    const schema = z.object({
      title: z.string().trim().min(5).max(200),
      slug: z
        .string()
        .trim()
        .regex(/^[a-z]+$/),
      capped: z.string().max(10).trim(),
      spelled: z.string().min(2).toLowerCase().max(9),
      // "   " passes the browser's `required` and is the server's to refuse once trimmed.
      description: z.string().trim().min(1).max(500),
    });
    expect(fieldAttributes(schema)).toEqual({
      title: { required: true },
      slug: { required: true },
      capped: { required: true, maxLength: 10 },
      spelled: { required: true, minLength: 2 },
      description: { required: true },
    });
  });

  it("drops a minimum of one on a required field, which says nothing more than required", () => {
    expect(fieldAttributes(z.object({ name: z.string().min(1).max(9) }))).toEqual({
      name: { required: true, maxLength: 9 },
    });
  });

  it("reads only the first half of a pipe: the rest checks what the server made of the value", () => {
    // The phone is counted without its spaces and brackets, so the typed value has no length limit
    // the browser could check; "(212) 555-0199" is 14 characters, "+1 (212) 555-0199" is 17.
    expect(fieldAttributes(PhoneFormSchema)).toEqual({
      phone: { required: true },
      currentPassword: { maxLength: 200 },
    });
  });

  it("reads the app's sign-up form, with the checks a page leaves to the server left out", () => {
    const fields = fieldAttributes(RegisterSchema, { terms: ["required"] });
    expect(fields.password).toEqual({ required: true, minLength: 8, maxLength: 128 });
    // Lower-cased and trimmed first, so only its presence is the browser's to check.
    expect(fields.email).toEqual({ required: true });
    // Fields with a default may be left out of the post.
    expect([fields.timezone, fields.sendCheckInReminders, fields.terms]).toEqual([{}, {}, {}]);
  });

  it("reads the fields of a schema that transforms the whole object", () => {
    const fields = fieldAttributes(NewPostSchema);
    expect(fields.title).toEqual({ required: true });
    expect(fields.content).toEqual({ required: true });
    expect(fields.slug).toEqual({});
    expect(fields.published).toEqual({});
    // The editor uses these for an existing post too, whose schema differs only in the slug.
    expect(fieldAttributes(EditPostSchema)).toEqual(fields);
  });

  it("gives a pattern that matches where the expression matches, anchored or not", () => {
    const fields = fieldAttributes(
      z.object({ anchored: z.string().regex(/^[0-9]{3}$/), inside: z.string().regex(/ab/) }),
    );
    expect(patternAccepts(fields.anchored!.pattern!, "123")).toBe(true);
    expect(patternAccepts(fields.anchored!.pattern!, "1234")).toBe(false);
    expect(patternAccepts(fields.inside!.pattern!, "xxabyy")).toBe(true);
    expect(patternAccepts(fields.inside!.pattern!, "xxa")).toBe(false);
  });

  it("leaves out a pattern the browser cannot hold: flags, or syntax its unicode-sets mode refuses", () => {
    const fields = fieldAttributes(
      z.object({ caseless: z.string().regex(/^ab$/i), dash: z.string().regex(/^[a-z-]+$/) }),
    );
    expect(fields).toEqual({ caseless: { required: true }, dash: { required: true } });
  });

  it("is plain data that survives JSON, as loader data does", () => {
    const fields = fieldAttributes(RegisterSchema);
    expect(JSON.parse(JSON.stringify(fields))).toEqual(fields);
  });

  it("refuses a schema that is no object", () => {
    expect(() => fieldAttributes(z.string())).toThrow(/object schema/);
  });
});
