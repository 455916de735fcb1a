import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { askedInTheEvening, eveningQuestionSkip } from "~/questions/evening-skip";
import { grantRestDays, monthOf, REST_DAYS_PER_MONTH, restDaysLeft } from "./rest-days";

describe("grantRestDays", () => {
  it("grants three new days a month, a day already rested for free, and each month its own", () => {
    const { granted, refused } = grantRestDays(
      ["2026-11-02", "2026-11-09"],
      ["2026-11-09", "2026-11-16", "2026-11-16", "2026-11-23", "2026-12-01"],
    );
    expect(granted).toEqual(["2026-11-09", "2026-11-16", "2026-11-16", "2026-12-01"]);
    expect(refused).toEqual(["2026-11-23"]);
  });

  it("property: a month never holds more rested days than the allowance, nor refuses one while any is left", () => {
    const day = fc
      .tuple(fc.constantFrom("2026-10", "2026-11"), fc.integer({ min: 1, max: 28 }))
      .map(([m, d]) => `${m}-${String(d).padStart(2, "0")}`);
    fc.assert(
      fc.property(fc.array(day, { maxLength: 20 }), (asked) => {
        const { granted, refused } = grantRestDays([], asked);
        for (const month of ["2026-10", "2026-11"]) {
          const rested = new Set(granted.filter((d) => monthOf(d) === month));
          expect(rested.size).toBeLessThanOrEqual(REST_DAYS_PER_MONTH);
          if (refused.some((d) => monthOf(d) === month))
            expect(rested.size).toBe(REST_DAYS_PER_MONTH);
        }
      }),
    );
  });

  it("counts what is left, never below none", () => {
    expect([0, 1, 3, 5].map(restDaysLeft)).toEqual([3, 2, 0, 0]);
  });
});

describe("the evening question and habits to avoid", () => {
  const at = 1;
  it("asks about a kept habit to avoid, not about a slipped one, and a yes/no goal only while open", () => {
    expect(askedInTheEvening({ completed_at: at, skipped_at: null, avoid: true })).toBe(true);
    expect(askedInTheEvening({ completed_at: null, skipped_at: null, avoid: true })).toBe(false);
    expect(askedInTheEvening({ completed_at: at, skipped_at: null })).toBe(false);
    expect(askedInTheEvening({ completed_at: null, skipped_at: null })).toBe(true);
    expect(askedInTheEvening({ completed_at: null, skipped_at: at, avoid: true })).toBe(false);
  });

  it("stays quiet only when nothing is left to ask", () => {
    expect(eveningQuestionSkip([{ completed_at: at, skipped_at: null, avoid: true }])).toBeNull();
    expect(eveningQuestionSkip([{ completed_at: null, skipped_at: null, avoid: true }])).toBe(
      "all goals done",
    );
  });
});
