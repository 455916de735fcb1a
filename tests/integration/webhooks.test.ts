import sharp from "sharp";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import twilio from "twilio";
import { TINY_PNG, twilioSid } from "../fakes/twilio-server";
import { TEST_APP_URL } from "../helpers/app-env";
import {
  call,
  createTestUser,
  makeRequest,
  markPhoneVerified,
  sessionCookie,
  uniquePhone,
} from "../helpers/requests";
import { storeTinyPhoto } from "../helpers/stored-rows";
import * as inboundRoute from "~/routes/webhooks+/twilio.messages";
import * as statusRoute from "~/routes/webhooks+/twilio.status";
import * as mediaRoute from "~/routes/_resources+/media.$id";
import { sendTextToUser } from "~/sms/outbound.server";
import { isOptedOut } from "~/sms/may-text.server";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { photoBytes } from "~/media/media-store.server";
import { env } from "~/utils/env/env.server";

// Webhooks are signed by Twilio over the public URL (APP_URL); replies and media downloads go to a fake
// Twilio REST API. The env module reads all of this when it loads, so it is set before any app import.
const twilioEnv = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilioOnLitefs } = await import("../helpers/app-env");
  return pointAppAtFakeTwilioOnLitefs("coach-webhooks-litefs-", {
    accountSid: `AC${"2".repeat(32)}`,
    authToken: "webhook-auth-token-0123456789abcdef",
    from: "+12015550100",
  });
});
const { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, litefsDir, fake } = twilioEnv;
const APP_URL = TEST_APP_URL;

const INBOUND = "/webhooks/twilio/messages";
const STATUS = "/webhooks/twilio/status";
const FORM = "application/x-www-form-urlencoded; charset=UTF-8"; // what Twilio sends

afterAll(() => twilioEnv.restore());

beforeEach(() => fake.reset());

type SignOptions = {
  /** Token to sign with (default: the configured one). */
  token?: string;
  /** The URL to sign (default: APP_URL + path, which is what Twilio signs). */
  signedUrl?: string;
  /** Parameters to sign when they differ from the ones sent. */
  signedParams?: Record<string, string>;
  signature?: string | null;
};

/** A POST the way Twilio makes it: form body, X-Twilio-Signature from the twilio package's own helper. */
function twilioPost(pathname: string, params: Record<string, string>, options: SignOptions = {}) {
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(
          options.token ?? AUTH_TOKEN,
          options.signedUrl ?? `${APP_URL}${pathname}`,
          options.signedParams ?? params,
        )
      : options.signature;
  const headers: Record<string, string> = { "Content-Type": FORM };
  if (signature !== null) headers["X-Twilio-Signature"] = signature;
  return makeRequest(pathname, {
    method: "POST",
    headers,
    body: new URLSearchParams(params).toString(),
  });
}

/** A request with an arbitrary body, signed for the given parameters. */
function rawPost(
  pathname: string,
  body: BodyInit | undefined,
  headers: Record<string, string>,
  signedParams: Record<string, string> = {},
) {
  return makeRequest(pathname, {
    method: "POST",
    body,
    headers: {
      "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
        AUTH_TOKEN,
        `${APP_URL}${pathname}`,
        signedParams,
      ),
      ...headers,
    },
  });
}

const postInbound = (params: Record<string, string>, options?: SignOptions) =>
  call(inboundRoute.action, twilioPost(INBOUND, params, options));
const postStatus = (params: Record<string, string>, options?: SignOptions) =>
  call(statusRoute.action, twilioPost(STATUS, params, options));

function inboundParams(from: string, body: string, extra: Record<string, string> = {}) {
  return {
    ToCountry: "US",
    SmsMessageSid: "",
    NumMedia: "0",
    MessageSid: twilioSid("SM"),
    AccountSid: ACCOUNT_SID,
    From: from,
    To: FROM,
    Body: body,
    NumSegments: "1",
    ApiVersion: "2010-04-01",
    ...extra,
  };
}

async function verifiedUser() {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  return getUserById(created.id)!;
}

const receipt = (sid: string) =>
  db.select().from(schema.inboundReceipts).where(eq(schema.inboundReceipts.messageSid, sid)).get();
const bySid = (sid: string) =>
  db.select().from(schema.messages).where(eq(schema.messages.providerSid, sid)).all();
