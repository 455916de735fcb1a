import type { SendResult, SentRecord, SmsTransport } from "~/sms/transport.server";
import { createTestUser } from "../helpers/requests";
import { runTick } from "~/scheduler/tick.server";
import { followUpText } from "~/scheduler/follow-ups.server";
import { getTransport } from "~/sms/transport.server";
import { templates } from "~/replies/templates";
import { createGoal } from "~/goals/goals.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { registry } from "~/observability/metrics.server";

// Crash recovery without a real crash: the ledger is left as a process that died between claiming and
// recording would leave it ('claimed' rows, claimed_by another process, with their queued messages),
// and the provider's log holds the texts that process got out before it died.
//
// The second half runs the real twilio transport against the fake Twilio REST API, so the env module
// must see these before any app module loads (DATABASE_PATH comes from tests/setup).
const { FROM, twilioEnv, fake } = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilio } = await import("../helpers/app-env");
  const ACCOUNT_SID = `AC${"2".repeat(32)}`;
  const AUTH_TOKEN = "fake-auth-token-scheduler-crash";
  const FROM = "+12015550199";

  const twilioEnv = await pointAppAtFakeTwilio({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from: FROM,
  });
  const { fake } = twilioEnv;
  return { FROM, twilioEnv, fake };
});

afterAll(async () => {
  await twilioEnv.restore();
});

let sidCount = 0;

/** A provider log the test can write to "as the crashed process did"; sends are recorded in it. */
class LoggingTransport implements SmsTransport {
  readonly name = "local" as const;
  readonly log: (SentRecord & { to: string })[] = [];
  readonly sends: { to: string; body: string }[] = [];
  logUnreadable = false;

  /** What the crashed process got out before it died. */
  alreadySent(to: string, body: string, sentAt = new Date()) {
    const record = { to, body, sid: `SMcrashed${++sidCount}`, sentAt };
    this.log.push(record);
    return record;
  }

  async send(to: string, body: string): Promise<SendResult> {
    this.sends.push({ to, body });
    const record = this.alreadySent(to, body);
    return { sid: record.sid, status: "queued" };
  }

  async listSentSince(to: string, since: Date): Promise<SentRecord[]> {
    if (this.logUnreadable) throw new Error("connect ECONNREFUSED (message log)");
    return this.log
      .filter((m) => m.to === to && m.sentAt > since)
      .map(({ sid, body, sentAt }) => ({ sid, body, sentAt }));
  }

  async fetchMedia(): Promise<never> {
    throw new Error("the scheduler never fetches media");
  }

  sendsTo(phone: string) {
    return this.sends.filter((s) => s.to === phone);
  }
}

type LedgerRow = {
  id: number;
  kind: string;
  local_date: string;
  status: string;
  provider_sid: string | null;
  claimed_by: string | null;
  note: string | null;
};
const sendRow = (id: number) =>
  sqlite.prepare<[number], LedgerRow>("select * from scheduled_sends where id = ?").get(id)!;
const messageRow = (id: number) =>
  sqlite
    .prepare<[number], { status: string; provider_sid: string | null }>(
      "select status, provider_sid from messages where id = ?",
    )
    .get(id)!;
const ledgerOf = (userId: number) =>
  sqlite
    .prepare<[number], LedgerRow>("select * from scheduled_sends where user_id = ? order by id")
    .all(userId);

async function activeUser(morning = "09:00") {
  const user = await createTestUser(); // New York, evening 19:00
  sqlite
    .prepare(
      "update users set phone_verified_at = ?, preferred_check_in_time_morning = ? where id = ?",
    )
    .run(Date.parse("2026-01-01T00:00:00Z"), morning, user.id);
  return getUserById(user.id)!;
}

/** What claim() leaves behind for one send: its queued thread message and the 'claimed' ledger row. */
function crashedClaim(
  userId: number,
  send: { kind: string; localDate: string; dueAt: string; body: string; goalId?: number },
  claimedAt = Date.now() - 30_000,
) {
  const message = sqlite
    .prepare<[number, string, number, string, string], { id: number }>(
      `insert into messages (user_id, from_system, body, media_urls, source, created_at, linked_goal_ids, kind, status)
       values (?, 1, ?, '[]', 'sms', ?, ?, ?, 'queued') returning id`,
    )
    .get(
      userId,
      send.body,
      Date.parse(send.dueAt),
      JSON.stringify(send.goalId ? [send.goalId] : []),
      send.kind,
    )!;
  const row = sqlite
    .prepare<[number, string, string, number, number, number], { id: number }>(
      `insert into scheduled_sends (user_id, kind, local_date, due_at, status, claimed_by, claimed_at, message_id)
       values (?, ?, ?, ?, 'claimed', 'another-process', ?, ?) returning id`,
    )
    .get(userId, send.kind, send.localDate, Date.parse(send.dueAt), claimedAt, message.id)!;
  return { sendId: row.id, messageId: message.id };
}

