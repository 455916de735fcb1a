import { rmSync } from "node:fs";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { twilioSid } from "../fakes/twilio-server";
import {
  call,
  createTestUser,
  makeRequest,
  markPhoneVerified,
  sessionCookie,
} from "../helpers/requests";
import { signedTwilioPost } from "../helpers/twilio-webhook";
import * as inboundRoute from "~/routes/webhooks+/twilio.messages";
import * as mediaRoute from "~/routes/_resources+/media.$id";
import * as shareMediaRoute from "~/routes/share+/$token_.media.$id";
import { createShareLink } from "~/sharing/share-links.server";
import { migrateStoredPhotos } from "~/media/media-store.server";
import { storeBlogImage } from "~/blog/images.server";
import * as blogImageRoute from "~/routes/_resources+/blog-images.$id";
import * as editorRoute from "~/routes/blog+/edit.$id";
import { db, schema } from "~/utils/db/db.server";

// Photos in object storage: a real S3 API (s3rver on 127.0.0.1) as the bucket, Twilio faked over
// HTTP, the app's own routes. The env module reads all of this when it loads.
const { ACCOUNT_SID, AUTH_TOKEN, FROM, s3, litefsDir, twilioEnv, fake } = await vi.hoisted(
  async () => {
    const { makeLitefsDir, pointAppAtFakeTwilio, startS3 } = await import("../helpers/app-env");
    const ACCOUNT_SID = `AC${"9".repeat(32)}`;
    const AUTH_TOKEN = "media-storage-auth-token-0123456789";
    const FROM = "+12015550199";
    const s3 = await startS3("streakcoach-media");
    const litefsDir = makeLitefsDir("coach-media-litefs-");
    const twilioEnv = await pointAppAtFakeTwilio({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      env: {
        LITEFS_DIR: litefsDir,
        ...s3.appEnv,
      },
    });
    const { fake } = twilioEnv;
    return { ACCOUNT_SID, AUTH_TOKEN, FROM, s3, litefsDir, twilioEnv, fake };
  },
);

afterAll(async () => {
  await twilioEnv.restore();
  await s3.stop();
  rmSync(litefsDir, { recursive: true, force: true });
});

const bucket = new S3Client({
  endpoint: s3.settings.endpoint,
  region: s3.settings.region,
  forcePathStyle: true,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});
const keysInBucket = async (prefix = "media/") =>
  (
    await bucket.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }))
  ).Contents?.map((o) => o.Key!) ?? [];

async function verifiedUser() {
  const user = await createTestUser();
  markPhoneVerified(user.id);
  return user;
}

/** A JPEG with EXIF that names a place, as a phone camera writes it. */
const photoWithLocation = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
    .jpeg()
    .withExif({ IFD0: { Make: "Phone", Copyright: "Lat 40.7128 Long -74.0060" } })
    .toBuffer();

async function mmsFrom(phone: string, bytes: Buffer) {
  const mediaPath = fake.addMedia({ contentType: "image/jpeg", bytes });
  const params = {
    MessageSid: twilioSid("SM"),
    AccountSid: ACCOUNT_SID,
    From: phone,
    To: FROM,
    Body: "done 1",
    NumMedia: "1",
    MediaUrl0: `https://api.twilio.com${mediaPath}`,
    MediaContentType0: "image/jpeg",
  };
  const response = await call(
    inboundRoute.action,
    signedTwilioPost("/webhooks/twilio/messages", params, AUTH_TOKEN),
  );
  expect(response.status).toBe(200);
}

const mediaOf = (userId: number) =>
  db.select().from(schema.media).where(eq(schema.media.userId, userId)).all();

