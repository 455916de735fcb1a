/** The name of the field people never see or fill (see components/honeypot.tsx). */
export const HONEYPOT_FIELD = "website";
