import { eq } from "drizzle-orm";
import { completeGoal, createGoal } from "~/goals/goals.server";
import { db, schema } from "~/utils/db/db.server";
import { createTestUser } from "./requests";

/**
 * Makes the user Monday-first and gives them, in the week of 16-22 November 2026, "Run 5k" done on
 * Tuesday and "Read" left open; a goal of theirs the week before and one of another account's in
 * that week must stay out of the summary. Returns the other account.
 */
export async function seedWeekOfRunAndRead(
  userId: number,
  decoys: { earlierGoal: string; othersGoal: string },
) {
  db.update(schema.users).set({ weekStartsOn: "monday" }).where(eq(schema.users.id, userId)).run();
  const other = await createTestUser();
  const done = createGoal(userId, {
    description: "Run 5k",
    dueDate: new Date("2026-11-17T23:00:00Z"),
  });
  completeGoal(userId, done.id, {}, new Date("2026-11-17T22:00:00Z"));
  createGoal(userId, { description: "Read", dueDate: new Date("2026-11-20T23:00:00Z") });
  createGoal(userId, {
    description: decoys.earlierGoal,
    dueDate: new Date("2026-11-10T23:00:00Z"),
  });
  createGoal(other.id, {
    description: decoys.othersGoal,
    dueDate: new Date("2026-11-18T23:00:00Z"),
  });
  return other;
}

/**
 * What a summary of the week of 16-22 November 2026 holds for a Monday-first user who completed
 * "Run 5k" on Tuesday and left "Read" open that week.
 */
export function expectWeekOfRunAndRead(data: {
  period: string;
  figures: unknown;
  goals: { description: string }[];
}) {
  expect(data.period).toBe("November 16, 2026 to November 22, 2026");
  expect(data.figures).toEqual(
    expect.arrayContaining([
      { label: "Goals set", value: "2", counts: "" },
      { label: "Completed", value: "1", counts: "" },
      { label: "Completion rate", value: "50%", counts: "1 of 2 decided goals" },
      { label: "Best day", value: "Tuesday", counts: "" },
    ]),
  );
  expect(data.goals.map((g) => g.description)).toEqual(["Run 5k", "Read"]);
}
