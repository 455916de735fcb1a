import { eq } from "drizzle-orm";
import twilio from "twilio";
import { FAULT_NAMES, type Fault } from "../fakes/faults";
import { twilioSid, type FakeTwilioFault } from "../fakes/twilio-server";
import { TEST_APP_URL } from "../helpers/app-env";
import { call, createTestUser, makeRequest } from "../helpers/requests";
import * as inboundRoute from "~/routes/webhooks+/twilio.messages";
import * as statusRoute from "~/routes/webhooks+/twilio.status";
import { runTick } from "~/scheduler/tick.server";
import { templates } from "~/replies/templates";
import { isOptedOut } from "~/sms/may-text.server";
import { db, schema, sqlite } from "~/utils/db/db.server";

// The fault suite: a day of texts for a group of users while the fake Twilio answers 500, 429, resets
// the connection or never answers (past the client's timeout), with scheduler ticks, inbound
// replies (and Twilio's retries of them) and delivery status callbacks running at the same time.
// Whatever the faults, no inbound text is lost or doubled and every outbound text ends recorded in a
// final state. The env module reads this when it loads, so it is set before any app module is imported.
const { ACCOUNT_SID, AUTH_TOKEN, FROM, FORM, TWILIO_TIMEOUT_MS, twilioEnv, fake } =
  await vi.hoisted(async () => {
    const { pointAppAtFakeTwilio } = await import("../helpers/app-env");
    const ACCOUNT_SID = `AC${"3".repeat(32)}`;
    const AUTH_TOKEN = "faults-auth-token-0123456789abcdef";
    const FROM = "+12015550100";
    const FORM = "application/x-www-form-urlencoded; charset=UTF-8";

    // Every call to Twilio gives up after this long, its whole answer read: short, so faults stay quick.
    const TWILIO_TIMEOUT_MS = 1500;
    const twilioEnv = await pointAppAtFakeTwilio({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      env: { TWILIO_TIMEOUT_MS: String(TWILIO_TIMEOUT_MS) },
    });
    const { fake } = twilioEnv;
    delete process.env.LLM_API_URL;
    delete process.env.LITEFS_DIR;
    return { ACCOUNT_SID, AUTH_TOKEN, FROM, FORM, TWILIO_TIMEOUT_MS, twilioEnv, fake };
  });
const APP_URL = TEST_APP_URL;

// Only Date is faked: the day is fixed (2026-06-15, a Monday; New York is on EDT, UTC-4, so 08:00
// local is 12:00Z) and moves on with real time, while sockets and the client's timeout stay real.
vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
vi.setSystemTime(new Date("2026-06-15T11:55:00Z"));

afterAll(async () => {
  vi.useRealTimers();
  await twilioEnv.restore();
});

