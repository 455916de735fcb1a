import fc from "fast-check";
import { dayNumbersAt, dayNumbersOf, positionOfNumber } from "./interpret-check-in-references";

describe("the day's numbers", () => {
  it("are 1 to n without numbers, or with numbers that do not fit the goals", () => {
    expect(dayNumbersOf(3)).toEqual([1, 2, 3]);
    expect(dayNumbersOf(3, [2, 3])).toEqual([1, 2, 3]);
    expect(dayNumbersOf(2, [2, 2])).toEqual([1, 2]);
    expect(dayNumbersOf(2, [0, 1])).toEqual([1, 2]);
    expect(dayNumbersOf(2, [4, 2])).toEqual([4, 2]);
  });

  it("map a typed number to its goal's place and back, and nothing else", () => {
    const numbers = fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(numbers, fc.integer({ min: 0, max: 40 }), (day, typed) => {
        const position = positionOfNumber(typed, day);
        if (day.includes(typed)) expect(dayNumbersAt([position!], day)).toEqual([typed]);
        else expect(position).toBeUndefined();
      }),
    );
  });
});
