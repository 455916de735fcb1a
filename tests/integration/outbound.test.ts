import { eq } from "drizzle-orm";
import twilio from "twilio";
import RequestClient from "twilio/lib/base/RequestClient";
import { TEST_APP_URL } from "../helpers/app-env";
import { createTestUser, markPhoneVerified } from "../helpers/requests";
import { sendTextToUser } from "~/sms/outbound.server";
import { isOptedOut, optOut } from "~/sms/may-text.server";
import { getTransport, SmsSendError } from "~/sms/transport.server";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";

// The twilio transport against a fake Twilio REST API on 127.0.0.1. The env module reads these when it
// loads, so they are set before any app module is imported (DATABASE_PATH comes from tests/setup).
const { ACCOUNT_SID, AUTH_TOKEN, FROM, twilioEnv, fake } = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilio } = await import("../helpers/app-env");
  const ACCOUNT_SID = `AC${"1".repeat(32)}`;
  const AUTH_TOKEN = "fake-auth-token-0123456789abcdef";
  const FROM = "+12015550100";

  const twilioEnv = await pointAppAtFakeTwilio({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from: FROM,
  });
  const { fake } = twilioEnv;
  return { ACCOUNT_SID, AUTH_TOKEN, FROM, twilioEnv, fake };
});
const APP_URL = TEST_APP_URL;

afterAll(async () => {
  await twilioEnv.restore();
});

