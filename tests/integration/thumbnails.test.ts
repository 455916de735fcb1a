import { randomBytes } from "node:crypto";
import sharp from "sharp";
import * as mediaRoute from "~/routes/_resources+/media.$id";
import * as shareMediaRoute from "~/routes/share+/$token_.media.$id";
import { thumbnailStats } from "~/media/thumbnails.server";
import { createShareLink } from "~/sharing/share-links.server";
import { db, schema } from "~/utils/db/db.server";
import { call, createTestUser, makeRequest, sessionCookie } from "../helpers/requests";

// Pages show proof photos as thumbnails: made on the server (never the full file scaled by the
// browser), with the same access rule as the photo itself.

function storePhoto(userId: number, data: Buffer, contentType = "image/png") {
  const id = randomBytes(16).toString("base64url");
  db.insert(schema.media)
    .values({ id, userId, fileName: "photo.png", contentType, size: data.byteLength, data })
    .run();
  return id;
}

const photo = (width: number, height: number, format: "png" | "jpeg" = "png") =>
  sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    [format]()
    .toBuffer();

const get = (id: string, cookie?: string, query = "?size=thumb") =>
  call(mediaRoute.loader, makeRequest(`/media/${id}${query}`, { cookie }), { id });

const getShared = (token: string, id: string, query = "?size=thumb") =>
  call(shareMediaRoute.loader, makeRequest(`/share/${token}/media/${id}${query}`), { token, id });

async function dimensions(response: Response) {
  const { width, height, format } = await sharp(
    Buffer.from(await response.arrayBuffer()),
  ).metadata();
  return { width, height, format };
}

const shareLink = (userId: number, includePhotos: boolean) =>
  createShareLink(userId, { label: "Coach", ownerName: "Sam", includePhotos, expires: "never" });

describe("/media/:id?size=thumb", () => {
  it("serves a private WebP at most 160 px for ?size=thumb, and the full photo without it", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    const original = await photo(1600, 1200);
    const id = storePhoto(user.id, original);

    const thumb = await get(id, cookie);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("Content-Type")).toBe("image/webp");
    expect(thumb.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
    expect(Number(thumb.headers.get("Content-Length"))).toBeLessThan(original.byteLength / 10);
    expect(await dimensions(thumb)).toEqual({ width: 160, height: 120, format: "webp" });

    const full = await get(id, cookie, "");
    expect(full.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.compare(Buffer.from(await full.arrayBuffer()), original)).toBe(0);
  });

  it("resizes a portrait JPEG by its longer side and never enlarges a small photo", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    const portrait = storePhoto(user.id, await photo(900, 1800, "jpeg"), "image/jpeg");
    const small = storePhoto(user.id, await photo(40, 30));
    expect(await dimensions(await get(portrait, cookie))).toEqual({
      width: 80,
      height: 160,
      format: "webp",
    });
    expect(await dimensions(await get(small, cookie))).toEqual({
      width: 40,
      height: 30,
      format: "webp",
    });
  });

  it("makes a thumbnail once: later and simultaneous requests are served from the cache", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    const id = storePhoto(user.id, await photo(1200, 900));
    const before = thumbnailStats();
    const [a, b] = await Promise.all([get(id, cookie), get(id, cookie)]);
    const again = await get(id, cookie);
    const after = thumbnailStats();
    expect(after.made - before.made).toBe(1);
    expect(after.entries - before.entries).toBe(1);
    const bytes = await Promise.all(
      [a, b, again].map(async (r) => Buffer.from(await r.arrayBuffer())),
    );
    expect(Buffer.compare(bytes[0]!, bytes[1]!)).toBe(0);
    expect(Buffer.compare(bytes[0]!, bytes[2]!)).toBe(0);
  });

  it("keeps the photo's access rule: another user and nobody get the same 404, an admin sees it", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const admin = await createTestUser({ admin: true });
    const id = storePhoto(owner.id, await photo(800, 600));
    const missing = await get("no-such-photo-id-000000", await sessionCookie(owner.id));
    for (const response of [await get(id, await sessionCookie(other.id)), await get(id)]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(await missing.clone().text());
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    }
    expect((await get(id, await sessionCookie(admin.id))).status).toBe(200);
  });

  it("answers a file that is no readable image with a 'No preview' placeholder, never a 500", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    const id = storePhoto(user.id, Buffer.from("not an image at all"), "image/jpeg");
    const before = thumbnailStats().made;
    for (let i = 0; i < 2; i++) {
      const thumb = await get(id, cookie);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get("Content-Type")).toBe("image/svg+xml");
      expect(thumb.headers.get("Content-Security-Policy")).toContain("sandbox");
      expect(await thumb.text()).toContain("No preview");
    }
    // The unreadable file is not decoded again for the second request.
    expect(thumbnailStats().made - before).toBe(1);
  });
});

describe("/share/:token/media/:id?size=thumb", () => {
  it("serves the thumbnail through a live link that includes photos, and nothing otherwise", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const id = storePhoto(owner.id, await photo(1000, 1000));
    const withPhotos = shareLink(owner.id, true);

    const thumb = await getShared(withPhotos.token, id);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("Content-Type")).toBe("image/webp");
    expect(thumb.headers.get("Cache-Control")).toMatch(/^private, /);
    expect(thumb.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(await dimensions(thumb)).toEqual({ width: 160, height: 160, format: "webp" });

    expect((await getShared(shareLink(owner.id, false).token, id)).status).toBe(404);
    expect((await getShared(shareLink(other.id, true).token, id)).status).toBe(404);
    expect((await getShared("not-a-real-token", id)).status).toBe(404);
  });
});
