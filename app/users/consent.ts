// No zod here: the sign-up page shows this text, so it ships to the browser.
export const CONSENT_LEAD =
  "I agree to receive recurring automated, non-promotional text messages (goal check-ins and reminders) " +
  "at the number above. Message and data rates may apply. Reply STOP to opt out, HELP for help.";

/** Exactly what the sign-up form shows; recorded with each consent. */
export const CONSENT_TEXT = `${CONSENT_LEAD} I agree to the Privacy Policy and Terms of Service.`;