describe("photos in object storage", () => {
  it("an MMS photo lands in the bucket with a thumbnail, EXIF stripped, and none of its bytes in the database", async () => {
    const owner = await verifiedUser();
    const original = await photoWithLocation();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    await mmsFrom(owner.phone, original);

    const [row] = mediaOf(owner.id);
    expect(row).toMatchObject({ data: null, storageKey: `media/${row!.id}` });
    expect(await keysInBucket()).toEqual(
      expect.arrayContaining([`media/${row!.id}`, `media/${row!.id}.thumb.webp`]),
    );

    const cookie = await sessionCookie(owner.id);
    const full = await call(mediaRoute.loader, makeRequest(`/media/${row!.id}`, { cookie }), {
      id: row!.id,
    });
    expect(full.status).toBe(200);
    const kept = Buffer.from(await full.arrayBuffer());
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(full.headers.get("ETag")).toBe(`"${row!.sha256}"`);

    const thumb = await call(
      mediaRoute.loader,
      makeRequest(`/media/${row!.id}?size=thumb`, { cookie }),
      { id: row!.id },
    );
    expect(thumb.headers.get("Content-Type")).toBe("image/webp");

    // A share link with photos ticked serves it; another user gets the same 404 as for nothing.
    const link = createShareLink(owner.id, {
      label: "Coach",
      ownerName: "Sam",
      includePhotos: true,
      expires: "never",
    });
    const shared = await call(
      shareMediaRoute.loader,
      makeRequest(`/share/${link.token}/media/${row!.id}`),
      { token: link.token, id: row!.id },
    );
    expect(shared.status).toBe(200);
    const stranger = await createTestUser();
    const refused = await call(
      mediaRoute.loader,
      makeRequest(`/media/${row!.id}`, { cookie: await sessionCookie(stranger.id) }),
      { id: row!.id },
    );
    expect(refused.status).toBe(404);
  });

  it("npm run media:migrate moves photos kept in the database to the bucket, and a second run moves none", async () => {
    const user = await createTestUser();
    const bytes = await photoWithLocation();
    const ids = ["OldPhotoOne000000001", "OldPhotoTwo000000002"];
    for (const id of ids)
      db.insert(schema.media)
        .values({
          id,
          userId: user.id,
          fileName: "photo-1.jpeg",
          contentType: "image/jpeg",
          size: bytes.byteLength,
          data: bytes,
        })
        .run();

    expect(await migrateStoredPhotos()).toBeGreaterThanOrEqual(2);
    for (const row of mediaOf(user.id)) {
      expect(row).toMatchObject({ data: null, storageKey: `media/${row.id}` });
      expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(await keysInBucket()).toEqual(
      expect.arrayContaining(ids.flatMap((id) => [`media/${id}`, `media/${id}.thumb.webp`])),
    );
    expect(await migrateStoredPhotos()).toBe(0);
    const left = db
      .select()
      .from(schema.media)
      .all()
      .filter((m) => m.data !== null);
    expect(left).toEqual([]);
  });
});

describe("blog images in object storage", () => {
  it("an uploaded featured image lands in the bucket with its card version and is served from there", async () => {
    const admin = await createTestUser({ admin: true });
    const path = await storeBlogImage(await photoWithLocation(), admin.id);
    const id = path.slice("/blog-images/".length);
    const row = db.select().from(schema.blogImages).where(eq(schema.blogImages.id, id)).get();
    expect(row).toMatchObject({ data: null, storageKey: `blog/${id}` });
    expect(await keysInBucket("blog/")).toEqual(
      expect.arrayContaining([`blog/${id}`, `blog/${id}.card.webp`]),
    );
    const served = await call(blogImageRoute.loader, makeRequest(path), { id });
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).exif).toBeUndefined();
  });

  const editorSave = async (fields: Record<string, string | File>, adminId: number) => {
    const body = new FormData();
    body.set("intent", "save");
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return call(
      editorRoute.action,
      makeRequest("/blog/edit/new", { body, cookie: await sessionCookie(adminId) }),
      { id: "new" },
    );
  };
  const CONTENT =
    "Small promises, kept every day, are how habits are built. Text your goal each morning.";

  it("stores nothing for an image sent with a post that does not validate", async () => {
    const admin = await createTestUser({ admin: true });
    const keysBefore = await keysInBucket("blog/");
    const rowsBefore = db.select().from(schema.blogImages).all().length;
    const response = await editorSave(
      {
        title: "",
        content: "too short",
        image: new File([new Uint8Array(await photoWithLocation())], "photo.jpg", {
          type: "image/jpeg",
        }),
      },
      admin.id,
    );
    expect(response.status).toBe(400);
    expect(await keysInBucket("blog/")).toEqual(keysBefore);
    expect(db.select().from(schema.blogImages).all()).toHaveLength(rowsBefore);
  });

  it("removes the stored image again when the post cannot be saved (a slug already taken)", async () => {
    const admin = await createTestUser({ admin: true });
    const first = await editorSave({ title: "Taken slug", content: CONTENT }, admin.id);
    expect(first.status).toBe(302);
    const keysBefore = await keysInBucket("blog/");
    const rowsBefore = db.select().from(schema.blogImages).all().length;
    const response = await editorSave(
      {
        title: "Taken slug",
        content: CONTENT,
        image: new File([new Uint8Array(await photoWithLocation())], "photo.jpg", {
          type: "image/jpeg",
        }),
      },
      admin.id,
    );
    expect(response.status).toBe(409);
    expect(await keysInBucket("blog/")).toEqual(keysBefore);
    expect(db.select().from(schema.blogImages).all()).toHaveLength(rowsBefore);
  });
});
