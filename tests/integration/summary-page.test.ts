import * as summaryPage from "~/routes/summaries+/$period.$date";
import { SUMMARY_GOALS_PER_PAGE } from "~/summaries/summaries.server";
import { db, schema } from "~/utils/db/db.server";
import { call, createTestUser, makeRequest, sessionCookie } from "../helpers/requests";
import { expectWeekOfRunAndRead, seedWeekOfRunAndRead } from "../helpers/summary-week";

async function load(path: string, params: Record<string, string>, cookie?: string) {
  return call(summaryPage.loader, makeRequest(path, { cookie }), params);
}

describe("summary pages", () => {
  it("sends anonymous visitors to log in", async () => {
    const response = await load("/summaries/weekly/2026-11-22", {
      period: "weekly",
      date: "2026-11-22",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });

  it("shows the week ending on a Sunday with the user's own figures", async () => {
    const user = await createTestUser();
    // A Monday-first user: Sunday's summary is of the week ending that day.
    await seedWeekOfRunAndRead(user.id, {
      earlierGoal: "Outside the week",
      othersGoal: "Someone else's goal",
    });

    const response = await load(
      "/summaries/weekly/2026-11-22",
      { period: "weekly", date: "2026-11-22" },
      await sessionCookie(user.id),
    );
    expect(response.status).toBe(200);
    const data = await response.json();
    expectWeekOfRunAndRead(data);
  });

  it("lists a month's goals a page at a time, each reached by ?page=, with the figures of them all", async () => {
    const user = await createTestUser();
    const total = SUMMARY_GOALS_PER_PAGE * 2 + 5;
    db.insert(schema.goals)
      .values(
        Array.from({ length: total }, (_, n) => ({
          userId: user.id,
          description: `Goal ${n}`,
          dueDate: new Date(Date.UTC(2026, 9, 1 + (n % 31), 20, 0, n)),
        })),
      )
      .run();
    const cookie = await sessionCookie(user.id);
    const params = { period: "monthly", date: "2026-11-01" };
    const listed: string[] = [];
    for (const page of ["1", "2", "3"]) {
      const response = await load(`/summaries/monthly/2026-11-01?page=${page}`, params, cookie);
      const data = await response.json();
      expect(data.figures[0]).toMatchObject({ label: "Goals set", value: String(total) });
      expect(data.goalsPage).toMatchObject({ page: Number(page), pages: 3, total });
      listed.push(...data.goals.map((g: { description: string }) => g.description));
    }
    expect(listed).toHaveLength(total);
    expect(new Set(listed).size).toBe(total);
    // A page past the last (or not a number) shows the last (or the first).
    const beyond = await (
      await load("/summaries/monthly/2026-11-01?page=9", params, cookie)
    ).json();
    expect(beyond.goalsPage.page).toBe(3);
    const junk = await (await load("/summaries/monthly/2026-11-01?page=x", params, cookie)).json();
    expect(junk.goalsPage.page).toBe(1);
    expect(junk.goals).toHaveLength(SUMMARY_GOALS_PER_PAGE);
  });

  it("answers 404 for a day a summary is never sent on, or a bad period", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    expect((await load("/x", { period: "weekly", date: "2026-11-23" }, cookie)).status).toBe(404);
    expect((await load("/x", { period: "monthly", date: "2026-11-02" }, cookie)).status).toBe(404);
    expect((await load("/x", { period: "daily", date: "2026-11-22" }, cookie)).status).toBe(404);
    expect((await load("/x", { period: "weekly", date: "2026-13-40" }, cookie)).status).toBe(404);
    expect((await load("/x", { period: "monthly", date: "2026-12-01" }, cookie)).status).toBe(200);
  });
});
