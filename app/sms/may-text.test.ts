import { mayText, textsOffReason } from "./may-text.server";

const reachable = {
  phoneVerifiedAt: new Date("2026-01-01T00:00:00Z"),
  phoneUndeliverableCode: null,
  optedOut: false,
};
const ordinary = { compliance: false, unverifiedOk: false };

describe("mayText, the outbox's policy", () => {
  it("lets a text go to a verified, reachable number that did not opt out", () => {
    expect(mayText(reachable, ordinary)).toBeNull();
  });

  it("refuses an opted-out number, except for an answer the law requires", () => {
    const optedOut = { ...reachable, optedOut: true };
    expect(mayText(optedOut, ordinary)).toBe("opted_out");
    expect(mayText(optedOut, { compliance: true, unverifiedOk: true })).toBeNull();
  });

  it("refuses an unverified number, except for the code that verifies it", () => {
    const unverified = { ...reachable, phoneVerifiedAt: null };
    expect(mayText(unverified, ordinary)).toBe("unverified");
    expect(mayText(unverified, { compliance: false, unverifiedOk: true })).toBeNull();
  });

  it("refuses an undeliverable number whatever the text", () => {
    const undeliverable = { ...reachable, phoneUndeliverableCode: "21614" };
    expect(mayText(undeliverable, { compliance: true, unverifiedOk: true })).toBe("undeliverable");
  });

  it("names the opt-out first when several rules refuse", () => {
    const all = { phoneVerifiedAt: null, phoneUndeliverableCode: "21211", optedOut: true };
    expect(mayText(all, ordinary)).toBe("opted_out");
    expect(mayText({ ...all, optedOut: false }, ordinary)).toBe("unverified");
  });

  it("gives the same answer as the dashboard's rules for a user the scheduler would text", () => {
    const cases = [
      reachable,
      { ...reachable, optedOut: true },
      { ...reachable, phoneVerifiedAt: null },
      { ...reachable, phoneUndeliverableCode: "21614" },
    ];
    for (const user of cases) {
      const dashboard = textsOffReason(
        { ...user, pausedUntil: null, sendCheckInReminders: true, scheduledTexts: true },
        new Date(),
      );
      expect(mayText(user, ordinary)).toBe(dashboard);
    }
  });
});
