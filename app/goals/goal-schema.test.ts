import {
  CompleteGoalSchema,
  DESCRIPTION_REQUIRED,
  DUE_DATE_OUTSIDE_WINDOW,
  EditGoalApiSchema,
  NewGoalApiSchema,
  NewGoalFormSchema,
} from "./goal-schema";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("NewGoalFormSchema", () => {
  it("trims the description and defaults the due time to 19:00", () => {
    expect(NewGoalFormSchema.parse({ description: "  Read  " })).toEqual({
      description: "Read",
      dueTime: "19:00",
    });
  });

  it.each(["", "   ", "\n\t", undefined])("refuses description %j with the spec message", (d) => {
    expect(messages(NewGoalFormSchema.safeParse({ description: d }))).toEqual([
      DESCRIPTION_REQUIRED,
    ]);
  });

  it("limits the description to 500 characters after trimming", () => {
    expect(NewGoalFormSchema.safeParse({ description: "x".repeat(500) }).success).toBe(true);
    expect(NewGoalFormSchema.safeParse({ description: ` ${"x".repeat(500)} ` }).success).toBe(true);
    expect(NewGoalFormSchema.safeParse({ description: "x".repeat(501) }).success).toBe(false);
  });

  it("accepts HH:MM due times only", () => {
    for (const dueTime of ["00:00", "07:05", "23:59"]) {
      expect(NewGoalFormSchema.safeParse({ description: "a", dueTime }).success).toBe(true);
    }
    for (const dueTime of ["24:00", "7:00", "12:60", "noon", ""]) {
      expect(NewGoalFormSchema.safeParse({ description: "a", dueTime }).success).toBe(false);
    }
  });
});

describe("NewGoalApiSchema", () => {
  it("turns an ISO date-time into a Date", () => {
    const parsed = NewGoalApiSchema.parse({
      description: "Run",
      dueDate: "2026-03-01T19:00:00-05:00",
    });
    expect(parsed.dueDate).toEqual(new Date("2026-03-02T00:00:00Z"));
    expect(parsed.userId).toBeUndefined();
  });

  it.each(["tomorrow", "2026-03-01", "2026-13-01T00:00:00Z", "", 1_772_000_000_000, null])(
    "refuses dueDate %j",
    (dueDate) => {
      const result = NewGoalApiSchema.safeParse({ description: "Run", dueDate });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(["dueDate"]);
    },
  );

  it.each(["9999-12-31T23:00:00Z", "0001-01-01T00:00:00Z"])(
    "refuses dueDate %s, outside the years around today",
    (dueDate) => {
      for (const schema of [NewGoalApiSchema, EditGoalApiSchema]) {
        expect(messages(schema.safeParse({ description: "Run", dueDate }))).toEqual([
          DUE_DATE_OUTSIDE_WINDOW,
        ]);
      }
    },
  );

  it("requires positive integer ids", () => {
    for (const userId of [0, -1, 1.5, "1"]) {
      expect(
        NewGoalApiSchema.safeParse({ userId, description: "a", dueDate: "2026-03-01T00:00:00Z" })
          .success,
      ).toBe(false);
    }
  });
});

describe("CompleteGoalSchema", () => {
  it("accepts an empty object and proof with feedback", () => {
    expect(CompleteGoalSchema.parse({})).toEqual({});
    expect(CompleteGoalSchema.parse({ proofImageUrls: ["a"], llmFeedback: "ok" })).toEqual({
      proofImageUrls: ["a"],
      llmFeedback: "ok",
    });
  });

  it("bounds the lists and text", () => {
    expect(CompleteGoalSchema.safeParse({ proofImageUrls: Array(11).fill("a") }).success).toBe(
      false,
    );
    expect(CompleteGoalSchema.safeParse({ proofImageUrls: ["x".repeat(2049)] }).success).toBe(
      false,
    );
    expect(CompleteGoalSchema.safeParse({ llmFeedback: "x".repeat(2001) }).success).toBe(false);
  });
});
