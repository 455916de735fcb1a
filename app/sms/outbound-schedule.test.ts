import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OutboundSchedule, SCHEDULED_SHARE, type SendClass } from "./outbound-schedule";

function scheduleAt(limits = { maxInFlight: 10, perSecond: 1_000 }) {
  const clock = { now: 1_000_000 };
  const schedule = new OutboundSchedule<string>(limits, () => clock.now);
  return { clock, schedule };
}

/** Starts everything that may start now; returns the items in start order. */
function drain(schedule: OutboundSchedule<string>) {
  const started: string[] = [];
  for (let next = schedule.take(); next; next = schedule.take()) started.push(next.item);
  return started;
}

describe("OutboundSchedule", () => {
  it("starts a reply queued behind 1,000 scheduled texts next", () => {
    const { schedule } = scheduleAt({ maxInFlight: 3, perSecond: 10_000 });
    for (let i = 0; i < 1_000; i++) schedule.enqueue("scheduled", `scheduled ${i}`);
    expect(drain(schedule)).toEqual(["scheduled 0", "scheduled 1", "scheduled 2"]);
    schedule.enqueue("reply", "code");
    schedule.finished("accepted");
    expect(drain(schedule)).toEqual(["code"]);
    schedule.finished("accepted");
    expect(drain(schedule)).toEqual(["scheduled 3"]);
  });

  it("keeps one start in every few for scheduled texts under a continuous stream of replies", () => {
    const { schedule } = scheduleAt({ maxInFlight: 1, perSecond: 10_000 });
    for (let i = 0; i < 100; i++) schedule.enqueue("scheduled", "scheduled");
    const order: string[] = [];
    for (let i = 0; i < 400; i++) {
      schedule.enqueue("reply", "reply");
      schedule.enqueue("reply", "reply");
      order.push(...drain(schedule));
      schedule.finished("accepted");
    }
    expect(schedule.waiting("reply")).toBeGreaterThan(0);
    expect(order.filter((s) => s === "scheduled").length).toBe(100);
    for (let i = 0; i + SCHEDULED_SHARE <= 400; i += SCHEDULED_SHARE) {
      expect(order.slice(i, i + SCHEDULED_SHARE)).toContain("scheduled");
    }
  });

  it("gives scheduled texts every slot the replies leave", () => {
    const { schedule } = scheduleAt({ maxInFlight: 4, perSecond: 10_000 });
    for (let i = 0; i < 10; i++) schedule.enqueue("scheduled", "scheduled");
    schedule.enqueue("reply", "reply");
    expect(drain(schedule)).toEqual(["reply", "scheduled", "scheduled", "scheduled"]);
  });

  it("pauses every class alike after a 429, longer with each one in a row, until a send is accepted", () => {
    const { clock, schedule } = scheduleAt({ maxInFlight: 5, perSecond: 10_000 });
    for (let i = 0; i < 4; i++) schedule.enqueue("scheduled", `scheduled ${i}`);
    expect(drain(schedule)).toHaveLength(4);
    schedule.enqueue("reply", "reply");
    schedule.enqueue("scheduled", "scheduled 4");
    schedule.finished("rate_limited");
    expect(schedule.delayMs()).toBe(250);
    expect(drain(schedule)).toEqual([]);
    schedule.finished("rate_limited");
    expect(schedule.delayMs()).toBe(500);
    clock.now += 499;
    expect(drain(schedule)).toEqual([]);
    clock.now += 1;
    expect(drain(schedule)).toEqual(["reply", "scheduled 4"]);
    schedule.finished("accepted");
    schedule.enqueue("reply", "after");
    expect(drain(schedule)).toEqual(["after"]);
    schedule.finished("rate_limited");
    expect(schedule.pausedMs()).toBe(250);
    expect(schedule.rateLimited).toBe(3);
  });

  it("never pauses longer than 8 s", () => {
    const { schedule } = scheduleAt({ maxInFlight: 20, perSecond: 10_000 });
    for (let i = 0; i < 12; i++) schedule.enqueue("scheduled", "s");
    drain(schedule);
    for (let i = 0; i < 12; i++) schedule.finished("rate_limited");
    expect(schedule.pausedMs()).toBe(8_000);
  });

  it("never has more in flight than its limit nor more starts in any second, across classes", () => {
    type Step =
      | { op: "enqueue"; sendClass: SendClass; count: number }
      | { op: "finish"; result: "accepted" | "rate_limited" | "failed" }
      | { op: "advance"; ms: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        op: fc.constant("enqueue" as const),
        sendClass: fc.constantFrom<SendClass>("reply", "scheduled"),
        count: fc.integer({ min: 1, max: 20 }),
      }),
      fc.record({
        op: fc.constant("finish" as const),
        result: fc.constantFrom("accepted" as const, "rate_limited" as const, "failed" as const),
      }),
      fc.record({ op: fc.constant("advance" as const), ms: fc.integer({ min: 0, max: 700 }) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(step, { maxLength: 200 }),
        (maxInFlight, perSecond, steps) => {
          const { clock, schedule } = scheduleAt({ maxInFlight, perSecond });
          const startTimes: number[] = [];
          let enqueued = 0;
          const startAll = () => {
            for (let next = schedule.take(); next; next = schedule.take())
              startTimes.push(clock.now);
          };
          for (const s of steps) {
            if (s.op === "enqueue") {
              for (let i = 0; i < s.count; i++) schedule.enqueue(s.sendClass, "text");
              enqueued += s.count;
            } else if (s.op === "finish" && schedule.inFlight > 0) schedule.finished(s.result);
            else if (s.op === "advance") clock.now += s.ms;
            startAll();
            expect(schedule.inFlight).toBeLessThanOrEqual(maxInFlight);
          }
          for (const t of startTimes) {
            expect(startTimes.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(
              perSecond,
            );
          }
          expect(
            startTimes.length + schedule.waiting("reply") + schedule.waiting("scheduled"),
          ).toBe(enqueued);
        },
      ),
    );
  });

  it("starts what waits once the second's window moves on", () => {
    const { clock, schedule } = scheduleAt({ maxInFlight: 100, perSecond: 3 });
    for (let i = 0; i < 5; i++) schedule.enqueue("scheduled", `s${i}`);
    expect(drain(schedule)).toEqual(["s0", "s1", "s2"]);
    expect(schedule.delayMs()).toBe(1000);
    clock.now += 1000;
    expect(drain(schedule)).toEqual(["s3", "s4"]);
  });
});
