import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";
import { TINY_PNG } from "../fakes/twilio-server";

/** The user's messages as stored, newest first. */
export const messagesOf = (userId: number) =>
  db
    .select()
    .from(schema.messages)
    .where(eq(schema.messages.userId, userId))
    .orderBy(desc(schema.messages.id))
    .all();

/** A one-pixel PNG kept in the database as the user's photo; returns its /media id. */
export function storeTinyPhoto(userId: number) {
  const id = randomBytes(16).toString("base64url");
  db.insert(schema.media)
    .values({
      id,
      userId,
      fileName: "photo-1.png",
      contentType: "image/png",
      size: TINY_PNG.byteLength,
      data: TINY_PNG,
    })
    .run();
  return id;
}
