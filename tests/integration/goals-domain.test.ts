import { eq } from "drizzle-orm";
import {
  completeGoal,
  createGoal,
  dueTodayAt,
  getGoal,
  goalsBetween,
  goalStats,
  listAllGoals,
  listPreviousGoals,
  listUpcomingGoals,
  listTodayGoals,
  outcomeCounts,
  recentCalendar,
  streakFor,
} from "~/goals/goals.server";
import { noOutcomes, outcomeOf } from "~/goals/goal-numbers";
import { updateUser } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { addDays, localDay, zonedInstant } from "~/utils/time/local-time";
import { createTestUser } from "../helpers/requests";

const NY = "America/New_York";
const HONOLULU = "Pacific/Honolulu";

/** A fresh user in a time zone, as the domain functions take it. */
async function userIn(timezone: string) {
  const user = await createTestUser();
  const updated = updateUser(user.id, { timezone });
  return { id: updated.id, timezone: updated.timezone };
}

const at = (iso: string) => new Date(iso);
const descriptions = (goals: { description: string }[]) => goals.map((g) => g.description);

function goalAt(userId: number, description: string, dueIso: string) {
  return createGoal(userId, { description, dueDate: at(dueIso) });
}

/** A goal due and completed at the given instant. */
function completionAt(userId: number, iso: string) {
  const goal = goalAt(userId, `done ${iso}`, iso);
  return completeGoal(userId, goal.id, {}, at(iso))!;
}

const dbGoal = (id: number) => db.select().from(schema.goals).where(eq(schema.goals.id, id)).get();

describe("createGoal", () => {
  it("stores a trimmed description, the due instant and the source message", async () => {
    const user = await userIn(NY);
    const goal = createGoal(user.id, {
      description: "  Run 5k  ",
      dueDate: at("2026-03-01T00:00:00Z"),
      sourceMessageId: 42,
    });
    expect(dbGoal(goal.id)).toMatchObject({
      userId: user.id,
      description: "Run 5k",
      dueDate: at("2026-03-01T00:00:00Z"),
      completedAt: null,
      proofImageUrls: [],
      llmFeedback: null,
      sourceMessageId: 42,
    });
  });

  it("puts the dialog's 'Due by' time on the user's local today", async () => {
    const now = at("2026-03-01T03:30:00Z"); // Feb 28, 22:30 in New York; 17:30 in Honolulu
    expect(dueTodayAt({ id: 1, timezone: NY }, "19:00", now).toISOString()).toBe(
      "2026-03-01T00:00:00.000Z",
    );
    expect(dueTodayAt({ id: 1, timezone: HONOLULU }, "19:00", now).toISOString()).toBe(
      "2026-03-01T05:00:00.000Z",
    );
  });
});

describe("today is the user's local day", () => {
  // 03:30 UTC on March 1 is still February 28 in New York (22:30) and in Honolulu (17:30).
  const now = at("2026-03-01T03:30:00Z");

  for (const { name, zone, goals, today } of [
    {
      name: "lists goals due on New York's Feb 28, not the server's UTC March 1",
      zone: NY,
      goals: {
        "feb 27 23:30 NY": "2026-02-28T04:30:00Z",
        "feb 28 00:30 NY": "2026-02-28T05:30:00Z",
        "feb 28 21:00 NY": "2026-03-01T02:00:00Z",
        "feb 28 23:59 NY": "2026-03-01T04:59:00Z",
        "mar 1 00:00 NY": "2026-03-01T05:00:00Z",
        "mar 1 05:00 NY (UTC today)": "2026-03-01T10:00:00Z",
      },
      today: ["feb 28 00:30 NY", "feb 28 21:00 NY", "feb 28 23:59 NY"],
    },
    {
      name: "gives a Honolulu user a different day for the same instants",
      zone: HONOLULU,
      // 04:30Z and 05:30Z on Feb 28 are Feb 27 in Honolulu (18:30 and 19:30).
      goals: {
        "feb 27 18:30 HST": "2026-02-28T04:30:00Z",
        "feb 27 19:30 HST": "2026-02-28T05:30:00Z",
        "feb 28 00:00 HST": "2026-02-28T10:00:00Z",
        "feb 28 16:00 HST": "2026-03-01T02:00:00Z",
        "feb 28 23:30 HST": "2026-03-01T09:30:00Z",
        "mar 1 00:00 HST": "2026-03-01T10:00:00Z",
      },
      today: ["feb 28 00:00 HST", "feb 28 16:00 HST", "feb 28 23:30 HST"],
    },
  ]) {
    it(name, async () => {
      const user = await userIn(zone);
      for (const [description, dueAt] of Object.entries(goals)) goalAt(user.id, description, dueAt);
      expect(descriptions(listTodayGoals(user, now))).toEqual(today);
    });
  }

  it("lists only the user's own goals", async () => {
    const alice = await userIn(NY);
    const bob = await userIn(NY);
    goalAt(alice.id, "alice", "2026-03-01T02:00:00Z");
    goalAt(bob.id, "bob", "2026-03-01T02:00:00Z");
    expect(descriptions(listTodayGoals(alice, now))).toEqual(["alice"]);
    expect(descriptions(listAllGoals(bob.id))).toEqual(["bob"]);
  });

  it("lists all goals newest due first", async () => {
    const user = await userIn(NY);
    goalAt(user.id, "middle", "2026-02-01T12:00:00Z");
    goalAt(user.id, "newest", "2026-04-01T12:00:00Z");
    goalAt(user.id, "oldest", "2025-12-01T12:00:00Z");
    expect(descriptions(listAllGoals(user.id))).toEqual(["newest", "middle", "oldest"]);
  });
});

