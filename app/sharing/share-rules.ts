import { randomBytes } from "node:crypto";

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

export type ShareLinkState = "active" | "expired" | "revoked";

export function shareLinkState(
  link: { expiresAt: Date | null; revokedAt: Date | null },
  now: Date,
): ShareLinkState {
  if (link.revokedAt) return "revoked";
  if (link.expiresAt && link.expiresAt <= now) return "expired";
  return "active";
}

export const EXPIRY_CHOICES = [
  { value: "never", label: "Never" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
] as const;

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]["value"];

export function expiryFrom(choice: ExpiryChoice, now: Date): Date | null {
  return choice === "never" ? null : new Date(now.getTime() + Number(choice) * 86_400_000);
}

export const MAX_ACTIVE_LINKS_PER_USER = 20;
/** Revoked and expired links kept for the owner's list; older ones are deleted as new ones come. */
export const MAX_PAST_LINKS_PER_USER = 20;
