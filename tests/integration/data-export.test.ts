import * as exportRoute from "~/routes/settings_+/export[.json]";
import { skipGoal } from "~/goals/goal-edits.server";
import { completeGoal, createGoal } from "~/goals/goals.server";
import { writeDayNote } from "~/goals/day-notes.server";
import { createApiToken } from "~/users/api-tokens.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";

// "Download my data": every goal carries its outcome, by the same rule as the /api and the pages.
it("exports each goal with its status and skippedAt, and only the caller's", async () => {
  const user = await createTestUser();
  const other = await createTestUser();
  const later = new Date(Date.now() + 3600_000);
  const done = createGoal(user.id, { description: "Done one", dueDate: later });
  const skipped = createGoal(user.id, { description: "Skipped one", dueDate: later });
  const old = createGoal(user.id, {
    description: "Old one",
    dueDate: new Date(Date.now() - 3 * 86_400_000),
  });
  createGoal(other.id, { description: "Not mine", dueDate: later });
  completeGoal(user.id, done.id);
  skipGoal(user.id, skipped.id);
  writeDayNote(user, "Solid progress!");
  writeDayNote(other, "Not mine either");

  const response = await call(
    exportRoute.loader,
    makeRequest("/settings/export.json", { cookie: await sessionCookie(user.id) }),
  );
  expect(response.status).toBe(200);
  const data = await readJson(response);
  const byId = new Map(data.goals.map((g: { id: number }) => [g.id, g]));
  expect(byId.get(done.id)).toMatchObject({ status: "completed", skippedAt: null });
  expect(byId.get(skipped.id)).toMatchObject({ status: "skipped", completedAt: null });
  expect(byId.get(old.id)).toMatchObject({ status: "missed" });
  // The coach's notes are the user's days', kept once each, not on the goals.
  expect(data.coachNotes).toEqual([expect.objectContaining({ note: "Solid progress!" })]);
  expect(JSON.stringify(data)).not.toContain("Not mine");
});

it("exports the user's API tokens with their names and uses, never the token or its hash", async () => {
  const user = await createTestUser();
  const { token, row } = createApiToken(user.id, {
    name: "Home script",
    access: "write",
    expires: "30",
  });
  const response = await call(
    exportRoute.loader,
    makeRequest("/settings/export.json", { cookie: await sessionCookie(user.id) }),
  );
  const data = await readJson(response);
  expect(data.apiTokens).toEqual([
    expect.objectContaining({ name: "Home script", scopes: ["read", "write"], revokedAt: null }),
  ]);
  const text = JSON.stringify(data);
  expect(text).not.toContain(token);
  expect(text).not.toContain(row.tokenHash);
});
