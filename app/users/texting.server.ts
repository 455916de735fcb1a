import { resumeFrom } from "./pauses.server";

/** Check-in texts on again: reminders on and any pause lifted (the dashboard, "resume" by text). */
export function resumeTexts(user: { id: number; timezone: string }, now = new Date()) {
  resumeFrom(user, now);
}
