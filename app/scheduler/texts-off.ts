// Why scheduled texts do not reach a user, in the order a person would fix them. The tick selects
// the same users in SQL (activeUserFilter in tick.server.ts, then the entitlements check); a test
// holds the two forms to one answer (tests/integration/today-card.test.ts).

export type TextsOff =
  "unverified" | "opted_out" | "undeliverable" | "plan_ended" | "reminders_off" | "paused";

export type TextsOffInput = {
  phoneVerifiedAt: Date | null;
  phoneUndeliverableCode: string | null;
  pausedUntil: Date | null;
  sendCheckInReminders: boolean;
  optedOut: boolean;
  /** From the entitlements module: whether the plan includes scheduled texts at `now`. */
  scheduledTexts: boolean;
};

export function textsOffReason(user: TextsOffInput, now: Date): TextsOff | null {
  if (!user.phoneVerifiedAt) return "unverified";
  if (user.optedOut) return "opted_out";
  if (user.phoneUndeliverableCode) return "undeliverable";
  if (!user.scheduledTexts) return "plan_ended";
  if (!user.sendCheckInReminders) return "reminders_off";
  if (user.pausedUntil && user.pausedUntil.getTime() > now.getTime()) return "paused";
  return null;
}