describe("streak over local days", () => {
  it("counts 23:30 and 00:30 New York time as two days though both are the same UTC day", async () => {
    const user = await userIn(NY);
    completionAt(user.id, "2026-03-03T04:30:00Z"); // Mar 2, 23:30 EST
    completionAt(user.id, "2026-03-03T05:30:00Z"); // Mar 3, 00:30 EST
    expect(streakFor(user, at("2026-03-03T17:00:00Z"))).toBe(2);
  });

  it("counts 13:30 and 14:30 Honolulu time as one day though the UTC days differ", async () => {
    const user = await userIn(HONOLULU);
    completionAt(user.id, "2026-03-02T23:30:00Z"); // Mar 2, 13:30 HST
    completionAt(user.id, "2026-03-03T00:30:00Z"); // Mar 2, 14:30 HST
    expect(streakFor(user, at("2026-03-03T02:00:00Z"))).toBe(1);
  });

  it("keeps the streak while today is still open, and loses it after a missed local day", async () => {
    const user = await userIn(NY);
    completionAt(user.id, "2026-03-02T23:00:00Z"); // Mar 2, 18:00
    completionAt(user.id, "2026-03-03T23:00:00Z"); // Mar 3, 18:00
    // Mar 4, 23:30 EST (Mar 5 04:30Z): nothing today yet, yesterday counts.
    expect(streakFor(user, at("2026-03-05T04:30:00Z"))).toBe(2);
    // Mar 5, 00:30 EST: Mar 4 was missed.
    expect(streakFor(user, at("2026-03-05T05:30:00Z"))).toBe(0);
  });

  it("is 0 for a user without completions, even with open goals", async () => {
    const user = await userIn(NY);
    goalAt(user.id, "open", "2026-03-03T23:00:00Z");
    expect(streakFor(user, at("2026-03-03T17:00:00Z"))).toBe(0);
  });

  it("counts across the 23-hour spring-forward day (2026-03-08)", async () => {
    const user = await userIn(NY);
    completionAt(user.id, "2026-03-07T05:30:00Z"); // Mar 7, 00:30 EST
    completionAt(user.id, "2026-03-08T04:30:00Z"); // Mar 7, 23:30 EST
    completionAt(user.id, "2026-03-08T05:30:00Z"); // Mar 8, 00:30 EST
    completionAt(user.id, "2026-03-09T03:30:00Z"); // Mar 8, 23:30 EDT
    completionAt(user.id, "2026-03-09T04:30:00Z"); // Mar 9, 00:30 EDT
    completionAt(user.id, "2026-03-10T03:30:00Z"); // Mar 9, 23:30 EDT
    expect(streakFor(user, at("2026-03-10T12:00:00Z"))).toBe(3); // Mar 7, 8, 9 (today Mar 10)
    expect(streakFor(user, at("2026-03-09T12:00:00Z"))).toBe(3); // today Mar 9
  });

  it("counts across the 25-hour fall-back day (2026-11-01)", async () => {
    const user = await userIn(NY);
    completionAt(user.id, "2026-11-01T03:30:00Z"); // Oct 31, 23:30 EDT
    completionAt(user.id, "2026-11-01T04:30:00Z"); // Nov 1, 00:30 EDT
    completionAt(user.id, "2026-11-01T06:30:00Z"); // Nov 1, 01:30 EST (the second 01:30)
    completionAt(user.id, "2026-11-02T04:30:00Z"); // Nov 1, 23:30 EST
    completionAt(user.id, "2026-11-02T05:30:00Z"); // Nov 2, 00:30 EST
    expect(streakFor(user, at("2026-11-02T17:00:00Z"))).toBe(3); // Oct 31, Nov 1, Nov 2
    // Nov 3, 23:59 EST: Nov 2 was yesterday, so the streak still stands.
    expect(streakFor(user, at("2026-11-04T04:59:00Z"))).toBe(3);
    // Nov 4, 00:00 EST: broken.
    expect(streakFor(user, at("2026-11-04T05:00:00Z"))).toBe(0);
  });

  it("runs a whole week across the spring-forward change", async () => {
    const user = await userIn(NY);
    for (let day = "2026-03-05"; day <= "2026-03-11"; day = addDays(day, 1)) {
      completionAt(user.id, zonedInstant(day, "23:45", NY).toISOString());
    }
    expect(streakFor(user, at("2026-03-12T03:50:00Z"))).toBe(7); // Mar 11, 23:50 EDT
  });

  it("counts days done just after midnight and just before it, across both changes", async () => {
    const user = await userIn(NY);
    for (let day = "2026-03-05"; day <= "2026-03-11"; day = addDays(day, 1))
      completionAt(
        user.id,
        zonedInstant(day, day < "2026-03-08" ? "00:05" : "23:55", NY).toISOString(),
      );
    expect(streakFor(user, at("2026-03-12T03:58:00Z"))).toBe(7);
    const autumn = await userIn(NY);
    for (let day = "2026-10-29"; day <= "2026-11-04"; day = addDays(day, 1)) {
      completionAt(autumn.id, zonedInstant(day, "00:10", NY).toISOString());
      completionAt(autumn.id, zonedInstant(day, "01:30", NY).toISOString());
    }
    expect(streakFor(autumn, at("2026-11-04T12:00:00Z"))).toBe(7);
  });
});

