/** Where something the owner may revoke, and that may expire, stands: a share link, an API token. */
export type ExpiringState = "active" | "expired" | "revoked";

export function expiringState(
  grant: { expiresAt: Date | null; revokedAt: Date | null },
  now: Date,
): ExpiringState {
  if (grant.revokedAt) return "revoked";
  if (grant.expiresAt && grant.expiresAt <= now) return "expired";
  return "active";
}

/** The end of something chosen to last a number of days from now, or never. */
export function expiryAfterDays(choice: "never" | `${number}`, now: Date): Date | null {
  return choice === "never" ? null : new Date(now.getTime() + Number(choice) * 86_400_000);
}
