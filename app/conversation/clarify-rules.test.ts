import {
  goalOfNumber,
  numberOfGoal,
  questionExpiry,
  readingOfChoice,
  recordsSomething,
} from "./clarify.server";

const user = {
  id: 1,
  timezone: "America/New_York",
  preferredCheckInTimeMorning: "08:00",
  preferredCheckInTimeEvening: "19:00",
};

describe("questionExpiry", () => {
  it("is the next scheduled question when one comes before the day ends", () => {
    // 06:00 and 14:00 in New York on 2026-11-21.
    expect(questionExpiry(user, new Date("2026-11-21T11:00:00Z"))).toEqual(
      new Date("2026-11-21T13:00:00Z"),
    );
    expect(questionExpiry(user, new Date("2026-11-21T19:00:00Z"))).toEqual(
      new Date("2026-11-22T00:00:00Z"),
    );
  });

  it("is the end of the user's day after the evening question (never tomorrow's morning)", () => {
    expect(questionExpiry(user, new Date("2026-11-22T00:30:00Z"))).toEqual(
      new Date("2026-11-22T05:00:00Z"),
    );
  });

  it("follows the user's zone and times", () => {
    const tokyo = { ...user, timezone: "Asia/Tokyo", preferredCheckInTimeEvening: "21:30" };
    // 20:00 in Tokyo: the 21:30 question comes first.
    expect(questionExpiry(tokyo, new Date("2026-11-21T11:00:00Z"))).toEqual(
      new Date("2026-11-21T12:30:00Z"),
    );
  });
});

describe("the numbers of a question's goals", () => {
  const gapped = [
    { id: 10, dayNumber: 1 },
    { id: 12, dayNumber: 3 },
    { id: 13, dayNumber: 4 },
  ];

  it("are day numbers when goals have them, gaps kept", () => {
    expect(numberOfGoal(gapped, 12)).toBe(3);
    expect(goalOfNumber(gapped, 3)).toEqual({ id: 12, dayNumber: 3 });
    expect(goalOfNumber(gapped, 2)).toBeUndefined();
  });

  it("are places in the list when goals have none", () => {
    const plain = [{ id: 7 }, { id: 9 }];
    expect(numberOfGoal(plain, 9)).toBe(2);
    expect(goalOfNumber(plain, 1)).toEqual({ id: 7 });
  });

  it("are unknown for a goal no longer on the list", () => {
    expect(numberOfGoal(gapped, 11)).toBeUndefined();
  });
});

describe("readingOfChoice", () => {
  it("gives the chosen goals the question's verdict and nothing else", () => {
    expect(readingOfChoice({ verdict: "skipped" }, [2, 3])).toEqual({
      completed: [],
      skipped: [2, 3],
      tomorrow: [],
    });
    expect(recordsSomething(readingOfChoice({ verdict: "completed" }, []))).toBe(false);
    expect(recordsSomething(readingOfChoice({ verdict: "tomorrow" }, [1]))).toBe(true);
  });
});
