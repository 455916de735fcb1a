import ICAL from "ical.js";
import { addDays, localDay, localTime, zonedInstant } from "~/utils/time/local-time";
import { signUp, startBuiltServer, type BuiltServer } from "./built-server";
import { zoneAwayFromMidnight } from "./zones";

// The calendar feed as a calendar app reads it: the private link made on Settings → API tokens,
// fetched with no cookie, parsed by ical.js (a parser nobody here wrote). Every timed event must land
// at the user's wall-clock time in their zone, whatever zone the reader is in.

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

const LINK = /https?:\/\/[^"\s<]+\/calendar\/sc_cal_[A-Za-z0-9_-]{43}\.ics/;

async function makeLink(account: Awaited<ReturnType<typeof signUp>>) {
  const page = await account.client.request("/settings/api-tokens", {
    form: { intent: "calendar-create" },
  });
  expect(page.status).toBe(200);
  const html = await page.text();
  const https = LINK.exec(html)?.[0];
  expect(https).toBeDefined();
  expect(html).toContain(https!.replace(/^https?:/, "webcal:"));
  return new URL(https!).pathname;
}

type FeedEvent = { summary: string; start: Date; allDay: boolean; uid: string };

async function readFeed(path: string): Promise<FeedEvent[]> {
  const response = await fetch(new URL(path, server.url));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      start: event.startDate.toJSDate(),
      allDay: event.startDate.isDate,
      uid: event.uid,
    };
  });
}

it("shows today's goals at their due times, the habits due and the check-ins, in the user's zone", async () => {
  const timezone = zoneAwayFromMidnight(new Date());
  const account = await signUp(server, {
    timezone,
    preferredCheckInTimeMorning: "07:00",
    preferredCheckInTimeEvening: "21:00",
  });
  const today = localDay(new Date(), timezone);
  const tomorrow = addDays(today, 1);
  const description = "Call Mom, then; plan the week \\ with notes";
  const goal = await account.client.request("/api/goals", {
    json: { description, dueDate: zonedInstant(today, "15:30", timezone).toISOString() },
  });
  expect(goal.status).toBe(201);
  const habit = await account.client.request("/api/habits", {
    json: { title: "Stretch", days: [0, 1, 2, 3, 4, 5, 6], time: "06:45" },
  });
  expect(habit.status).toBe(201);

  const events = await readFeed(await makeLink(account));
  const at = (event: FeedEvent | undefined) =>
    event && { day: localDay(event.start, timezone), time: localTime(event.start, timezone) };

  expect(at(events.find((e) => e.summary === description))).toEqual({ day: today, time: "15:30" });
  const stretches = events.filter((e) => e.summary === "Stretch").map(at);
  expect(stretches).toContainEqual({ day: today, time: "06:45" });
  expect(stretches).toContainEqual({ day: tomorrow, time: "06:45" });
  expect(stretches).toHaveLength(15);
  const mornings = events.filter((e) => e.summary === "Morning check-in").map(at);
  const evenings = events.filter((e) => e.summary === "Evening check-in").map(at);
  expect(mornings).toContainEqual({ day: today, time: "07:00" });
  expect(evenings).toContainEqual({ day: tomorrow, time: "21:00" });
  expect(mornings).toHaveLength(15);
  expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
});

it("a revoked link, a replaced link and an unknown one are 404; another user's link shows only theirs", async () => {
  const owner = await signUp(server);
  const stranger = await signUp(server);
  await owner.client.request("/api/goals", {
    json: { description: "Owner only", dueDate: new Date(Date.now() + 3_600_000).toISOString() },
  });
  const first = await makeLink(owner);
  const second = await makeLink(owner);
  expect((await fetch(new URL(first, server.url))).status).toBe(404);
  expect((await readFeed(second)).map((e) => e.summary)).toContain("Owner only");

  const theirs = await readFeed(await makeLink(stranger));
  expect(theirs.map((e) => e.summary)).not.toContain("Owner only");

  const revoke = await owner.client.request("/settings/api-tokens", {
    form: { intent: "calendar-revoke" },
  });
  expect(revoke.status).toBe(302);
  expect((await fetch(new URL(second, server.url))).status).toBe(404);
  const unknown = `/calendar/sc_cal_${"A".repeat(43)}.ics`;
  expect((await fetch(new URL(unknown, server.url))).status).toBe(404);

  // The page says a calendar read the link, and never shows the link again.
  const page = await (await stranger.client.request("/settings/api-tokens")).text();
  expect(page).not.toMatch(LINK);
  expect(page).not.toContain("last read by a calendar: not yet");
});

it("answers a link fetched more than 120 times an hour with 429 and Retry-After; other links still read", async () => {
  const account = await signUp(server);
  const other = await signUp(server);
  const path = await makeLink(account);
  const otherPath = await makeLink(other);
  for (let n = 0; n < 120; n++) {
    const response = await fetch(new URL(path, server.url));
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  const refused = await fetch(new URL(path, server.url));
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(await refused.text()).not.toContain("BEGIN:VCALENDAR");
  expect(await readFeed(otherPath)).toBeInstanceOf(Array);
});
