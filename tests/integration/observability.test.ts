import type { Server } from "node:http";
import { twilioSid } from "../fakes/twilio-server";
import { TEST_APP_URL } from "../helpers/app-env";
import { call, createTestUser, makeRequest, markPhoneVerified } from "../helpers/requests";
import { signedTwilioPost } from "../helpers/twilio-webhook";
import * as inboundRoute from "~/routes/webhooks+/twilio.messages";
import { refuseRequest } from "~/http/request-guard.server";
import { finishRequest, recognizeRoutes } from "~/observability/requests.server";
import { serveMetrics } from "~/observability/metrics-server.server";
import { captureLogs } from "~/observability/logger.server";
import { sendTextToUser } from "~/sms/outbound.server";
import { getUserById } from "~/users/users.server";

// Metrics on their own port and JSON logs that never hold a number, an email or a message body,
// over the real webhook, the request hooks and Twilio (faked over HTTP on 127.0.0.1).
const twilioEnv = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilioOnLitefs } = await import("../helpers/app-env");
  return pointAppAtFakeTwilioOnLitefs("coach-observability-litefs-", {
    accountSid: `AC${"7".repeat(32)}`,
    authToken: "observability-auth-token-0123456789",
    from: "+12015550188",
  });
});
const { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, fake } = twilioEnv;

recognizeRoutes(["routes/webhooks.twilio.messages"]);

let metrics: Server;
let metricsUrl: string;

beforeAll(async () => {
  metrics = await serveMetrics(0, "127.0.0.1");
  const address = metrics.address() as { port: number };
  metricsUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise((resolve) => metrics.close(resolve));
  await twilioEnv.restore();
});

beforeEach(() => fake.reset());

/** A signed inbound text through the request hooks and the webhook route, as the server runs it. */
async function textIn(phone: string, body: string) {
  const params = {
    MessageSid: twilioSid("SM"),
    AccountSid: ACCOUNT_SID,
    From: phone,
    To: FROM,
    Body: body,
    NumMedia: "0",
  };
  const request = signedTwilioPost("/webhooks/twilio/messages", params, AUTH_TOKEN);
  const context = {};
  expect(refuseRequest(request, context)).toBeNull();
  const response = await call(inboundRoute.action, request);
  finishRequest(request, context, "routes/webhooks.twilio.messages", response);
  return response;
}

async function verifiedUser() {
  const user = await createTestUser();
  markPhoneVerified(user.id);
  return getUserById(user.id)!;
}

const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();

describe("metrics", () => {
  it("serves the streakcoach_ series on their own port, and nothing else there", async () => {
    const user = await verifiedUser();
    const response = await textIn(user.phone, "1. Run 5k 2. Read");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);

    const text = await scrape();
    expect(text).toMatch(
      /^streakcoach_inbound_texts_total\{intent="set_goals",channel="sms"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^streakcoach_texts_sent_total\{kind="conversation",result="sent"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^streakcoach_http_request_duration_seconds_count\{route="routes\/webhooks.twilio.messages",method="POST",status="200"\} [1-9]/m,
    );
    expect(text).toContain("streakcoach_process_cpu_user_seconds_total");
    expect(text).toContain("streakcoach_send_queue_depth");
    expect(text).toContain("streakcoach_scheduler_tick_duration_seconds");
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
  });

  it("counts a cross-site form post, refused with 403, and Twilio's errors by code", async () => {
    const before = await scrape();
    const refusalsOf = (text: string) =>
      Number(/^streakcoach_origin_refusals_total (\d+)/m.exec(text)?.[1] ?? 0);
    const refused = refuseRequest(
      makeRequest("/settings", { method: "POST", headers: { Origin: "https://evil.example" } }),
      {},
    );
    expect(refused?.status).toBe(403);
    // Behind Fly's proxy the Host header is kept: a post from our own host goes through.
    const own = makeRequest("/settings", {
      method: "POST",
      headers: { Origin: TEST_APP_URL, "X-Forwarded-Proto": "https" },
    });
    expect(refuseRequest(own, {})).toBeNull();

    const user = await verifiedUser();
    fake.failNext({ status: 429, code: 20429, message: "Too Many Requests" });
    await sendTextToUser(user, "Hello", "conversation");
    const after = await scrape();
    expect(refusalsOf(after)).toBe(refusalsOf(before) + 1);
    expect(after).toMatch(/^streakcoach_twilio_errors_total\{code="20429"\} [1-9]/m);
    expect(after).toMatch(
      /^streakcoach_texts_sent_total\{kind="conversation",result="failed"\} [1-9]/m,
    );
  });
});

describe("logs", () => {
  it("are JSON lines with the request id, and never hold a number, an email or a message body", async () => {
    const user = await verifiedUser();
    const national = user.phone.slice(2);
    const body = "Walk the neighbour's dog at the lake";
    const lines = await captureLogs(async () => {
      await textIn(user.phone, body);
      // Twilio names the number in its error message; the log line must not.
      fake.failNext({
        status: 400,
        code: 21211,
        message: `The 'To' number ${user.phone} is not a valid phone number.`,
      });
      await sendTextToUser(user, `Reminder about ${body}`, "conversation");
      fake.failNext({ status: 500, code: 20500, message: `Internal error for ${user.email}` });
      await sendTextToUser(user, body, "conversation");
    }, "debug");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.find((l) => l.msg === "request")).toMatchObject({
      route: "routes/webhooks.twilio.messages",
      status: 200,
      reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(parsed.some((l) => l.msg === "text not sent")).toBe(true);
    const all = lines.join("\n");
    for (const secret of [user.phone, national, user.email, body, "neighbour"])
      expect(all).not.toContain(secret);
  });
});
