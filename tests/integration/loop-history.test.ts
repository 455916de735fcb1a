// A long-time Loop user's history is older than the 5 years a person may name: the import keeps every
// day from HISTORY_FIRST_DAY on, and the numbers, the exports and the Loop files walk all of it.
import fs from "node:fs";
import path from "node:path";
import { habitSummaries } from "~/habits/habit-api.server";
import { habitsCsv } from "~/habits/habit-csv.server";
import { listHabits } from "~/habits/habits.server";
import { loopBackupOf, loopCsvOf } from "~/habits/loop/loop-export.server";
import { readLoopFile } from "~/habits/loop/loop-file.server";
import type { LoopHabit } from "~/habits/loop/loop-habits";
import { importLoopHabits } from "~/habits/loop/loop-import.server";
import { progressReportPdf } from "~/report/report-pdf.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { eachDay, HISTORY_FIRST_DAY } from "~/utils/time/date-window";
import { todayFor } from "~/goals/goals.server";
import * as habitPage from "~/routes/habits+/$id";
import * as apiHabits from "~/routes/api+/habits";
import * as jsonExport from "~/routes/settings_+/export[.json]";
import { pdfText } from "../e2e/pdf-text";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";

const now = new Date("2026-06-15T16:00:00Z"); // noon in New York
const today = "2026-06-15";
const nineYearsAgo = "2017-06-15";

const v25 = () =>
  readLoopFile(
    new Uint8Array(
      fs.readFileSync(path.join(import.meta.dirname, "../fixtures/loop", "loop-v25.db")),
    ),
  ).habits;

