import { createTestUser } from "../helpers/requests";
import { sendTextToUser } from "~/sms/outbound.server";
import { getTransport } from "~/sms/transport.server";
import { getOutboundGate } from "~/sms/outbound-gate.server";
import { runTick } from "~/scheduler/tick.server";
import { templates } from "~/replies/templates";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";

// The outbound gate with the real twilio transport against the fake Twilio REST API: every text of the
// account, the scheduler's and the replies, shares SMS_MAX_CONCURRENCY requests in flight; replies go
// first, scheduled texts keep a share, and a 429 pauses both. The fake holds its answers where a test
// needs to see who is in flight.

const { MAX_IN_FLIGHT, twilioEnv, fake } = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilio } = await import("../helpers/app-env");
  const MAX_IN_FLIGHT = 3;
  const twilioEnv = await pointAppAtFakeTwilio({
    accountSid: `AC${"7".repeat(32)}`,
    authToken: "fake-auth-token-gate",
    from: "+12015550177",
    env: { SMS_MAX_CONCURRENCY: String(MAX_IN_FLIGHT), SMS_MAX_PER_SECOND: "10000" },
  });
  const { fake } = twilioEnv;
  return { MAX_IN_FLIGHT, twilioEnv, fake };
});

afterAll(async () => {
  fake.answerAll();
  await twilioEnv.restore();
});

beforeEach(async () => {
  fake.answerAll();
  await vi.waitFor(() => expect(getOutboundGate().figures().inFlight).toBe(0));
  fake.reset();
});

async function verifiedUser(morning = "09:00") {
  const user = await createTestUser(); // New York
  sqlite
    .prepare(
      "update users set phone_verified_at = ?, preferred_check_in_time_morning = ? where id = ?",
    )
    .run(Date.parse("2026-01-01T00:00:00Z"), morning, user.id);
  return getUserById(user.id)!;
}

const scheduledText = (i: number) =>
  getTransport().send(`+1202555${String(i).padStart(4, "0")}`, `scheduled ${i}`, {
    sendClass: "scheduled",
  });

async function whenReceived(count: number) {
  await vi.waitFor(() => expect(fake.messages.length).toBe(count), { timeout: 5_000 });
}

describe("the outbound gate", () => {
  it("sends a reply queued behind 1,000 scheduled texts next", async () => {
    const user = await verifiedUser();
    fake.holdAnswers();
    const scheduled = Array.from({ length: 1_000 }, (_, i) => scheduledText(i));
    await whenReceived(MAX_IN_FLIGHT);
    expect(getOutboundGate().figures().waiting.scheduled).toBe(1_000 - MAX_IN_FLIGHT);

    const reply = sendTextToUser(user, "Got it: two goals for today.", "conversation");
    await vi.waitFor(() => expect(getOutboundGate().figures().waiting.reply).toBe(1));
    fake.releaseAnswers(1);
    await whenReceived(MAX_IN_FLIGHT + 1);
    expect(fake.messages.at(-1)).toMatchObject({
      to: user.phone,
      body: "Got it: two goals for today.",
    });

    fake.answerAll();
    expect(await reply).toMatchObject({ sent: true });
    await Promise.all(scheduled);
    expect(fake.messages).toHaveLength(1_001);
  });

  it("keeps sending scheduled texts under a continuous stream of replies", async () => {
    const user = await verifiedUser();
    fake.holdAnswers();
    const scheduled = Array.from({ length: 20 }, (_, i) => scheduledText(i));
    await whenReceived(MAX_IN_FLIGHT);
    const replies: Promise<unknown>[] = [];
    const replyText = (n: number) => sendTextToUser(user, `Reply ${n}`, "conversation");
    for (let n = 0; n < 5; n++) replies.push(replyText(n));

    // Each round frees one slot while more replies arrive than can go out: replies always wait.
    for (let round = 0; round < 40; round++) {
      replies.push(replyText(5 + 2 * round), replyText(6 + 2 * round));
      await vi.waitFor(() =>
        expect(getOutboundGate().figures().waiting.reply).toBeGreaterThanOrEqual(2),
      );
      fake.releaseAnswers(1);
      await whenReceived(MAX_IN_FLIGHT + round + 1);
    }
    expect(getOutboundGate().figures().waiting.reply).toBeGreaterThan(0);
    const started = fake.messages.slice(MAX_IN_FLIGHT).map((m) => m.body);
    const scheduledStarted = started.filter((b) => b.startsWith("scheduled")).length;
    expect(scheduledStarted).toBeGreaterThanOrEqual(10); // 1 in 4 of the 40 slots
    expect(started.length - scheduledStarted).toBeGreaterThanOrEqual(25); // replies still go first

    fake.answerAll();
    await Promise.all([...scheduled, ...replies]);
  });

  it("never has more than SMS_MAX_CONCURRENCY requests in flight, a tick's texts and replies together", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => verifiedUser("09:00")));
    const talker = await verifiedUser("10:00");
    await runTick(new Date("2026-06-15T12:59:00Z"));
    fake.reset();

    fake.holdAnswers();
    const tick = runTick(new Date("2026-06-15T13:00:30Z"));
    const replies = Array.from({ length: 12 }, (_, n) =>
      sendTextToUser(talker, `Noted ${n}.`, "conversation"),
    );
    let settled = false;
    void Promise.allSettled([tick, ...replies]).then(() => (settled = true));
    // Answered only once the gate has filled every slot, so the most it ever opens shows.
    while (!settled) {
      await vi.waitFor(() => {
        const gate = getOutboundGate().figures();
        const allStarted = gate.waiting.reply + gate.waiting.scheduled === 0;
        const atTheFake = fake.sending.inFlight === gate.inFlight;
        expect(settled || (atTheFake && (gate.inFlight === MAX_IN_FLIGHT || allStarted))).toBe(
          true,
        );
      });
      fake.releaseAnswers();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const report = await tick;
    await Promise.all(replies);

    expect(report).toMatchObject({ failed: 0, retried: 0 });
    expect(report.sent).toBeGreaterThanOrEqual(12); // with the 09:00 users of the tests above
    for (const u of users)
      expect(fake.messagesTo(u.phone).map((m) => m.body)).toEqual([templates.morningQuestion()]);
    expect(fake.messagesTo(talker.phone)).toHaveLength(12);
    expect(fake.sending.maxInFlight).toBe(MAX_IN_FLIGHT);
    expect(fake.sending.rateLimited).toBe(0);
  });

  it("pauses replies and scheduled texts alike after a 429, then sends both", async () => {
    const user = await verifiedUser();
    fake.failNext({ status: 429, code: 20429, message: "Too Many Requests" });
    await expect(scheduledText(0)).rejects.toMatchObject({ code: "20429" });
    expect(getOutboundGate().figures().pausedMs).toBeGreaterThan(0);

    const reply = sendTextToUser(user, "Your code is 123456.", "verification");
    const scheduled = scheduledText(1);
    expect(getOutboundGate().figures().waiting).toEqual({ reply: 1, scheduled: 1 });
    expect(await reply).toMatchObject({ sent: true });
    await scheduled;
    expect(fake.messages.map((m) => m.body)).toEqual(["Your code is 123456.", "scheduled 1"]);
    expect(getOutboundGate().figures().rateLimited).toBe(1);
  });
});
