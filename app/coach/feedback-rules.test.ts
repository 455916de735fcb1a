import { segmentCount, smsEncoding } from "~/sms/segments";
import { addDays } from "~/utils/time/local-time";
import { dayPattern, isMilestone, ruleFeedback, sentencesOf } from "./feedback-rules";
import type { DayPattern, FeedbackFacts } from "./feedback-rules";

const base: FeedbackFacts = {
  done: 2,
  total: 3,
  streak: 4,
  week: ["all", "all", "some", "all", "no_goals", "all", "all"],
  previous: null,
  dayKey: "2026-11-21",
};

function expectSendable(text: string) {
  expect(text.length).toBeGreaterThan(0);
  expect(smsEncoding(text)).toBe("GSM-7");
  expect(segmentCount(text)).toBeLessThanOrEqual(2);
}

function shareASentence(a: string, b: string) {
  const seen = new Set(sentencesOf(a));
  return sentencesOf(b).some((s) => seen.has(s));
}

describe("dayPattern", () => {
  it("reads a day's tally", () => {
    expect(dayPattern(0, 0)).toBe("no_goals");
    expect(dayPattern(3, 0)).toBe("none");
    expect(dayPattern(3, 1)).toBe("some");
    expect(dayPattern(3, 3)).toBe("all");
  });
});

describe("ruleFeedback", () => {
  it("never repeats a sentence of the previous feedback over many days of mixed check-ins", () => {
    // A deterministic mix of full, partial and missed days, fed its own previous answer each day.
    const outcomes = [3, 3, 2, 3, 0, 0, 1, 3, 3, 3, 2, 2, 3, 0, 3, 3, 3, 3, 3, 1];
    let previous: string | null = null;
    let streak = 0;
    const week: DayPattern[] = [];
    const texts: string[] = [];
    let day = "2026-01-01";
    for (let i = 0; i < 200; i++) {
      const done = outcomes[i % outcomes.length]!;
      streak = done > 0 ? streak + 1 : 0;
      const text = ruleFeedback({
        done,
        total: 3,
        streak,
        week: week.slice(-7),
        previous,
        dayKey: day,
      });
      expectSendable(text);
      if (previous) expect(shareASentence(previous, text), `${previous} -> ${text}`).toBe(false);
      texts.push(text);
      week.push(dayPattern(3, done));
      previous = text;
      day = addDays(day, 1);
    }
    // Varied: far more than a handful of distinct texts.
    expect(new Set(texts).size).toBeGreaterThan(40);
  });

  it("picks another phrasing when the same day is checked in twice", () => {
    const first = ruleFeedback(base);
    const second = ruleFeedback({ ...base, previous: first });
    expect(shareASentence(first, second)).toBe(false);
    const third = ruleFeedback({ ...base, previous: second });
    expect(shareASentence(second, third)).toBe(false);
  });

  it("is deterministic for the same facts", () => {
    expect(ruleFeedback(base)).toBe(ruleFeedback({ ...base }));
  });

  it("varies its phrasing from day to day", () => {
    const texts = new Set(
      Array.from({ length: 14 }, (_, i) =>
        ruleFeedback({ ...base, dayKey: addDays("2026-03-01", i) }),
      ),
    );
    expect(texts.size).toBeGreaterThanOrEqual(5);
  });

  it.each([3, 7, 14, 21, 30, 50, 100, 365, 730])("celebrates a %i-day streak", (streak) => {
    expect(isMilestone(streak)).toBe(true);
    for (let i = 0; i < 10; i++) {
      const text = ruleFeedback({ ...base, streak, dayKey: addDays("2026-05-01", i) });
      expectSendable(text);
      expect(text).toContain(String(streak));
      expect(text.toLowerCase()).toMatch(/milestone|in a row|streak|straight|days/);
    }
  });

  it("does not call an ordinary streak a milestone", () => {
    expect(isMilestone(4)).toBe(false);
    expect(isMilestone(366)).toBe(false);
    for (let i = 0; i < 10; i++) {
      const text = ruleFeedback({ ...base, streak: 4, dayKey: addDays("2026-05-01", i) });
      expect(text.toLowerCase()).not.toContain("milestone");
    }
  });

  it("says a full day is a full day and a partial day is partial", () => {
    for (let i = 0; i < 10; i++) {
      const dayKey = addDays("2026-06-01", i);
      const full = ruleFeedback({ ...base, done: 3, total: 3, streak: 5, dayKey });
      expect(full).not.toMatch(/\b2 of 3\b/);
      expect(full).toMatch(/all 3 done|every goal|perfect day|clean sweep|everything/i);
      const partial = ruleFeedback({ ...base, done: 2, total: 3, streak: 5, dayKey });
      expect(partial).toMatch(/2 of 3|2 goals down/);
      expect(partial).not.toMatch(/every goal|perfect day|clean sweep|everything/i);
    }
  });

  it("is kind about a missed day and mentions the streak that can still be kept", () => {
    for (let i = 0; i < 10; i++) {
      const dayKey = addDays("2026-07-01", i);
      const missed = ruleFeedback({ ...base, done: 0, streak: 6, dayKey });
      expectSendable(missed);
      expect(missed).not.toMatch(/great work|well done|excellent|perfect/i);
      expect(missed).toContain("6-day streak");
      const noStreak = ruleFeedback({ ...base, done: 0, streak: 0, dayKey });
      expect(noStreak).not.toMatch(/\d+-day streak/);
    }
  });

  it("notices repeated misses and comebacks", () => {
    const rough: DayPattern[] = ["all", "some", "none", "none", "no_goals", "none", "no_goals"];
    const again = ruleFeedback({ ...base, done: 0, streak: 0, week: rough });
    expect(again).toMatch(/tough|rough|still here|reset/i);
    const comeback = ruleFeedback({ ...base, done: 1, total: 2, streak: 1, week: rough });
    expect(comeback).toMatch(/back|comeback/i);
  });

  it("keeps every answer within two GSM-7 segments for any figures", () => {
    for (const streak of [0, 1, 2, 3, 99, 100, 1000, 36500])
      for (const [done, total] of [
        [0, 1],
        [1, 1],
        [1, 12],
        [12, 12],
        [250, 999],
      ] as const)
        expectSendable(ruleFeedback({ ...base, done, total, streak }));
  });
});
