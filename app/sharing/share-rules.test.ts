import {
  EXPIRY_CHOICES,
  expiryFrom,
  isWellFormedToken,
  MAX_ACTIVE_LINKS_PER_USER,
  newShareToken,
  shareLinkState,
  TOKEN_BYTES,
} from "./share-rules";

const URL_SAFE = /^[A-Za-z0-9_-]+$/;
const DAY_MS = 86_400_000;

describe("newShareToken", () => {
  it("carries at least 128 bits: 24 random bytes as 32 base64url characters (192 bits)", () => {
    expect(TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    const token = newShareToken();
    expect(token).toHaveLength(32);
    // 32 characters of a 64-letter alphabet: 6 bits each.
    expect(token.length * 6).toBeGreaterThanOrEqual(128);
    expect(Buffer.from(token, "base64url")).toHaveLength(24);
  });

  it("uses only URL-safe characters, with no padding", () => {
    for (let i = 0; i < 200; i++) {
      const token = newShareToken();
      expect(token).toMatch(URL_SAFE);
      expect(token).not.toContain("=");
      expect(encodeURIComponent(token)).toBe(token);
    }
  });

  it("gives 1000 distinct tokens that all pass isWellFormedToken", () => {
    const tokens = Array.from({ length: 1000 }, () => newShareToken());
    expect(new Set(tokens).size).toBe(1000);
    for (const token of tokens) expect(isWellFormedToken(token)).toBe(true);
  });

  it("draws from the whole base64url alphabet, not a narrower one such as hex", () => {
    const used = new Set(
      Array.from({ length: 1000 }, () => newShareToken())
        .join("")
        .split(""),
    );
    // 32,000 random characters: every one of the 64 letters appears (missing one is ~1e-200 likely).
    expect(used.size).toBe(64);
  });
});

describe("isWellFormedToken", () => {
  const valid = "A".repeat(16) + "z9_-".repeat(4);

  it("accepts 32 base64url characters", () => {
    expect(valid).toHaveLength(32);
    expect(isWellFormedToken(valid)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["31 characters", "a".repeat(31)],
    ["33 characters", "a".repeat(33)],
    ["64 characters", "a".repeat(64)],
    ["standard base64 +", "a".repeat(31) + "+"],
    ["standard base64 /", "a".repeat(31) + "/"],
    ["padding", "a".repeat(31) + "="],
    ["a space", "a".repeat(15) + " " + "a".repeat(16)],
    ["a dot", "a".repeat(31) + "."],
    ["a trailing newline", "a".repeat(32) + "\n"],
    ["a leading newline", "\n" + "a".repeat(32)],
    ["a non-ASCII letter", "é" + "a".repeat(31)],
    ["a path", "../" + "a".repeat(29)],
    ["percent-encoding", "%2F" + "a".repeat(29)],
  ])("rejects %s", (_, token) => {
    expect(isWellFormedToken(token)).toBe(false);
  });
});

describe("shareLinkState", () => {
  const now = new Date("2026-06-15T12:00:00.000Z");
  const before = new Date(now.getTime() - 1);
  const after = new Date(now.getTime() + 1);

  it("is active with no expiry and no revocation", () => {
    expect(shareLinkState({ expiresAt: null, revokedAt: null }, now)).toBe("active");
  });

  it("is active until the expiry instant", () => {
    expect(shareLinkState({ expiresAt: after, revokedAt: null }, now)).toBe("active");
  });

  it("is expired at the expiry instant itself and after it", () => {
    expect(shareLinkState({ expiresAt: new Date(now), revokedAt: null }, now)).toBe("expired");
    expect(shareLinkState({ expiresAt: before, revokedAt: null }, now)).toBe("expired");
  });

  it("is revoked once revoked, whether or not it has expired too", () => {
    expect(shareLinkState({ expiresAt: null, revokedAt: before }, now)).toBe("revoked");
    expect(shareLinkState({ expiresAt: after, revokedAt: before }, now)).toBe("revoked");
    expect(shareLinkState({ expiresAt: before, revokedAt: before }, now)).toBe("revoked");
  });
});

describe("expiryFrom", () => {
  const now = new Date("2026-03-07T15:30:00.000Z");

  it("never expires for 'never'", () => {
    expect(expiryFrom("never", now)).toBeNull();
  });

  it.each([
    ["7", 7],
    ["30", 30],
    ["90", 90],
  ] as const)("expires %s days of 24 hours later", (choice, days) => {
    expect(expiryFrom(choice, now)!.getTime()).toBe(now.getTime() + days * DAY_MS);
  });

  it("a link expiring in 7 days is active just before and expired exactly then", () => {
    const expiresAt = expiryFrom("7", now);
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(shareLinkState({ expiresAt, revokedAt: null }, at(7 * DAY_MS - 1))).toBe("active");
    expect(shareLinkState({ expiresAt, revokedAt: null }, at(7 * DAY_MS))).toBe("expired");
  });

  it("gives a valid answer for every choice the form offers", () => {
    expect(EXPIRY_CHOICES.map((c) => c.value)).toEqual(["never", "7", "30", "90"]);
    for (const { value } of EXPIRY_CHOICES) {
      const expiry = expiryFrom(value, now);
      if (value === "never") expect(expiry).toBeNull();
      else expect(expiry!.getTime()).toBeGreaterThan(now.getTime());
    }
  });

  it("caps active links at 20", () => {
    expect(MAX_ACTIVE_LINKS_PER_USER).toBe(20);
  });
});
