import {
  DEFAULT_CATCH_UP_MS,
  inQuietHours,
  isExpired,
  LOOKBACK_MS,
  MAX_ATTEMPTS,
  retryDelayMs,
  windowStart,
} from "./due-times";

// The catch-up window, quiet hours and retries (due-times.test.ts has the slots themselves).

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The UTC instant of a local wall-clock time at a fixed offset. */
function at(day: string, time: string, offsetHours: number) {
  return new Date(Date.parse(`${day}T${time}:00Z`) - offsetHours * HOUR);
}

describe("isExpired", () => {
  const due = new Date("2026-07-15T12:00:00Z");
  const later = (ms: number) => new Date(due.getTime() + ms);

  it("keeps a send inside the catch-up window (2 hours by default) and expires it after", () => {
    expect(DEFAULT_CATCH_UP_MS).toBe(2 * HOUR);
    expect(isExpired(due, due)).toBe(false);
    expect(isExpired(due, later(90 * MINUTE))).toBe(false);
    expect(isExpired(due, later(2 * HOUR))).toBe(false);
    expect(isExpired(due, later(2 * HOUR + 1))).toBe(true);
    expect(isExpired(due, later(3 * HOUR))).toBe(true);
  });

  it("uses the configured window", () => {
    expect(isExpired(due, later(30 * MINUTE), 30 * MINUTE)).toBe(false);
    expect(isExpired(due, later(30 * MINUTE + 1), 30 * MINUTE)).toBe(true);
    expect(isExpired(due, later(3 * HOUR), 4 * HOUR)).toBe(false);
  });
});

describe("windowStart", () => {
  const now = new Date("2026-07-15T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("looks back one catch-up window when there was no tick", () => {
    expect(windowStart(now, null)).toEqual(ago(2 * HOUR));
    expect(windowStart(now, null, 30 * MINUTE)).toEqual(ago(30 * MINUTE));
  });

  it("starts at the previous tick", () => {
    expect(windowStart(now, ago(MINUTE))).toEqual(ago(MINUTE));
    expect(windowStart(now, ago(5 * HOUR))).toEqual(ago(5 * HOUR));
    expect(windowStart(now, ago(LOOKBACK_MS))).toEqual(ago(LOOKBACK_MS));
  });

  it("looks back one catch-up window when the previous tick is at or after now", () => {
    expect(windowStart(now, now)).toEqual(ago(2 * HOUR));
    expect(windowStart(now, new Date(now.getTime() + HOUR))).toEqual(ago(2 * HOUR));
    expect(windowStart(now, now, 45 * MINUTE)).toEqual(ago(45 * MINUTE));
  });

  it("caps a very old previous tick at 24 hours", () => {
    expect(LOOKBACK_MS).toBe(24 * HOUR);
    expect(windowStart(now, ago(3 * 24 * HOUR))).toEqual(ago(24 * HOUR));
    expect(windowStart(now, ago(24 * HOUR + 1))).toEqual(ago(24 * HOUR));
  });
});

describe("inQuietHours", () => {
  // 2026-07-15 in New York (EDT, UTC-4).
  const ny = (time: string) => at("2026-07-15", time, -4);

  it("is quiet before 08:00 and from 20:00 local", () => {
    expect(inQuietHours(ny("00:00"), "America/New_York")).toBe(true);
    expect(inQuietHours(ny("07:59"), "America/New_York")).toBe(true);
    expect(inQuietHours(ny("08:00"), "America/New_York")).toBe(false);
    expect(inQuietHours(ny("12:00"), "America/New_York")).toBe(false);
    expect(inQuietHours(ny("19:59"), "America/New_York")).toBe(false);
    expect(inQuietHours(ny("20:00"), "America/New_York")).toBe(true);
    expect(inQuietHours(ny("23:59"), "America/New_York")).toBe(true);
  });

  it("reads the user's own zone", () => {
    // 08:00 in New York is 02:00 in Honolulu.
    expect(inQuietHours(ny("08:00"), "Pacific/Honolulu")).toBe(true);
    expect(inQuietHours(at("2026-07-15", "08:00", -10), "Pacific/Honolulu")).toBe(false);
    expect(inQuietHours(at("2026-07-15", "19:59", -10), "Pacific/Honolulu")).toBe(false);
    expect(inQuietHours(at("2026-07-15", "20:00", -10), "Pacific/Honolulu")).toBe(true);
  });
});

describe("retryDelayMs", () => {
  it("backs off 30 s, 2 min, 8 min, then gives up at MAX_ATTEMPTS", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([30_000, 120_000, 480_000]);
    expect(MAX_ATTEMPTS).toBe(4);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS + 1)).toBeNull();
  });
});
