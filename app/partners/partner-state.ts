/**
 * The life of a coach or partner, pure: the stored status moves on replies, and the opt-out
 * registry (STOP from the number) overrides it for as long as it lasts.
 */

export type PartnerStatus = "invited" | "active" | "declined";
export type PartnerState = PartnerStatus | "opted_out";
export type PartnerAnswer = "yes" | "no";
export type PartnerText = "weekly_summary" | "monthly_summary" | "evening_note";

export type PartnerChoices = {
  weeklySummary: boolean;
  monthlySummary: boolean;
  eveningNotes: boolean;
};

export const MAX_PARTNERS_PER_USER = 5;
/** Invitation texts one account may cause in a rolling day, removed partners included. */
export const MAX_INVITATIONS_PER_ACCOUNT_PER_DAY = 3;
/** Invitation texts one number may receive, from every account together, in a rolling 30 days. */
export const MAX_INVITATIONS_PER_NUMBER = 3;
/** A number that has not said YES (it declined or ignored us) is not invited again for this long. */
export const REINVITE_AFTER_DAYS = 30;

export const STATE_LABELS: Record<PartnerState, string> = {
  invited: "Invited",
  active: "Active",
  declined: "Declined",
  opted_out: "Opted out",
};

export function partnerState(status: PartnerStatus, optedOut: boolean): PartnerState {
  return optedOut ? "opted_out" : status;
}

/** YES makes an invited or declined partner active; NO declines an invitation. */
export function respond(status: PartnerStatus, answer: PartnerAnswer): PartnerStatus {
  if (answer === "yes") return "active";
  return status === "invited" ? "declined" : status;
}

/** Whether this text may go to the partner now: only after YES, never after STOP, and only what was chosen. */
export function mayReceive(state: PartnerState, choices: PartnerChoices, text: PartnerText) {
  if (state !== "active") return false;
  if (text === "weekly_summary") return choices.weeklySummary;
  if (text === "monthly_summary") return choices.monthlySummary;
  return choices.eveningNotes;
}
