import { createTestUser, markPhoneVerified } from "../helpers/requests";
import { storeTextToNumber, storeTextToSend } from "~/sms/outbound.server";
import { settleUnrecordedTexts } from "~/sms/settle.server";
import { getTransport } from "~/sms/transport.server";
import { runTick } from "~/scheduler/tick.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";

// A text to a user left queued by a process that stopped between storing it and recording Twilio's
// answer is settled by the next process's first tick against Twilio's message log, as the ledger's
// unfinished claims are: recorded when Twilio has it, sent once when it does not. Real twilio package,
// fake Twilio REST API on 127.0.0.1.
const { twilioEnv, fake } = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilio } = await import("../helpers/app-env");
  const twilioEnv = await pointAppAtFakeTwilio({
    accountSid: `AC${"3".repeat(32)}`,
    authToken: "fake-auth-token-outbox-settle",
    from: "+12015550177",
  });
  const { fake } = twilioEnv;
  return { twilioEnv, fake };
});

afterAll(async () => {
  await twilioEnv.restore();
});

type Row = { status: string; provider_sid: string | null };
const messageRow = (id: number) =>
  sqlite.prepare<[number], Row>("select status, provider_sid from messages where id = ?").get(id)!;

/** Stored as queued ten minutes ago, before this process started: what a stopped process left. */
function leftQueued(
  user: ReturnType<typeof getUserById> & {},
  body: string,
  kind = "conversation",
) {
  const stored = storeTextToSend(user, body, kind as "conversation");
  if ("sent" in stored) throw new Error("not stored");
  sqlite
    .prepare("update messages set created_at = ? where id = ?")
    .run(Date.now() - 10 * 60_000, stored.messageId);
  return stored.messageId;
}

describe("texts a stopped process left queued", () => {
  it("are recorded when Twilio's log has them and sent once when it does not, on the first tick", async () => {
    const created = await createTestUser();
    markPhoneVerified(created.id);
    const user = getUserById(created.id)!;
    const handedOver = leftQueued(user, "Got it: 2 of 3 goals done today.");
    const neverSent = leftQueued(user, "Nice work on your run!");
    const code = leftQueued(user, "Your code is ******", "verification");
    // The stopped process got the first one out before it died.
    const before = await getTransport().send(user.phone, "Got it: 2 of 3 goals done today.");

    await runTick(new Date());

    const bodies = fake.messagesTo(user.phone).map((m) => m.body);
    expect(bodies.filter((b) => b === "Got it: 2 of 3 goals done today.")).toHaveLength(1);
    expect(bodies.filter((b) => b === "Nice work on your run!")).toHaveLength(1);
    expect(bodies.some((b) => b.startsWith("Your code is"))).toBe(false);
    expect(messageRow(handedOver)).toEqual({ status: "sent", provider_sid: before.sid });
    const resent = fake.messagesTo(user.phone).find((m) => m.body === "Nice work on your run!")!;
    expect(messageRow(neverSent)).toMatchObject({ provider_sid: resent.sid });
    expect(messageRow(code)).toEqual({ status: "queued", provider_sid: null });

    await runTick(new Date(Date.now() + 60_000));
    expect(fake.messagesTo(user.phone)).toHaveLength(bodies.length);
  });
});

describe("texts to numbers without an account a stopped process left queued", () => {
  const numberTextRow = (id: number) =>
    sqlite
      .prepare<[number], Row>("select status, provider_sid from number_texts where id = ?")
      .get(id)!;

  function leftQueuedToNumber(phone: string, body: string, options: { code?: boolean } = {}) {
    const stored = storeTextToNumber(phone, body, options)!;
    sqlite
      .prepare("update number_texts set created_at = ? where id = ?")
      .run(Date.now() - 10 * 60_000, stored.id);
    return stored.id;
  }

  it("are recorded when Twilio's log has them and sent once when it does not; a code is not resent", async () => {
    const partner = "+12015550461";
    const stranger = "+12015550462";
    const newNumber = "+12015550463";
    const handedOver = leftQueuedToNumber(partner, "Sam invited you to be their partner.");
    const neverSent = leftQueuedToNumber(stranger, "Sign up at streakcoach.app to text me.");
    const code = leftQueuedToNumber(newNumber, "Your StreakCoach code is 123456", { code: true });
    const before = await getTransport().send(partner, "Sam invited you to be their partner.");

    const figures = await settleUnrecordedTexts(new Date());

    expect(figures).toMatchObject({ recorded: 1, sent: 1, unreadable: 0 });
    expect(fake.messagesTo(partner).map((m) => m.body)).toEqual([
      "Sam invited you to be their partner.",
    ]);
    const resent = fake.messagesTo(stranger);
    expect(resent.map((m) => m.body)).toEqual(["Sign up at streakcoach.app to text me."]);
    expect(fake.messagesTo(newNumber)).toEqual([]);
    expect(numberTextRow(handedOver)).toEqual({ status: "sent", provider_sid: before.sid });
    expect(numberTextRow(neverSent)).toMatchObject({ provider_sid: resent[0]!.sid });
    expect(numberTextRow(code)).toEqual({ status: "queued", provider_sid: null });

    await settleUnrecordedTexts(new Date());
    expect(fake.messagesTo(stranger)).toHaveLength(1);
    expect(fake.messagesTo(partner)).toHaveLength(1);
  });
});
