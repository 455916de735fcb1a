import { TIME_ZONES } from "~/users/user-options";
import { addDays, dayOfWeek, localDay, localTime, zonedInstant } from "~/utils/time/local-time";
import type { LocalDay } from "~/utils/time/local-time";
import { pdfText } from "../e2e/pdf-text";
import { runTick, signUp, startBuiltServer, type BuiltServer } from "./built-server";

// One truth for the day: the dashboard, the PDF, a summary page, GET /api/stats and the `stats` text
// give the same completion rate, over decided goals only (done, skipped or missed): today's open goals
// and tomorrow's wait. A goal moved to tomorrow is listed under Upcoming and named by the next
// morning's text.

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

const HOUR = 3_600_000;

/** The offered zone whose local time is furthest from midnight now, so "today" holds for the test. */
function zoneAwayFromMidnight(now: Date) {
  const distance = (zone: string) => {
    const [h, m] = localTime(now, zone).split(":").map(Number);
    const minutes = h! * 60 + m!;
    return Math.min(minutes, 24 * 60 - minutes);
  };
  return TIME_ZONES.map((t) => t.value).sort((a, b) => distance(b) - distance(a))[0]!;
}

type Seeded = { description: string; day: LocalDay; decided: boolean; completed: boolean };

function insertGoal(
  userId: number,
  description: string,
  due: Date,
  outcome: { completedAt?: Date; skippedAt?: Date } = {},
) {
  server
    .db()
    .prepare(
      "insert into goals (user_id, description, due_date, completed_at, skipped_at, created_at) values (?, ?, ?, ?, ?, ?)",
    )
    .run(
      userId,
      description,
      due.getTime(),
      outcome.completedAt?.getTime() ?? null,
      outcome.skippedAt?.getTime() ?? null,
      Math.min(Date.now(), due.getTime()) - HOUR,
    );
}

function tagged(html: string, testId: string) {
  const match = new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html);
  return match?.[1];
}

function listNamed(html: string, label: string) {
  const start = html.indexOf(`aria-label="${label}"`);
  if (start < 0) return "";
  return html.slice(start, html.indexOf("</ul>", start));
}

