// No zod here: the sign-up page shows this text, so it ships to the browser.

/** How often we text, as the opt-in, the welcome and HELP say it (a 10DLC campaign must name it). */
export const MESSAGE_FREQUENCY = "about 2 msgs/day";

export const CONSENT_LEAD =
  "I agree to receive recurring automated, non-promotional text messages (goal check-ins and reminders) " +
  `from StreakCoach at the number above. Message frequency: ${MESSAGE_FREQUENCY}. ` +
  "Message and data rates may apply. Reply STOP to opt out, HELP for help.";

/** Exactly what the sign-up form shows; recorded with each consent. */
export const CONSENT_TEXT = `${CONSENT_LEAD} I agree to the Privacy Policy and Terms of Service.`;