describe("today's goals on DST days in New York", () => {
  const mar8 = ["mar 8 00:30 EST", "mar 8 03:00 EDT", "mar 8 23:30 EDT"];
  const nov1 = ["nov 1 00:30 EDT", "nov 1 01:30 EDT", "nov 1 01:30 EST", "nov 1 23:30 EST"];
  for (const { name, goals, todayAt } of [
    {
      name: "includes 00:30 and 23:30 of the 23-hour day 2026-03-08, and nothing of the days around",
      goals: {
        "mar 7 23:30 EST": "2026-03-08T04:30:00Z",
        "mar 8 00:30 EST": "2026-03-08T05:30:00Z",
        "mar 8 03:00 EDT": "2026-03-08T07:00:00Z",
        "mar 8 23:30 EDT": "2026-03-09T03:30:00Z",
        "mar 9 00:30 EDT": "2026-03-09T04:30:00Z",
      },
      // Early, midday and late on Mar 8, then Mar 9.
      todayAt: {
        "2026-03-08T05:00:00Z": mar8,
        "2026-03-08T16:00:00Z": mar8,
        "2026-03-09T03:59:00Z": mar8,
        "2026-03-09T04:00:00Z": ["mar 9 00:30 EDT"],
      },
    },
    {
      name: "includes 00:30, both 01:30s and 23:30 of the 25-hour day 2026-11-01",
      goals: {
        "oct 31 23:30 EDT": "2026-11-01T03:30:00Z",
        "nov 1 00:30 EDT": "2026-11-01T04:30:00Z",
        "nov 1 01:30 EDT": "2026-11-01T05:30:00Z",
        "nov 1 01:30 EST": "2026-11-01T06:30:00Z",
        "nov 1 23:30 EST": "2026-11-02T04:30:00Z",
        "nov 2 00:30 EST": "2026-11-02T05:30:00Z",
      },
      todayAt: {
        "2026-11-01T04:00:00Z": nov1,
        "2026-11-01T17:00:00Z": nov1,
        "2026-11-02T04:59:00Z": nov1,
      },
    },
  ]) {
    it(name, async () => {
      const user = await userIn(NY);
      for (const [description, dueAt] of Object.entries(goals)) goalAt(user.id, description, dueAt);
      for (const [now, today] of Object.entries(todayAt)) {
        expect(descriptions(listTodayGoals(user, at(now)))).toEqual(today);
      }
    });
  }
});

