import { describe, expect, it } from "vitest";
import { SendThrottle } from "./throttle";

describe("SendThrottle", () => {
  it("pauses every lane after a 429, longer with each one in a row, and resets after a success", () => {
    let now = 1_000;
    const throttle = new SendThrottle(() => now);
    expect(throttle.waitMs()).toBe(0);
    throttle.rateLimited();
    expect(throttle.waitMs()).toBe(250);
    throttle.rateLimited();
    expect(throttle.waitMs()).toBe(500);
    now += 500;
    expect(throttle.waitMs()).toBe(0);
    throttle.accepted();
    throttle.rateLimited();
    expect(throttle.waitMs()).toBe(250);
    expect(throttle.refusals).toBe(3);
  });

  it("never pauses longer than its ceiling", () => {
    const now = 0;
    const throttle = new SendThrottle(() => now, 250, 8_000);
    for (let i = 0; i < 10; i++) throttle.rateLimited();
    expect(throttle.waitMs()).toBe(8_000);
  });
});
