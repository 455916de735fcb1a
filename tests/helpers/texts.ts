import { handleIncomingText } from "~/conversation/inbound.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { createTestUser } from "./requests";

/**
 * A real account with a verified number, both dated 2026-01-01: the tests' June and November days
 * then fall well after the account began.
 */
export async function userVerifiedSinceNewYear() {
  const created = await createTestUser();
  const newYear = Date.parse("2026-01-01T00:00:00Z");
  sqlite
    .prepare("update users set phone_verified_at = ?, created_at = ? where id = ?")
    .run(newYear, newYear, created.id);
  return getUserById(created.id)!;
}

/** A text from the user's phone (or web chat), handled as the webhook hands it to the engine at `now`. */
export const textFromUser = (
  userId: number,
  body: string,
  now: Date,
  source: "sms" | "web" = "sms",
) => handleIncomingText(getUserById(userId)!, { text: body, source }, now);
