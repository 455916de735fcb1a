import type { SendResult, SentRecord, SmsTransport } from "~/sms/transport.server";
import { createTestUser } from "../helpers/requests";
import { runTick } from "~/scheduler/tick.server";
import { MAX_ATTEMPTS } from "~/scheduler/due-times";
import { SmsSendError } from "~/sms/transport.server";
import { numberedInOrder, templates } from "~/replies/templates";
import { segmentCount } from "~/sms/segments";
import { handleIncomingText } from "~/conversation/inbound.server";
import { createGoal, getGoal } from "~/goals/goals.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";

// The summary texts link to APP_URL; the env module reads it when it loads, so it is set in a block
// vitest runs before the imports (DATABASE_PATH comes from tests/setup).
const { APP_URL, appEnv } = await vi.hoisted(async () => {
  const { setAppEnv } = await import("../helpers/app-env");
  const APP_URL = "https://coach.example.test";
  return { APP_URL, appEnv: setAppEnv({ APP_URL }) };
});

afterAll(() => appEnv.restore());

type Fault = InstanceType<typeof SmsSendError> | "accepted-then-lost";

/** Provider sids are unique across the whole file's database, as Twilio's are. */
let sidCount = 0;

/**
 * An SmsTransport that keeps what it was asked to send, as Twilio's message log would, and answers with
 * the faults it is told to. Passed to runTick through its options.
 */
class RecordingTransport implements SmsTransport {
  readonly name = "local" as const;
  /** Texts the "provider" accepted, oldest first. */
  readonly sent: (SentRecord & { to: string })[] = [];
  /** Every send call, accepted or not. */
  readonly attempts: { to: string; body: string }[] = [];
  private readonly faults = new Map<string, Fault[]>();

  failNext(phone: string, fault: Fault, times = 1) {
    const list = this.faults.get(phone) ?? [];
    for (let i = 0; i < times; i++) list.push(fault);
    this.faults.set(phone, list);
  }

  async send(to: string, body: string): Promise<SendResult> {
    this.attempts.push({ to, body });
    const fault = this.faults.get(to)?.shift();
    if (fault instanceof SmsSendError) throw fault;
    const record = { to, body, sid: `SMtest${++sidCount}`, sentAt: new Date() };
    this.sent.push(record);
    // Accepted by the provider, but the answer never came back.
    if (fault === "accepted-then-lost") throw new SmsSendError("socket hang up", null, false);
    return { sid: record.sid, status: "queued" };
  }

  async listSentSince(to: string, since: Date): Promise<SentRecord[]> {
    return this.sent
      .filter((m) => m.to === to && m.sentAt >= since)
      .map(({ sid, body, sentAt }) => ({ sid, body, sentAt }));
  }

  async fetchMedia(): Promise<never> {
    throw new Error("the scheduler never fetches media");
  }

  to(phone: string) {
    return this.sent.filter((m) => m.to === phone);
  }
}

type LedgerRow = {
  id: number;
  user_id: number;
  kind: string;
  local_date: string;
  due_at: number;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  message_id: number | null;
  provider_sid: string | null;
  error_code: string | null;
  note: string | null;
  finished_at: number | null;
};
type MessageRow = {
  id: number;
  body: string;
  kind: string;
  status: string;
  provider_sid: string | null;
  linked_goal_ids: string;
};

const ledger = (userId: number, kind?: string) =>
  sqlite
    .prepare<[number], LedgerRow>("select * from scheduled_sends where user_id = ? order by id")
    .all(userId)
    .filter((r) => !kind || r.kind === kind);
const systemMessages = (userId: number, kind: string) =>
  sqlite
    .prepare<[number, string], MessageRow>(
      "select * from messages where user_id = ? and kind = ? and from_system = 1 order by id",
    )
    .all(userId, kind);
const userRow = (id: number) => getUserById(id)!;

let transport: RecordingTransport;

function tick(at: string, options: { catchUpMs?: number } = {}) {
  return runTick(new Date(at), { transport, ...options });
}

type UserSettings = {
  timezone?: string;
  morning?: string;
  evening?: string;
  verified?: boolean;
  reminders?: boolean;
  weekly?: boolean;
  pausedUntil?: string;
  undeliverable?: string;
};

/** A real account (created as sign-up does), then given its settings and a verified phone. */
async function makeUser(settings: UserSettings = {}) {
  const created = await createTestUser();
  sqlite
    .prepare(
      `update users set timezone = ?, preferred_check_in_time_morning = ?, preferred_check_in_time_evening = ?,
       phone_verified_at = ?, send_check_in_reminders = ?, receive_weekly_summary = ?, paused_until = ?,
       phone_undeliverable_code = ? where id = ?`,
    )
    .run(
      settings.timezone ?? "America/New_York",
      settings.morning ?? "08:00",
      settings.evening ?? "19:00",
      settings.verified === false ? null : Date.parse("2026-01-01T00:00:00Z"),
      settings.reminders === false ? 0 : 1,
      settings.weekly === false ? 0 : 1,
      settings.pausedUntil ? Date.parse(settings.pausedUntil) : null,
      settings.undeliverable ?? null,
      created.id,
    );
  return userRow(created.id);
}

