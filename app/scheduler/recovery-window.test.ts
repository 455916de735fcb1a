import {
  CLOCK_MARGIN_MS,
  missingFromRecord,
  outboundKey,
  RECOVERY_WINDOW_MS,
  recoveryWindowStart,
} from "./recovery-window";
import type { LoggedText } from "./recovery-window";

const now = new Date("2026-03-02T12:00:00Z");

describe("recoveryWindowStart", () => {
  it("reads one catch-up window back when no tick ever finished", () => {
    expect(recoveryWindowStart(now, null)).toEqual(new Date(now.getTime() - RECOVERY_WINDOW_MS));
  });

  it("reads from a clock margin before the last finished tick started", () => {
    const started = new Date(now.getTime() - 90_000);
    expect(recoveryWindowStart(now, started)).toEqual(
      new Date(started.getTime() - CLOCK_MARGIN_MS),
    );
  });

  it("never reads further back than the window, however old the last tick", () => {
    const started = new Date(now.getTime() - 5 * RECOVERY_WINDOW_MS);
    expect(recoveryWindowStart(now, started)).toEqual(new Date(now.getTime() - RECOVERY_WINDOW_MS));
  });
});

describe("missingFromRecord", () => {
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  const text = (sid: string, inbound: boolean, seconds: number, body = "hi"): LoggedText => ({
    sid,
    inbound,
    from: inbound ? "+15550001" : "+15009999",
    to: inbound ? "+15009999" : "+15550001",
    body,
    sentAt: at(seconds),
  });

  it("keeps the replies we have no receipt for, oldest first", () => {
    const log = [text("SM3", true, 3), text("SM1", true, 1), text("SM2", true, 2)];
    const { inbound } = missingFromRecord(log, {
      inbound: new Set(["SM2"]),
      outbound: new Set(),
    });
    expect(inbound.map((m) => m.sid)).toEqual(["SM1", "SM3"]);
  });

  it("keys the texts we sent and did not record by number and words, the latest sid winning", () => {
    const log = [
      text("SM9", false, 9, "Morning!"),
      text("SM5", false, 5, "Morning!"),
      text("SM6", false, 6, "Evening?"),
    ];
    const { outbound } = missingFromRecord(log, {
      inbound: new Set(),
      outbound: new Set(["SM6"]),
    });
    expect([...outbound]).toEqual([[outboundKey("+15550001", "Morning!"), "SM9"]]);
  });
});
