import { randomBytes } from "node:crypto";
import type { Arbitrary } from "fast-check";
import Stripe from "stripe";
import twilio from "twilio";
import { fakeSubscription } from "../fakes/stripe-server";
import { twilioSid } from "../fakes/twilio-server";
import { makeRequest, uniquePhone } from "../helpers/requests";
import {
  answer,
  bogusCookie,
  callers,
  expectSafe,
  fc,
  formRequest,
  hostileFormFields,
  hostileHeaders,
  hostileString,
  hostileValue,
  identity,
  malformedBody,
  nearlyValidFormFields,
  rawRequest,
  short,
} from "../helpers/robustness";
import * as inbound from "~/routes/webhooks+/twilio.messages";
import * as status from "~/routes/webhooks+/twilio.status";
import * as stripeWebhook from "~/routes/webhooks+/stripe";
import * as billing from "~/routes/settings+/billing";
import { sendTextToUser } from "~/sms/outbound.server";

// Both webhooks (and the billing form, which needs billing on) get random and hostile input: requests
// without a signature, with a forged or stale one, and correctly signed ones whose parameters or
// events are garbage (wrong types, huge and control strings, markup and SQL), plus bodies that are no
// form or no JSON under any content type. For every answer: no 5xx and nothing thrown but a Response;
// for every rejection the database is exactly as before and the body says why.
//
// Twilio signs over the public URL (APP_URL) and Stripe with the webhook secret: both fakes start
// first, then the environment points the app at them, then the app modules load (env.server reads it).
const { ACCOUNT_SID, AUTH_TOKEN, FROM, APP_URL, WEBHOOK_SECRET, fakeTwilio, fakeStripe, appEnv } =
  await vi.hoisted(async () => {
    const { setAppEnv, startFakeStripe, startFakeTwilio } = await import("../helpers/app-env");
    const ACCOUNT_SID = `AC${"3".repeat(32)}`;
    const AUTH_TOKEN = "robustness-auth-token-0123456789abcdef";
    const FROM = "+12015550100";
    const APP_URL = "https://coach.example.test";
    const STRIPE_SECRET_KEY = "sk_test_robustness";
    const WEBHOOK_SECRET = "whsec_robustness_0123456789";

    const fakeTwilio = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    const fakeStripe = await startFakeStripe({
      secretKey: STRIPE_SECRET_KEY,
      prices: ["price_basic_robustness", "price_premium_robustness"],
    });
    const ENV = {
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: FROM,
      TWILIO_API_URL: fakeTwilio.url,
      SMS_MAX_PER_SECOND: "10000",
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_BASIC: "price_basic_robustness",
      STRIPE_PRICE_PREMIUM: "price_premium_robustness",
      STRIPE_API_URL: fakeStripe.url,
      APP_URL,
    };
    const appEnv = setAppEnv(ENV);
    delete process.env.TWILIO_MESSAGING_SERVICE_SID;
    return {
      ACCOUNT_SID,
      AUTH_TOKEN,
      FROM,
      APP_URL,
      WEBHOOK_SECRET,
      fakeTwilio,
      fakeStripe,
      appEnv,
    };
  });

afterAll(async () => {
  await fakeTwilio.stop();
  await fakeStripe.close();
  appEnv.restore();
});

