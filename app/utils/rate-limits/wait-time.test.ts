import { waitTime } from "./wait-time";

test("rounds up to whole minutes, then to hours past an hour and a half", () => {
  expect(waitTime(1)).toBe("1 minute");
  expect(waitTime(61)).toBe("2 minutes");
  expect(waitTime(3600)).toBe("60 minutes");
  expect(waitTime(23 * 3600 + 1)).toBe("24 hours");
});