const yearsBack = (day: string, years: number) =>
  `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;

/** The v25 fixture's habits with every day moved 9 years back, uuids changed so they are new habits. */
const shiftedV25 = (): LoopHabit[] =>
  v25().map((h) => ({
    ...h,
    uuid: h.uuid && h.uuid.replace(/./, "f"),
    days: h.days.map((d) => ({ ...d, day: yearsBack(d.day, 9) })),
  }));

/** A daily habit checked every day for nine years, up to today. */
const nineYearHabit = (until = today): LoopHabit => ({
  uuid: "9".repeat(32),
  name: "Walk",
  question: "",
  description: "",
  position: 0,
  numerator: 1,
  denominator: 1,
  measured: null,
  archived: false,
  reminder: null,
  days: eachDay(yearsBack(until, 9), until, Infinity).map((day) => ({
    day,
    mark: "yes" as const,
    amount: null,
    note: "",
  })),
});

async function owner() {
  return getUserById((await createTestUser()).id)!;
}

const goalDays = (userId: number) =>
  sqlite
    .prepare<[number], { title: string; day: string; done: number; value: number | null }>(
      `select h.title, g.habit_day as day, g.completed_at is not null as done, g.value
       from goals g join habits h on h.id = g.habit_id where h.user_id = ? order by h.title, g.habit_day`,
    )
    .all(userId);

describe("Loop history older than the 5-year window", () => {
  it("imports every day of a backup whose marks are 9 years old, and a second import changes nothing", async () => {
    const recent = await owner();
    const recentResult = importLoopHabits(recent, v25(), now);
    const old = await owner();
    const result = importLoopHabits(old, shiftedV25(), now);
    expect(result).toEqual({ ...recentResult, daysLeftOut: 0 });
    expect(result.daysAdded).toBe(23);
    const shifted = goalDays(recent.id).map((d) => ({ ...d, day: yearsBack(d.day, 9) }));
    expect(goalDays(old.id)).toEqual(shifted);
    expect(listHabits(old.id).find((h) => h.title === "Meditate")!.startDate).toBe(
      yearsBack("2026-06-01", 9),
    );

    const before = goalDays(old.id);
    expect(importLoopHabits(old, shiftedV25(), now)).toMatchObject({
      habitsAdded: 0,
      habitsFound: 6,
      daysAdded: 0,
    });
    expect(goalDays(old.id)).toEqual(before);
  });

  it("leaves out only days before HISTORY_FIRST_DAY and in the future", async () => {
    const user = await owner();
    const habit = nineYearHabit();
    const mark = (day: string) => ({ day, mark: "yes" as const, amount: null, note: "" });
    habit.days = [mark("2014-12-31"), mark(HISTORY_FIRST_DAY), mark("2026-06-16")];
    expect(importLoopHabits(user, [habit], now)).toMatchObject({ daysAdded: 1, daysLeftOut: 2 });
    expect(goalDays(user.id).map((d) => d.day)).toEqual([HISTORY_FIRST_DAY]);
  });

  it("counts a nine-year streak whole in /api's numbers (the JSON export's and the PDF's)", async () => {
    const user = await owner();
    const habit = nineYearHabit();
    importLoopHabits(user, [habit], now);
    const [summary] = habitSummaries(listHabits(user.id), today);
    expect(summary).toMatchObject({ startDate: nineYearsAgo, streakUnit: "days" });
    expect(summary!.streak).toBe(habit.days.length);
    expect(summary!.bestStreak).toBe(habit.days.length);
    expect(summary!.strength).toBe(100);
  });

  it("writes every day into the CSV export and both Loop files, and they bring it all back", async () => {
    const user = await owner();
    const habit = nineYearHabit();
    importLoopHabits(user, [habit], now);
    const csvLines = [...habitsCsv(listHabits(user.id), today)].join("").trim().split("\r\n");
    expect(csvLines).toHaveLength(habit.days.length + 1);
    expect(csvLines.at(-1)).toBe(`${nineYearsAgo},1`);

    const bytesOf = async ({ body }: { body: ReadableStream<Uint8Array> }) =>
      new Uint8Array(await new Response(body).arrayBuffer());
    for (const file of [
      await bytesOf(loopBackupOf(user, now)),
      await bytesOf(loopCsvOf(user, now)),
    ]) {
      const [back] = readLoopFile(file).habits;
      expect(back!.days.filter((d) => d.mark === "yes").map((d) => d.day)).toEqual(
        habit.days.map((d) => d.day),
      );
      const again = await owner();
      expect(importLoopHabits(again, [back!], now)).toMatchObject({
        daysAdded: habit.days.length,
        daysLeftOut: 0,
      });
      expect(habitSummaries(listHabits(again.id), today)[0]!.streak).toBe(habit.days.length);
    }
  });
});

it("shows the nine-year streak on the habit page, in /api/habits, the JSON export and the PDF", async () => {
  const user = (await owner())!;
  const habit = nineYearHabit(todayFor(user));
  importLoopHabits(user, [habit], new Date());
  const id = listHabits(user.id)[0]!.id;
  const cookie = await sessionCookie(user.id);
  const page = await readJson(
    await call(habitPage.loader, makeRequest(`/habits/${id}`, { cookie }), { id: String(id) }),
  );
  const whole = { streak: habit.days.length, bestStreak: habit.days.length, strength: 100 };
  expect(page.habit).toMatchObject({ startDate: habit.days[0]!.day, ...whole });
  expect(page.counts).toEqual({ done: habit.days.length, skipped: 0, missed: 0 });
  expect(page.heatmap.filter((c: { outcome: string | null }) => c.outcome === "done")).toHaveLength(
    page.heatmap.filter((c: { day: string }) => c.day <= todayFor(user)).length,
  );
  const api = await readJson(await call(apiHabits.loader, makeRequest("/api/habits", { cookie })));
  expect(JSON.stringify(api)).toContain(`"streak":${habit.days.length}`);
  const exported = await readJson(
    await call(jsonExport.loader, makeRequest("/settings/export.json", { cookie })),
  );
  expect(exported.habits[0]).toMatchObject(whole);
  const pdf = pdfText(await progressReportPdf(user, "30d"));
  expect(pdf).toContain(`streak ${habit.days.length} d`);
  expect(pdf).toContain("100%");
});
