import { eq } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";

/** Check-in texts on again: reminders on and any pause lifted (the dashboard, "resume" by text). */
export function resumeTexts(userId: number) {
  db.update(schema.users)
    .set({ sendCheckInReminders: true, pausedUntil: null, updatedAt: new Date() })
    .where(eq(schema.users.id, userId))
    .run();
}
