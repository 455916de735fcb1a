import sharp from "sharp";
import * as mediaRoute from "~/routes/media.$id";
import { thumbnailCacheSize } from "~/media/thumbnails.server";
import { db, schema } from "~/utils/db.server";
import { call, createTestUser, makeRequest, sessionCookie } from "../helpers/requests";

// Pages show proof photos as thumbnails: made on the server (never the full file scaled by the
// browser), with the same access rule as the photo itself.

let count = 0;
async function storePhoto(userId: number, data: Buffer, contentType = "image/png") {
  const id = `thumbtest${++count}${"x".repeat(12)}`;
  db.insert(schema.media)
    .values({ id, userId, fileName: "photo.png", contentType, size: data.byteLength, data })
    .run();
  return id;
}

const bigPhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();

const get = (id: string, cookie?: string, query = "?size=thumb") =>
  call(mediaRoute.loader, makeRequest(`/media/${id}${query}`, { cookie }), { id });

it("serves a WebP at most 160 px for ?size=thumb, and the full photo without it", async () => {
  const user = await createTestUser();
  const cookie = await sessionCookie(user.id);
  const original = await bigPhoto();
  const id = await storePhoto(user.id, original);

  const thumb = await get(id, cookie);
  expect(thumb.status).toBe(200);
  expect(thumb.headers.get("Content-Type")).toBe("image/webp");
  const bytes = Buffer.from(await thumb.arrayBuffer());
  const { width, height } = await sharp(bytes).metadata();
  expect(Math.max(width!, height!)).toBe(160);
  expect(bytes.byteLength).toBeLessThan(original.byteLength);

  const full = await get(id, cookie, "");
  expect(Buffer.compare(Buffer.from(await full.arrayBuffer()), original)).toBe(0);
});

it("makes a thumbnail once and keeps it", async () => {
  const user = await createTestUser();
  const cookie = await sessionCookie(user.id);
  const id = await storePhoto(user.id, await bigPhoto());
  await get(id, cookie);
  const after = thumbnailCacheSize().entries;
  await get(id, cookie);
  expect(thumbnailCacheSize().entries).toBe(after);
});

it("keeps the photo's access rule: another user and nobody get the same 404", async () => {
  const owner = await createTestUser();
  const other = await createTestUser();
  const id = await storePhoto(owner.id, await bigPhoto());
  expect((await get(id, await sessionCookie(other.id))).status).toBe(404);
  expect((await get(id)).status).toBe(404);
});

it("answers a file that is no readable image with a grey placeholder, never a 500", async () => {
  const user = await createTestUser();
  const id = await storePhoto(user.id, Buffer.from("not an image at all"), "image/jpeg");
  const thumb = await get(id, await sessionCookie(user.id));
  expect(thumb.status).toBe(200);
  expect(thumb.headers.get("Content-Type")).toBe("image/svg+xml");
});