function goal(userId: number, description: string, due: string, completed?: string) {
  const created = createGoal(userId, { description, dueDate: new Date(due) });
  if (completed) {
    sqlite
      .prepare("update goals set completed_at = ? where id = ?")
      .run(Date.parse(completed), created.id);
  }
  return created;
}

const setNextAttemptInPast = (sendId: number) =>
  sqlite
    .prepare("update scheduled_sends set next_attempt_at = ? where id = ?")
    .run(Date.now() - 1000, sendId);

beforeEach(() => {
  transport = new RecordingTransport();
  // Each test starts with no tick history and only its own users active.
  sqlite.exec("delete from scheduler_ticks; update users set send_check_in_reminders = 0");
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const MORNING = templates.morningQuestion();

// 2026-06-15 is a Monday; New York is on EDT (UTC-4): 08:00 local is 12:00Z.
describe("morning and evening questions", () => {
  it("sends the morning question at each user's chosen local time in their own zone", async () => {
    const cases = [
      { timezone: "America/New_York", morning: "07:00", due: "2026-06-15T11:00:00.000Z" },
      { timezone: "America/Chicago", morning: "08:00", due: "2026-06-15T13:00:00.000Z" },
      { timezone: "America/Anchorage", morning: "06:00", due: "2026-06-15T14:00:00.000Z" },
      { timezone: "America/Denver", morning: "09:00", due: "2026-06-15T15:00:00.000Z" },
      { timezone: "America/Los_Angeles", morning: "11:00", due: "2026-06-15T18:00:00.000Z" },
      { timezone: "Pacific/Honolulu", morning: "10:00", due: "2026-06-15T20:00:00.000Z" },
    ];
    const users = [];
    for (const c of cases) users.push(await makeUser(c));

    await tick("2026-06-15T10:00:00Z");
    for (const [i, c] of cases.entries()) {
      const user = users[i]!;
      const due = Date.parse(c.due);
      await tick(new Date(due - 60_000).toISOString());
      expect(transport.to(user.phone)).toEqual([]);
      const report = await tick(c.due);
      expect(report.sent).toBe(1);
      const received = transport.to(user.phone);
      expect(received.map((m) => m.body)).toEqual([MORNING]);

      const [row, ...more] = ledger(user.id);
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        kind: "morning",
        local_date: "2026-06-15",
        due_at: due,
        status: "sent",
        attempts: 1,
        provider_sid: received[0]!.sid,
      });
      const [message] = systemMessages(user.id, "morning");
      expect(message).toMatchObject({
        id: row!.message_id,
        body: MORNING,
        provider_sid: received[0]!.sid,
      });
    }
    // Nobody got a second one over the day's later ticks.
    for (const user of users) expect(transport.to(user.phone)).toHaveLength(1);
  });

  it("marks the morning question pending for that local day", async () => {
    const user = await makeUser({ timezone: "Pacific/Honolulu", morning: "06:00" });
    expect(user.pendingPrompt).toBeNull();
    await tick("2026-06-15T15:00:00Z"); // 05:00 in Honolulu
    await tick("2026-06-15T16:00:00Z"); // 06:00
    expect(userRow(user.id)).toMatchObject({
      pendingPrompt: "morning",
      pendingPromptDay: "2026-06-15",
    });
  });

  it("sends once for two ticks in the same minute, the same instant twice, and two at once", async () => {
    const user = await makeUser();
    await tick("2026-06-15T11:00:00Z");
    const first = await tick("2026-06-15T12:00:00Z");
    expect(first).toMatchObject({ primary: true, claimed: 1, sent: 1 });

    const sameMinute = await tick("2026-06-15T12:00:30Z");
    // The same instant again looks back a whole catch-up window: only the ledger key stops it.
    const sameInstant = await tick("2026-06-15T12:00:00Z");
    const together = await Promise.all([
      tick("2026-06-15T12:00:00Z"),
      tick("2026-06-15T12:00:00Z"),
    ]);
    for (const report of [sameMinute, sameInstant, ...together]) {
      expect(report).toMatchObject({ claimed: 0, sent: 0 });
    }
    expect(transport.to(user.phone)).toHaveLength(1);
    expect(ledger(user.id)).toHaveLength(1);
    expect(systemMessages(user.id, "morning")).toHaveLength(1);
  });

  it("sends nothing to unverified, opted-out, paused, reminders-off or undeliverable users", async () => {
    const active = await makeUser();
    const unverified = await makeUser({ verified: false });
    const optedOut = await makeUser();
    sqlite
      .prepare("insert into sms_opt_outs (phone, reason) values (?, 'keyword')")
      .run(optedOut.phone);
    const paused = await makeUser({ pausedUntil: "2026-06-16T04:00:00Z" }); // midnight, June 16
    const remindersOff = await makeUser({ reminders: false });
    const undeliverable = await makeUser({ undeliverable: "21614" });
    const silent = [unverified, optedOut, paused, remindersOff, undeliverable];
    for (const u of silent) goal(u.id, "Run 5k", "2026-06-15T23:00:00Z");

    await tick("2026-06-15T11:00:00Z");
    await tick("2026-06-15T12:00:00Z"); // morning
    await tick("2026-06-15T23:00:00Z"); // evening, with a goal to ask about

    expect(transport.to(active.phone).map((m) => m.body)).toEqual([MORNING]);
    for (const u of silent) {
      expect(transport.to(u.phone)).toEqual([]);
      expect(ledger(u.id)).toEqual([]);
    }
    expect(transport.attempts.filter((a) => a.to !== active.phone)).toEqual([]);
  });

  it("asks a paused user again once the pause has passed", async () => {
    const resumed = await makeUser({ pausedUntil: "2026-06-15T04:00:00Z" });
    const pausedToday = await makeUser({ pausedUntil: "2026-06-16T04:00:00Z" });

    await tick("2026-06-15T11:00:00Z");
    await tick("2026-06-15T12:00:00Z");
    expect(transport.to(resumed.phone)).toHaveLength(1);
    expect(transport.to(pausedToday.phone)).toHaveLength(0);

    await tick("2026-06-16T11:00:00Z");
    await tick("2026-06-16T12:00:00Z");
    expect(transport.to(resumed.phone)).toHaveLength(2);
    expect(transport.to(pausedToday.phone).map((m) => m.body)).toEqual([MORNING]);
    expect(ledger(pausedToday.id, "morning").map((r) => r.local_date)).toEqual(["2026-06-16"]);
  });

  it("catches up a tick missed for 90 minutes and still sends", async () => {
    const user = await makeUser();
    await tick("2026-06-15T11:00:00Z");
    const late = await tick("2026-06-15T13:30:00Z");
    expect(late).toMatchObject({ sent: 1, expired: 0 });
    expect(transport.to(user.phone).map((m) => m.body)).toEqual([MORNING]);
    expect(ledger(user.id)).toMatchObject([
      { kind: "morning", due_at: Date.parse("2026-06-15T12:00:00Z"), status: "sent" },
    ]);
  });

  it("records a send 3 hours late as expired and sends nothing", async () => {
    const user = await makeUser();
    await tick("2026-06-15T11:00:00Z");
    const late = await tick("2026-06-15T15:00:00Z");
    expect(late).toMatchObject({ sent: 0, claimed: 0 });
    expect(late.expired).toBeGreaterThanOrEqual(1);
    await tick("2026-06-15T15:01:00Z");
    await tick("2026-06-15T15:00:00Z");

    expect(transport.to(user.phone)).toEqual([]);
    expect(ledger(user.id)).toMatchObject([
      {
        kind: "morning",
        local_date: "2026-06-15",
        status: "expired",
        note: "missed the catch-up window",
      },
    ]);
    expect(systemMessages(user.id, "morning")).toEqual([]);
    expect(userRow(user.id).pendingPrompt).toBeNull();
  });

  it("uses the configured catch-up window", async () => {
    const user = await makeUser();
    await tick("2026-06-15T11:00:00Z", { catchUpMs: 30 * 60_000 });
    const late = await tick("2026-06-15T12:45:00Z", { catchUpMs: 30 * 60_000 });
    expect(late).toMatchObject({ sent: 0, expired: 1 });
    expect(transport.to(user.phone)).toEqual([]);
    expect(ledger(user.id)[0]!.status).toBe("expired");
  });

  it("lists today's goals in the evening question; skips it with no goals or all done", async () => {
    // Los Angeles on PDT (UTC-7): 19:00 local on June 15 is 02:00Z on June 16.
    const tz = "America/Los_Angeles";
    const withGoals = await makeUser({ timezone: tz });
    const first = goal(withGoals.id, "Run 5k", "2026-06-15T19:00:00Z"); // 12:00 local
    const second = goal(withGoals.id, "Read 30 pages", "2026-06-16T02:00:00Z"); // 19:00 local
    goal(withGoals.id, "Yesterday's goal", "2026-06-15T02:00:00Z");
    goal(withGoals.id, "Tomorrow's goal", "2026-06-17T02:00:00Z");
    const noGoals = await makeUser({ timezone: tz });
    goal(noGoals.id, "Tomorrow's goal", "2026-06-17T02:00:00Z");
    const allDone = await makeUser({ timezone: tz });
    goal(allDone.id, "Stretch", "2026-06-15T19:00:00Z", "2026-06-15T18:00:00Z");

    await tick("2026-06-16T01:00:00Z");
    const report = await tick("2026-06-16T02:00:00Z");
    expect(report).toMatchObject({ sent: 1, skipped: 2 });

    const expected = templates.eveningQuestion(numberedInOrder(["Run 5k", "Read 30 pages"]));
    expect(expected).toContain("1) Run 5k 2) Read 30 pages");
    expect(transport.to(withGoals.phone).map((m) => m.body)).toEqual([expected]);
    expect(ledger(withGoals.id)).toMatchObject([
      { kind: "evening", local_date: "2026-06-15", status: "sent" },
    ]);
    const [message] = systemMessages(withGoals.id, "evening");
    expect(JSON.parse(message!.linked_goal_ids)).toEqual([first.id, second.id]);
    expect(userRow(withGoals.id)).toMatchObject({
      pendingPrompt: "evening",
      pendingPromptDay: "2026-06-15",
    });

    expect(transport.to(noGoals.phone)).toEqual([]);
    expect(ledger(noGoals.id)).toMatchObject([
      { kind: "evening", local_date: "2026-06-15", status: "skipped", note: "no goals today" },
    ]);
    expect(systemMessages(noGoals.id, "evening")).toEqual([]);
    expect(userRow(noGoals.id).pendingPrompt).toBeNull();

    expect(transport.to(allDone.phone)).toEqual([]);
    expect(ledger(allDone.id)).toMatchObject([
      { kind: "evening", status: "skipped", note: "all goals done" },
    ]);
  });
});

