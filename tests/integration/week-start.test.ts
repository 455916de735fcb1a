import * as dashboardRoute from "~/routes/dashboard+/_layout";
import * as habitRoute from "~/routes/habits+/$id";
import * as usersId from "~/routes/api+/users_.$id";
import { todayFor } from "~/goals/goals.server";
import { createHabit } from "~/habits/habits.server";
import { progressReportPdf } from "~/report/report-pdf.server";
import { summaryPageData } from "~/summaries/summaries.server";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { addDays, dayOfWeek, zonedInstant } from "~/utils/time/local-time";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { pdfText } from "../e2e/pdf-text";

// One setting, one first day: the dashboard calendar, the habit heatmap, a times-per-week habit's
// weeks, the PDF's weekly trend and the weekly summary all start a week on the day the user chose.

const FIRST = { sunday: 0, monday: 1 } as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const shortDay = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8))}`;

async function userStartingOn(firstDay: "sunday" | "monday") {
  const created = await createTestUser();
  const cookie = await sessionCookie(created.id);
  const response = await call(
    usersId.action,
    makeRequest(`/api/users/${created.id}`, {
      method: "PATCH",
      json: { weekStartsOn: firstDay },
      cookie,
    }),
    { id: String(created.id) },
  );
  expect(response.status).toBe(200);
  expect((await readJson(response)).weekStartsOn).toBe(firstDay);
  return { user: getUserById(created.id)!, cookie };
}

describe.each(["sunday", "monday"] as const)("a %s-first user", (firstDay) => {
  const weekday = FIRST[firstDay];

  it("sees the dashboard calendar's weeks start on that day", async () => {
    const { cookie } = await userStartingOn(firstDay);
    const data = await readJson(
      await call(dashboardRoute.loader, makeRequest("/dashboard", { cookie })),
    );
    expect(data.weekStartsOn).toBe(firstDay);
    expect(data.calendar).toHaveLength(12);
    for (const week of data.calendar) expect(dayOfWeek(week[0].day)).toBe(weekday);
  });

  it("sees the habit heatmap's columns start on that day, and weeks counted from it", async () => {
    const { user, cookie } = await userStartingOn(firstDay);
    const today = todayFor(user);
    // A Sunday two weeks or more back; the habit starts the Monday before it, twice a week.
    const sunday = addDays(today, -dayOfWeek(today) - 14);
    const start = addDays(sunday, -6);
    const habit = createHabit(
      user,
      { title: "Swim", schedule: { timesPerWeek: 2 }, time: null },
      zonedInstant(start, "09:00", user.timezone),
    );
    // Done on that Sunday and the Monday after: one Sunday-first week met, or two Monday-first
    // weeks each short of its count.
    for (const day of [sunday, addDays(sunday, 1)]) {
      const dueDate = zonedInstant(day, "19:00", user.timezone);
      db.insert(schema.goals)
        .values({
          userId: user.id,
          description: "Swim",
          dueDate,
          habitId: habit.id,
          habitDay: day,
          completedAt: dueDate,
        })
        .run();
    }
    const data = await readJson(
      await call(habitRoute.loader, makeRequest(`/habits/${habit.id}`, { cookie }), {
        id: String(habit.id),
      }),
    );
    expect(data.weekStartsOn).toBe(firstDay);
    expect(data.heatmap).toHaveLength(371);
    data.heatmap.forEach((cell: { day: string }, i: number) => {
      if (i % 7 === 0) expect(dayOfWeek(cell.day)).toBe(weekday);
    });
    expect(data.habit.bestStreak).toBe(firstDay === "sunday" ? 1 : 0);
  });

  it("gets the PDF's weekly trend in weeks from that day", async () => {
    const { user } = await userStartingOn(firstDay);
    const today = todayFor(user);
    const text = pdfText(await progressReportPdf(user, "30d"));
    expect(text).toContain(firstDay === "sunday" ? "(Sunday to Saturday)" : "(Monday to Sunday)");
    // The last bar is labelled with the first day of this week.
    const thisWeek = addDays(today, -((dayOfWeek(today) - weekday + 7) % 7));
    expect(text).toContain(shortDay(thisWeek));
    const otherWeek = addDays(thisWeek, firstDay === "sunday" ? 1 : -1);
    expect(text).not.toContain(`\n${shortDay(otherWeek)}\n`);
  });

  it("gets a weekly summary of the last whole week by that setting", async () => {
    const { user } = await userStartingOn(firstDay);
    const sentOn = "2026-11-22"; // a Sunday
    const page = summaryPageData(user, "weekly_summary", sentOn, new Date("2026-11-23T12:00:00Z"));
    expect(page.period).toBe(
      firstDay === "sunday"
        ? "November 15, 2026 to November 21, 2026"
        : "November 16, 2026 to November 22, 2026",
    );
  });
});
