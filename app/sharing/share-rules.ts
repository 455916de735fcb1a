import { randomBytes } from "node:crypto";
import { expiringState, expiryAfterDays, type ExpiringState } from "~/utils/time/expiry";

/** 24 random bytes: 192 bits, well past the 128 a guess would have to beat. */
export const TOKEN_BYTES = 24;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export function newShareToken() {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** A token of the right shape; anything else is not looked up at all. */
export function isWellFormedToken(token: string) {
  return TOKEN.test(token);
}

export type ShareLinkState = ExpiringState;
export const shareLinkState = expiringState;

export const EXPIRY_CHOICES = [
  { value: "never", label: "Never" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
] as const;

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]["value"];

export const expiryFrom: (choice: ExpiryChoice, now: Date) => Date | null = expiryAfterDays;

export const MAX_ACTIVE_LINKS_PER_USER = 20;
/** Revoked and expired links kept for the owner's list; older ones are deleted as new ones come. */
export const MAX_PAST_LINKS_PER_USER = 20;