describe("batches", () => {
  it("claims and records 1,200 due users in few transactions, each texted once", async () => {
    // The same instant (12:00Z) is 08:00 in New York, 07:00 in Chicago and 06:00 in Denver.
    const zones = [
      ["America/New_York", "08:00"],
      ["America/Chicago", "07:00"],
      ["America/Denver", "06:00"],
    ] as const;
    const insert = sqlite.prepare(
      `insert into users (email, password_hash, phone, phone_verified_at, timezone, preferred_check_in_time_morning)
       values (?, 'not-a-hash', ?, ?, ?, ?)`,
    );
    const phones: string[] = [];
    sqlite.transaction(() => {
      for (let i = 0; i < 1200; i++) {
        const [tz, time] = zones[i % 3]!;
        const phone = `+1303${String(5_550_000 + i)}`;
        phones.push(phone);
        insert.run(`bulk${i}@example.com`, phone, Date.parse("2026-01-01T00:00:00Z"), tz, time);
      }
    })();

    await tick("2026-06-15T11:59:00Z");
    const report = await tick("2026-06-15T12:00:00Z");
    expect(report).toMatchObject({ claimed: 1200, sent: 1200, failed: 0 });
    expect(report.transactions).toBeLessThanOrEqual(1 + 1200 / 100);

    const perPhone = new Map<string, number>();
    for (const m of transport.sent) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
    expect(perPhone.size).toBe(1200);
    expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
    expect(phones.every((p) => perPhone.has(p))).toBe(true);
    const statuses = sqlite
      .prepare<[], { status: string; n: number }>(
        `select s.status, count(*) as n from scheduled_sends s join users u on u.id = s.user_id
         where u.email like 'bulk%' group by s.status`,
      )
      .all();
    expect(statuses).toEqual([{ status: "sent", n: 1200 }]);
    const lastTick = sqlite
      .prepare<[], { sent: number; claimed: number; finished_at: number | null }>(
        "select sent, claimed, finished_at from scheduler_ticks order by id desc limit 1",
      )
      .get()!;
    expect(lastTick).toMatchObject({ sent: 1200, claimed: 1200 });
    expect(lastTick.finished_at).not.toBeNull();
  });
});