beforeEach(() => {
  // Failed sends are logged by design; the assertions below check what was recorded instead.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const MORNING = templates.morningQuestion();
const NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea"];
const NAMES2 = ["Mo", "Nia"];
const GOAL_USERS = 14; // users 0..13 text goals; 14 asks for HELP; 15 texts STOP
const HELP_USER = 14;
const STOP_USER = 15;
const goalsOf = (i: number) => [`Call ${[...NAMES, ...NAMES2][i]}`, "tidy the desk"];

type Sent = { sid: string; status: number; body: string };
/** Every inbound webhook call made and what it answered. */
const inboundCalls: Sent[] = [];
/** Every status callback made and what it answered. */
const statusCalls: number[] = [];

/** A POST the way Twilio makes it: form body, X-Twilio-Signature over APP_URL + path (+ query). */
function signedPost(pathAndQuery: string, params: Record<string, string>) {
  return makeRequest(pathAndQuery, {
    method: "POST",
    headers: {
      "Content-Type": FORM,
      "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
        AUTH_TOKEN,
        `${APP_URL}${pathAndQuery}`,
        params,
      ),
    },
    body: new URLSearchParams(params).toString(),
  });
}

type Inbound = { MessageSid: string; From: string; Body: string };
const inbound = (from: string, body: string): Inbound => ({
  MessageSid: twilioSid("SM"),
  From: from,
  Body: body,
});

async function postInbound(text: Inbound & Record<string, string>) {
  const params = {
    ToCountry: "US",
    NumMedia: "0",
    AccountSid: ACCOUNT_SID,
    To: FROM,
    NumSegments: "1",
    ApiVersion: "2010-04-01",
    SmsMessageSid: text.MessageSid,
    ...text,
  };
  const response = await call(inboundRoute.action, signedPost("/webhooks/twilio/messages", params));
  const body = await response.text();
  inboundCalls.push({ sid: text.MessageSid, status: response.status, body });
  return response;
}

/** A delivery status callback, posted to the StatusCallback URL the text was sent with (as Twilio does). */
async function postStatus(
  sid: string,
  status: string,
  errorCode?: string,
  callbackUrl = `${APP_URL}/webhooks/twilio/status`,
) {
  const url = new URL(callbackUrl);
  expect(url.origin).toBe(APP_URL);
  const params: Record<string, string> = {
    MessageSid: sid,
    SmsSid: sid,
    MessageStatus: status,
    SmsStatus: status,
    AccountSid: ACCOUNT_SID,
    From: FROM,
    ApiVersion: "2010-04-01",
  };
  if (errorCode) params.ErrorCode = errorCode;
  const response = await call(statusRoute.action, signedPost(url.pathname + url.search, params));
  statusCalls.push(response.status);
  return response;
}

const callbackOf = (sid: string) => fake.messages.find((m) => m.sid === sid)!.statusCallback!;

function tick(at: Date) {
  return runTick(at);
}

type OutboundRow = {
  id: number;
  user_id: number;
  kind: string;
  body: string;
  status: string;
  provider_sid: string | null;
  error_code: string | null;
  send_id: number | null;
  send_status: string | null;
  send_code: string | null;
  attempts: number | null;
};
const outboundRows = () =>
  sqlite
    .prepare<[], OutboundRow>(
      `select m.id, m.user_id, m.kind, m.body, m.status, m.provider_sid, m.error_code,
       s.id as send_id, s.status as send_status, s.error_code as send_code, s.attempts
       from messages m left join scheduled_sends s on s.message_id = m.id
       where m.from_system = 1 order by m.id`,
    )
    .all();
type LedgerRow = {
  id: number;
  user_id: number;
  kind: string;
  local_date: string;
  status: string;
  attempts: number;
  error_code: string | null;
  provider_sid: string | null;
  message_id: number | null;
  next_attempt_at: number | null;
};
const ledger = () =>
  sqlite.prepare<[], LedgerRow>("select * from scheduled_sends order by id").all();
const inboundRowsBySid = (sid: string) =>
  db.select().from(schema.messages).where(eq(schema.messages.providerSid, sid)).all();
const receipts = (sid: string) =>
  db.select().from(schema.inboundReceipts).where(eq(schema.inboundReceipts.messageSid, sid)).all();
/** The coach's note of the user's day: one, whatever the goals. */
const dayNoteOf = (userId: number) =>
  sqlite
    .prepare<[number], string>(
      "select note from day_notes where user_id = ? order by id desc limit 1",
    )
    .pluck()
    .get(userId)!;
const goalsOfUser = (userId: number) =>
  db.select().from(schema.goals).where(eq(schema.goals.userId, userId)).all();
const posts = () => fake.requests.filter((r) => r.method === "POST").length;

/** What each fault makes of a send: Twilio's error code, or none for a reset or a timeout. */
const codeOf = (fault: FakeTwilioFault) => ("code" in fault ? String(fault.code) : null);
const E500: FakeTwilioFault = { status: 500, code: 20500, message: "Internal Server Error" };
const E429: FakeTwilioFault = { status: 429, code: 20429, message: "Too Many Requests" };
const HANG: FakeTwilioFault = { hang: true };
const RESET: FakeTwilioFault = { reset: true };
/** Every fault queued so far, in order. */
const faultsQueued: FakeTwilioFault[] = [];
function queueFaults(faults: FakeTwilioFault[]) {
  for (const fault of faults) fake.failNext(fault);
  faultsQueued.push(...faults);
}
const sortCodes = (codes: (string | null)[]) => codes.map((c) => c ?? "none").sort();

/**
 * The accounting that must hold whenever nothing is in flight: each POST to Twilio is one recorded
 * attempt (a thread text from a reply, or an attempt counted on a scheduler ledger row), each text
 * Twilio accepted is on exactly one row, and no row is left between "sending" and a result.
 */
function expectEveryOutboundAccountedFor() {
  const rows = outboundRows();
  const replies = rows.filter((r) => r.send_id === null);
  const scheduled = rows.filter((r) => r.send_id !== null);
  const scheduledAttempts = scheduled.reduce((sum, r) => sum + r.attempts!, 0);
  expect(replies.length + scheduledAttempts).toBe(posts());
  // Faults answer the first POSTs in order, so all of them were used up by the sends.
  expect(posts()).toBeGreaterThanOrEqual(faultsQueued.length);
  expect(posts() - fake.messages.length).toBe(faultsQueued.length);

  const sids = rows.map((r) => r.provider_sid).filter((s): s is string => s !== null);
  expect(new Set(sids).size).toBe(sids.length);
  expect([...sids].sort()).toEqual(fake.messages.map((m) => m.sid).sort());

  for (const row of replies) {
    // A reply is sent once: Twilio took it (sid; a code only from a later failure callback) or it
    // failed, with Twilio's code when it gave one.
    if (!row.provider_sid) expect(row.status).toBe("failed");
    else if (row.error_code) expect(["undelivered", "failed"]).toContain(row.status);
  }
  for (const row of scheduled) {
    if (row.send_status === "sent") expect(row.provider_sid).not.toBeNull();
    else if (row.send_status === "failed")
      expect(row).toMatchObject({
        status: "failed",
        error_code: row.send_code,
        provider_sid: null,
      });
    else if (row.send_status === "retry")
      // Waiting for its backoff: the only outbound text allowed to be without a result yet.
      expect(row).toMatchObject({ status: "queued", provider_sid: null });
    else if (row.send_status === "skipped")
      expect(row).toMatchObject({ status: "blocked", provider_sid: null });
    else throw new Error(`scheduled send ${row.send_id} is still ${row.send_status}`);
  }
  return rows;
}

let users: Awaited<ReturnType<typeof createTestUser>>[] = [];
const phoneOf = (i: number) => users[i]!.phone;
/** Each user's first inbound text of the morning. */
const morningTexts = new Map<number, Inbound>();

beforeAll(async () => {
  for (let i = 0; i < 16; i++) {
    const user = await createTestUser();
    db.update(schema.users)
      .set({ phoneVerifiedAt: new Date("2026-06-01T00:00:00Z") })
      .where(eq(schema.users.id, user.id))
      .run();
    users.push(user);
  }
  users = users.map((u) => ({ ...u }));
});

describe("a morning of faults: the tick's texts and the replies at the same time", () => {
  it("stores every inbound text once with its effect, and records every send's result", async () => {
    vi.setSystemTime(new Date("2026-06-15T12:00:30Z"));
    // 16 morning questions: 10 accepted, two 500s, two 429s, one reset and one that never answers
    // (which holds the tick's batch open for the client's timeout while everything below happens).
    const tickFaults = [E500, E429, HANG, RESET, E500, E429];
    queueFaults(tickFaults);
    const morningTick = tick(new Date());
    await vi.waitFor(
      () => {
        expect(posts()).toBe(16);
        expect(fake.messages.filter((m) => m.body === MORNING)).toHaveLength(10);
      },
      { timeout: 5000, interval: 5 },
    );
    const asked = new Set(fake.messages.filter((m) => m.body === MORNING).map((m) => m.to));

    // The replies to the inbound texts meet their own faults.
    const replyFaults = [E429, E500, RESET, HANG, E500, E429];
    queueFaults(replyFaults);
    for (let i = 0; i < GOAL_USERS; i++) {
      const [first, second] = goalsOf(i);
      // Who got the question answers it as people do; the others write their goals out.
      const body = asked.has(phoneOf(i))
        ? `${first}, ${second}`
        : `Goals: ${first!.toLowerCase()}, ${second}`;
      morningTexts.set(i, inbound(phoneOf(i), body));
    }
    morningTexts.set(HELP_USER, inbound(phoneOf(HELP_USER), "HELP"));
    morningTexts.set(STOP_USER, inbound(phoneOf(STOP_USER), "STOP"));

    // Twilio's status callbacks for the questions it took arrive while their batch is still open,
    // some out of order (delivered before sent); one is for a text we never sent.
    const acceptedMorning = fake.messages.filter((m) => m.body === MORNING);
    const callbacks = acceptedMorning.map(async (m, index) => {
      const order = index % 2 === 0 ? ["sent", "delivered"] : ["delivered", "sent"];
      for (const status of order) await postStatus(m.sid, status, undefined, m.statusCallback!);
    });
    const unknown = postStatus(twilioSid("SM"), "delivered");

    // The burst: every text at once, three of them posted twice at once (Twilio retrying a webhook
    // it thinks timed out).
    const burst = [...morningTexts.values()].map((text) => postInbound(text));
    const doubled = [0, 1, 2].map((i) => postInbound(morningTexts.get(i)!));
    await Promise.all([...burst, ...doubled, ...callbacks, unknown]);
    const report = await morningTick;
    // Later retries of three more, after the first answers went out.
    for (const i of [3, 4, 5]) await postInbound(morningTexts.get(i)!);

    expect(report).toMatchObject({ claimed: 16, sent: 10, failed: 2, retried: 4 });

    // (c) The webhook never answered 5xx: every call was taken with the empty TwiML.
    expect(inboundCalls).toHaveLength(16 + 3 + 3);
    for (const answer of inboundCalls) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("<Response></Response>");
    }
    expect(statusCalls.every((s) => s === 204)).toBe(true);

    // (a) Every inbound text stored exactly once, with its effect.
    for (const [i, text] of morningTexts) {
      expect(receipts(text.MessageSid)).toHaveLength(1);
      expect(inboundRowsBySid(text.MessageSid)).toMatchObject([
        { userId: users[i]!.id, fromSystem: false, body: text.Body, status: "received" },
      ]);
    }
    for (let i = 0; i < GOAL_USERS; i++) {
      expect(
        goalsOfUser(users[i]!.id)
          .map((g) => g.description.toLowerCase())
          .sort(),
      ).toEqual(goalsOf(i).map((g) => g.toLowerCase()));
    }
    expect(goalsOfUser(users[HELP_USER]!.id)).toEqual([]);
    expect(isOptedOut(phoneOf(STOP_USER))).toBe(true);
    expect(isOptedOut(phoneOf(HELP_USER))).toBe(false);

    // (b) One reply per text (the doubled posts answered nothing more), each recorded with its result.
    const rows = expectEveryOutboundAccountedFor();
    const replies = rows.filter((r) => r.send_id === null);
    expect(replies.map((r) => r.user_id).sort()).toEqual(users.map((u) => u.id).sort());
    expect(
      replies
        .filter((r) => r.kind === "compliance")
        .map((r) => r.user_id)
        .sort(),
    ).toEqual([users[HELP_USER]!.id, users[STOP_USER]!.id].sort());
    const failedReplies = replies.filter((r) => r.provider_sid === null);
    const failedSends = rows.filter((r) => r.send_status === "failed" || r.send_status === "retry");
    // Each fault left its trace: Twilio's code on the failed row, none for a reset or timeout.
    expect(
      sortCodes([
        ...failedReplies.map((r) => r.error_code),
        ...failedSends.map((r) => r.send_code),
      ]),
    ).toEqual(sortCodes([...tickFaults, ...replyFaults].map(codeOf)));
    // 500 is final for a scheduled send; 429 and network errors wait for a retry.
    expect(sortCodes(failedSends.map((r) => `${r.send_status}:${r.send_code}`))).toEqual(
      sortCodes([
        "failed:20500",
        "failed:20500",
        "retry:20429",
        "retry:20429",
        "retry:null",
        "retry:null",
      ]),
    );

    // The status callbacks that came while the batch was open were not lost or moved back.
    for (const m of acceptedMorning) {
      expect(inboundRowsBySid(m.sid)).toMatchObject([{ kind: "morning", status: "delivered" }]);
    }
  }, 40_000);
});

