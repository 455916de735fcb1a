import * as statsRoute from "~/routes/api+/stats";
import { completeGoal, createGoal } from "~/goals/goals.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";

const getStats = (query: string, cookie?: string) =>
  call(statsRoute.loader, makeRequest(`/api/stats${query}`, { cookie }));

describe("GET /api/stats", () => {
  it("answers the caller's own numbers, refuses strangers and anonymous callers, and serves admins", async () => {
    const alice = await createTestUser({ email: "stats-alice@example.com" });
    const bob = await createTestUser({ email: "stats-bob@example.com" });
    const admin = await createTestUser({ email: "stats-admin@example.com", admin: true });
    const yesterday = new Date(Date.now() - 86_400_000);
    const goal = createGoal(alice.id, { description: "Run 5k", dueDate: yesterday });
    completeGoal(alice.id, goal.id);

    const anonymous = await getStats("");
    expect(anonymous.status).toBe(401);

    const own = await getStats("", await sessionCookie(alice.id));
    expect(own.status).toBe(200);
    expect(await readJson(own)).toMatchObject({ totalGoals: 1, completedGoals: 1 });

    const stranger = await getStats(`?userId=${alice.id}`, await sessionCookie(bob.id));
    expect(stranger.status).toBe(403);
    expect(await readJson(stranger)).toEqual({ message: "You can only access your own stats" });

    const byAdmin = await getStats(`?userId=${alice.id}`, await sessionCookie(admin.id));
    expect(byAdmin.status).toBe(200);
    expect(await readJson(byAdmin)).toMatchObject({ totalGoals: 1, completedGoals: 1 });
  });
});