describe("completeGoal", () => {
  it("keeps the first completedAt when completed twice and attaches proof and feedback", async () => {
    const user = await userIn(NY);
    const goal = goalAt(user.id, "read", "2026-03-03T23:00:00Z");
    const first = completeGoal(
      user.id,
      goal.id,
      { proofImageUrls: ["https://img.example/a.jpg"] },
      at("2026-03-03T20:00:00Z"),
    );
    expect(first).toMatchObject({
      completedAt: at("2026-03-03T20:00:00Z"),
      proofImageUrls: ["https://img.example/a.jpg"],
    });
    const second = completeGoal(
      user.id,
      goal.id,
      {
        proofImageUrls: ["https://img.example/a.jpg", "https://img.example/b.jpg"],
        llmFeedback: "Nice work",
      },
      at("2026-03-04T09:00:00Z"),
    );
    expect(second).toMatchObject({
      completedAt: at("2026-03-03T20:00:00Z"),
      proofImageUrls: ["https://img.example/a.jpg", "https://img.example/b.jpg"],
      llmFeedback: "Nice work",
    });
    expect(dbGoal(goal.id)).toEqual(second);
  });

  it("completes without extras and leaves proof and feedback alone", async () => {
    const user = await userIn(NY);
    const goal = goalAt(user.id, "walk", "2026-03-03T23:00:00Z");
    completeGoal(
      user.id,
      goal.id,
      { proofImageUrls: ["p"], llmFeedback: "ok" },
      at("2026-03-03T20:00:00Z"),
    );
    const again = completeGoal(user.id, goal.id, {}, at("2026-03-05T20:00:00Z"));
    expect(again).toMatchObject({
      completedAt: at("2026-03-03T20:00:00Z"),
      proofImageUrls: ["p"],
      llmFeedback: "ok",
    });
  });

  it("returns undefined for another user's goal and changes nothing", async () => {
    const owner = await userIn(NY);
    const other = await userIn(NY);
    const goal = goalAt(owner.id, "mine", "2026-03-03T23:00:00Z");
    const before = dbGoal(goal.id);
    expect(
      completeGoal(
        other.id,
        goal.id,
        { proofImageUrls: ["x"], llmFeedback: "hi" },
        at("2026-03-03T20:00:00Z"),
      ),
    ).toBeUndefined();
    expect(dbGoal(goal.id)).toEqual(before);
    expect(getGoal(other.id, goal.id)).toBeUndefined();
    expect(getGoal(owner.id, goal.id)).toEqual(before);
  });

  it("returns undefined for a goal id that does not exist", async () => {
    const user = await userIn(NY);
    expect(completeGoal(user.id, 987_654_321)).toBeUndefined();
  });
});