describe("shutting down", () => {
  it("a stopped tick sends the batch it claimed, claims no other, and the next tick sends the rest", async () => {
    const insert = sqlite.prepare(
      `insert into users (email, password_hash, phone, phone_verified_at, timezone, preferred_check_in_time_morning)
       values (?, 'not-a-hash', ?, ?, 'America/New_York', '08:00')`,
    );
    sqlite.transaction(() => {
      for (let i = 0; i < 1200; i++) {
        insert.run(
          `stop${i}@example.com`,
          `+1720${5_550_000 + i}`,
          Date.parse("2026-01-01T00:00:00Z"),
        );
      }
    })();
    const stop = new AbortController();
    const send = transport.send.bind(transport);
    transport.send = (to, body) => {
      stop.abort();
      return send(to, body);
    };

    await tick("2026-06-15T11:59:00Z");
    const stopped = await runTick(new Date("2026-06-15T12:00:00Z"), {
      transport,
      stop: stop.signal,
    });
    expect(stopped.claimed).toBeGreaterThan(0);
    expect(stopped.claimed).toBeLessThan(1200);
    expect(stopped.sent).toBe(stopped.claimed);
    const open = sqlite
      .prepare<[], number>("select count(*) from scheduled_sends where status = 'claimed'")
      .pluck()
      .get();
    expect(open).toBe(0);
    const lastTick = sqlite
      .prepare<[], number | null>(
        "select finished_at from scheduler_ticks order by id desc limit 1",
      )
      .pluck()
      .get();
    expect(lastTick).toBeNull();

    const resumed = await tick("2026-06-15T12:01:00Z");
    expect(resumed.sent).toBe(1200 - stopped.sent);
    const phones = new Set(transport.sent.map((m) => m.to));
    expect(phones.size).toBe(1200);
    expect(transport.sent).toHaveLength(1200);
  });
});

