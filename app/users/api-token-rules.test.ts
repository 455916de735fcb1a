import {
  API_TOKEN_PREFIX,
  bearerTokenOf,
  hashToken,
  isApiTokenShape,
  MANY_ADDRESSES,
  ADDRESS_WINDOW_MS,
  newToken,
  noteAddress,
  tokenState,
  tokensInQuery,
} from "./api-token-rules";

describe("tokens", () => {
  it("are prefixed, of one shape, and kept as their SHA-256 only", () => {
    const { token, hash } = newToken(API_TOKEN_PREFIX);
    expect(isApiTokenShape(token)).toBe(true);
    expect(hash).toBe(hashToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token.slice(API_TOKEN_PREFIX.length));
    expect(newToken(API_TOKEN_PREFIX).token).not.toBe(token);
    expect(isApiTokenShape(token.slice(0, -1))).toBe(false);
    expect(isApiTokenShape(`sc_cal_${token.slice(API_TOKEN_PREFIX.length)}`)).toBe(false);
  });

  it("are revoked, then expired, then active", () => {
    const now = new Date("2026-01-10T00:00:00Z");
    const past = new Date("2026-01-09T00:00:00Z");
    expect(tokenState({ expiresAt: null, revokedAt: null }, now)).toBe("active");
    expect(tokenState({ expiresAt: now, revokedAt: null }, now)).toBe("expired");
    expect(tokenState({ expiresAt: past, revokedAt: past }, now)).toBe("revoked");
  });
});

describe("bearerTokenOf", () => {
  it("reads a Bearer header; any other Authorization is a token that matches nothing", () => {
    expect(bearerTokenOf(null)).toBeNull();
    expect(bearerTokenOf("Bearer abc")).toBe("abc");
    expect(bearerTokenOf("bearer   abc ")).toBe("abc");
    expect(bearerTokenOf("Basic dXNlcjpwYXNz")).toBe("");
    expect(bearerTokenOf("Bearer a b")).toBe("");
  });
});

describe("tokensInQuery", () => {
  it("finds our tokens in any parameter's name or value", () => {
    const { token } = newToken(API_TOKEN_PREFIX);
    expect(tokensInQuery(new URL(`https://x.test/api/goals?access_token=${token}`))).toEqual([
      token,
    ]);
    expect(tokensInQuery(new URL(`https://x.test/api/goals?a=1&q=key%20${token}`))).toEqual([
      token,
    ]);
    expect(tokensInQuery(new URL("https://x.test/api/goals?token=abc"))).toEqual([]);
  });
});

describe("noteAddress", () => {
  it("flags a token once it is used from MANY_ADDRESSES addresses within the window", () => {
    const seen = new Map<string, number>();
    for (let i = 1; i < MANY_ADDRESSES; i++) {
      expect(noteAddress(seen, `10.0.0.${i}`, i * 1000).flag).toBe(false);
    }
    expect(noteAddress(seen, "10.0.0.1", 9_000).flag).toBe(false);
    expect(noteAddress(seen, "10.0.0.99", 10_000)).toEqual({
      distinct: MANY_ADDRESSES,
      flag: true,
    });
  });

  it("forgets addresses older than the window, so one host moving networks is never flagged", () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < MANY_ADDRESSES * 3; i++) {
      expect(noteAddress(seen, `10.0.0.${i}`, i * ADDRESS_WINDOW_MS).flag).toBe(false);
    }
    expect(seen.size).toBeLessThanOrEqual(2);
  });
});
