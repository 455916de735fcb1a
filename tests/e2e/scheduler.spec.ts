import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  addDays,
  addSeconds,
  localDayOf,
  runTick,
  stackPerWorker,
  wallClock,
  withDatabase,
} from "./scheduler/stack";
import type { TickCounts } from "./scheduler/stack";

// The scheduler end to end: users registered and verified through the HTTP API of a production
// server that texts through a fake Twilio, then `npm run tick -- --at …` as separate processes on the
// same database, and after each tick exactly which phones received which question.
//
// This spec runs its own server (not the one of playwright.config.ts) because the scheduler has to
// talk to Twilio: port 3250 for the first worker, 3251 for the second, so both projects can run at
// once. Nothing here needs a browser page.

const MORNING_QUESTION = "What are your goals for today?";
const EVENING_QUESTION = /^Evening check-in: which goals did you finish\? (.+)\. Reply e\.g\. /;
const CODE_TEXT = /verification code is (\d{6})/;
const PASSWORD = "correct horse battery";

type Name = "A" | "B" | "C" | "D" | "E";

type Person = {
  timezone: string;
  morning: string;
  evening: string;
  /** National number; each person has their own. */
  phone: string;
};

// A and C are asked in the same minute (08:00 New York is 07:00 Chicago), B three hours later.
// D is never verified and E replies STOP: both share A's times, so only those stop them.
// Evening: A, D and E at 21:00 New York, C at 20:00 Chicago (the same minute), B at 22:00 Los Angeles.
const PEOPLE: Record<Name, Person> = {
  A: { timezone: "America/New_York", morning: "08:00", evening: "21:00", phone: "2125550101" },
  B: { timezone: "America/Los_Angeles", morning: "08:00", evening: "22:00", phone: "4155550102" },
  C: { timezone: "America/Chicago", morning: "07:00", evening: "20:00", phone: "3125550103" },
  D: { timezone: "America/New_York", morning: "08:00", evening: "21:00", phone: "6465550104" },
  E: { timezone: "America/New_York", morning: "08:00", evening: "21:00", phone: "7185550105" },
};
const NAMES = Object.keys(PEOPLE) as Name[];

const stackOf = stackPerWorker(3250);

