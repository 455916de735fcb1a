import type { Goal } from "../../db/schema";
import { entitlementsOf } from "~/billing/billing.server";
import { nextQuestion } from "~/scheduler/due-times";
import { textsOffReason, type TextsOff, isOptedOut } from "~/sms/may-text.server";
import { habitsToAvoidOf } from "~/habits/habit-slips.server";
import { formatUsPhone } from "~/users/phone";
import { getUserByPhone, type PublicUser } from "~/users/users.server";
import { formatLongDate } from "~/utils/time/format";

export type TodayCard =
  | { state: "on"; next: string; about: string }
  | { state: TextsOff; phone: string; until: string | null; numberTaken: boolean };

const NEXT_ABOUT = {
  morning: "We'll ask for your goals for the day.",
  evening: "We'll ask how today's goals went.",
};

function weekdayAndTime(instant: Date, timeZone: string) {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(instant);
}

/** What the top of the dashboard says happens next: the next text, or what stops it. */
export function todayCard(user: PublicUser, todaysGoals: Goal[], now = new Date()): TodayCard {
  const reason = textsOffReason(
    {
      ...user,
      optedOut: isOptedOut(user.phone),
      scheduledTexts: entitlementsOf(user, now).scheduledTexts,
    },
    now,
  );
  if (reason) {
    return {
      state: reason,
      phone: formatUsPhone(user.phone),
      until: user.pausedUntil ? formatLongDate(user.pausedUntil, user.timezone) : null,
      // Another account verified this number first: this one must use a different number.
      numberTaken:
        reason === "unverified" && (getUserByPhone(user.phone)?.id ?? user.id) !== user.id,
    };
  }
  const { when, kind } = nextTextOf(user, todaysGoals, now);
  return { state: "on", next: `Next text: ${when}`, about: NEXT_ABOUT[kind] };
}

/** The next scheduled question: its kind, and when as "Tuesday 7:00 PM" in the user's zone. */
export function nextTextOf(
  user: Pick<
    PublicUser,
    "id" | "timezone" | "preferredCheckInTimeMorning" | "preferredCheckInTimeEvening"
  >,
  todaysGoals: Goal[],
  now = new Date(),
) {
  // A kept habit to avoid is still asked about in the evening ("Any slips?").
  const avoided = habitsToAvoidOf(user.id);
  const next = nextQuestion(
    {
      timezone: user.timezone,
      morning: user.preferredCheckInTimeMorning,
      evening: user.preferredCheckInTimeEvening,
    },
    now,
    todaysGoals.map((g) => ({
      completed_at: g.completedAt,
      skipped_at: g.skippedAt,
      avoid: g.habitId !== null && avoided.has(g.habitId),
    })),
  );
  // Intl puts a comma after the weekday.
  return { kind: next.kind, when: weekdayAndTime(next.dueAt, user.timezone).replace(",", "") };
}
