import * as exportRoute from "~/routes/settings_+/export[.json]";
import { skipGoal } from "~/goals/goal-edits.server";
import { completeGoal, createGoal } from "~/goals/goals.server";
import { writeDayNote } from "~/goals/day-notes.server";
import { createApiToken } from "~/users/api-tokens.server";
import { sqlite } from "~/utils/db/db.server";
import { addWebhookEndpoint, sendTestEvent } from "~/webhooks/webhook-endpoints.server";
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

it("exports the user's webhooks with their state and delivery counts, never the secret", async () => {
  const user = await createTestUser();
  const other = await createTestUser();
  const endpointId = addWebhookEndpoint(user.id, "https://hooks.example.com/streak");
  addWebhookEndpoint(other.id, "https://hooks.example.com/not-mine");
  sendTestEvent(user.id, endpointId);
  sendTestEvent(user.id, endpointId);
  sqlite
    .prepare(
      "update webhook_deliveries set delivered_at = ? where id = (select min(id) from webhook_deliveries where endpoint_id = ?)",
    )
    .run(Date.now(), endpointId);
  const secret = sqlite
    .prepare("select secret from webhook_endpoints where id = ?")
    .pluck()
    .get(endpointId) as string;

  const response = await call(
    exportRoute.loader,
    makeRequest("/settings/export.json", { cookie: await sessionCookie(user.id) }),
  );
  const data = await readJson(response);
  expect(data.webhooks).toEqual([
    {
      id: endpointId,
      url: "https://hooks.example.com/streak",
      createdAt: expect.any(String),
      disabledAt: null,
      disabledReason: null,
      deliveries: { total: 2, delivered: 1, undelivered: 1 },
    },
  ]);
  const text = JSON.stringify(data);
  expect(text).not.toContain(secret);
  expect(text).not.toContain("A test event from StreakCoach.");
  expect(text).not.toContain("not-mine");
});