test("npm run tick texts each question once, to exactly the phones it is due for", async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  const s = stackOf();
  const users = {} as Record<Name, { api: APIRequestContext; phone: string }>;
  const nameOf = (phone: string) =>
    NAMES.find((name) => users[name]?.phone === phone) ?? `unknown ${phone}`;

  /** The texts the fake Twilio accepted since `from` (an index into its log), as "name: question". */
  const textsSince = (from: number) =>
    s.twilio.messages
      .slice(from)
      .map((m) => `${nameOf(m.to)}: ${describe(m.body)}`)
      .sort();

  /** Runs one tick and checks its printed counts and the texts it sent. */
  async function tick(at: Date, counts: Partial<TickCounts>, texts: string[]) {
    const before = s.twilio.messages.length;
    const result = await runTick(s, at);
    expect(result.at).toBe(at.toISOString());
    expect(result.primary, result.line).toBe(true);
    expect(result.counts, result.line).toEqual({
      claimed: 0,
      sent: 0,
      skipped: 0,
      expired: 0,
      failed: 0,
      retrying: 0,
      reconciled: 0,
      ...counts,
    });
    expect(textsSince(before)).toEqual([...texts].sort());
  }

  try {
    await test.step("register five people through the API, each with their own cookies", async () => {
      for (const name of NAMES) {
        const person = PEOPLE[name];
        const api = await playwright.request.newContext({ baseURL: s.baseURL });
        const response = await api.post("/api/users", {
          data: {
            email: `${name.toLowerCase()}-scheduler@example.com`,
            password: PASSWORD,
            phone: person.phone,
            timezone: person.timezone,
            preferredCheckInTimeMorning: person.morning,
            preferredCheckInTimeEvening: person.evening,
            sendCheckInReminders: true,
            // Summaries are left out: the evening tick runs on today's date, which may be a Sunday.
            receiveWeeklySummary: false,
            terms: true,
          },
        });
        expect(response.status(), await response.text()).toBe(201);
        const user = (await response.json()) as { phone: string; phoneVerifiedAt: unknown };
        expect(user.phone).toBe(`+1${person.phone}`);
        expect(user.phoneVerifiedAt).toBeNull();
        users[name] = { api, phone: user.phone };
      }
    });

    await test.step("A, B, C and E verify their phones with the code texted to them", async () => {
      for (const name of ["A", "B", "C", "E"] as const) {
        const { api, phone } = users[name];
        const before = s.twilio.messages.length;
        const sent = await api.post("/api/verify-phone", { data: { phone: PEOPLE[name].phone } });
        expect(sent.status(), await sent.text()).toBe(200);
        const texts = s.twilio.messages.slice(before);
        expect(texts.map((m) => m.to)).toEqual([phone]);
        expect(texts[0]!.from).toBe("+15005550006");
        const code = CODE_TEXT.exec(texts[0]!.body)?.[1];
        expect(code, texts[0]!.body).toBeDefined();
        const afterCode = s.twilio.messages.length;
        const checked = await api.post("/api/verify-phone", { data: { code } });
        expect(checked.status(), await checked.text()).toBe(200);
        // The verified phone is welcomed once, with when its first question comes.
        const welcome = s.twilio.messages.slice(afterCode);
        expect(welcome.map((m) => m.to)).toEqual([phone]);
        expect(welcome[0]!.body).toMatch(WELCOME);
        expect(welcome[0]!.body).toContain("Your first question comes ");
      }
      // E then replies STOP. Inbound texts need Twilio's signature, so the opt-out it would record is
      // written straight into the server's database instead.
      withDatabase(s, (db) =>
        db
          .prepare("insert into sms_opt_outs (phone, reason) values (?, 'keyword')")
          .run(users.E.phone),
      );
    });

    // A morning two days ahead, so that it is after the evening of today's goals below (a tick
    // "before" the last one looks back a fixed window). 08:00 is never near a daylight-saving change.
    const morningDay = addDays(new Date().toISOString().slice(0, 10), 2);
    const newYork8am = wallClock(morningDay, "08:00", "America/New_York");
    const losAngeles8am = wallClock(morningDay, "08:00", "America/Los_Angeles");
    expect(wallClock(morningDay, "07:00", "America/Chicago")).toEqual(newYork8am);

    await test.step("a minute before 08:00 in New York nobody is asked yet", async () => {
      await tick(addSeconds(newYork8am, -30), {}, []);
    });

    await test.step("at 08:00 New York (07:00 Chicago) exactly A and C get the morning question", async () => {
      // D (not verified), E (opted out) and B (still 05:00 in Los Angeles) get nothing.
      await tick(addSeconds(newYork8am, 30), { claimed: 2, sent: 2 }, [
        "A: morning question",
        "C: morning question",
      ]);
    });

    await test.step("the same tick again sends nothing: each question goes out once", async () => {
      await tick(addSeconds(newYork8am, 30), {}, []);
    });

    await test.step("at 08:00 Los Angeles exactly B gets the morning question", async () => {
      await tick(addSeconds(losAngeles8am, 30), { claimed: 1, sent: 1 }, ["B: morning question"]);
    });

    let goalDay = "";
    await test.step("A, D and E set today's goals in the web chat (nothing is texted)", async () => {
      const before = s.twilio.messages.length;
      for (const name of ["A", "D", "E"] as const) {
        const response = await users[name].api.post("/api/mock/reply-to-sms", {
          data: { body: "1. Run 5k 2. Read" },
        });
        expect(response.status(), await response.text()).toBe(200);
        expect(await response.json()).toMatchObject({ intent: "set_goals" });
      }
      expect(textsSince(before)).toEqual([]);
      const goals = withDatabase(s, (db) =>
        db
          .prepare<[string], { description: string; due_date: number }>(
            `select g.description, g.due_date from goals g join users u on u.id = g.user_id
             where u.phone = ? order by g.due_date, g.id`,
          )
          .all(users.A.phone),
      );
      expect(goals.map((g) => g.description)).toEqual(["Run 5k", "Read"]);
      // The goals are for A's local today (of the real clock): the evening question of that day lists them.
      goalDay = localDayOf(new Date(goals[0]!.due_date), "America/New_York");
    });

    const newYork9pm = wallClock(goalDay, "21:00", "America/New_York");
    expect(wallClock(goalDay, "20:00", "America/Chicago")).toEqual(newYork9pm);

    await test.step("at A's evening check-in exactly A is asked about those goals", async () => {
      // C is due in the same minute but set no goals: skipped, not asked. D and E have goals but are
      // not verified or opted out.
      await tick(addSeconds(newYork9pm, 30), { claimed: 1, sent: 1, skipped: 1 }, [
        "A: evening question: 1) Run 5k 2) Read",
      ]);
    });

    await test.step("the evening tick again sends nothing", async () => {
      await tick(addSeconds(newYork9pm, 30), {}, []);
    });

    // Over the whole run, besides the codes: two questions for A, one for B and C, none for D and E.
    const questions = s.twilio.messages
      .filter((m) => !CODE_TEXT.test(m.body) && !WELCOME.test(m.body))
      .map((m) => `${nameOf(m.to)}: ${describe(m.body)}`)
      .sort();
    expect(questions).toEqual([
      "A: evening question: 1) Run 5k 2) Read",
      "A: morning question",
      "B: morning question",
      "C: morning question",
    ]);
  } finally {
    for (const user of Object.values(users)) await user.api.dispose();
  }
});

/** Which question a text is, or the text itself when it is none of them. */
const WELCOME = /^StreakCoach: you're all set for goal check-ins, about 2 msgs\/day\. /;

function describe(body: string) {
  if (body.includes(MORNING_QUESTION)) return "morning question";
  const evening = EVENING_QUESTION.exec(body);
  if (evening) return `evening question: ${evening[1]}`;
  return `other: ${body}`;
}
