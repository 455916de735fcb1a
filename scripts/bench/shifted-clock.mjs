// Preloaded into the benchmark's server (node --import, through NODE_OPTIONS) by `npm run bench:fanout
// -- --inbound`: moves the process's wall clock by BENCH_CLOCK_OFFSET_MS, so the morning instant the
// users were seeded for comes a few seconds after start-up whatever the hour of the day, and the
// server's own cron fires the tick then. Timers and performance.now() are untouched. Never loaded by
// the app itself.
const offset = Number(process.env.BENCH_CLOCK_OFFSET_MS);
if (!Number.isFinite(offset))
  throw new Error("shifted-clock: BENCH_CLOCK_OFFSET_MS is not a number");

const RealDate = Date;
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset;
  }
  // Dates made by Node's internals are real Dates: they stay instances of Date.
  static [Symbol.hasInstance](value) {
    return value instanceof RealDate;
  }
}
globalThis.Date = ShiftedDate;
