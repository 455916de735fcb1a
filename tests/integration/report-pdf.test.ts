import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { todayFor } from "~/goals/goals.server";
import { writeDayNote } from "~/goals/day-notes.server";
import { GOAL_DESCRIPTION_MAX } from "~/goals/goal-schema";
import { createHabit } from "~/habits/habits.server";
import { getUserById } from "~/users/users.server";
import { MAX_REPORT_PHOTOS } from "~/report/proof-images.server";
import { LISTED_TEXT_BUDGET, MAX_ROWS, reportData } from "~/report/report-data.server";
import { progressReportPdf } from "~/report/report-pdf.server";
import * as reportRoute from "~/routes/dashboard_+/report[.pdf]";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { REPORTS_PER_HOUR } from "~/utils/rate-limits/rate-limit.server";
import { addDays, zonedInstant } from "~/utils/time/local-time";
import { call, createTestUser, makeRequest, sessionCookie } from "../helpers/requests";
import { pdfText } from "../e2e/pdf-text";

// The PDF progress report: what a person keeps of a period. Its text is read back with the e2e
// helper (PDFKit's standard fonts write plain WinAnsi strings); images are found as XObjects.

type User = Awaited<ReturnType<typeof createTestUser>>;

/** An instant at a wall-clock time `daysAgo` local days before the user's today. */
function at(user: User, daysAgo: number, time = "19:00") {
  return zonedInstant(addDays(todayFor(user), -daysAgo), time, user.timezone);
}

function addGoal(
  user: User,
  daysAgo: number,
  description: string,
  extra: Partial<typeof schema.goals.$inferInsert> = {},
) {
  return db
    .insert(schema.goals)
    .values({ userId: user.id, description, dueDate: at(user, daysAgo), ...extra })
    .returning()
    .get();
}

function storeMedia(userId: number, data: Buffer, contentType: string) {
  const id = randomBytes(16).toString("base64url");
  db.insert(schema.media)
    .values({ id, userId, fileName: "proof", contentType, size: data.byteLength, data })
    .run();
  return `/media/${id}`;
}

const photo = (background = "#3a7") =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** How many images the PDF embeds. */
const imageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;

const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

/** Counts the SQL statements run (better-sqlite3's all, get, run and iterate) until `stop`. */
function countStatementsRun() {
  type Run = "all" | "get" | "run" | "iterate";
  const statement = Object.getPrototypeOf(sqlite.prepare("select 1")) as Record<
    Run,
    (...args: unknown[]) => unknown
  >;
  const spies = (["all", "get", "run", "iterate"] as Run[]).map((method) =>
    vi.spyOn(statement, method),
  );
  return {
    stop() {
      const count = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      for (const spy of spies) spy.mockRestore();
      return count;
    },
  };
}

