// One name, one active habit, whichever way it is added: /habits, the /api or a text. A stopped
// habit of that name is restarted instead of a second one made.
import { describe, expect, it } from "vitest";
import { call, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { userVerifiedSinceNewYear } from "../helpers/texts";
import { handleIncomingText } from "~/conversation/inbound.server";
import { listHabits, stopHabit } from "~/habits/habits.server";
import { getUserById } from "~/users/users.server";
import * as pageRoute from "~/routes/habits+/index";
import * as apiRoute from "~/routes/api+/habits";
import * as apiHabitRoute from "~/routes/api+/habits_.$id";

// New York, EDT: Sunday 14 June 2026, noon.
const SUNDAY = new Date("2026-06-14T16:00:00Z");

const verifiedUser = userVerifiedSinceNewYear;

const text = async (userId: number, body: string, now = SUNDAY) =>
  (await handleIncomingText(getUserById(userId)!, { text: body, source: "sms" }, now)).reply;

const byForm = async (userId: number, fields: [string, string][]) =>
  call(
    pageRoute.action,
    makeRequest("/habits?index", {
      cookie: await sessionCookie(userId),
      body: new URLSearchParams([["intent", "create"], ...fields]),
    }),
  );

const byApi = async (userId: number, json: unknown) =>
  call(
    apiRoute.action,
    makeRequest("/api/habits", { method: "POST", cookie: await sessionCookie(userId), json }),
  );

const habitRows = (userId: number) =>
  listHabits(userId).map((h) => ({ title: h.title, active: h.active }));

describe("a habit whose name an active habit has", () => {
  it("is refused by text, naming the habit the user has", async () => {
    const user = await verifiedUser();
    expect(await text(user.id, "floss daily")).toMatch(/^New habit: "floss", every day\./);
    expect(await text(user.id, "Floss  every day!")).toBe(
      'You already have the habit "floss" (every day). Text "my habits" to see them all.',
    );
    expect(habitRows(user.id)).toEqual([{ title: "floss", active: true }]);
  });

  it("is refused on /habits with the error at the title and what was typed kept", async () => {
    const user = await verifiedUser();
    await text(user.id, "floss daily");
    const response = await byForm(user.id, [
      ["title", "Floss daily"],
      ["schedule", "days"],
      ["days", "1"],
      ["days", "3"],
      ["time", "21:30"],
    ]);
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({
      errors: { title: ['You already have the habit "floss" (every day).'] },
      values: {
        title: "Floss daily",
        days: [1, 3],
        timesPerWeek: null,
        time: "21:30",
        target: "",
        unit: "",
        per: "day",
        atMost: false,
        avoid: false,
      },
    });
    expect(habitRows(user.id)).toEqual([{ title: "floss", active: true }]);
  });

  it("is refused by text when /habits made it first", async () => {
    const user = await verifiedUser();
    const made = await byForm(user.id, [
      ["title", "floss daily"],
      ["schedule", "days"],
      ...[0, 1, 2, 3, 4, 5, 6].map((d): [string, string] => ["days", String(d)]),
    ]);
    expect(made.status).toBe(302);
    expect(await text(user.id, "floss daily")).toBe(
      'You already have the habit "floss daily" (every day). Text "my habits" to see them all.',
    );
    expect(habitRows(user.id)).toEqual([{ title: "floss daily", active: true }]);
  });

  it("is answered 409 by the /api with the message, and a rename to it too", async () => {
    const user = await verifiedUser();
    await text(user.id, "floss daily");
    const refused = await byApi(user.id, { title: "FLOSS.", timesPerWeek: 3 });
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({
      message: 'You already have the habit "floss" (every day).',
    });

    const other = await readJson(await byApi(user.id, { title: "Read", days: [1] }));
    const renamed = await call(
      apiHabitRoute.action,
      makeRequest(`/api/habits/${other.id}`, {
        method: "PATCH",
        cookie: await sessionCookie(user.id),
        json: { title: "floss 🦷" },
      }),
      { id: String(other.id) },
    );
    expect(renamed.status).toBe(409);
    expect(habitRows(user.id)).toEqual([
      { title: "floss", active: true },
      { title: "Read", active: true },
    ]);
  });
});

describe("a habit whose name a stopped habit has", () => {
  it("restarts that habit by text with the schedule given, and undo stops it again", async () => {
    const user = await verifiedUser();
    await text(user.id, "floss daily");
    const [floss] = listHabits(user.id);
    stopHabit(user, floss!.id, SUNDAY);
    expect(await text(user.id, "floss 3x a week")).toBe(
      'Restarted your habit "floss", 3 times a week. Its history and best streak carry on; text "my habits" to see them all.',
    );
    expect(listHabits(user.id)).toMatchObject([
      { id: floss!.id, title: "floss", active: true, stoppedOn: null },
    ]);
    expect(await text(user.id, "undo")).toMatch(/restarted habit "floss"/);
    expect(listHabits(user.id)).toMatchObject([{ id: floss!.id, active: false }]);
  });

  it("restarts it on /habits and through the /api (200, the same habit)", async () => {
    const user = await verifiedUser();
    const made = await readJson(await byApi(user.id, { title: "Stretch", days: [1, 3] }));
    stopHabit(user, made.id, SUNDAY);
    const page = await byForm(user.id, [
      ["title", "stretch"],
      ["schedule", "times"],
      ["timesPerWeek", "2"],
    ]);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/habits#habit-${made.id}`);
    expect(listHabits(user.id)).toMatchObject([{ id: made.id, active: true }]);

    stopHabit(user, made.id, SUNDAY);
    const api = await byApi(user.id, { title: "Stretch!", days: [2] });
    expect(api.status).toBe(200);
    expect(await readJson(api)).toMatchObject({ id: made.id, active: true, days: [2] });
    expect(listHabits(user.id)).toHaveLength(1);
  });
});
