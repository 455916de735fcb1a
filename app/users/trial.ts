const DAY_MS = 24 * 60 * 60 * 1000;

/** When a trial that starts at sign-up ends (billing's entitlements read the stored date). */
export function trialEndFrom(signUp: Date, trialDays: number): Date {
  return new Date(signUp.getTime() + trialDays * DAY_MS);
}
