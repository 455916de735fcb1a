import { z } from "zod";
import { ECHOED_FIELD_MAX_CHARS, parseWithZod } from "./forms.server";

const Schema = z
  .object({ title: z.string().max(10, "Too long"), note: z.string().optional() })
  .refine((value) => value.title !== "no", { message: "No", path: ["title"] });

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("parseWithZod", () => {
  it("gives a refused form back with the fields the schema reads, as they were typed", () => {
    const submission = parseWithZod(form({ title: "a title too long", note: "kept" }), {
      schema: Schema,
    });
    expect(submission.status).toBe("error");
    expect(submission.reply().initialValue).toEqual({ title: "a title too long", note: "kept" });
  });

  it("leaves out of the reply the fields no schema reads and values longer than a form could need", () => {
    const junk = "a".repeat(ECHOED_FIELD_MAX_CHARS + 1);
    const submission = parseWithZod(form({ title: "a title too long", note: junk, extra: "x" }), {
      schema: Schema,
    });
    const reply = submission.reply({ fieldErrors: { title: ["Too long"] } });
    expect(reply.initialValue).toEqual({ title: "a title too long" });
    expect(reply.error).toMatchObject({ title: ["Too long"] });
    expect(JSON.stringify(reply).length).toBeLessThan(1_000);
  });

  it("still resets a form when asked, and parses accepted values as conform does", () => {
    const submission = parseWithZod(form({ title: "fine", extra: "x" }), { schema: Schema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ title: "fine" });
    expect(submission.reply({ resetForm: true }).initialValue).toBeNull();
  });
});