describe("after the faults clear", () => {
  it("applies late and out-of-order status callbacks without moving a text back", async () => {
    const accepted = outboundRows().filter((r) => r.provider_sid && r.status === "queued");
    expect(accepted.length).toBeGreaterThan(0);
    const [undelivered, ...rest] = accepted;
    await postStatus(undelivered!.provider_sid!, "undelivered", "30003");
    await Promise.all(
      rest.map(async (row, index) => {
        const order = index % 2 === 0 ? ["delivered", "sent"] : ["sent", "delivered"];
        for (const status of order) await postStatus(row.provider_sid!, status);
      }),
    );
    // A late "sent" after "undelivered", and callbacks for sids we never sent, change nothing.
    await postStatus(undelivered!.provider_sid!, "sent");
    await postStatus(twilioSid("SM"), "failed", "30008");
    await postStatus(
      twilioSid("SM"),
      "delivered",
      undefined,
      `${APP_URL}/webhooks/twilio/status?m=${undelivered!.id}`,
    );
    expect(statusCalls.every((s) => s === 204)).toBe(true);

    const byId = new Map(outboundRows().map((r) => [r.id, r]));
    expect(byId.get(undelivered!.id)).toMatchObject({ status: "undelivered", error_code: "30003" });
    for (const row of rest) expect(byId.get(row.id)).toMatchObject({ status: "delivered" });
    expectEveryOutboundAccountedFor();
  });

  it("a later tick retries what Twilio never took, once, and sends nothing twice", async () => {
    const before = ledger();
    const waiting = before.filter((r) => r.status === "retry");
    expect(waiting).toHaveLength(4);
    // Past every backoff (30 s after the first attempt).
    vi.setSystemTime(new Date("2026-06-15T12:10:30Z"));
    const report = await tick(new Date());
    expect(report).toMatchObject({ claimed: 0, failed: 0, retried: 0 });
    const stopped = waiting.some((r) => r.user_id === users[STOP_USER]!.id) ? 1 : 0;
    expect(report.sent).toBe(4 - stopped);
    expect(report.skipped).toBe(stopped);
    // Another tick a minute later finds nothing to do.
    vi.setSystemTime(new Date("2026-06-15T12:11:30Z"));
    expect(await tick(new Date())).toMatchObject({ claimed: 0, sent: 0, retried: 0, skipped: 0 });

    // One ledger row per user, kind and day; each final; each retried row tried twice.
    const after = ledger();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(new Set(after.map((r) => `${r.user_id}/${r.kind}/${r.local_date}`)).size).toBe(16);
    for (const row of after) {
      expect(["sent", "failed", "skipped"]).toContain(row.status);
      const was = before.find((r) => r.id === row.id)!;
      if (was.status === "retry") {
        expect(row.attempts).toBe(row.status === "skipped" ? 1 : 2);
        expect(row.status).toBe(row.user_id === users[STOP_USER]!.id ? "skipped" : "sent");
      } else expect(row).toEqual(was);
    }
    // Never two morning questions to one number; none to those whose send failed for good or
    // who had opted out before the retry.
    for (const row of after) {
      const phone = users.find((u) => u.id === row.user_id)!.phone;
      const questions = fake.messagesTo(phone).filter((m) => m.body === MORNING);
      expect(questions).toHaveLength(row.status === "sent" ? 1 : 0);
      if (row.status === "sent") expect(row.provider_sid).toBe(questions[0]!.sid);
    }
    expectEveryOutboundAccountedFor();
  });
});