const allMessages = () => db.select().from(schema.messages).all();
const mediaOf = (userId: number) =>
  db.select().from(schema.media).where(eq(schema.media.userId, userId)).all();

async function expectEmptyTwiml(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/xml/);
  expect(await response.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
}

describe("X-Twilio-Signature on POST /webhooks/twilio/messages", () => {
  it("refuses a request without a signature with 403 and stores nothing", async () => {
    const user = await verifiedUser();
    const params = inboundParams(user.phone, "STOP");
    const response = await postInbound(params, { signature: null });
    expect(response.status).toBe(403);
    expect(receipt(params.MessageSid)).toBeUndefined();
    expect(bySid(params.MessageSid)).toHaveLength(0);
    expect(isOptedOut(user.phone)).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });

  it.each<[string, SignOptions]>([
    ["signed with another auth token", { token: "not-our-token-0123456789abcdef" }],
    [
      "signed over the internal URL instead of APP_URL",
      { signedUrl: `http://localhost${INBOUND}` },
    ],
    ["signed for another path", { signedUrl: `${APP_URL}/webhooks/twilio/status` }],
    ["a garbage signature", { signature: "bm90IGEgc2lnbmF0dXJl" }],
  ])("refuses a request %s with 403", async (_label, options) => {
    const user = await verifiedUser();
    const params = inboundParams(user.phone, "STOP");
    const response = await postInbound(params, options);
    expect(response.status).toBe(403);
    expect(receipt(params.MessageSid)).toBeUndefined();
    expect(isOptedOut(user.phone)).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a body changed after signing", async () => {
    const user = await verifiedUser();
    const signed = inboundParams(user.phone, "1. Run 5k");
    const sent = { ...signed, Body: "STOP" };
    const response = await postInbound(sent, { signedParams: signed });
    expect(response.status).toBe(403);
    expect(receipt(signed.MessageSid)).toBeUndefined();
    expect(isOptedOut(user.phone)).toBe(false);
  });

  it("refuses every webhook while no auth token is configured (the local transport's case)", async () => {
    const user = await verifiedUser();
    const params = inboundParams(user.phone, "STOP");
    const token = env.TWILIO_AUTH_TOKEN;
    env.TWILIO_AUTH_TOKEN = undefined;
    try {
      const response = await postInbound(params, { token: "" });
      expect(response.status).toBe(403);
      const status = await postStatus(
        { MessageSid: twilioSid("SM"), MessageStatus: "delivered" },
        { token: "" },
      );
      expect(status.status).toBe(403);
    } finally {
      env.TWILIO_AUTH_TOKEN = token;
    }
    expect(receipt(params.MessageSid)).toBeUndefined();
  });

  it("answers GET with 405", async () => {
    const response = await call(inboundRoute.loader, makeRequest(INBOUND));
    expect(response.status).toBe(405);
    expect((await call(statusRoute.loader, makeRequest(STATUS))).status).toBe(405);
  });

  it("sends the request to the primary from a LiteFS replica, storing nothing", async () => {
    const user = await verifiedUser();
    const params = inboundParams(user.phone, "STOP");
    writeFileSync(path.join(litefsDir, ".primary"), "primary-host\n");
    try {
      const response = await postInbound(params);
      expect(response.headers.get("fly-replay")).toBe("instance=primary-host");
      expect(response.status).toBeGreaterThanOrEqual(400);
    } finally {
      rmSync(path.join(litefsDir, ".primary"), { force: true });
    }
    expect(receipt(params.MessageSid)).toBeUndefined();
    expect(isOptedOut(user.phone)).toBe(false);
  });
});