beforeEach(() => {
  fakeTwilio.reset();
  // The routes log failures they recover from; hostile input provokes them on purpose.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const { account, cookie: cookieOf } = callers();

const INBOUND = "/webhooks/twilio/messages";
const STATUS = "/webhooks/twilio/status";
const FORM = "application/x-www-form-urlencoded; charset=UTF-8";
const RUNS = 40;

let userPhone = "";
/** Sids of texts we sent, so that status callbacks sometimes name a real one. */
const sentSids: string[] = [];

beforeAll(async () => {
  const user = await account("user");
  userPhone = user.phone;
  // A text the status callbacks can name (a verification text goes to unverified numbers too).
  await sendTextToUser(user, "Your StreakCoach code is 000000", "verification");
  for (const message of fakeTwilio.messagesTo(user.phone)) sentSids.push(message.sid);
  expect(sentSids.length).toBe(1);
});

const sign = (path: string, params: Record<string, string>, token = AUTH_TOKEN) =>
  twilio.getExpectedTwilioSignature(token, `${APP_URL}${path}`, params);

/** A form POST to a Twilio webhook; the signature is over `signed` (default: what is sent). */
function twilioPost(
  path: string,
  pairs: [string, string][],
  signature: string | null,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams(pairs).toString();
  return makeRequest(path, {
    method: "POST",
    headers: {
      "Content-Type": FORM,
      ...(signature === null ? {} : { "X-Twilio-Signature": signature }),
      ...headers,
    },
    body,
  });
}

/** The parameters as the app reads them (one value per name; the route rejects repeats anyway). */
const asParams = (pairs: [string, string][]) => Object.fromEntries(pairs);

const inboundFields = {
  From: fc.oneof(
    fc.constant("$user"),
    fc.constant(null).map(() => uniquePhone()),
  ),
  To: fc.constant(FROM),
  Body: fc.constantFrom("hello", "DONE", "STOP", "START", "HELP", "goal: read", "YES", ""),
  MessageSid: fc.constant(null).map(() => twilioSid("SM")),
  AccountSid: fc.constant(ACCOUNT_SID),
  NumMedia: fc.constantFrom("0", "1", "11", "9999"),
  MediaUrl0: fc.constantFrom(
    "https://api.twilio.com/2010-04-01/Accounts/x/Messages/y/Media/missing",
    "https://evil.example/x.png",
    "data:image/png;base64,AAAA",
  ),
  MediaContentType0: fc.constantFrom("image/png", "text/html"),
};

const statusFields = {
  MessageSid: fc.oneof(
    fc.constant("$sent"),
    fc.constant(null).map(() => twilioSid("SM")),
  ),
  MessageStatus: fc.constantFrom("delivered", "undelivered", "failed", "sent", "queued"),
  SmsStatus: fc.constantFrom("delivered", "failed"),
  ErrorCode: fc.constantFrom("30003", "21610", "30006", ""),
  AccountSid: fc.constant(ACCOUNT_SID),
};

const resolvePairs = (pairs: [string, string][]) =>
  pairs.map(([name, value]): [string, string] => [
    name,
    value === "$user" ? userPhone : value === "$sent" ? (sentSids[0] ?? value) : value,
  ]);

/** A signature that is not Twilio's for this request. */
const forgedSignature = fc.oneof(
  fc.constant(null),
  fc.constantFrom("", "garbage", "AAAAAAAAAAAAAAAAAAAAAAAAAAA=", "\u00e9\u00e9"),
  // Valid base64 HMAC, but with another token, or over other parameters.
  fc.constant("other-token"),
  fc.constant("other-params"),
);

function forge(kind: string | null, path: string, params: Record<string, string>) {
  if (kind === "other-token") return sign(path, params, "not-the-auth-token");
  if (kind === "other-params") return sign(path, { ...params, Body: "tampered" });
  return kind;
}

const TWILIO = [
  {
    name: "POST /webhooks/twilio/messages",
    path: INBOUND,
    action: inbound.action,
    fields: inboundFields,
  },
  {
    name: "POST /webhooks/twilio/status",
    path: STATUS,
    action: status.action,
    fields: statusFields,
  },
];

describe.each(TWILIO)("$name", ({ path, action, fields }) => {
  const pairsArb = fc.oneof(hostileFormFields(fields), nearlyValidFormFields(fields));

  it("refuses anything without a valid X-Twilio-Signature with a 403, changing nothing", async () => {
    await fc.assert(
      fc.asyncProperty(pairsArb, forgedSignature, async (rawPairs, forgery) => {
        const pairs = resolvePairs(rawPairs);
        const a = await expectSafe("webhook", () =>
          answer(action, twilioPost(path, pairs, forge(forgery, path, asParams(pairs)))),
        );
        // Without the header nothing is read at all; with a wrong one, a body the route cannot
        // read (a repeated parameter, too large) is a 400/413 before the signature is checked.
        if (forgery === null || forgery === "") expect(a.status).toBe(403);
        else expect([400, 403, 413]).toContain(a.status);
      }),
      { numRuns: RUNS },
    );
  });

  it("answers signed but hostile parameters without a 5xx, and rejects them without writing", async () => {
    await fc.assert(
      fc.asyncProperty(pairsArb, async (rawPairs) => {
        const pairs = resolvePairs(rawPairs);
        // Twilio signs every value of a repeated name; the route refuses repeats, signed or not.
        const a = await expectSafe("webhook", () =>
          answer(action, twilioPost(path, pairs, sign(path, asParams(pairs)))),
        );
        expect([200, 204, 400, 413]).toContain(a.status);
      }),
      { numRuns: RUNS },
    );
  });

  it("answers bodies that are no form, signed or not, with a 4xx, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        malformedBody,
        fc.boolean(),
        hostileHeaders,
        async (raw, signed, headers) => {
          const a = await expectSafe("webhook", () =>
            answer(
              action,
              rawRequest(path, "POST", raw, {
                headers: { ...headers, "X-Twilio-Signature": signed ? sign(path, {}) : "forged" },
              }),
            ),
          );
          expect(a.status).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Stripe

const EVENT_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
  "invoice.paid",
  "charge.refunded",
];

/** Mostly the valid value, sometimes anything at all. */
const mostly = <T>(valid: Arbitrary<T>) =>
  fc.oneof(
    { weight: 5, arbitrary: valid as Arbitrary<unknown> },
    { weight: 1, arbitrary: hostileValue },
  );

/** An event-shaped object whose every part may be garbage; "$user" stands for the user's id. */
const hostileEvent = fc
  .record({
    id: mostly(fc.constant(null).map(() => `evt_${randomBytes(8).toString("hex")}`)),
    object: mostly(fc.constant("event")),
    created: mostly(fc.integer({ min: 0, max: 2_000_000_000 })),
    type: mostly(fc.constantFrom(...EVENT_TYPES)),
    data: mostly(
      fc.record({
        object: mostly(
          fc.record(
            {
              id: mostly(fc.constant("sub_robust")),
              object: fc.constantFrom("subscription", "checkout.session", "invoice"),
              mode: mostly(fc.constant("subscription")),
              client_reference_id: mostly(fc.constant("$user")),
              customer: mostly(fc.constant("cus_robust")),
              subscription: mostly(fc.constant("sub_robust")),
              status: mostly(
                fc.constantFrom("active", "trialing", "past_due", "canceled", "unpaid"),
              ),
              metadata: mostly(fc.record({ userId: mostly(fc.constant("$user")) })),
              items: mostly(
                fc.record({
                  data: fc.array(
                    fc.record({
                      price: mostly(
                        fc.record({ id: mostly(fc.constant("price_premium_robustness")) }),
                      ),
                      current_period_end: mostly(fc.integer({ min: 0, max: 2_000_000_000 })),
                    }),
                    { maxLength: 2 },
                  ),
                }),
              ),
              cancel_at_period_end: mostly(fc.boolean()),
              cancel_at: mostly(fc.constant(null)),
            },
            // Every key present, usually: a missing one is tried through `mostly` above.
          ),
        ),
      }),
    ),
  })
  .map((event) => event as Record<string, unknown>);

let userId = 0;
beforeAll(async () => {
  userId = (await account("user")).id;
  // The subscription the events name, known to the fake Stripe (a checkout reads it back from there).
  fakeStripe.subscriptions.set(
    "sub_robust",
    fakeSubscription({
      id: "sub_robust",
      itemId: "si_robust",
      customer: "cus_robust",
      status: "active",
      metadata: { userId: String(userId) },
      price: "price_premium_robustness",
      periodEnd: Math.floor(Date.now() / 1000) + 30 * 86_400,
    }),
  );
});

const payloadOf = (event: Record<string, unknown>) =>
  JSON.stringify(event).replaceAll('"$user"', JSON.stringify(String(userId)));

function stripePost(payload: BodyInit | undefined, signature: string | null, contentType?: string) {
  const headers: Record<string, string> = {};
  if (contentType !== undefined) headers["Content-Type"] = contentType;
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return makeRequest("/webhooks/stripe", { method: "POST", headers, body: payload });
}

const stripeSign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

describe("POST /webhooks/stripe", () => {
  it("refuses anything without a valid Stripe-Signature with a 400, changing nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileEvent,
        fc.constantFrom("none", "garbage", "other-secret", "other-payload", "stale", "hostile"),
        hostileString,
        async (event, forgery, junk) => {
          const payload = payloadOf(event);
          const signature =
            forgery === "none"
              ? null
              : forgery === "garbage"
                ? "t=1,v1=deadbeef"
                : forgery === "other-secret"
                  ? stripeSign(payload, "whsec_not_ours")
                  : forgery === "other-payload"
                    ? stripeSign(`${payload} `)
                    : forgery === "stale"
                      ? stripeSign(payload, WEBHOOK_SECRET, 1_000_000)
                      : junk.replace(/[^\t\x20-\x7e]/g, "");
          const a = await expectSafe("webhook", () =>
            answer(stripeWebhook.action, stripePost(payload, signature, "application/json")),
          );
          expect([400, 413], short(a.text)).toContain(a.status);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("answers signed but hostile events without a 5xx, and rejects them without writing", async () => {
    await fc.assert(
      fc.asyncProperty(hostileEvent, async (event) => {
        const payload = payloadOf(event);
        await expectSafe("webhook", () =>
          answer(
            stripeWebhook.action,
            stripePost(payload, stripeSign(payload), "application/json"),
          ),
        );
      }),
      { numRuns: 60 },
    );
  });

  it("answers malformed bodies and wrong content types, signed or not, with a 4xx, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(malformedBody, fc.boolean(), async (raw, signed) => {
        const text = typeof raw.body === "string" ? raw.body : "";
        const a = await expectSafe("webhook", () =>
          answer(
            stripeWebhook.action,
            stripePost(raw.body, signed ? stripeSign(text) : "t=1,v1=00", raw.contentType),
          ),
        );
        expect(a.status).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// The billing form (settings.billing.tsx): here, where billing is on and Stripe is the fake.

describe("POST /settings/billing", () => {
  const fields = {
    intent: fc.constantFrom("subscribe", "manage", "cancel"),
    plan: fc.constantFrom("basic", "premium"),
  };

  it("answers hostile form posts without a 5xx, and rejects them without writing", async () => {
    await fc.assert(
      fc.asyncProperty(
        identity,
        bogusCookie,
        fc.oneof(hostileFormFields(fields), nearlyValidFormFields(fields)),
        fc.boolean(),
        async (who, bogus, pairs, multipart) => {
          const cookie = await cookieOf(who, bogus);
          await expectSafe("form", () =>
            answer(billing.action, formRequest("/settings/billing", pairs, { cookie, multipart })),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("answers bodies that are no form with a 4xx, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(identity, bogusCookie, malformedBody, async (who, bogus, raw) => {
        const cookie = await cookieOf(who, bogus);
        await expectSafe("form", () =>
          answer(billing.action, rawRequest("/settings/billing", "POST", raw, { cookie })),
        );
      }),
      { numRuns: RUNS },
    );
  });
});