describe("an evening of faults: the check-in and its answers", () => {
  it("takes every check-in once, completes the goals and records one answer with its feedback", async () => {
    vi.setSystemTime(new Date("2026-06-15T23:00:30Z")); // 19:00 in New York
    // 14 evening questions (the users with goals; the STOP user is not asked, HELP had no goals).
    const eveningFaults = [E500, E429, RESET];
    queueFaults(eveningFaults);
    const report = await tick(new Date());
    expect(report).toMatchObject({ claimed: 14, sent: 11, failed: 1, retried: 2, skipped: 1 });
    const evening = ledger().filter((r) => r.kind === "evening");
    expect(evening).toHaveLength(15);
    expect(evening.some((r) => r.user_id === users[STOP_USER]!.id)).toBe(false);

    // Everyone asked answers at once; their answers (reply and feedback in one text) meet faults too.
    const checkInFaults = [E429, E500, RESET, E500, E429];
    queueFaults(checkInFaults);
    const asked = evening.filter((r) => r.status === "sent");
    expect(asked).toHaveLength(11);
    const texts = asked.map((row, index) => {
      const i = users.findIndex((u) => u.id === row.user_id);
      return {
        i,
        both: index % 2 === 0,
        text: inbound(phoneOf(i), index % 2 === 0 ? "did 1 and 2" : "done 1"),
      };
    });
    const callsBefore = inboundCalls.length;
    await Promise.all([
      ...texts.map(({ text }) => postInbound(text)),
      // One answer posted twice at once by Twilio.
      postInbound(texts[0]!.text),
    ]);
    await postInbound(texts[1]!.text); // a late retry

    expect(inboundCalls.slice(callsBefore).map((c) => c.status)).toEqual(
      Array(texts.length + 2).fill(200),
    );
    for (const { i, both, text } of texts) {
      expect(receipts(text.MessageSid)).toHaveLength(1);
      expect(inboundRowsBySid(text.MessageSid)).toMatchObject([
        { userId: users[i]!.id, fromSystem: false, body: text.Body },
      ]);
      const goals = goalsOfUser(users[i]!.id).sort((a, b) => a.id - b.id);
      expect(goals.map((g) => g.completedAt !== null)).toEqual([true, both]);
    }
    // One answer per check-in, its feedback in it, the doubled posts answered nothing more.
    const rows = expectEveryOutboundAccountedFor();
    for (const { i, both } of texts) {
      const mine = rows.filter((r) => r.user_id === users[i]!.id && r.send_id === null);
      expect(mine.filter((r) => r.kind === "feedback")).toHaveLength(0);
      // The reply to the morning's goals and the answer to this check-in.
      const replies = mine.filter((r) => r.kind === "conversation");
      expect(replies).toHaveLength(2);
      const feedback = dayNoteOf(users[i]!.id);
      expect(feedback).toBeTruthy();
      expect(replies[1]!.body).toMatch(
        both ? /^All done, great work! 2 of 2 done today\. / : /^Nice work! 1 of 2 done today\. /,
      );
      // The feedback follows, but for a sentence that says the count the answer already gives.
      const count = both ? "2 of 2" : "1 of 2";
      const unsaid = feedback.split(/(?<=[.!?]) /).filter((sentence) => !sentence.includes(count));
      expect(replies[1]!.body.endsWith(`. ${unsaid.join(" ")}`)).toBe(true);
    }
  }, 40_000);

  it("retries the evening questions Twilio never took, and every text ends in a final state", async () => {
    vi.setSystemTime(new Date("2026-06-15T23:10:30Z"));
    const report = await tick(new Date());
    expect(report).toMatchObject({ sent: 2, failed: 0, retried: 0, claimed: 0 });
    for (const row of ledger()) expect(["sent", "failed", "skipped"]).toContain(row.status);

    // Twilio reports every text it took as delivered, in no particular order.
    const open = outboundRows().filter(
      (r) => r.provider_sid && !["delivered", "undelivered"].includes(r.status),
    );
    await Promise.all(
      open.map(async (row) => {
        await postStatus(row.provider_sid!, "delivered", undefined, callbackOf(row.provider_sid!));
        await postStatus(row.provider_sid!, "sent", undefined, callbackOf(row.provider_sid!));
      }),
    );
    expect(statusCalls.every((s) => s === 204)).toBe(true);

    const rows = expectEveryOutboundAccountedFor();
    for (const row of rows) {
      expect(["delivered", "undelivered", "failed", "blocked"]).toContain(row.status);
      if (row.status === "failed" && row.send_id === null) {
        // Twilio's code where it gave one: the replies that met a 500 or a 429 carry it.
        expect([null, "20500", "20429"]).toContain(row.error_code);
      }
    }
    expect(rows.filter((r) => r.status === "queued")).toEqual([]);
    // Every fault is on exactly one failed attempt; everything else reached Twilio once.
    expect(posts() - fake.messages.length).toBe(faultsQueued.length);
  });
});