describe("odd input on POST /webhooks/twilio/messages", () => {
  it("answers 400 for a POST without a body", async () => {
    const response = await call(inboundRoute.action, rawPost(INBOUND, undefined, {}));
    expect(response.status).toBe(400);
  });

  it("answers 400 for a JSON body", async () => {
    const user = await verifiedUser();
    const params = inboundParams(user.phone, "STOP");
    const response = await call(
      inboundRoute.action,
      rawPost(INBOUND, JSON.stringify(params), { "Content-Type": "application/json" }, params),
    );
    expect(response.status).toBe(400);
    expect(receipt(params.MessageSid)).toBeUndefined();
  });

  it("answers 413 for a huge body, declared or not", async () => {
    const user = await verifiedUser();
    const params = inboundParams(user.phone, "x".repeat(100_000));
    const body = new URLSearchParams(params).toString();
    const streamed = await call(
      inboundRoute.action,
      rawPost(INBOUND, body, { "Content-Type": FORM }, params),
    );
    expect(streamed.status).toBe(413);
    const declared = await call(
      inboundRoute.action,
      rawPost(
        INBOUND,
        body,
        { "Content-Type": FORM, "Content-Length": String(body.length) },
        params,
      ),
    );
    expect(declared.status).toBe(413);
    expect(receipt(params.MessageSid)).toBeUndefined();
  });

  it("answers 400 for bytes that are not UTF-8", async () => {
    const body = Buffer.concat([
      Buffer.from("From=%2B12015550000&Body="),
      Buffer.from([0xff, 0xfe]),
    ]);
    const response = await call(
      inboundRoute.action,
      rawPost(INBOUND, body, { "Content-Type": FORM }),
    );
    expect(response.status).toBe(400);
  });

  it("answers 400 for a repeated parameter", async () => {
    const user = await verifiedUser();
    const sid = twilioSid("SM");
    const body = `From=${encodeURIComponent(user.phone)}&MessageSid=${sid}&Body=a&Body=b`;
    const response = await call(
      inboundRoute.action,
      rawPost(
        INBOUND,
        body,
        { "Content-Type": FORM },
        { From: user.phone, MessageSid: sid, Body: "a" },
      ),
    );
    expect(response.status).toBe(400);
    expect(receipt(sid)).toBeUndefined();
  });

  it("answers 400 for a signed request without From or MessageSid, storing nothing", async () => {
    const user = await verifiedUser();
    const { From: _from, ...noFrom } = inboundParams(user.phone, "STOP");
    expect((await postInbound(noFrom)).status).toBe(400);
    expect(receipt(noFrom.MessageSid)).toBeUndefined();

    const { MessageSid: _sid, ...noSid } = inboundParams(user.phone, "STOP");
    expect((await postInbound(noSid)).status).toBe(400);
    expect((await postInbound({ ...noSid, MessageSid: "../../etc" })).status).toBe(400);
    expect(isOptedOut(user.phone)).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });
});