describe("Twilio error classes", () => {
  it("21610 (unsubscribed) opts the number out and is never retried", async () => {
    const user = await makeUser();
    transport.failNext(
      user.phone,
      new SmsSendError("Attempt to send to unsubscribed recipient", "21610", false),
    );
    await tick("2026-06-15T11:00:00Z");
    const report = await tick("2026-06-15T12:00:00Z");
    expect(report).toMatchObject({ failed: 1, retried: 0, sent: 0 });
    expect(ledger(user.id)).toMatchObject([
      { status: "failed", error_code: "21610", attempts: 1, next_attempt_at: null },
    ]);
    expect(systemMessages(user.id, "morning")).toMatchObject([
      { status: "failed", provider_sid: null },
    ]);
    const optOut = sqlite
      .prepare<[string], { reason: string }>("select reason from sms_opt_outs where phone = ?")
      .get(user.phone);
    expect(optOut?.reason).toContain("21610");

    await tick("2026-06-15T12:05:00Z");
    await tick("2026-06-16T11:00:00Z");
    await tick("2026-06-16T12:00:00Z");
    expect(transport.attempts.filter((a) => a.to === user.phone)).toHaveLength(1);
    expect(ledger(user.id)).toHaveLength(1);
  });

  it("21211 (invalid number) marks the phone undeliverable and is not retried", async () => {
    const user = await makeUser();
    transport.failNext(user.phone, new SmsSendError("Invalid 'To' Phone Number", "21211", false));
    await tick("2026-06-15T11:00:00Z");
    await tick("2026-06-15T12:00:00Z");
    expect(ledger(user.id)).toMatchObject([{ status: "failed", error_code: "21211" }]);
    expect(userRow(user.id).phoneUndeliverableCode).toBe("21211");

    await tick("2026-06-16T11:00:00Z");
    await tick("2026-06-16T12:00:00Z");
    expect(transport.attempts.filter((a) => a.to === user.phone)).toHaveLength(1);
    expect(transport.to(user.phone)).toEqual([]);
  });

  it("20429 (too many requests) is retried after its backoff by a later tick", async () => {
    const user = await makeUser();
    transport.failNext(user.phone, new SmsSendError("Too Many Requests", "20429", false));
    await tick("2026-06-15T11:00:00Z");
    const before = Date.now();
    const report = await tick("2026-06-15T12:00:00Z");
    const after = Date.now();
    expect(report).toMatchObject({ retried: 1, sent: 0, failed: 0 });
    const [row] = ledger(user.id);
    expect(row).toMatchObject({ status: "retry", attempts: 1, error_code: "20429" });
    expect(row!.next_attempt_at).toBeGreaterThanOrEqual(before + 30_000);
    expect(row!.next_attempt_at).toBeLessThanOrEqual(after + 30_000);

    // Before next_attempt_at nothing is tried again.
    await tick("2026-06-15T12:01:00Z");
    expect(transport.attempts.filter((a) => a.to === user.phone)).toHaveLength(1);
    expect(ledger(user.id)[0]!.status).toBe("retry");

    setNextAttemptInPast(row!.id);
    const retry = await tick("2026-06-15T12:02:00Z");
    expect(retry.sent).toBe(1);
    expect(transport.to(user.phone).map((m) => m.body)).toEqual([MORNING]);
    expect(ledger(user.id)).toMatchObject([
      { status: "sent", attempts: 2, provider_sid: transport.to(user.phone)[0]!.sid },
    ]);
    expect(systemMessages(user.id, "morning")).toHaveLength(1);
    expect(userRow(user.id).pendingPrompt).toBe("morning");

    await tick("2026-06-15T12:03:00Z");
    expect(transport.attempts.filter((a) => a.to === user.phone)).toHaveLength(2);
  });

  it("network errors are retried with growing backoff and given up after MAX_ATTEMPTS", async () => {
    const user = await makeUser();
    transport.failNext(
      user.phone,
      new SmsSendError("connect ECONNREFUSED 127.0.0.1:443", null, false),
      10,
    );
    await tick("2026-06-15T11:00:00Z");
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const before = Date.now();
      await tick(
        new Date(Date.parse("2026-06-15T12:00:00Z") + (attempt - 1) * 60_000).toISOString(),
      );
      const row = ledger(user.id)[0]!;
      expect(row.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe("retry");
        delays.push(row.next_attempt_at! - before);
        setNextAttemptInPast(row.id);
      } else {
        expect(row).toMatchObject({ status: "failed", error_code: null, next_attempt_at: null });
      }
    }
    // 30 s, 2 min, 8 min (give or take the time the tick took).
    expect(delays.map((d) => Math.round(d / 10_000) * 10_000)).toEqual([30_000, 120_000, 480_000]);
    await tick("2026-06-15T12:30:00Z");
    expect(transport.attempts.filter((a) => a.to === user.phone)).toHaveLength(MAX_ATTEMPTS);
    expect(transport.to(user.phone)).toEqual([]);
    expect(systemMessages(user.id, "morning")).toMatchObject([{ status: "failed" }]);
  });

  it("does not send again a text the provider accepted before the connection dropped", async () => {
    const user = await makeUser();
    transport.failNext(user.phone, "accepted-then-lost");
    await tick("2026-06-15T11:00:00Z");
    await tick("2026-06-15T12:00:00Z");
    const [row] = ledger(user.id);
    expect(row).toMatchObject({ status: "retry", error_code: null });

    setNextAttemptInPast(row!.id);
    const retry = await tick("2026-06-15T12:01:00Z");
    expect(retry).toMatchObject({ reconciled: 1, sent: 0 });
    expect(transport.attempts.filter((a) => a.to === user.phone)).toHaveLength(1);
    expect(ledger(user.id)).toMatchObject([
      { status: "sent", provider_sid: transport.to(user.phone)[0]!.sid },
    ]);
  });
});

