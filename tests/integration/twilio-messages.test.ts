import { createMessagesClient, TwilioRestError } from "~/sms/twilio-messages.server";
import { FAULT_NAMES, type Fault } from "../fakes/faults";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";

// The hand-made Create Message call against the fake Twilio REST API on 127.0.0.1: what Twilio is
// sent (credentials, sender, callback, an emoji body intact) and how its refusals come back.
const ACCOUNT_SID = `AC${"7".repeat(32)}`;
const AUTH_TOKEN = "messages-auth-token-0123456789";
const CALLBACK = "https://coach.example.test/webhooks/twilio/status?m=42";

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

const client = (sender: { from: string } | { messagingServiceSid: string }, timeoutMs?: number) =>
  createMessagesClient({
    baseUrl: fake.url,
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    sender,
    timeoutMs,
  });

describe("createMessagesClient", () => {
  it("sends From, To, Body and StatusCallback with the account's credentials over one kept-alive socket", async () => {
    const messages = client({ from: "+12015550100" });
    const body = "Good morning 🌅 & what's next? 100% + more";
    const first = await messages.create("+12015550123", body, CALLBACK);
    const second = await messages.create("+12015550124", "Second", CALLBACK);
    messages.close();

    expect(first).toEqual({ sid: fake.messages[0]!.sid, status: "queued" });
    expect(second.sid).toBe(fake.messages[1]!.sid);
    expect(fake.messages[0]).toMatchObject({
      to: "+12015550123",
      from: "+12015550100",
      messagingServiceSid: null,
      body,
      statusCallback: CALLBACK,
      authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
    });
  });

  it("sends MessagingServiceSid instead of From when the account uses a messaging service", async () => {
    const messages = client({ messagingServiceSid: `MG${"1".repeat(32)}` });
    const sent = await messages.create("+12015550123", "Hello", CALLBACK);
    messages.close();

    expect(sent.status).toBe("accepted");
    expect(fake.messages[0]).toMatchObject({
      from: null,
      messagingServiceSid: `MG${"1".repeat(32)}`,
    });
  });

  it("rejects with Twilio's status, code and message", async () => {
    const messages = client({ from: "+12015550100" });
    fake.failNext({
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    fake.failNext({ status: 429, code: 20429, message: "Too Many Requests" });
    const first = await messages.create("+12015550123", "Hi", CALLBACK).catch((e: unknown) => e);
    const second = await messages.create("+12015550123", "Hi", CALLBACK).catch((e: unknown) => e);
    messages.close();

    expect(first).toBeInstanceOf(TwilioRestError);
    expect(first).toMatchObject({
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    expect(second).toMatchObject({ status: 429, code: 20429 });
    expect(fake.messages).toHaveLength(0);
  });

  it("rejects as a network error on a reset connection and on no answer within the timeout", async () => {
    const messages = client({ from: "+12015550100" }, 300);
    fake.failNext({ reset: true });
    fake.failNext({ hang: true });
    const reset = await messages.create("+12015550123", "Hi", CALLBACK).catch((e: unknown) => e);
    const hung = await messages.create("+12015550123", "Hi", CALLBACK).catch((e: unknown) => e);
    const after = await messages.create("+12015550123", "Hi", CALLBACK);
    messages.close();

    expect(reset).toBeInstanceOf(Error);
    expect(reset).not.toBeInstanceOf(TwilioRestError);
    expect(hung).toBeInstanceOf(Error);
    expect((hung as Error).message).toMatch(/no answer from Twilio in 300 ms/);
    expect(after.sid).toBe(fake.messages[0]!.sid);
  });

  it.each(FAULT_NAMES)(
    "rejects as a network error by its timeout when Twilio took the text and its answer meets %s",
    async (name) => {
      const timeoutMs = 300;
      const fault: Fault =
        name === "slow-first-byte"
          ? { fault: name, ms: timeoutMs * 4 }
          : name === "drip"
            ? { fault: name, ms: 50 }
            : { fault: name };
      const messages = client({ from: "+12015550100" }, timeoutMs);
      fake.failNext({ wire: fault });
      const broken = await messages.create("+12015550123", "Hi", CALLBACK).catch((e: unknown) => e);
      const after = await messages.create("+12015550123", "Hi", CALLBACK);
      messages.close();

      expect(broken).toBeInstanceOf(Error);
      expect(broken).not.toBeInstanceOf(TwilioRestError);
      // Twilio took both: the first answer was lost, not the text.
      expect(fake.messages).toHaveLength(2);
      expect(after.sid).toBe(fake.messages[1]!.sid);
    },
  );
});