// Twilio's answer failing on the wire after it took the text (tests/fakes/faults.ts): the sender cannot
// know the text went out. Each call ends by TWILIO_TIMEOUT_MS, the process stays up, and what Twilio
// took is never sent again: a reply is recorded as failed (replies are not retried), a scheduled text
// waits for its retry, which finds it in Twilio's log and records it as sent.
const WIRE_FAULTS: Fault[] = FAULT_NAMES.map((name) =>
  name === "slow-first-byte"
    ? { fault: name, ms: TWILIO_TIMEOUT_MS * 4 }
    : name === "drip"
      ? { fault: name, ms: 100 }
      : { fault: name },
);

describe("Twilio's answers failing on the wire", () => {
  let wired: typeof users = [];
  beforeAll(async () => {
    // The earlier users rest, so a tick texts only these four.
    for (const user of users)
      db.update(schema.users)
        .set({ pausedUntil: new Date("2027-01-01T00:00:00Z") })
        .where(eq(schema.users.id, user.id))
        .run();
    for (let i = 0; i < WIRE_FAULTS.length; i++) {
      const user = await createTestUser();
      db.update(schema.users)
        .set({ phoneVerifiedAt: new Date("2026-06-01T00:00:00Z") })
        .where(eq(schema.users.id, user.id))
        .run();
      wired.push(user);
    }
    wired = wired.map((u) => ({ ...u }));
  });
  const wiredIds = () => new Set(wired.map((u) => u.id));

  it("a reply whose answer breaks is recorded as failed and reaches Twilio once", async () => {
    vi.setSystemTime(new Date("2026-06-16T15:00:00Z"));
    for (const fault of WIRE_FAULTS) fake.failNext({ wire: fault });
    const texts = wired.map((u) => inbound(u.phone, "HELP"));
    const answers = await Promise.all(texts.map((text) => postInbound(text)));
    expect(answers.map((a) => a.status)).toEqual(Array(wired.length).fill(200));

    const replies = outboundRows().filter((r) => wiredIds().has(r.user_id));
    expect(replies).toHaveLength(wired.length);
    for (const row of replies)
      expect(row).toMatchObject({ kind: "compliance", status: "failed", provider_sid: null });
    for (const user of wired) expect(fake.messagesTo(user.phone)).toHaveLength(1);
  });

  it("a first byte slower than usual but within the deadline is an ordinary send", async () => {
    const user = wired[0]!;
    fake.failNext({ wire: { fault: "slow-first-byte", ms: TWILIO_TIMEOUT_MS / 4 } });
    await postInbound(inbound(user.phone, "HELP"));
    const [, second] = fake.messagesTo(user.phone);
    const row = outboundRows().find((r) => r.provider_sid === second?.sid);
    expect(row).toMatchObject({ user_id: user.id, kind: "compliance", status: "queued" });
  });

  it("a scheduled text whose answer breaks waits for its retry, which finds it in Twilio's log", async () => {
    vi.setSystemTime(new Date("2026-06-17T12:00:30Z"));
    for (const fault of WIRE_FAULTS) fake.failNext({ wire: fault });
    const first = await tick(new Date());
    expect(first).toMatchObject({ claimed: wired.length, sent: 0, retried: wired.length });
    const mine = () => ledger().filter((r) => wiredIds().has(r.user_id) && r.kind === "morning");
    for (const row of mine())
      expect(row).toMatchObject({ status: "retry", error_code: null, attempts: 1 });
    const questions = (phone: string) => fake.messagesTo(phone).filter((m) => m.body === MORNING);
    for (const user of wired) expect(questions(user.phone)).toHaveLength(1);

    // Past the backoff, the log itself answers badly: nothing is sent, the texts keep waiting.
    vi.setSystemTime(new Date("2026-06-17T12:01:30Z"));
    for (const fault of WIRE_FAULTS) fake.failNextList(fault);
    expect(await tick(new Date())).toMatchObject({ sent: 0, reconciled: 0, failed: 0 });
    for (const row of mine()) expect(row).toMatchObject({ status: "retry", attempts: 1 });

    // The next tick reads the log: every text Twilio took is recorded as sent, none sent again.
    vi.setSystemTime(new Date("2026-06-17T12:02:30Z"));
    expect(await tick(new Date())).toMatchObject({ sent: 0, reconciled: wired.length });
    for (const row of mine()) {
      const user = wired.find((u) => u.id === row.user_id)!;
      expect(questions(user.phone)).toHaveLength(1);
      expect(row).toMatchObject({ status: "sent", provider_sid: questions(user.phone)[0]!.sid });
    }
  }, 20_000);

  it("a photo whose download fails on the wire is skipped; the text and its other photo are kept", async () => {
    for (const [i, fault] of WIRE_FAULTS.entries()) {
      const user = wired[i]!;
      const broken = fake.addMedia();
      const whole = fake.addMedia();
      fake.failNextMedia(fault);
      const text = {
        ...inbound(user.phone, "done"),
        NumMedia: "2",
        MediaUrl0: `https://api.twilio.com${broken}`,
        MediaContentType0: "image/png",
        MediaUrl1: `https://api.twilio.com${whole}`,
        MediaContentType1: "image/png",
      };
      expect((await postInbound(text)).status).toBe(200);
      const [row] = inboundRowsBySid(text.MessageSid);
      const kept = db.select().from(schema.media).where(eq(schema.media.userId, user.id)).all();
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ messageId: row!.id, size: expect.any(Number) });
      expect(row!.mediaUrls).toEqual([`/media/${kept[0]!.id}`]);
    }
  }, 20_000);
});