describe("follow-ups", () => {
  it("names the goal by its day number, which a removed goal before it does not change", async () => {
    const user = await makeUser({ evening: "19:00" });
    const removed = goal(user.id, "Run 5k", "2026-06-15T16:00:00Z"); // 12:00
    goal(user.id, "Read", "2026-06-15T17:00:00Z"); // 13:00
    goal(user.id, "Call the bank", "2026-06-15T19:00:00Z"); // 15:00
    sqlite.prepare("delete from goals where id = ?").run(removed.id);
    await tick("2026-06-15T18:30:00Z"); // 14:30
    expect(
      transport
        .to(user.phone)
        .filter((m) => m.body.startsWith("Reminder"))
        .map((m) => m.body),
    ).toEqual([`Reminder: "Call the bank" is due at 3:00 PM. Reply 3 when it's done.`]);
  });

  // New York, EDT: 15:00 local on June 15 is 19:00Z. A reminder goes 30 minutes before the due time.
  it("reminds once, 30 minutes before an open goal's own due time; a reply of its number completes it", async () => {
    const user = await makeUser({ evening: "19:00" });
    const done = goal(user.id, "Run 5k", "2026-06-15T16:00:00Z", "2026-06-15T15:00:00Z"); // 12:00
    const open = goal(user.id, "Call the bank", "2026-06-15T19:00:00Z"); // 15:00
    const atEvening = goal(user.id, "Buy milk", "2026-06-15T23:00:00Z"); // 19:00
    const afterEvening = goal(user.id, "Walk the dog", "2026-06-15T23:30:00Z"); // 19:30
    const followUps = () => transport.to(user.phone).filter((m) => m.body.startsWith("Reminder"));

    await tick("2026-06-15T14:00:00Z"); // 10:00 local
    await tick("2026-06-15T18:29:00Z"); // 14:29: "Run 5k"'s moment passed, but it is done
    expect(followUps()).toEqual([]);

    const report = await tick("2026-06-15T18:30:00Z"); // 14:30
    expect(report.sent).toBe(1);
    expect(followUps().map((m) => m.body)).toEqual([
      `Reminder: "Call the bank" is due at 3:00 PM. Reply 2 when it's done.`,
    ]);
    expect(ledger(user.id, "follow_up")).toMatchObject([
      { local_date: `2026-06-15:${open.id}`, status: "sent" },
    ]);
    const task = sqlite
      .prepare<
        [number],
        { user_id: number; follow_up_time: number; sent: number; sent_at: number }
      >("select * from follow_up_tasks where goal_id = ?")
      .get(open.id);
    expect(task).toMatchObject({
      user_id: user.id,
      follow_up_time: Date.parse("2026-06-15T18:30:00Z"),
      sent: 1,
    });
    expect(task!.sent_at).toEqual(expect.any(Number));
    expect(
      sqlite.prepare("select 1 from follow_up_tasks where goal_id = ?").get(done.id),
    ).toBeUndefined();

    // Not twice: the next minute, the same instant again, and the due time itself.
    await tick("2026-06-15T18:31:00Z");
    await tick("2026-06-15T18:30:00Z");
    await tick("2026-06-15T19:00:00Z");
    expect(followUps()).toHaveLength(1);

    // The reminder opens the evening reply: "2" completes "Call the bank".
    expect(userRow(user.id)).toMatchObject({
      pendingPrompt: "evening",
      pendingPromptDay: "2026-06-15",
    });
    const reply = await handleIncomingText(
      userRow(user.id),
      { text: "2", source: "sms" },
      new Date("2026-06-15T19:05:00Z"),
    );
    expect(reply.intent).toBe("check_in");
    expect(getGoal(user.id, open.id)!.completedAt).not.toBeNull();
    expect(getGoal(user.id, atEvening.id)!.completedAt).toBeNull();

    // Goals due at or after the evening check-in get the check-in, not a reminder.
    await tick("2026-06-15T22:30:00Z"); // 18:30
    await tick("2026-06-15T23:00:00Z"); // 19:00
    await tick("2026-06-15T23:45:00Z");
    expect(followUps()).toHaveLength(1);
    expect(
      transport.to(user.phone).filter((m) => m.body.startsWith("Evening check-in")),
    ).toHaveLength(1);
    for (const g of [atEvening, afterEvening]) {
      expect(ledger(user.id, "follow_up").some((r) => r.local_date.endsWith(`:${g.id}`))).toBe(
        false,
      );
    }
  });

  it("numbers the goal as the day's list does", async () => {
    const user = await makeUser();
    goal(user.id, "Email Sam", "2026-06-15T13:00:00Z"); // 09:00
    goal(user.id, "Gym", "2026-06-15T15:00:00Z"); // 11:00
    goal(user.id, "Groceries", "2026-06-15T17:00:00Z"); // 13:00
    for (const at of ["12:00", "12:30", "14:30", "16:30"]) await tick(`2026-06-15T${at}:00Z`);
    expect(
      transport
        .to(user.phone)
        .map((m) => m.body)
        .filter((b) => b.startsWith("Reminder")),
    ).toEqual([
      `Reminder: "Email Sam" is due at 9:00 AM. Reply 1 when it's done.`,
      `Reminder: "Gym" is due at 11:00 AM. Reply 2 when it's done.`,
      `Reminder: "Groceries" is due at 1:00 PM. Reply 3 when it's done.`,
    ]);
  });

  it("sends none for a goal set less than 30 minutes before it is due", async () => {
    const user = await makeUser();
    await tick("2026-06-15T18:40:00Z"); // 14:40 local
    goal(user.id, "Call the bank", "2026-06-15T19:00:00Z"); // due 15:00, set at 14:40
    await tick("2026-06-15T18:41:00Z");
    await tick("2026-06-15T19:00:00Z");
    expect(transport.to(user.phone).filter((m) => m.body.startsWith("Reminder"))).toEqual([]);
  });

  it("sends none for goals due in quiet hours, nor late into quiet hours", async () => {
    // The evening check-in at 22:00 leaves these goals to reminders, but quiet hours hold them back.
    const user = await makeUser({ evening: "22:00", morning: "09:00" });
    const early = goal(user.id, "Swim", "2026-06-15T12:15:00Z"); // 08:15 local: reminder at 07:45
    const beforeQuiet = goal(user.id, "Read", "2026-06-15T23:30:00Z"); // 19:30 local
    const late = goal(user.id, "Night run", "2026-06-16T01:00:00Z"); // 21:00 local

    await tick("2026-06-15T11:00:00Z"); // 07:00
    await tick("2026-06-15T12:00:00Z"); // 08:00: covers 07:45
    await tick("2026-06-15T22:50:00Z"); // 18:50
    await tick("2026-06-16T00:10:00Z"); // 20:10: a late tick covering 19:00
    await tick("2026-06-16T01:30:00Z"); // 21:30: covers 20:30
    expect(transport.to(user.phone).filter((m) => m.body.startsWith("Reminder"))).toEqual([]);
    expect(ledger(user.id, "follow_up")).toEqual([]);
    for (const g of [early, beforeQuiet, late]) {
      expect(sqlite.prepare("select 1 from follow_up_tasks where goal_id = ?").get(g.id)).toBe(
        undefined,
      );
    }
  });

  it("reminds at 19:00 when the tick comes on time (the control for the case above)", async () => {
    const user = await makeUser({ evening: "22:00", morning: "09:00" });
    goal(user.id, "Read", "2026-06-15T23:30:00Z"); // 19:30 local
    await tick("2026-06-15T22:50:00Z");
    await tick("2026-06-15T23:00:00Z");
    expect(transport.to(user.phone).map((m) => m.body)).toEqual([
      `Reminder: "Read" is due at 7:30 PM. Reply 1 when it's done.`,
    ]);
  });

  it("sends none to a paused user", async () => {
    const user = await makeUser({ pausedUntil: "2026-06-20T04:00:00Z" });
    goal(user.id, "Call the bank", "2026-06-15T19:00:00Z");
    await tick("2026-06-15T18:00:00Z");
    await tick("2026-06-15T19:00:00Z");
    expect(transport.to(user.phone)).toEqual([]);
    expect(ledger(user.id)).toEqual([]);
  });
});

