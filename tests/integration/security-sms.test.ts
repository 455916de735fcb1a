import sharp from "sharp";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestUser } from "../helpers/requests";
import { receiveInboundSms } from "~/conversation/inbound.server";
import { getTransport } from "~/sms/transport.server";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { photoBytes } from "~/media/media-store.server";

// Node's own fetch, as in production (remix-serve is patched to keep it, see patches/).

const { ACCOUNT_SID, AUTH_TOKEN, FROM, twilioEnv, fake } = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilio, TEST_APP_URL } = await import("../helpers/app-env");
  const ACCOUNT_SID = `AC${"7".repeat(32)}`;
  const AUTH_TOKEN = "fake-auth-token-security-0123456789";
  const FROM = "+12015550100";

  const twilioEnv = await pointAppAtFakeTwilio({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from: FROM,
    env: { APP_URL: TEST_APP_URL },
  });
  const { fake } = twilioEnv;
  return { ACCOUNT_SID, AUTH_TOKEN, FROM, twilioEnv, fake };
});

/** A CDN stand-in on another local port: it records what it was sent and serves one PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const cdnRequests: IncomingHttpHeaders[] = [];
const cdn = createServer((req, res) => {
  cdnRequests.push(req.headers);
  res.writeHead(200, { "Content-Type": "image/png", "Content-Length": PNG.byteLength });
  res.end(PNG);
});
await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
const cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/media/photo.png`;

afterAll(async () => {
  await new Promise((resolve) => cdn.close(resolve));
  await twilioEnv.restore();
});

beforeEach(() => {
  fake.reset();
  cdnRequests.length = 0;
});

describe("MMS photos behind Twilio's redirect to its CDN", () => {
  it("the credentials go to the Twilio API only, never to the host it redirects to", async () => {
    const path = fake.addMedia({ redirectTo: cdnUrl });
    const file = await getTransport().fetchMedia(`https://api.twilio.com${path}`);
    expect(file.contentType).toBe("image/png");
    expect(Buffer.compare(file.bytes, PNG)).toBe(0);
    expect(fake.requests.at(-1)).toMatchObject({
      path,
      authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
    });
    expect(cdnRequests).toHaveLength(1);
    expect(cdnRequests[0]!.authorization).toBeUndefined();
  });

  it("the photo of an MMS still arrives through the inbound path and is stored for its owner", async () => {
    const user = await createTestUser();
    sqlite.prepare("update users set phone_verified_at = ? where id = ?").run(Date.now(), user.id);
    const path = fake.addMedia({ redirectTo: cdnUrl });
    await receiveInboundSms({
      from: user.phone,
      body: "proof",
      messageSid: `SM${"a".repeat(32)}`,
      media: [{ url: `https://api.twilio.com${path}`, contentType: "image/png" }],
    });
    const stored = db
      .select()
      .from(schema.media)
      .all()
      .filter((m) => m.userId === user.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data).toBeNull();
    const kept = await photoBytes(stored[0]!);
    expect((await sharp(kept!).metadata()).format).toBe("png");
    expect(cdnRequests.every((h) => h.authorization === undefined)).toBe(true);
  });
});

describe("a number belongs to the account that verified it", () => {
  it("texts from a number an account holds but never verified are a stranger's: no thread, goals or photos", async () => {
    const user = await createTestUser();
    const path = fake.addMedia();
    const result = await receiveInboundSms({
      from: user.phone,
      body: "Run 5k",
      messageSid: `SM${"b".repeat(32)}`,
      media: [{ url: `https://api.twilio.com${path}`, contentType: "image/png" }],
    });
    expect(result.status).toBe("unknown_number");
    const mine = (table: "messages" | "goals" | "media") =>
      sqlite.prepare(`select count(*) as n from ${table} where user_id = ?`).get(user.id);
    expect(mine("messages")).toEqual({ n: 0 });
    expect(mine("goals")).toEqual({ n: 0 });
    expect(mine("media")).toEqual({ n: 0 });

    sqlite.prepare("update users set phone_verified_at = ? where id = ?").run(Date.now(), user.id);
    const owned = await receiveInboundSms({
      from: user.phone,
      body: "HELP",
      messageSid: `SM${"c".repeat(32)}`,
      media: [],
    });
    expect(owned).toMatchObject({ status: "handled", user: { id: user.id } });
    expect(mine("messages")).not.toEqual({ n: 0 });
  });
});

describe("texts from numbers without an account", () => {
  let sidCount = 0;
  const text = (from: string, body: string) =>
    receiveInboundSms({
      from,
      body,
      messageSid: `SM${String(++sidCount).padStart(32, "0")}`,
      media: [],
    });

  it("get one answer a day, whatever they send; STOP is always confirmed", async () => {
    const stranger = "+12015550142";
    await text(stranger, "hi");
    expect(fake.messagesTo(stranger)).toHaveLength(1);
    expect(fake.messagesTo(stranger)[0]!.body).toMatch(/isn't linked to an account/);
    for (const body of ["hello?", "HELP", "START", "who is this"]) await text(stranger, body);
    expect(fake.messagesTo(stranger)).toHaveLength(1);
    await text(stranger, "STOP");
    expect(fake.messagesTo(stranger)).toHaveLength(2);
    expect(fake.messagesTo(stranger)[1]!.body).toMatch(/unsubscribed|opted out|STOP/i);
  });

  it("are never answered when international, not a valid US mobile, or our own number", async () => {
    for (const from of ["+447700900123", "+33612345678", "+1201555", FROM]) {
      await text(from, "hi");
      await text(from, "HELP");
    }
    expect(fake.messages).toHaveLength(0);
  });
});