beforeEach(() => {
  fake.reset();
  // Failed sends are logged by design; the assertions below check what was recorded instead.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function verifiedUser() {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  return getUserById(created.id)!;
}

function storedMessage(id: number) {
  return db.select().from(schema.messages).where(eq(schema.messages.id, id)).get()!;
}

function messagesOf(userId: number) {
  return db.select().from(schema.messages).where(eq(schema.messages.userId, userId)).all();
}

const sends = () => fake.requests.filter((r) => r.method === "POST");

describe("sendTextToUser through the twilio package", () => {
  it("sends with our credentials and sender, and stores the provider sid and status", async () => {
    const user = await verifiedUser();
    const outcome = await sendTextToUser(user, "Good morning! What are your goals?", "morning");

    expect(outcome).toMatchObject({ sent: true, status: "queued" });
    if (!outcome.sent) throw new Error("not sent");
    expect(outcome.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(fake.messages).toHaveLength(1);
    const seen = fake.messages[0]!;
    expect(seen).toMatchObject({
      sid: outcome.sid,
      to: user.phone,
      from: FROM,
      body: "Good morning! What are your goals?",
      statusCallback: `${APP_URL}/webhooks/twilio/status`,
    });
    expect(seen.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
    );
    expect(storedMessage(outcome.messageId)).toMatchObject({
      userId: user.id,
      fromSystem: true,
      source: "sms",
      kind: "morning",
      providerSid: outcome.sid,
      status: "queued",
      errorCode: null,
      body: "Good morning! What are your goals?",
    });
  });

  it("refuses an opted-out number before anything reaches Twilio", async () => {
    const user = await verifiedUser();
    optOut(user.phone, "keyword");
    const outcome = await sendTextToUser(user, "Evening check-in", "evening");
    expect(outcome).toEqual({ sent: false, reason: "opted_out" });
    expect(fake.requests).toHaveLength(0);
    expect(messagesOf(user.id)).toHaveLength(0);
  });

  it("refuses an unverified number for scheduled texts but sends the verification code", async () => {
    const created = await createTestUser();
    const user = getUserById(created.id)!;
    expect(user.phoneVerifiedAt).toBeNull();

    expect(await sendTextToUser(user, "Good morning!", "morning")).toEqual({
      sent: false,
      reason: "unverified",
    });
    expect(fake.requests).toHaveLength(0);

    const outcome = await sendTextToUser(user, "Your StreakCoach code is 123456", "verification");
    expect(outcome.sent).toBe(true);
    expect(fake.messagesTo(user.phone).map((m) => m.body)).toEqual([
      "Your StreakCoach code is 123456",
    ]);
  });

  it("treats 21610 as an opt-out: recorded, and later sends are refused", async () => {
    const user = await verifiedUser();
    fake.failNext({
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    const outcome = await sendTextToUser(user, "Good morning!", "morning");
    expect(outcome).toMatchObject({ sent: false, reason: "failed", code: "21610" });
    if (outcome.sent) throw new Error("sent");
    expect(storedMessage(outcome.messageId!)).toMatchObject({
      status: "failed",
      errorCode: "21610",
    });
    expect(isOptedOut(user.phone)).toBe(true);

    const before = sends().length;
    expect(await sendTextToUser(user, "Evening check-in", "evening")).toEqual({
      sent: false,
      reason: "opted_out",
    });
    expect(sends()).toHaveLength(before);
    expect(fake.messages).toHaveLength(0);
  });

  it.each([
    ["21211", "The 'To' number is not a valid phone number."],
    ["21614", "'To' number is not a valid mobile number"],
  ])("marks the number undeliverable on %s and stops sending to it", async (code, message) => {
    const user = await verifiedUser();
    fake.failNext({ status: 400, code: Number(code), message });
    const outcome = await sendTextToUser(user, "Good morning!", "morning");
    expect(outcome).toMatchObject({ sent: false, reason: "failed", code });
    expect(getUserById(user.id)!.phoneUndeliverableCode).toBe(code);
    expect(isOptedOut(user.phone)).toBe(false);

    const before = sends().length;
    expect(await sendTextToUser(getUserById(user.id)!, "Evening", "evening")).toEqual({
      sent: false,
      reason: "undeliverable",
      code,
    });
    expect(sends()).toHaveLength(before);
  });

  it("records 20429 as failed without marking the number, and the next send goes through", async () => {
    const user = await verifiedUser();
    fake.failNext({ status: 429, code: 20429, message: "Too Many Requests" });
    const outcome = await sendTextToUser(user, "Good morning!", "morning");
    expect(outcome).toMatchObject({ sent: false, reason: "failed", code: "20429" });
    if (outcome.sent) throw new Error("sent");
    expect(storedMessage(outcome.messageId!)).toMatchObject({
      status: "failed",
      errorCode: "20429",
      providerSid: null,
    });
    const fresh = getUserById(user.id)!;
    expect(fresh.phoneUndeliverableCode).toBeNull();
    expect(isOptedOut(user.phone)).toBe(false);

    // Retrying is the scheduler's call; the number itself stays usable.
    expect((await sendTextToUser(fresh, "Good morning!", "morning")).sent).toBe(true);
    expect(fake.messages).toHaveLength(1);
  });

  it("records a Twilio 500 as failed", async () => {
    const user = await verifiedUser();
    fake.failNext({ status: 500, code: 20500, message: "Internal Server Error" });
    const outcome = await sendTextToUser(user, "Good morning!", "morning");
    expect(outcome).toMatchObject({ sent: false, reason: "failed", code: "20500" });
    expect(getUserById(user.id)!.phoneUndeliverableCode).toBeNull();
  });

  it("records a dropped connection as failed with no code", async () => {
    const user = await verifiedUser();
    fake.failNext({ reset: true });
    const outcome = await sendTextToUser(user, "Good morning!", "morning");
    expect(outcome).toEqual({
      sent: false,
      reason: "failed",
      messageId: expect.any(Number),
      code: undefined,
    });
    if (outcome.sent) throw new Error("sent");
    expect(storedMessage(outcome.messageId!)).toMatchObject({ status: "failed", errorCode: null });
    expect(fake.messages).toHaveLength(0);
  });

  it("gives up on a Twilio that never answers (client timeout) and records the failure", async () => {
    const user = await verifiedUser();
    fake.failNext({ hang: true });
    // Giving up is the answer coming at all: without the client's timeout this call never settles
    // and the test's own timeout fails it. How long the timeout is, is the transport's setting.
    const outcome = await sendTextToUser(user, "Good morning!", "morning");
    expect(outcome).toMatchObject({ sent: false, reason: "failed" });
    if (outcome.sent) throw new Error("sent");
    expect(storedMessage(outcome.messageId!).status).toBe("failed");
  }, 20_000);
});

describe("the transport's error classes", () => {
  it("classifies rate limits and network errors as retryable, permanent codes as permanent", async () => {
    const transport = getTransport();
    expect(transport.name).toBe("twilio");

    fake.failNext({ status: 429, code: 20429, message: "Too Many Requests" });
    const limited = await transport.send("+12015550199", "hi").catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(SmsSendError);
    expect(limited).toMatchObject({ code: "20429", retryable: true, permanent: false });

    fake.failNext({ reset: true });
    const dropped = await transport.send("+12015550199", "hi").catch((e: unknown) => e);
    expect(dropped).toBeInstanceOf(SmsSendError);
    expect(dropped).toMatchObject({ code: null, retryable: true, permanent: false });

    fake.failNext({ status: 400, code: 21610, message: "unsubscribed" });
    const stopped = await transport.send("+12015550199", "hi").catch((e: unknown) => e);
    expect(stopped).toMatchObject({ code: "21610", retryable: false, permanent: true });
  });

  it("downloads media only from the Twilio API, with the account's credentials", async () => {
    const transport = getTransport();
    const path = fake.addMedia();
    const file = await transport.fetchMedia(`https://api.twilio.com${path}`);
    expect(file.contentType).toBe("image/png");
    expect(file.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(fake.requests.at(-1)).toMatchObject({
      method: "GET",
      path,
      authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
    });

    const before = fake.requests.length;
    await expect(transport.fetchMedia(`https://evil.example.com${path}`)).rejects.toThrow();
    expect(fake.requests).toHaveLength(before);
  });
});

describe("the fake Twilio API", () => {
  /** A client of our own, pointed at the fake like the transport's. */
  class FakeBaseClient extends RequestClient {
    request<T>(opts: RequestClient.RequestOptions<T>) {
      return super.request({ ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, fake.url) });
    }
  }

  it("answers the twilio package's list call in Twilio's list shape, filtered by To and DateSent", async () => {
    const user = await verifiedUser();
    await sendTextToUser(user, "first", "conversation");
    await sendTextToUser(user, "second", "conversation");
    await sendTextToUser(await verifiedUser(), "someone else", "conversation");

    const client = twilio(ACCOUNT_SID, AUTH_TOKEN, { httpClient: new FakeBaseClient() });
    const listed = await client.messages.list({ to: user.phone, dateSent: new Date() });
    expect(listed.map((m) => m.body)).toEqual(["second", "first"]);
    expect(listed[0]).toMatchObject({ to: user.phone, from: FROM, status: "queued" });
    expect(listed[0]!.dateCreated).toBeInstanceOf(Date);

    const yesterday = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    expect(await client.messages.list({ to: user.phone, dateSent: yesterday })).toEqual([]);
  });

  it("refuses wrong credentials with 401", async () => {
    const client = twilio(ACCOUNT_SID, "wrong-token", { httpClient: new FakeBaseClient() });
    await expect(
      client.messages.create({ to: "+12015550199", from: FROM, body: "hi" }),
    ).rejects.toMatchObject({ status: 401, code: 20003 });
    expect(fake.messages).toHaveLength(0);
  });
});