// These go through receiveInboundSms (app/conversation/inbound.server.ts) and the conversation engine.
describe("inbound texts", () => {
  it("stores a user's text once even when Twilio posts the same MessageSid twice", async () => {
    const user = await verifiedUser();
    const params = inboundParams(user.phone, "1. Run 5k 2. Read 30 pages");

    await expectEmptyTwiml(await postInbound(params));
    const stored = bySid(params.MessageSid);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      userId: user.id,
      fromSystem: false,
      source: "sms",
      body: "1. Run 5k 2. Read 30 pages",
    });
    expect(receipt(params.MessageSid)).toBeDefined();
    const replies = fake.messagesTo(user.phone).length;
    expect(replies).toBe(1);

    // The replay (Twilio's retry, or someone resending a captured request) changes nothing.
    const countBefore = allMessages().length;
    await expectEmptyTwiml(await postInbound(params));
    expect(bySid(params.MessageSid)).toHaveLength(1);
    expect(allMessages()).toHaveLength(countBefore);
    expect(fake.messagesTo(user.phone)).toHaveLength(replies);
  });

  it("answers a number with no account once, pointing to the website", async () => {
    const stranger = uniquePhone();
    const params = inboundParams(stranger, "hello?");
    await expectEmptyTwiml(await postInbound(params));
    await expectEmptyTwiml(await postInbound(params));
    const replies = fake.messagesTo(stranger);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain(APP_URL);
    expect(replies[0]!.from).toBe(FROM);
  });

  it("opts a user out on STOP with one confirmation and nothing after it", async () => {
    const user = await verifiedUser();
    await expectEmptyTwiml(await postInbound(inboundParams(user.phone, "STOP")));
    expect(isOptedOut(user.phone)).toBe(true);
    const replies = fake.messagesTo(user.phone);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toMatch(/unsubscribed/i);

    expect(await sendTextToUser(getUserById(user.id)!, "Good morning!", "morning")).toEqual({
      sent: false,
      reason: "opted_out",
    });
    expect(fake.messagesTo(user.phone)).toHaveLength(1);
  });

  it("keeps an MMS photo, downloaded from Twilio with our credentials, linked to the message", async () => {
    const user = await verifiedUser();
    const photo = fake.addMedia();
    const card = fake.addMedia({ contentType: "text/vcard", bytes: Buffer.from("BEGIN:VCARD") });
    const params = inboundParams(user.phone, "done 1", {
      NumMedia: "2",
      MediaUrl0: `https://api.twilio.com${photo}`,
      MediaContentType0: "image/png",
      MediaUrl1: `https://api.twilio.com${card}`,
      MediaContentType1: "text/vcard",
    });
    await expectEmptyTwiml(await postInbound(params));

    const [message] = bySid(params.MessageSid);
    expect(message).toBeDefined();
    const stored = mediaOf(user.id);
    expect(stored).toHaveLength(1); // images only
    expect(stored[0]).toMatchObject({
      userId: user.id,
      messageId: message!.id,
      contentType: "image/png",
      data: null,
      storageKey: `media/${stored[0]!.id}`,
    });
    const kept = await photoBytes(stored[0]!);
    expect(kept!.byteLength).toBe(stored[0]!.size);
    expect((await sharp(kept!).metadata()).format).toBe("png");
    expect(message!.mediaUrls).toEqual([`/media/${stored[0]!.id}`]);
    expect(stored[0]!.id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    const download = fake.requests.find((r) => r.path === photo);
    expect(download?.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
    );

    // The owner gets the photo back from our own storage.
    const response = await call(
      mediaRoute.loader,
      makeRequest(`/media/${stored[0]!.id}`, { cookie: await sessionCookie(user.id) }),
      { id: stored[0]!.id },
    );
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(kept!)).toBe(true);
    expect(response.headers.get("Cache-Control")).toMatch(/^private/);
    // A strong ETag, and 304 for a browser that holds these bytes.
    const etag = response.headers.get("ETag")!;
    expect(etag).toBe(`"${stored[0]!.sha256}"`);
    const again = await call(
      mediaRoute.loader,
      makeRequest(`/media/${stored[0]!.id}`, {
        cookie: await sessionCookie(user.id),
        headers: { "If-None-Match": etag },
      }),
      { id: stored[0]!.id },
    );
    expect(again.status).toBe(304);
  });

  it("ignores a NumMedia that is not a number and still takes the text", async () => {
    const user = await verifiedUser();
    const params = inboundParams(user.phone, "list", {
      NumMedia: "abc",
      MediaUrl0: `https://api.twilio.com${fake.addMedia()}`,
      MediaContentType0: "image/png",
    });
    await expectEmptyTwiml(await postInbound(params));
    expect(bySid(params.MessageSid)).toHaveLength(1);
    expect(mediaOf(user.id)).toHaveLength(0);
  });

  it("fetches at most 10 media however many are announced", async () => {
    const user = await verifiedUser();
    const extra: Record<string, string> = { NumMedia: "50" };
    for (let i = 0; i < 50; i++) {
      extra[`MediaUrl${i}`] = `https://api.twilio.com${fake.addMedia()}`;
      extra[`MediaContentType${i}`] = "image/png";
    }
    await expectEmptyTwiml(await postInbound(inboundParams(user.phone, "done", extra)));
    expect(fake.requests.filter((r) => r.method === "GET")).toHaveLength(10);
    expect(mediaOf(user.id)).toHaveLength(10);
  });

  it("takes a text with an empty Body", async () => {
    const user = await verifiedUser();
    const params = inboundParams(user.phone, "");
    await expectEmptyTwiml(await postInbound(params));
    expect(bySid(params.MessageSid)).toHaveLength(1);
  });
});

