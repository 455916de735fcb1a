import { randomBytes } from "node:crypto";
import sharp from "sharp";
import twilio from "twilio";
import { FAULT_NAMES, type Fault } from "../fakes/faults";
import { startFakeTwilio, TINY_PNG, twilioSid, type FakeTwilio } from "../fakes/twilio-server";
import { gifBomb, pngBomb, svgBomb } from "../helpers/image-bombs";
import { signUp, startBuiltServer, type BuiltServer } from "./built-server";

// Photos texted in by MMS, as Twilio delivers them to the production build: signed webhooks, media
// downloaded from a fake Twilio that serves whatever bytes the test gives it, under whatever type.
const ACCOUNT_SID = `AC${"7".repeat(32)}`;
const AUTH_TOKEN = "photos-auth-token-0123456789abcdef";
const FROM = "+12015550177";
const INBOUND = "/webhooks/twilio/messages";
/** The 128 MB heap plus what libvips, the code and the buffers outside the heap take. */
const RSS_CEILING = 300 * 1024 * 1024;
/** How long the server gives one call to Twilio, a media download included. */
const TWILIO_TIMEOUT_MS = 3000;

let fake: FakeTwilio;
let server: BuiltServer;

beforeAll(async () => {
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  server = await startBuiltServer({
    env: {
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: FROM,
      TWILIO_API_URL: fake.url,
      TWILIO_TIMEOUT_MS: String(TWILIO_TIMEOUT_MS),
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});

/** A text from `phone` as Twilio posts it, with media served by the fake under the declared types. */
async function textIn(phone: string, body: string, media: { type: string; bytes: Buffer }[] = []) {
  const params: Record<string, string> = {
    MessageSid: twilioSid("SM"),
    AccountSid: ACCOUNT_SID,
    From: phone,
    To: FROM,
    Body: body,
    NumMedia: String(media.length),
  };
  media.forEach(({ type, bytes }, i) => {
    params[`MediaUrl${i}`] = `https://api.twilio.com${fake.addMedia({ contentType: type, bytes })}`;
    params[`MediaContentType${i}`] = type;
  });
  const response = await fetch(`${server.url}${INBOUND}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
        AUTH_TOKEN,
        `${server.url}${INBOUND}`,
        params,
      ),
    },
    body: new URLSearchParams(params),
    // A guard against a server that never answers, not a timing assertion.
    signal: AbortSignal.timeout(90_000),
  });
  return { response, messageSid: params.MessageSid! };
}

async function verifiedUserWithGoal() {
  const { user, phone } = await signUp(server);
  server
    .db()
    .prepare("UPDATE users SET phone_verified_at = ? WHERE id = ?")
    .run(Date.now(), user.id);
  const { response } = await textIn(phone, "goal: Run 5k");
  expect(response.status).toBe(200);
  return { userId: user.id, phone };
}

const storedMedia = (userId: number) =>
  server.db().prepare("SELECT * FROM media WHERE user_id = ?").all(userId) as {
    id: string;
    content_type: string;
    message_id: number | null;
  }[];

/** A check-in whose one photo is refused: nothing is stored, and the answer says why. */
async function expectPhotoRefused(photo: { type: string; bytes: Buffer }, reply: string) {
  const { userId, phone } = await verifiedUserWithGoal();
  const { response } = await textIn(phone, "done 1", [photo]);
  expect(response.status).toBe(200);
  expect(storedMedia(userId)).toHaveLength(0);
  expect(fake.messagesTo(phone).map((m) => m.body)).toContain(reply);
}

it("keeps the good photo of an MMS, refuses the bombs in plain words, and still counts the check-in", async () => {
  const { userId, phone } = await verifiedUserWithGoal();
  const jpeg = await sharp({
    create: { width: 800, height: 600, channels: 3, background: "#3a7" },
  })
    .jpeg()
    .toBuffer();
  const { response, messageSid } = await textIn(phone, "done 1", [
    { type: "image/png", bytes: svgBomb() },
    // 4500 x 4500 per frame: 20 MP a frame, 40 MP for the two, in 30 KB.
    { type: "image/gif", bytes: gifBomb(4500, 4500, 2) },
    { type: "image/png", bytes: pngBomb(30_000, 30_000) },
    { type: "image/jpeg", bytes: jpeg },
  ]);
  expect(response.status).toBe(200);

  const media = storedMedia(userId);
  expect(media).toHaveLength(1);
  expect(media[0]).toMatchObject({ content_type: "image/jpeg" });
  const message = server
    .db()
    .prepare("SELECT id, media_urls FROM messages WHERE provider_sid = ?")
    .get(messageSid) as { id: number; media_urls: string };
  expect(media[0]!.message_id).toBe(message.id);
  expect(JSON.parse(message.media_urls)).toEqual([`/media/${media[0]!.id}`]);

  const goal = server
    .db()
    .prepare("SELECT completed_at FROM goals WHERE user_id = ?")
    .get(userId) as { completed_at: number | null };
  expect(goal.completed_at).not.toBeNull();

  const replies = fake.messagesTo(phone).map((m) => m.body);
  expect(replies).toContain(
    "We couldn't use 3 of your photos (not a JPEG, PNG, WebP, GIF or HEIC image; too many pixels). Your check-in still counts.",
  );
  expect(server.rss().peak).toBeLessThan(RSS_CEILING);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

it("refuses an SVG that says it is a PNG, with the reason in one short text", async () => {
  await expectPhotoRefused(
    { type: "image/png", bytes: svgBomb() },
    "We couldn't use that photo (it isn't a JPEG, PNG, WebP, GIF or HEIC image). Your check-in still counts.",
  );
  expect(server.rss().peak).toBeLessThan(RSS_CEILING);
});

it("refuses a GIF of two 20-megapixel frames in 30 KB without decoding it", async () => {
  await expectPhotoRefused(
    { type: "image/gif", bytes: gifBomb(4500, 4500, 2) },
    "We couldn't use that photo (it has too many pixels). Your check-in still counts.",
  );
  expect(server.rss().peak).toBeLessThan(RSS_CEILING);
});

it("refuses a PNG whose header declares 30000 x 30000 pixels, and says so", async () => {
  await expectPhotoRefused(
    { type: "image/png", bytes: pngBomb(30_000, 30_000) },
    "We couldn't use that photo (it has too many pixels). Your check-in still counts.",
  );
});

it("keeps the first frame of an animated GIF of many large frames, as a still picture", async () => {
  const { userId, phone } = await verifiedUserWithGoal();
  // Twelve 2000 x 2000 frames in 45 KB.
  const { response } = await textIn(phone, "done 1", [
    { type: "image/gif", bytes: gifBomb(2000, 2000, 12) },
  ]);
  expect(response.status).toBe(200);
  const media = storedMedia(userId);
  expect(media).toHaveLength(1);
  expect(media[0]).toMatchObject({ content_type: "image/png" });
  expect(server.rss().peak).toBeLessThan(RSS_CEILING);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

it("keeps every photo of many MMS arriving at once, holding only a few of them in memory at a time", async () => {
  // Noise does not compress: 2300 x 2300 at quality 92 is about 4.7 MB, near the 5 MB download limit.
  const side = 2300;
  const photo = await sharp(randomBytes(side * side * 3), {
    raw: { width: side, height: side, channels: 3 },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  const senders = await Promise.all(Array.from({ length: 24 }, () => verifiedUserWithGoal()));
  const answers = await Promise.all(
    senders.map(({ phone }) => textIn(phone, "done 1", [{ type: "image/jpeg", bytes: photo }])),
  );
  expect(answers.map(({ response }) => response.status)).toEqual(senders.map(() => 200));
  for (const { userId } of senders) expect(storedMedia(userId)).toHaveLength(1);
  expect(server.rss().peak).toBeLessThan(RSS_CEILING);
});

it("skips the photos whose downloads fail on the wire, keeps the good one, counts the check-in and stays up", async () => {
  const { userId, phone } = await verifiedUserWithGoal();
  const faults: Fault[] = FAULT_NAMES.map((name) =>
    name === "slow-first-byte"
      ? { fault: name, ms: TWILIO_TIMEOUT_MS * 3 }
      : name === "drip"
        ? { fault: name, ms: 200 }
        : { fault: name },
  );
  // An MMS's photos are downloaded in order: the first four meet the faults, the last is whole.
  for (const fault of faults) fake.failNextMedia(fault);
  const photo = { type: "image/png", bytes: TINY_PNG };
  const { response, messageSid } = await textIn(phone, "done 1", [
    ...faults.map(() => photo),
    photo,
  ]);
  expect(response.status).toBe(200);

  const media = storedMedia(userId);
  expect(media).toHaveLength(1);
  const message = server
    .db()
    .prepare("SELECT id FROM messages WHERE provider_sid = ?")
    .get(messageSid) as { id: number };
  expect(media[0]!.message_id).toBe(message.id);
  const goal = server
    .db()
    .prepare("SELECT completed_at FROM goals WHERE user_id = ?")
    .get(userId) as { completed_at: number | null };
  expect(goal.completed_at).not.toBeNull();
  expect(await Promise.race([server.exited, Promise.resolve("running")])).toBe("running");
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
}, 60_000);