it("gives the same completion rate, over decided goals, on every surface", async () => {
  const now = new Date();
  const timezone = zoneAwayFromMidnight(now);
  const { client, user } = await signUp(server, { timezone });
  // Monday-first, so the weekly summary checked below is of the week ending on its Sunday.
  server.db().prepare("update users set week_starts_on = 'monday' where id = ?").run(user.id);
  const today = localDay(now, timezone);
  const at = (day: LocalDay, time: string) => zonedInstant(day, time, timezone);
  const twoDaysAgo = addDays(today, -2);
  const yesterday = addDays(today, -1);
  const tomorrow = addDays(today, 1);

  const seeded: Seeded[] = [];
  const seed = (
    description: string,
    day: LocalDay,
    due: Date,
    outcome: "done" | "skipped" | "open" | "missed",
  ) => {
    insertGoal(user.id, description, due, {
      completedAt:
        outcome === "done" ? new Date(Math.min(due.getTime(), now.getTime())) : undefined,
      skippedAt: outcome === "skipped" ? due : undefined,
    });
    seeded.push({
      description,
      day,
      decided: outcome !== "open",
      completed: outcome === "done",
    });
  };
  seed("Plan the week", twoDaysAgo, at(twoDaysAgo, "09:00"), "done");
  seed("Clean the garage", twoDaysAgo, at(twoDaysAgo, "18:00"), "missed");
  seed("Call the bank", twoDaysAgo, at(twoDaysAgo, "17:00"), "skipped");
  seed("Read 20 pages", yesterday, at(yesterday, "19:00"), "done");
  seed("Stretch", today, new Date(now.getTime() + HOUR / 2), "done");
  seed("Run 5k", today, new Date(now.getTime() + HOUR / 2), "open");
  seed("Water the plants", today, new Date(now.getTime() - HOUR / 2), "open");
  seed("Dentist", tomorrow, at(tomorrow, "10:00"), "open");

  // 3 done of the 5 decided (1 skipped, 1 missed); the 3 open ones wait. Over all 8 goals it was 38%.
  const dashboard = await (await client.request("/dashboard")).text();
  expect(tagged(dashboard, "stat-completion-rate")).toBe("60%");
  expect(tagged(dashboard, "stat-completion-rate-counts")).toBe("3 of 5 decided goals");
  expect(tagged(dashboard, "stat-total-goals")).toBe("8");
  expect(tagged(dashboard, "stat-total-goals-counts")).toBe("3 still open");

  const stats = await (await client.request("/api/stats")).json();
  expect(stats).toMatchObject({
    totalGoals: 8,
    completedGoals: 3,
    skippedGoals: 1,
    missedGoals: 1,
    openGoals: 3,
    decidedGoals: 5,
    completionRate: 60,
    completionRateBasis: "3 of 5 decided goals",
  });

  const reply = await client.request("/api/mock/reply-to-sms", { json: { body: "stats" } });
  expect(reply.status).toBe(200);
  expect((await reply.json()).reply).toContain(
    "Completion rate: 60% of 5 decided goals (3 done, 3 still open).",
  );

  const pdf = await client.request("/dashboard/report.pdf?range=all");
  expect(pdf.status).toBe(200);
  const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
  expect(text).toContain("Completion rate\n60%");
  expect(text).toContain("3 of 5 decided goals");
  expect(text).toContain("Goals completed\n3 of 8");

  // The weekly summary whose week (Monday to Sunday) holds today: its own goals, by the same rule.
  const sunday = addDays(today, (7 - dayOfWeek(today)) % 7);
  const inWeek = seeded.filter((g) => g.day >= addDays(sunday, -6) && g.day <= sunday);
  const decided = inWeek.filter((g) => g.decided).length;
  const completed = inWeek.filter((g) => g.completed).length;
  const summary = await client.request(`/summaries/weekly/${sunday}`);
  expect(summary.status).toBe(200);
  const summaryHtml = await summary.text();
  expect(summaryHtml).toContain(
    `${completed} of ${decided} decided ${decided === 1 ? "goal" : "goals"}`,
  );
  expect(summaryHtml).toContain(`${decided ? Math.round((100 * completed) / decided) : 0}%`);
});

it("lists a goal moved to tomorrow under Upcoming, and names it in the next morning's text", async () => {
  const now = new Date();
  const timezone = zoneAwayFromMidnight(now);
  const { client, user } = await signUp(server, { timezone });
  server
    .db()
    .prepare("update users set phone_verified_at = ? where id = ?")
    .run(Date.now(), user.id);
  const created = await client.request("/api/goals", {
    json: { description: "Call mom", dueDate: new Date(now.getTime() + HOUR / 2).toISOString() },
  });
  expect(created.status).toBe(201);
  const goal = (await created.json()) as { id: number };

  const moved = await client.request("/dashboard", {
    form: { intent: "move", goalId: String(goal.id) },
  });
  expect(moved.status).toBe(302);

  const dashboard = await (await client.request("/dashboard")).text();
  expect(listNamed(dashboard, "Upcoming")).toContain("Call mom");
  expect(listNamed(dashboard, "Today&#x27;s Goals")).not.toContain("Call mom");
  expect(dashboard).not.toContain('aria-label="Previous Goals"');

  // The next morning at the user's 08:00: the scheduler's tick, on the server's database.
  const tomorrow = addDays(localDay(now, timezone), 1);
  runTick(server, zonedInstant(tomorrow, "08:00", timezone));
  const texts = server
    .db()
    .prepare("select body from messages where user_id = ? and from_system = 1 order by id")
    .pluck()
    .all(user.id) as string[];
  expect(texts.at(-1)).toBe(
    'Good morning! Carried over to today: 1) Call mom. Any other goals for today? Reply with them, e.g. "1. Run 5k 2. Read 30 pages".',
  );
});