describe("POST /webhooks/twilio/status", () => {
  async function sentMessage() {
    const user = await verifiedUser();
    const outcome = await sendTextToUser(user, "Good morning!", "morning");
    if (!outcome.sent) throw new Error("the send failed");
    return { user, sid: outcome.sid, id: outcome.messageId };
  }
  const message = (id: number) =>
    db.select().from(schema.messages).where(eq(schema.messages.id, id)).get()!;

  it("updates the stored message from a signed callback", async () => {
    const { sid, id } = await sentMessage();
    expect(message(id).status).toBe("queued");

    const sent = await postStatus({ MessageSid: sid, MessageStatus: "sent", SmsStatus: "sent" });
    expect(sent.status).toBe(204);
    expect(message(id).status).toBe("sent");

    await postStatus({ MessageSid: sid, MessageStatus: "delivered", AccountSid: ACCOUNT_SID });
    expect(message(id)).toMatchObject({ status: "delivered", errorCode: null });
  });

  it("records the error code of an undelivered text", async () => {
    const { user, sid, id } = await sentMessage();
    await postStatus({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" });
    expect(message(id)).toMatchObject({ status: "undelivered", errorCode: "30003" });
    expect(isOptedOut(user.phone)).toBe(false);
  });

  it("opts the number out when the callback reports 21610", async () => {
    const { user, sid, id } = await sentMessage();
    await postStatus({ MessageSid: sid, MessageStatus: "failed", ErrorCode: "21610" });
    expect(message(id)).toMatchObject({ status: "failed", errorCode: "21610" });
    expect(isOptedOut(user.phone)).toBe(true);
  });

  it("accepts a callback URL with a query string when APP_URL plus that query was signed", async () => {
    const { sid, id } = await sentMessage();
    const params = { MessageSid: sid, MessageStatus: "delivered" };
    const request = twilioPost(`${STATUS}?attempt=2`, params);
    expect(new URL(request.url).origin).toBe("http://localhost");
    expect((await call(statusRoute.action, request)).status).toBe(204);
    expect(message(id).status).toBe("delivered");
  });

  it("changes nothing for an unknown sid", async () => {
    await sentMessage();
    const before = allMessages();
    const response = await postStatus({ MessageSid: twilioSid("SM"), MessageStatus: "delivered" });
    expect(response.status).toBe(204);
    expect(allMessages()).toEqual(before);
  });

  it("refuses an unsigned or mis-signed callback with 403 and changes nothing", async () => {
    const { sid, id } = await sentMessage();
    const params = { MessageSid: sid, MessageStatus: "failed", ErrorCode: "21610" };
    expect((await postStatus(params, { signature: null })).status).toBe(403);
    expect((await postStatus(params, { token: "another-token-0123456789" })).status).toBe(403);
    expect(message(id)).toMatchObject({ status: "queued", errorCode: null });
  });

  it("answers odd input with 4xx", async () => {
    const { sid, id } = await sentMessage();
    expect((await postStatus({ MessageStatus: "delivered" })).status).toBe(400);
    expect((await postStatus({ MessageSid: sid })).status).toBe(400);
    expect((await postStatus({ MessageSid: sid, MessageStatus: "<script>" })).status).toBe(400);
    const json = await call(
      statusRoute.action,
      rawPost(STATUS, JSON.stringify({ MessageSid: sid }), { "Content-Type": "application/json" }),
    );
    expect(json.status).toBe(400);
    expect((await call(statusRoute.action, rawPost(STATUS, undefined, {}))).status).toBe(400);
    expect(message(id).status).toBe("queued");
  });
});

describe("GET /media/:id", () => {
  const get = async (id: string, userId?: number) =>
    call(
      mediaRoute.loader,
      makeRequest(`/media/${id}`, userId ? { cookie: await sessionCookie(userId) } : {}),
      { id },
    );

  it("serves the photo to its owner with safe headers", async () => {
    const owner = await createTestUser();
    const id = storeTinyPhoto(owner.id);
    const response = await get(id, owner.id);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toMatch(/^private\b/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toMatch(/^inline; filename="photo-1\.png"/);
  });

  it("serves it to an admin", async () => {
    const owner = await createTestUser();
    const admin = await createTestUser({ admin: true });
    const id = storeTinyPhoto(owner.id);
    const response = await get(id, admin.id);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it("answers 404 to another user and to anonymous visitors, as for an id that does not exist", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const id = storeTinyPhoto(owner.id);
    const foreign = await get(id, other.id);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("PNG");
    expect((await get(id)).status).toBe(404);
    expect((await get(randomBytes(16).toString("base64url"), owner.id)).status).toBe(404);
    expect((await get("1", owner.id)).status).toBe(404);
    expect((await get("../../etc/passwd", owner.id)).status).toBe(404);
  });

  it("never lets a stored non-image render inline", async () => {
    const owner = await createTestUser();
    const id = randomBytes(16).toString("base64url");
    db.insert(schema.media)
      .values({
        id,
        userId: owner.id,
        fileName: 'evil".svg',
        contentType: "image/svg+xml",
        size: 5,
        data: Buffer.from("<svg/>"),
      })
      .run();
    const response = await get(id, owner.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="evil_\.svg"/,
    );
  });
});