describe("listPreviousGoals", () => {
  // Now: Wednesday 2026-03-11, 12:00 in New York (16:00Z, EDT).
  const now = at("2026-03-11T16:00:00Z");
  let user: { id: number; timezone: string };

  beforeAll(async () => {
    user = await userIn(NY);
    // Today (Mar 11): three goals that must never be in Previous Goals.
    for (const time of ["00:30", "12:30", "23:30"]) {
      goalAt(user.id, `today ${time}`, zonedInstant("2026-03-11", time, NY).toISOString());
    }
    // One goal at 09:00 on each of the 45 days before today (Jan 25 .. Mar 10).
    for (let i = 1; i <= 45; i++) {
      const day = addDays("2026-03-11", -i);
      goalAt(user.id, `day ${day}`, zonedInstant(day, "09:00", NY).toISOString());
    }
    // Boundaries of the 7-day range (Mar 5 .. Mar 11), in local time.
    goalAt(user.id, "mar 4 23:30", zonedInstant("2026-03-04", "23:30", NY).toISOString());
    goalAt(user.id, "mar 5 00:30", zonedInstant("2026-03-05", "00:30", NY).toISOString());
    // Two future goals.
    goalAt(user.id, "tomorrow", zonedInstant("2026-03-12", "09:00", NY).toISOString());
    goalAt(user.id, "april", zonedInstant("2026-04-02", "09:00", NY).toISOString());
    // Someone else's goal.
    const stranger = await userIn(NY);
    goalAt(stranger.id, "stranger", zonedInstant("2026-03-10", "09:00", NY).toISOString());
  });

  it("leaves out today's goals, later days' goals and other users' goals (all time)", () => {
    const all: string[] = [];
    for (let page = 1; page <= 5; page++) {
      all.push(...descriptions(listPreviousGoals(user, "all", String(page), now).items));
    }
    expect(all).toHaveLength(47);
    expect(all.some((d) => d.startsWith("today"))).toBe(false);
    expect(all).not.toContain("stranger");
    expect(all).not.toContain("tomorrow");
    expect(all).not.toContain("april");
    expect(all[0]).toBe("day 2026-03-10");
    expect(all.at(-1)).toBe("day 2026-01-25");
  });

  it("lists later days' goals as upcoming, soonest first", () => {
    expect(listUpcomingGoals(user, now)).toMatchObject({
      items: [{ description: "tomorrow" }, { description: "april" }],
      total: 2,
    });
  });

  it("pages 10 at a time, newest first", () => {
    const first = listPreviousGoals(user, "all", null, now);
    expect(first.total).toBe(47);
    expect(first.page).toBe(1);
    expect(first.items).toHaveLength(10);
    const dues = first.items.map((g) => g.dueDate.getTime());
    expect([...dues].sort((a, b) => b - a)).toEqual(dues);
    const second = listPreviousGoals(user, "all", "2", now);
    expect(second.items).toHaveLength(10);
    expect(second.items[0]!.dueDate.getTime()).toBeLessThan(first.items[9]!.dueDate.getTime());
    const last = listPreviousGoals(user, "all", "5", now);
    expect(last.items).toHaveLength(7);
    // Beyond the end clamps to the last page; nonsense goes to the first.
    expect(listPreviousGoals(user, "all", "99", now)).toMatchObject({ page: 5 });
    expect(listPreviousGoals(user, "all", "abc", now)).toMatchObject({ page: 1 });
  });

  it("filters the last 7 days on local-day boundaries", () => {
    const { items, total } = listPreviousGoals(user, "7d", "1", now);
    // Mar 5 .. Mar 10 at 09:00 (6) and Mar 5 00:30; not Mar 4 23:30, not today, not the future.
    expect(total).toBe(7);
    expect(descriptions(items)).toEqual([
      "day 2026-03-10",
      "day 2026-03-09",
      "day 2026-03-08",
      "day 2026-03-07",
      "day 2026-03-06",
      "day 2026-03-05",
      "mar 5 00:30",
    ]);
  });

  it("filters the last 30 days, this month and last month", () => {
    // Feb 10 .. Mar 10: 29 daily goals plus the two boundary goals.
    expect(listPreviousGoals(user, "30d", "1", now).total).toBe(31);
    // March: Mar 10 .. Mar 1 and the two boundary goals (not tomorrow: it is upcoming).
    const march = listPreviousGoals(user, "this-month", "2", now);
    expect(march.total).toBe(12);
    expect(descriptions(march.items)).toEqual(["day 2026-03-02", "day 2026-03-01"]);
    // February: all 28 days.
    const feb = listPreviousGoals(user, "last-month", "3", now);
    expect(feb.total).toBe(28);
    expect(descriptions(feb.items)).toEqual([
      "day 2026-02-08",
      "day 2026-02-07",
      "day 2026-02-06",
      "day 2026-02-05",
      "day 2026-02-04",
      "day 2026-02-03",
      "day 2026-02-02",
      "day 2026-02-01",
    ]);
  });

  it("is empty for a user without goals", async () => {
    const fresh = await userIn(NY);
    expect(listPreviousGoals(fresh, "all", "3", now)).toEqual({ items: [], total: 0, page: 1 });
  });
});

