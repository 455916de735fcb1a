import { eq } from "drizzle-orm";
import twilio from "twilio";
import { receiveInboundSms } from "~/conversation/inbound.server";
import { runTick } from "~/scheduler/tick.server";
import * as statusRoute from "~/routes/webhooks+/twilio.status";
import { isOptedOut } from "~/sms/may-text.server";
import { db, schema } from "~/utils/db/db.server";
import { twilioSid } from "../fakes/twilio-server";
import { call, makeRequest, uniquePhone } from "../helpers/requests";

// A text to a number with no account is a row of the outbox like any other: stored queued in the
// write that decides it, sent by the sender, and updated by the recorder with Twilio's answer and
// its status callbacks.
const twilioEnv = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilio } = await import("../helpers/app-env");
  return pointAppAtFakeTwilio({
    accountSid: `AC${"6".repeat(32)}`,
    authToken: "number-texts-auth-token-0123456789",
    from: "+12015550100",
  });
});
const { fake } = twilioEnv;

afterAll(() => twilioEnv.restore());
beforeEach(() => {
  fake.reset();
  // A refused send is logged by design; the assertions check what was recorded.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const text = (from: string, body: string) =>
  receiveInboundSms({ from, body, messageSid: twilioSid("SM"), media: [] });

const textsTo = (phone: string) =>
  db.select().from(schema.numberTexts).where(eq(schema.numberTexts.phone, phone)).all();

function postStatus(params: Record<string, string>) {
  const path = "/webhooks/twilio/status";
  const signature = twilio.getExpectedTwilioSignature(
    process.env.TWILIO_AUTH_TOKEN!,
    `${process.env.APP_URL}${path}`,
    params,
  );
  return call(
    statusRoute.action,
    makeRequest(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": signature,
      },
      body: new URLSearchParams(params).toString(),
    }),
  );
}

describe("a text to a number with no account", () => {
  it("is stored with the sid and status Twilio gave it", async () => {
    const stranger = uniquePhone();
    await text(stranger, "hi");
    const [sent] = fake.messagesTo(stranger);
    expect(textsTo(stranger)).toEqual([
      expect.objectContaining({
        body: sent!.body,
        kind: "to_number",
        providerSid: sent!.sid,
        status: "queued",
        errorCode: null,
      }),
    ]);
  });

  it("follows its status callbacks, a late one changing nothing", async () => {
    const stranger = uniquePhone();
    await text(stranger, "hi");
    const [sent] = fake.messagesTo(stranger);
    expect((await postStatus({ MessageSid: sent!.sid, MessageStatus: "delivered" })).status).toBe(
      204,
    );
    await postStatus({ MessageSid: sent!.sid, MessageStatus: "sent" });
    expect(textsTo(stranger)[0]).toMatchObject({ status: "delivered" });
  });

  it("a callback saying the carrier unsubscribed the number opts it out", async () => {
    const stranger = uniquePhone();
    await text(stranger, "hi");
    const [sent] = fake.messagesTo(stranger);
    await postStatus({ MessageSid: sent!.sid, MessageStatus: "undelivered", ErrorCode: "21610" });
    expect(textsTo(stranger)[0]).toMatchObject({ status: "undelivered", errorCode: "21610" });
    expect(isOptedOut(stranger)).toBe(true);
  });

  it("refused by Twilio is stored failed with its code, and an unsubscribed number is opted out", async () => {
    const stranger = uniquePhone();
    fake.failNext({
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    await text(stranger, "hi");
    expect(fake.messagesTo(stranger)).toEqual([]);
    expect(textsTo(stranger)).toEqual([
      expect.objectContaining({ kind: "to_number", status: "failed", errorCode: "21610" }),
    ]);
    expect(isOptedOut(stranger)).toBe(true);
  });

  it("a STOP's confirmation is stored as a compliance text; a number that said STOP gets no row", async () => {
    const stranger = uniquePhone();
    await text(stranger, "STOP");
    expect(textsTo(stranger)).toEqual([
      expect.objectContaining({ kind: "compliance", status: "queued" }),
    ]);
    await text(stranger, "hello?");
    expect(textsTo(stranger)).toHaveLength(1);
    expect(fake.messagesTo(stranger)).toHaveLength(1);
  });
});

describe("texts to numbers with no account are kept 30 days", () => {
  it("the tick forgets a handed-over or failed text after 30 days and keeps the rest", async () => {
    const now = new Date("2026-12-01T12:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const stranger = uniquePhone();
    const rows = [
      { body: "old, handed over", providerSid: twilioSid("SM"), status: "delivered", days: 31 },
      { body: "old, refused", providerSid: null, status: "failed", days: 31 },
      { body: "old, never handed over", providerSid: null, status: "queued", days: 31 },
      { body: "recent", providerSid: twilioSid("SM"), status: "queued", days: 29 },
    ];
    for (const row of rows)
      db.insert(schema.numberTexts)
        .values({ phone: stranger, kind: "to_number", ...row, createdAt: daysAgo(row.days) })
        .run();
    await runTick(now);
    expect(textsTo(stranger).map((t) => t.body)).toEqual(["old, never handed over", "recent"]);
  });
});
