import { env } from "~/utils/env/env.server";
import {
  outboundGateFigures,
  outboundGateRateLimited,
  outboundGateStarted,
} from "~/observability/metrics.server";
import { OutboundSchedule, type ScheduleLimits, type SendClass } from "./outbound-schedule";
import { RATE_LIMITED_CODE } from "./twilio-errors";

export type { SendClass } from "./outbound-schedule";

const isRateLimited = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === RATE_LIMITED_CODE;

type GateObserver = { started?: (sendClass: SendClass) => void; rateLimited?: () => void };

type Timers = {
  clock: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
};

const realTimers: Timers = { clock: Date.now, setTimer: (run, ms) => setTimeout(run, ms) };

/**
 * The one door every request that sends a text goes through, for one Twilio account: the limits and
 * priorities of OutboundSchedule, with timers. `run` waits for a slot, sends, and reports the answer.
 */
export class OutboundGate {
  private readonly schedule: OutboundSchedule<() => void>;
  private timerPending = false;

  constructor(
    limits: ScheduleLimits,
    private readonly timers: Timers = realTimers,
    private readonly observe: GateObserver = {},
  ) {
    this.schedule = new OutboundSchedule(limits, timers.clock);
  }

  async run<R>(sendClass: SendClass, send: () => Promise<R>): Promise<R> {
    await new Promise<void>((resolve) => {
      this.schedule.enqueue(sendClass, resolve);
      this.pump();
    });
    try {
      const result = await send();
      this.schedule.finished("accepted");
      return result;
    } catch (error) {
      const limited = isRateLimited(error);
      this.schedule.finished(limited ? "rate_limited" : "failed");
      if (limited) this.observe.rateLimited?.();
      throw error;
    } finally {
      this.pump();
    }
  }

  figures() {
    const s = this.schedule;
    return {
      inFlight: s.inFlight,
      waiting: { reply: s.waiting("reply"), scheduled: s.waiting("scheduled") },
      started: { ...s.started },
      rateLimited: s.rateLimited,
      pausedMs: s.pausedMs(),
    };
  }

  private pump() {
    for (let next = this.schedule.take(); next; next = this.schedule.take()) {
      this.observe.started?.(next.sendClass);
      next.item();
    }
    const delay = this.schedule.delayMs();
    if (delay === null || this.timerPending) return;
    this.timerPending = true;
    this.timers.setTimer(() => {
      this.timerPending = false;
      this.pump();
    }, delay);
  }
}

let processGate: OutboundGate | undefined;

/** The gate of this process's Twilio account (SMS_MAX_CONCURRENCY in flight, SMS_MAX_PER_SECOND). */
export function getOutboundGate() {
  if (!processGate) {
    const gate = new OutboundGate(
      { maxInFlight: env.SMS_MAX_CONCURRENCY, perSecond: env.SMS_MAX_PER_SECOND },
      realTimers,
      {
        started: (sendClass) => outboundGateStarted.labels(sendClass).inc(),
        rateLimited: () => outboundGateRateLimited.inc(),
      },
    );
    outboundGateFigures(() => gate.figures());
    processGate = gate;
  }
  return processGate;
}