describe("goalStats over two years of daily goals", () => {
  // Today is 2026-06-15 in New York, 20:00 EDT; the server's UTC day is already June 16.
  const now = at("2026-06-16T00:00:00Z");
  const today = "2026-06-15";
  let user: { id: number; timezone: string };

  beforeAll(async () => {
    user = await userIn(NY);
    // Goal i is due at 19:00 on day today - i. Days 0..99 are done (at 18:00 local), day 100 is
    // missed, and before that every day not divisible by 3 is done.
    const rows = Array.from({ length: 730 }, (_, i) => {
      const day = addDays(today, -i);
      const done = i < 100 || (i > 100 && i % 3 !== 0);
      return {
        userId: user.id,
        description: `goal ${day}`,
        dueDate: zonedInstant(day, "19:00", NY),
        completedAt: done ? zonedInstant(day, "18:00", NY) : null,
      };
    });
    db.transaction((tx) => {
      for (const row of rows) tx.insert(schema.goals).values(row).run();
    });
  });

  it("gives the streak, totals and the rounded completion rate", () => {
    // Completed: 100 + (629 days from 101 to 729, less the 210 multiples of 3) = 519 of 730.
    expect(goalStats(user, now)).toEqual({
      streak: 100,
      totalGoals: 730,
      completedGoals: 519,
      skippedGoals: 0,
      missedGoals: 211,
      openGoals: 0,
      decidedGoals: 730,
      completionRate: 71,
      completionRateBasis: "519 of 730 decided goals",
    });
  });

  it("keeps the streak through yesterday the next morning, and loses it a day later", () => {
    // Jun 16, 09:00 EDT: yesterday (Jun 15) still counts.
    expect(streakFor(user, at("2026-06-16T13:00:00Z"))).toBe(100);
    expect(streakFor(user, at("2026-06-17T13:00:00Z"))).toBe(0);
  });

  it("tallies the recent calendar on local days", () => {
    const weeks = recentCalendar({ ...user, weekStartsOn: "sunday" }, 12, now);
    expect(weeks).toHaveLength(12);
    const days = weeks.flat();
    const todayCell = days.find((d) => d.day === today)!;
    expect(todayCell).toMatchObject({ total: 1, completed: 1, future: false });
    const missed = days.find((d) => d.day === addDays(today, -100));
    // Day 100 is outside a 12-week window, so the window holds only completed days.
    expect(missed).toBeUndefined();
    const past = days.filter((d) => !d.future);
    expect(past.every((d) => d.total === 1 && d.completed === 1)).toBe(true);
    expect(days.filter((d) => d.future).every((d) => d.total === 0)).toBe(true);
  });

  it("lists goals between two local days, inclusive", () => {
    const goals = goalsBetween(user, "2026-06-01", "2026-06-07");
    expect(goals.map((g) => localDay(g.dueDate, NY))).toEqual([
      "2026-06-01",
      "2026-06-02",
      "2026-06-03",
      "2026-06-04",
      "2026-06-05",
      "2026-06-06",
      "2026-06-07",
    ]);
  });
});

describe("outcomeCounts", () => {
  it("counts each goal under the outcome outcomeOf gives it, completed before skipped before the day", async () => {
    const user = await userIn(NY);
    const now = at("2026-03-10T15:00:00Z");
    const cases = [
      { iso: "2026-03-08T20:00:00Z", done: true, skip: false },
      { iso: "2026-03-08T20:00:00Z", done: true, skip: true },
      { iso: "2026-03-08T20:00:00Z", done: false, skip: true },
      { iso: "2026-03-08T20:00:00Z", done: false, skip: false },
      { iso: "2026-03-10T20:00:00Z", done: false, skip: false },
      { iso: "2026-03-10T20:00:00Z", done: true, skip: false },
      { iso: "2026-03-10T20:00:00Z", done: false, skip: true },
      { iso: "2026-03-12T20:00:00Z", done: false, skip: false },
    ];
    for (const [i, { iso, done, skip }] of cases.entries()) {
      const goal = goalAt(user.id, `goal ${i}`, iso);
      db.update(schema.goals)
        .set({ completedAt: done ? at(iso) : null, skippedAt: skip ? at(iso) : null })
        .where(eq(schema.goals.id, goal.id))
        .run();
    }
    const todayStart = zonedInstant(localDay(now, NY), "00:00", NY).getTime();
    const expected = noOutcomes();
    for (const goal of listAllGoals(user.id)) {
      expected[
        outcomeOf({
          completed: goal.completedAt !== null,
          skipped: goal.skippedAt !== null,
          dueDayEnded: goal.dueDate.getTime() < todayStart,
        })
      ] += 1;
    }
    expect(expected).toEqual({ completed: 3, skipped: 2, missed: 1, open: 2 });
    expect(outcomeCounts(user, now)).toEqual(expected);
  });
});