describe("GET /dashboard/report.pdf", () => {
  it("answers the signed-in user's report as a download, for the chosen range", async () => {
    const user = await createTestUser();
    addGoal(user, 3, "Meditate", { completedAt: at(user, 3, "18:30") });
    addGoal(user, 45, "Old habit");
    const response = await call(
      reportRoute.loader,
      makeRequest("/dashboard/report.pdf?range=30d", { cookie: await sessionCookie(user.id) }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="streakcoach-report-30d.pdf"',
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain("StreakCoach progress report");
    expect(text).toContain(`Account: ${user.email}`);
    expect(text).toMatch(/^Period: Last 30 days \(\w+ \d+, \d{4} to \w+ \d+, \d{4}\)$/m);
    expect(text).toContain("Completed\nMeditate");
    expect(text).not.toContain("Old habit");
  });

  it("builds REPORTS_PER_HOUR reports an hour for an account, then refuses with 429 and Retry-After", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const cookie = await sessionCookie(user.id);
    const report = async (cookieOf = cookie) =>
      call(reportRoute.loader, makeRequest("/dashboard/report.pdf?range=7d", { cookie: cookieOf }));
    for (let n = 0; n < REPORTS_PER_HOUR; n++) expect((await report()).status).toBe(200);
    const refused = await report();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toBe(reportRoute.REPORTS_RATE_LIMITED);
    // Another account's reports are counted apart.
    expect((await report(await sessionCookie(other.id))).status).toBe(200);
  });

  it("sends anonymous visitors to log in", async () => {
    const response = await call(reportRoute.loader, makeRequest("/dashboard/report.pdf"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("progressReportPdf", () => {
  it("has the figures, the calendar, the weekly trend and each goal's outcome, times and coach's notes", async () => {
    const user = await createTestUser();
    // Yesterday: one done, one skipped; the coach's feedback is the day's note (day_notes), the
    // second check-in's replacing the first's.
    const dayNote = "Two wins and an honest skip. Keep the run first tomorrow.";
    addGoal(user, 1, "Run 3 miles", { completedAt: at(user, 1, "18:15") });
    addGoal(user, 1, "Call mom", { skippedAt: at(user, 1, "18:20") });
    writeDayNote(user, "A first note, replaced.", at(user, 1, "18:16"));
    writeDayNote(user, dayNote, at(user, 1, "18:21"));
    // Two days ago: not done and not skipped, so missed; today: still open.
    addGoal(user, 2, "Clean out the inbox");
    addGoal(user, 0, "Stretch", { dueDate: at(user, 0, "23:59") });
    // Four and three days ago: the best streak, two days; different notes stay with their goals.
    addGoal(user, 4, "Plan the week", { completedAt: at(user, 4, "09:00") });
    addGoal(user, 3, "Read 20 pages", {
      completedAt: at(user, 3, "17:00"),
      llmFeedback: "Reading done early, nice.",
    });
    addGoal(user, 3, "No sugar", {
      completedAt: at(user, 3, "18:00"),
      llmFeedback: "Sugar-free evening!",
    });

    const text = pdfText(await progressReportPdf(user, "7d"));
    expect(text).toContain("Period: Last 7 days");
    expect(text).toContain("Current streak\n1 day");
    expect(text).toContain("Best streak\n2 days");
    // 4 of the 6 decided (the open one waits); skipped and missed count as not completed.
    expect(text).toContain("Completion rate\n67%");
    expect(text).toContain("4 of 6 decided goals");
    expect(text).toContain("Goals completed\n4 of 7");
    expect(text).toContain("1 skipped, 1 missed, 1 still open");

    expect(text).toContain("Calendar");
    for (const label of ["All done", "Some done", "Skipped", "Missed", "No goals or still open"]) {
      expect(text).toContain(label);
    }
    expect(text).toContain("Completion trend by week");
    expect(text).toContain("0%\n25%\n50%\n75%\n100%");

    expect(text).toContain("Goals by day");
    expect(text).toContain("Completed\nRun 3 miles\nDue by 7:00 PM  ·  Completed at 6:15 PM");
    expect(text).toContain("Skipped\nCall mom\nDue by 7:00 PM  ·  Skipped at 6:20 PM");
    expect(text).toContain("Missed\nClean out the inbox");
    expect(text).toMatch(/(Pending|Overdue)\nStretch\nDue by 11:59 PM/);
    expect(text).toContain("2 of 2 completed");
    // The day's note once, after its goals; different notes (left by the /api) each with its goal.
    expect(text.split(dayNote)).toHaveLength(2);
    expect(text).not.toContain("A first note, replaced.");
    expect(text).toContain(`Coach's note\n${dayNote}`);
    expect(text).toContain(
      "Read 20 pages\nDue by 7:00 PM  ·  Completed at 5:00 PM\nCoach's note\nReading done early, nice.",
    );
    expect(text).toContain("Coach's note\nSugar-free evening!");
  });

  it("lists each habit with its days done of due in the period, its streak and strength", async () => {
    const user = await createTestUser();
    const owner = getUserById(user.id)!;
    const habit = createHabit(owner, {
      title: "Meditate",
      schedule: { days: [0, 1, 2, 3, 4, 5, 6] },
      time: null,
    });
    sqlite
      .prepare("update habits set start_date = ? where id = ?")
      .run(addDays(todayFor(user), -3), habit.id);
    for (const daysAgo of [3, 2, 1]) {
      addGoal(user, daysAgo, "Meditate", {
        habitId: habit.id,
        habitDay: addDays(todayFor(user), -daysAgo),
        completedAt: daysAgo === 2 ? null : at(user, daysAgo, "08:00"),
      });
    }
    addGoal(user, 1, "Call the bank");
    const text = pdfText(await progressReportPdf(user, "30d"));
    expect(text).toContain("Habits\nDays done of the days due in this period");
    expect(text).toMatch(/Meditate\nevery day\n2 of 3 done {2}· {2}streak 1 d\n\d+%/);
    expect(text).not.toMatch(/Call the bank\n.*of \d+ done/);
  });

  it("has no habit section for someone without habits", async () => {
    const user = await createTestUser();
    addGoal(user, 1, "Call the bank");
    expect(pdfText(await progressReportPdf(user, "30d"))).not.toContain(
      "Days done of the days due",
    );
  });

  it("embeds proof photos and draws 'No preview' for a file that is no image or not the user's", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const real = storeMedia(user.id, await photo(), "image/jpeg");
    const notImage = storeMedia(user.id, Buffer.from("%PDF-1.4 not a photo"), "image/jpeg");
    const someoneElses = storeMedia(other.id, await photo("#a33"), "image/jpeg");
    addGoal(user, 1, "Run with proof", {
      completedAt: at(user, 1, "18:00"),
      proofImageUrls: [real, notImage],
      proofDescription: "A trail at sunrise",
    });
    // Another user's photo is never read; a link elsewhere is not proof the report shows (nor the dashboard).
    addGoal(user, 2, "Borrowed proof", {
      proofImageUrls: [someoneElses, "https://example.com/elsewhere.jpg"],
    });

    const pdf = await progressReportPdf(user, "30d");
    expect(imageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain("Photo: A trail at sunrise");
    expect(text.match(/No preview/g)).toHaveLength(2);
    expect(text).not.toContain("not included in this report");
  });

  it("still renders when the only proof is no image", async () => {
    const user = await createTestUser();
    const text = storeMedia(user.id, Buffer.from("just some words"), "text/plain");
    addGoal(user, 1, "Write the essay", {
      completedAt: at(user, 1, "18:00"),
      proofImageUrls: [text],
    });
    const pdf = await progressReportPdf(user, "all");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(imageCount(pdf)).toBe(0);
    expect(pdfText(pdf)).toContain("Completed\nWrite the essay");
    expect(pdfText(pdf)).toContain("No preview");
  });

  it(`embeds at most ${MAX_REPORT_PHOTOS} photos and counts the rest`, async () => {
    const user = await createTestUser();
    const small = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#37a" },
    })
      .png()
      .toBuffer();
    for (let day = 1; day <= 10; day++) {
      addGoal(user, day, `Proof day ${day}`, {
        completedAt: at(user, day, "18:00"),
        proofImageUrls: [0, 1, 2].map(() => storeMedia(user.id, small, "image/png")),
      });
    }
    const pdf = await progressReportPdf(user, "30d");
    expect(imageCount(pdf)).toBe(MAX_REPORT_PHOTOS);
    // The newest goals get the photos: 8 days of 3, then 6 photos counted.
    const text = pdfText(pdf);
    expect(text).toContain("3 more photos not included in this report");
    expect(text.match(/more photos? not included/g)).toHaveLength(2);
  });

  it("keeps two years of daily goals bounded: the newest goals listed, the last months and weeks drawn", async () => {
    const user = await createTestUser();
    const insert = sqlite.prepare(
      "insert into goals (user_id, description, due_date, completed_at, llm_feedback) values (?, ?, ?, ?, ?)",
    );
    sqlite.transaction(() => {
      for (let day = 1; day <= 730; day++) {
        for (let g = 0; g < 3; g++) {
          const due = at(user, day, `1${g}:00`).getTime();
          insert.run(
            user.id,
            `Goal ${g + 1} of day ${day}`,
            due,
            (day + g) % 4 ? due : null,
            `Note ${day}`,
          );
        }
      }
    })();
    const runs = countStatementsRun();
    const pdf = await progressReportPdf(user, "all");
    const statementsRun = runs.stop();
    const text = pdfText(pdf);
    expect(text).toContain("Goals completed\n1,643 of 2,190");
    expect(text).toContain(`The newest ${MAX_ROWS} of the period's 2,190 goals`);
    expect(text).toMatch(/The last 3 of the period's 2[45] months\./);
    expect(text).toMatch(/The last 26 of 10[45] weeks\./);
    expect(text).toContain("Goal 3 of day 1");
    expect(text).not.toContain(`of day ${Math.ceil(MAX_ROWS / 3) + 1}\n`);
    expect(pageCount(pdf)).toBeLessThan(40);
    // A fixed number of statements whatever the period, not one per goal or day (its speed is in
    // `npm run bench:web`); the page count above bounds what is drawn.
    expect(statementsRun).toBeLessThan(40);
  }, 20_000);

  it("lists fewer goals when they are long: their text stays within LISTED_TEXT_BUDGET", async () => {
    const user = await createTestUser();
    const long = (n: number) => `${n} `.padEnd(GOAL_DESCRIPTION_MAX, "Walked the dog. ");
    for (let n = 0; n < MAX_ROWS; n++) addGoal(user, n % 20, long(n));
    const data = await reportData(user, "all");
    const printed = data.listed.reduce((sum, goal) => sum + goal.description.length, 0);
    expect(printed).toBeLessThanOrEqual(LISTED_TEXT_BUDGET);
    expect(data.listed.length).toBe(Math.floor(LISTED_TEXT_BUDGET / GOAL_DESCRIPTION_MAX));
    expect(data.total).toBe(MAX_ROWS);
    const text = pdfText(await progressReportPdf(user, "all"));
    expect(text).toContain(`The newest ${data.listed.length} of the period's ${MAX_ROWS} goals`);
  });

  it("prints text the standard fonts cannot show without breaking the page", async () => {
    const user = await createTestUser();
    addGoal(user, 1, "Run 5k 🏃‍♀️ then 日本語", { completedAt: at(user, 1, "18:00") });
    const text = pdfText(await progressReportPdf(user, "7d"));
    expect(text).toContain("Completed\nRun 5k then ???");
  });
});