describe("summaries", () => {
  /**
   * The week Monday June 8 to Sunday June 14, 2026 in New York (EDT, UTC-4): 7 goals, 5 done (Monday 2
   * of 2, Tuesday 0 of 1, Wednesday 1 of 2, Saturday 1 of 1, Sunday 1 of 1), done on Saturday and Sunday
   * in a row (a streak of 2 on Sunday evening). One goal before the week and one after it.
   */
  function seedJune(userId: number) {
    const on = (day: string, time: string) => `2026-06-${day}T${time}:00Z`;
    goal(userId, "Before the week", on("07", "16:00"), on("07", "15:00")); // Sunday
    goal(userId, "Mon 1", on("08", "16:00"), on("08", "15:00"));
    goal(userId, "Mon 2", on("08", "20:00"), on("08", "19:00"));
    goal(userId, "Tue 1", on("09", "16:00"));
    goal(userId, "Wed 1", on("10", "16:00"), on("10", "15:00"));
    goal(userId, "Wed 2", on("10", "20:00"));
    goal(userId, "Sat 1", on("13", "16:00"), on("13", "15:00"));
    goal(userId, "Sun 1", on("14", "16:00"), on("14", "15:00"));
    goal(userId, "After the week", on("15", "16:00"));
  }

  it("sends the weekly summary on Sunday at 18:00 local to weekly-summary users only", async () => {
    const user = await makeUser();
    const optedOutOfSummary = await makeUser({ weekly: false });
    seedJune(user.id);
    seedJune(optedOutOfSummary.id);

    // Saturday 18:00 local: nothing.
    await tick("2026-06-13T21:00:00Z");
    await tick("2026-06-13T22:00:00Z");
    expect(ledger(user.id, "weekly_summary")).toEqual([]);

    // Sunday 17:59 local: not yet; 18:00: the summary.
    await tick("2026-06-14T21:59:00Z");
    expect(ledger(user.id, "weekly_summary")).toEqual([]);
    await tick("2026-06-14T22:00:00Z");

    const expected =
      "Your week: 7 goals set; completion 71% (5 of 7 decided goals). Streak: 2 days. Best day: Monday. " +
      `Details: ${APP_URL}/summaries/weekly/2026-06-14`;
    const summaries = transport.to(user.phone).filter((m) => m.body.startsWith("Your week"));
    expect(summaries.map((m) => m.body)).toEqual([expected]);
    expect(segmentCount(expected)).toBeLessThanOrEqual(2);
    expect(ledger(user.id, "weekly_summary")).toMatchObject([
      {
        local_date: "2026-06-14",
        due_at: Date.parse("2026-06-14T22:00:00Z"),
        status: "sent",
      },
    ]);
    expect(systemMessages(user.id, "weekly_summary").map((m) => m.body)).toEqual([expected]);

    expect(transport.to(optedOutOfSummary.phone)).toEqual([]);
    expect(ledger(optedOutOfSummary.id, "weekly_summary")).toEqual([]);

    await tick("2026-06-14T22:01:00Z");
    await tick("2026-06-14T22:00:00Z");
    expect(transport.to(user.phone).filter((m) => m.body.startsWith("Your week"))).toHaveLength(1);
  });

  it("does not send a summary caught up late into quiet hours", async () => {
    const user = await makeUser();
    seedJune(user.id);
    await tick("2026-06-14T21:00:00Z"); // 17:00 local
    await tick("2026-06-15T00:00:00Z"); // 20:00 local: inside the catch-up window, but quiet
    expect(transport.to(user.phone).filter((m) => m.body.startsWith("Your week"))).toEqual([]);
    expect(ledger(user.id, "weekly_summary")).toMatchObject([
      { status: "skipped", note: "quiet hours" },
    ]);
  });

  it("sends the monthly summary on the 1st at 10:00 local, covering the previous month", async () => {
    const user = await makeUser();
    seedJune(user.id);
    // June 30 (Tuesday) done; July 1 is outside the month.
    goal(user.id, "Last of June", "2026-06-30T16:00:00Z", "2026-06-30T15:00:00Z");
    goal(user.id, "First of July", "2026-07-01T12:00:00Z");

    await tick("2026-07-01T13:00:00Z"); // 09:00 local
    expect(ledger(user.id, "monthly_summary")).toEqual([]);
    await tick("2026-07-01T14:00:00Z"); // 10:00 local

    // June: 10 goals, 7 done; Sunday and Monday tie with 2 done each (Sunday comes first);
    // the last completion was yesterday: a streak of 1.
    const expected =
      "Your month: 10 goals set; completion 70% (7 of 10 decided goals). Streak: 1 day. Best day: Sunday. " +
      `Details: ${APP_URL}/summaries/monthly/2026-07-01`;
    expect(
      transport
        .to(user.phone)
        .filter((m) => m.body.startsWith("Your month"))
        .map((m) => m.body),
    ).toEqual([expected]);
    expect(segmentCount(expected)).toBeLessThanOrEqual(2);
    expect(ledger(user.id, "monthly_summary")).toMatchObject([
      { local_date: "2026-07-01", status: "sent" },
    ]);

    // Not on the 2nd.
    await tick("2026-07-02T13:00:00Z");
    await tick("2026-07-02T14:00:00Z");
    expect(ledger(user.id, "monthly_summary")).toHaveLength(1);
  });
});

describe("the change journal", () => {
  it("is emptied by the tick of changes no local day can undo any more, with the copies they keep", async () => {
    const user = await createTestUser({ email: "journal@example.com" });
    const journal = sqlite.prepare(
      "insert into change_journal (user_id, channel, day, summary, reversal, created_at) values (?, 'web', ?, 'Deleted: Run 5k', '{\"before\":[],\"created\":[]}', ?)",
    );
    const now = Date.parse("2026-06-20T12:00:00Z");
    journal.run(user.id, "2026-06-18", now - 49 * 3_600_000);
    journal.run(user.id, "2026-06-20", now - 3_600_000);
    await runTick(new Date(now), { transport: new RecordingTransport() });
    const left = sqlite
      .prepare<[number], { day: string }>("select day from change_journal where user_id = ?")
      .all(user.id);
    expect(left).toEqual([{ day: "2026-06-20" }]);
  });
});