const MORNING = templates.morningQuestion();
// 2026-06-15 in New York (EDT, UTC-4): 09:00 is 13:00Z, 06:00 is 10:00Z.
const morningAt = (dueAt: string) => ({
  kind: "morning",
  localDate: "2026-06-15",
  dueAt,
  body: MORNING,
});

beforeEach(() => {
  sqlite.exec("delete from scheduler_ticks; update users set send_check_in_reminders = 0");
  fake.reset();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("recovering another process's unfinished claims (test transport)", () => {
  it("records what the log shows as sent, sends the rest once, expires what is too old", async () => {
    const transport = new LoggingTransport();
    const now = new Date("2026-06-15T13:05:00Z"); // 09:05 local

    // Claimed and sent by the crashed process: in the log.
    const sentA = await activeUser();
    const sentB = await activeUser();
    const sentOld = await activeUser("06:00");
    // Claimed, never sent.
    const lostC = await activeUser();
    const lostD = await activeUser();
    const lostOld = await activeUser("06:00");
    // Never sent, though the log has yesterday's identical question (before the claim).
    const lostYesterday = await activeUser();
    // A follow-up claimed and never sent.
    const lostFollowUp = await activeUser("07:00");
    const goal = createGoal(lostFollowUp.id, {
      description: "Call the bank",
      dueDate: new Date("2026-06-15T12:30:00Z"), // 08:30 local
    });
    // Due in the same minute, but the process died before claiming it.
    const unclaimed = await activeUser();

    const claims = {
      sentA: crashedClaim(sentA.id, morningAt("2026-06-15T13:00:00Z")),
      sentB: crashedClaim(sentB.id, morningAt("2026-06-15T13:00:00Z")),
      sentOld: crashedClaim(sentOld.id, morningAt("2026-06-15T10:00:00Z")),
      lostC: crashedClaim(lostC.id, morningAt("2026-06-15T13:00:00Z")),
      lostD: crashedClaim(lostD.id, morningAt("2026-06-15T13:00:00Z")),
      lostOld: crashedClaim(lostOld.id, morningAt("2026-06-15T10:00:00Z")),
      lostYesterday: crashedClaim(lostYesterday.id, morningAt("2026-06-15T13:00:00Z")),
      lostFollowUp: crashedClaim(lostFollowUp.id, {
        kind: "follow_up",
        localDate: `2026-06-15:${goal.id}`,
        dueAt: "2026-06-15T12:30:00Z",
        body: followUpText("Call the bank", 1, "8:30 AM"),
        goalId: goal.id,
      }),
    };
    const logged = {
      sentA: transport.alreadySent(sentA.phone, MORNING),
      sentB: transport.alreadySent(sentB.phone, MORNING),
      sentOld: transport.alreadySent(sentOld.phone, MORNING),
    };
    transport.alreadySent(lostYesterday.phone, MORNING, new Date(Date.now() - 86_400_000));

    const report = await runTick(now, { transport });
    expect(report).toMatchObject({ reconciled: 3, expired: 1, failed: 0 });
    // lostC, lostD, lostYesterday, lostFollowUp, and the unclaimed one through the ordinary path.
    expect(report.sent).toBe(5);

    for (const key of ["sentA", "sentB", "sentOld"] as const) {
      const user = { sentA, sentB, sentOld }[key];
      expect(transport.sendsTo(user.phone)).toEqual([]);
      expect(sendRow(claims[key].sendId)).toMatchObject({
        status: "sent",
        provider_sid: logged[key].sid,
      });
      expect(messageRow(claims[key].messageId)).toMatchObject({ provider_sid: logged[key].sid });
      expect(getUserById(user.id)).toMatchObject({
        pendingPrompt: "morning",
        pendingPromptDay: "2026-06-15",
      });
    }
    for (const key of ["lostC", "lostD", "lostYesterday"] as const) {
      const user = { lostC, lostD, lostYesterday }[key];
      expect(transport.sendsTo(user.phone).map((s) => s.body)).toEqual([MORNING]);
      expect(sendRow(claims[key].sendId).status).toBe("sent");
      expect(ledgerOf(user.id)).toHaveLength(1);
    }
    expect(transport.sendsTo(lostOld.phone)).toEqual([]);
    expect(sendRow(claims.lostOld.sendId)).toMatchObject({
      status: "expired",
      note: "missed the catch-up window",
    });
    expect(messageRow(claims.lostOld.messageId).status).toBe("expired");

    expect(transport.sendsTo(lostFollowUp.phone).map((s) => s.body)).toEqual([
      `Reminder: "Call the bank" is due at 8:30 AM. Reply 1 when it's done.`,
    ]);
    expect(
      sqlite
        .prepare<[number], { sent: number }>("select sent from follow_up_tasks where goal_id = ?")
        .get(goal.id),
    ).toEqual({ sent: 1 });

    expect(transport.sendsTo(unclaimed.phone).map((s) => s.body)).toEqual([MORNING]);

    // Nothing more on the next ticks: every claim is finished.
    const next = await runTick(new Date("2026-06-15T13:06:00Z"), { transport });
    const again = await runTick(now, { transport });
    for (const r of [next, again]) expect(r).toMatchObject({ reconciled: 0, sent: 0, claimed: 0 });
    expect(transport.sends).toHaveLength(5);
    const open = sqlite
      .prepare<[], { n: number }>(
        "select count(*) as n from scheduled_sends where status in ('claimed', 'retry')",
      )
      .get()!;
    expect(open.n).toBe(0);
  });

  it("a tick that died midway leaves the sends it had not claimed to the next tick", async () => {
    const transport = new LoggingTransport();
    const claimedBeforeCrash = await activeUser("08:00");
    const notClaimedYet = await activeUser("08:00");
    // The last finished tick at 07:59 local, then the 08:00 tick that died after its first batch.
    sqlite
      .prepare(
        "insert into scheduler_ticks (tick_at, started_at, finished_at) values (?, ?, ?), (?, ?, null)",
      )
      .run(
        Date.parse("2026-06-15T11:59:00Z"),
        Date.now() - 120_000,
        Date.now() - 119_000,
        Date.parse("2026-06-15T12:00:00Z"),
        Date.now() - 60_000,
      );
    const claim = crashedClaim(claimedBeforeCrash.id, morningAt("2026-06-15T12:00:00Z"));
    transport.alreadySent(claimedBeforeCrash.phone, MORNING);

    // The restarted process ticks the next minute.
    const report = await runTick(new Date("2026-06-15T12:01:00Z"), {
      transport,
    });
    expect(report).toMatchObject({ reconciled: 1, sent: 1 });
    expect(sendRow(claim.sendId).status).toBe("sent");
    expect(transport.sendsTo(claimedBeforeCrash.phone)).toEqual([]);
    expect(transport.sendsTo(notClaimedYet.phone).map((s) => s.body)).toEqual([MORNING]);
    expect(ledgerOf(notClaimedYet.id)).toMatchObject([{ kind: "morning", status: "sent" }]);
  });

  it("keeps sending due texts when the log cannot be read, and reconciles on a later tick", async () => {
    const transport = new LoggingTransport();
    const crashed = await activeUser("08:00");
    const due = await activeUser("08:00");
    const claim = crashedClaim(crashed.id, morningAt("2026-06-15T12:00:00Z"));
    // The crashed process did send it; the log just cannot be read right now.
    const logged = transport.alreadySent(crashed.phone, MORNING);

    transport.logUnreadable = true;
    await runTick(new Date("2026-06-15T11:59:00Z"), { transport });
    const report = await runTick(new Date("2026-06-15T12:00:00Z"), {
      transport,
    });
    expect(report).toMatchObject({ sent: 1, reconciled: 0 });
    expect(transport.sendsTo(due.phone).map((s) => s.body)).toEqual([MORNING]);
    // Neither sent again nor given up on: still waiting for the log.
    expect(sendRow(claim.sendId).status).toBe("claimed");
    expect(transport.sendsTo(crashed.phone)).toEqual([]);

    transport.logUnreadable = false;
    const later = await runTick(new Date("2026-06-15T12:01:00Z"), {
      transport,
    });
    expect(later).toMatchObject({ reconciled: 1, sent: 0 });
    expect(sendRow(claim.sendId)).toMatchObject({ status: "sent", provider_sid: logged.sid });
    expect(transport.sendsTo(crashed.phone)).toEqual([]);
  });
});

describe("recovering unfinished claims with the twilio transport and the fake Twilio", () => {
  it("reads the Messages list filtered by recipient and date sent, and sends only what is missing", async () => {
    const now = new Date("2026-06-15T13:05:00Z");
    const sent = await activeUser();
    const lost = await activeUser();
    const lostOld = await activeUser("06:00");
    const lostYesterday = await activeUser();

    const claims = {
      sent: crashedClaim(sent.id, morningAt("2026-06-15T13:00:00Z")),
      lost: crashedClaim(lost.id, morningAt("2026-06-15T13:00:00Z")),
      lostOld: crashedClaim(lostOld.id, morningAt("2026-06-15T10:00:00Z")),
      lostYesterday: crashedClaim(lostYesterday.id, morningAt("2026-06-15T13:00:00Z")),
    };
    // The crashed process got one text out through Twilio before it died.
    const accepted = await getTransport().send(sent.phone, MORNING);
    // Yesterday's identical question to another number, in Twilio's log before the claim.
    fake.messages.unshift({
      sid: `SM${"0".repeat(32)}`,
      to: lostYesterday.phone,
      from: FROM,
      messagingServiceSid: null,
      body: MORNING,
      statusCallback: null,
      status: "delivered",
      dateCreated: new Date(Date.now() - 86_400_000),
      authorization: null,
    });

    const report = await runTick(now);
    expect(report).toMatchObject({ reconciled: 1, sent: 2, expired: 1, failed: 0 });

    // One text each, the crashed process's included; none to the expired one.
    expect(fake.messagesTo(sent.phone).map((m) => m.sid)).toEqual([accepted.sid]);
    expect(fake.messagesTo(lost.phone).map((m) => m.body)).toEqual([MORNING]);
    expect(fake.messagesTo(lostOld.phone)).toEqual([]);
    expect(fake.messagesTo(lostYesterday.phone)).toHaveLength(2);

    expect(sendRow(claims.sent.sendId)).toMatchObject({
      status: "sent",
      provider_sid: accepted.sid,
    });
    expect(sendRow(claims.lost.sendId)).toMatchObject({
      status: "sent",
      provider_sid: fake.messagesTo(lost.phone)[0]!.sid,
    });
    expect(sendRow(claims.lostOld.sendId).status).toBe("expired");
    expect(sendRow(claims.lostYesterday.sendId)).toMatchObject({
      status: "sent",
      provider_sid: fake.messagesTo(lostYesterday.phone)[1]!.sid,
    });

    // Every unfinished claim was looked up in the Messages list.
    const listCalls = fake.requests.filter(
      (r) => r.method === "GET" && r.path.endsWith("/Messages.json"),
    );
    expect(listCalls).toHaveLength(4);

    // A second tick changes nothing.
    const before = fake.messages.length;
    const again = await runTick(new Date("2026-06-15T13:06:00Z"));
    expect(again).toMatchObject({ reconciled: 0, sent: 0 });
    expect(fake.messages).toHaveLength(before);
  });

  it("classes Twilio's errors through the twilio package: 20429 and a dropped connection are retried, 21610 is not", async () => {
    const throttled = await activeUser("08:00");
    const dropped = await activeUser("09:00");
    const unsubscribed = await activeUser("10:00");
    const tick = (at: string) => runTick(new Date(at));

    await tick("2026-06-15T11:59:00Z");
    fake.failNext({ status: 429, code: 20429, message: "Too Many Requests" });
    await tick("2026-06-15T12:00:00Z"); // 08:00 local
    fake.failNext({ reset: true });
    await tick("2026-06-15T13:00:00Z"); // 09:00 local

    expect(ledgerOf(throttled.id)).toMatchObject([{ status: "retry", error_code: "20429" }]);
    expect(ledgerOf(dropped.id)).toMatchObject([{ status: "retry", error_code: null }]);
    expect(fake.messages).toEqual([]);

    sqlite
      .prepare("update scheduled_sends set next_attempt_at = ? where status = 'retry'")
      .run(Date.now() - 1000);
    const retry = await tick("2026-06-15T13:30:00Z");
    expect(retry).toMatchObject({ sent: 2, failed: 0 });
    for (const user of [throttled, dropped]) {
      const texts = fake.messagesTo(user.phone);
      expect(texts.map((m) => m.body)).toEqual([MORNING]);
      expect(ledgerOf(user.id)).toMatchObject([{ status: "sent", provider_sid: texts[0]!.sid }]);
    }
    // The dropped connection was looked up in the Messages list before it was sent again.
    expect(
      fake.requests.filter((r) => r.method === "GET" && r.path.endsWith("/Messages.json")),
    ).toHaveLength(1);

    fake.failNext({
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    await tick("2026-06-15T14:00:00Z"); // 10:00 local
    expect(ledgerOf(unsubscribed.id)).toMatchObject([{ status: "failed", error_code: "21610" }]);
    expect(
      sqlite.prepare("select 1 as y from sms_opt_outs where phone = ?").get(unsubscribed.phone),
    ).toEqual({ y: 1 });
    await tick("2026-06-15T14:30:00Z");
    expect(fake.messagesTo(unsubscribed.phone)).toEqual([]);
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(5);
  });

  it("counts a carrier opt-out on a scheduled text in opt_outs_total, as on any other text", async () => {
    const unsubscribed = await activeUser("11:00");
    const optOutsCounted = async () =>
      (await registry.getSingleMetric("streakcoach_opt_outs_total")!.get()).values[0]?.value ?? 0;
    const before = await optOutsCounted();

    fake.failNext({
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    await runTick(new Date("2026-06-15T15:00:00Z")); // 11:00 local

    expect(ledgerOf(unsubscribed.id)).toMatchObject([{ status: "failed", error_code: "21610" }]);
    expect(await optOutsCounted()).toBe(before + 1);
  });
});
