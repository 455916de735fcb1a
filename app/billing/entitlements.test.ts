import {
  accessEndOf,
  entitlementsFor,
  hasLiveSubscription,
  isTerminalSubscriptionStatus,
} from "./entitlements";
import type { BillingState } from "./entitlements";
import { trialEndFrom } from "~/users/trial";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const NOW = new Date("2026-06-15T12:00:00.000Z");
const plus = (ms: number) => new Date(NOW.getTime() + ms);
const ON = { billingEnabled: true };

/** A fresh account: no subscription, its trial ending at `trialEndsAt`. */
function state(overrides: Partial<BillingState> = {}): BillingState {
  return {
    trialEndsAt: plus(10 * DAY),
    plan: null,
    subscriptionStatus: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}

const NOTHING = {
  status: "expired",
  features: null,
  scheduledTexts: false,
  aiFeedback: false,
  trialDaysLeft: null,
  accessEndsAt: null,
} as const;

describe("entitlementsFor", () => {
  describe("with billing off", () => {
    it.each([
      ["a fresh trial", state()],
      ["a trial that ended long ago", state({ trialEndsAt: plus(-90 * DAY) })],
      ["no trial at all", state({ trialEndsAt: null })],
      [
        "a cancelled Basic plan whose period is over",
        state({
          trialEndsAt: plus(-90 * DAY),
          plan: "basic",
          subscriptionStatus: "canceled",
          currentPeriodEnd: plus(-DAY),
        }),
      ],
    ])("gives %s Premium with everything on", (_label, account) => {
      expect(entitlementsFor(account, NOW, { billingEnabled: false })).toEqual({
        status: "premium",
        features: "premium",
        scheduledTexts: true,
        aiFeedback: true,
        trialDaysLeft: null,
        accessEndsAt: null,
      });
    });
  });

  describe("during the free trial", () => {
    it("has Premium's features and counts the days left", () => {
      const trialEndsAt = plus(10 * DAY);
      expect(entitlementsFor(state({ trialEndsAt }), NOW, ON)).toEqual({
        status: "trial",
        features: "premium",
        scheduledTexts: true,
        aiFeedback: true,
        trialDaysLeft: 10,
        accessEndsAt: trialEndsAt,
      });
    });

    it.each([
      [14 * DAY, 14],
      [13 * DAY + 1, 14],
      [DAY + HOUR, 2],
      [DAY, 1],
      [HOUR, 1],
      [1, 1],
    ])("rounds %i ms left up to %i day(s)", (left, days) => {
      const rights = entitlementsFor(state({ trialEndsAt: plus(left) }), NOW, ON);
      expect(rights.status).toBe("trial");
      expect(rights.trialDaysLeft).toBe(days);
    });

    it("matches a sign-up's trial from trialEndFrom", () => {
      const signUp = plus(-3 * DAY);
      const trialEndsAt = trialEndFrom(signUp, 14);
      expect(trialEndsAt).toEqual(plus(11 * DAY));
      expect(entitlementsFor(state({ trialEndsAt }), NOW, ON).trialDaysLeft).toBe(11);
    });
  });

  describe("after the trial, without a plan", () => {
    it.each([
      ["ended a moment ago", plus(-1)],
      ["ends exactly now", NOW],
      ["ended weeks ago", plus(-30 * DAY)],
    ])("has nothing when the trial %s", (_label, trialEndsAt) => {
      expect(entitlementsFor(state({ trialEndsAt }), NOW, ON)).toEqual(NOTHING);
    });

    it("has nothing when there never was a trial", () => {
      expect(entitlementsFor(state({ trialEndsAt: null }), NOW, ON)).toEqual(NOTHING);
    });
  });

  describe("with a subscription", () => {
    const periodEnd = plus(20 * DAY);
    const paying = (overrides: Partial<BillingState>) =>
      state({
        trialEndsAt: plus(-5 * DAY),
        subscriptionStatus: "active",
        currentPeriodEnd: periodEnd,
        ...overrides,
      });
    /** A paid plan's rights until its period ends, shown as `status`; Premium adds AI feedback. */
    const paidRights = (status: string, features: "basic" | "premium") => ({
      status,
      features,
      scheduledTexts: true,
      aiFeedback: features === "premium",
      trialDaysLeft: null,
      accessEndsAt: periodEnd,
    });

    it("Basic: scheduled texts, no AI feedback", () => {
      expect(entitlementsFor(paying({ plan: "basic" }), NOW, ON)).toEqual(
        paidRights("basic", "basic"),
      );
    });

    it("Premium: scheduled texts and AI feedback", () => {
      expect(entitlementsFor(paying({ plan: "premium" }), NOW, ON)).toEqual(
        paidRights("premium", "premium"),
      );
    });

    it("a paid plan beats a trial still running (no trial banner)", () => {
      const rights = entitlementsFor(
        paying({ plan: "basic", trialEndsAt: plus(5 * DAY) }),
        NOW,
        ON,
      );
      expect(rights).toMatchObject({ status: "basic", aiFeedback: false, trialDaysLeft: null });
    });

    it("a Stripe subscription in its trial counts as the plan bought", () => {
      const rights = entitlementsFor(
        paying({ plan: "basic", subscriptionStatus: "trialing", trialEndsAt: plus(3 * DAY) }),
        NOW,
        ON,
      );
      expect(rights).toEqual(paidRights("basic", "basic"));
    });

    it("past_due keeps the plan's access while Stripe retries the payment", () => {
      const rights = entitlementsFor(
        // Even when the period on record has already run out.
        paying({ plan: "premium", subscriptionStatus: "past_due", currentPeriodEnd: plus(-DAY) }),
        NOW,
        ON,
      );
      expect(rights).toMatchObject({
        status: "past_due",
        features: "premium",
        scheduledTexts: true,
        aiFeedback: true,
      });
    });

    it("cancel_at_period_end shows as canceled with access until the period ends", () => {
      const rights = entitlementsFor(paying({ plan: "premium", cancelAtPeriodEnd: true }), NOW, ON);
      expect(rights).toEqual(paidRights("canceled", "premium"));
    });

    it("a canceled subscription keeps what was paid for until its period ends", () => {
      const rights = entitlementsFor(
        paying({ plan: "basic", subscriptionStatus: "canceled" }),
        NOW,
        ON,
      );
      expect(rights).toEqual(paidRights("canceled", "basic"));
    });

    it.each([
      ["canceled", plus(-1)],
      ["canceled", NOW],
      ["unpaid", plus(-DAY)],
      ["incomplete_expired", plus(-DAY)],
    ])("a %s subscription whose period ended (%s) leaves nothing", (status, end) => {
      const rights = entitlementsFor(
        paying({ plan: "premium", subscriptionStatus: status, currentPeriodEnd: end }),
        NOW,
        ON,
      );
      expect(rights).toEqual(NOTHING);
    });

    it.each(["unpaid", "incomplete", "incomplete_expired", "paused"])(
      "an %s subscription grants nothing, even with its (unpaid) period still running",
      (status) => {
        const rights = entitlementsFor(
          paying({ plan: "premium", subscriptionStatus: status }),
          NOW,
          ON,
        );
        expect(rights).toEqual(NOTHING);
      },
    );

    it("a canceled subscription falls back to a trial that is still running", () => {
      const trialEndsAt = plus(4 * DAY);
      const rights = entitlementsFor(
        paying({
          plan: "premium",
          subscriptionStatus: "canceled",
          currentPeriodEnd: plus(-DAY),
          trialEndsAt,
        }),
        NOW,
        ON,
      );
      expect(rights).toMatchObject({
        status: "trial",
        trialDaysLeft: 4,
        accessEndsAt: trialEndsAt,
      });
    });

    it("a status without a plan (an unknown price) grants nothing beyond the trial", () => {
      const rights = entitlementsFor(paying({ plan: null }), NOW, ON);
      expect(rights).toEqual(NOTHING);
    });
  });
});

describe("hasLiveSubscription", () => {
  it.each([
    ["basic", "active", true],
    ["premium", "trialing", true],
    ["premium", "past_due", true],
    ["premium", "canceled", false],
    ["basic", "unpaid", false],
    ["basic", "incomplete", false],
    ["basic", "incomplete_expired", false],
    ["premium", null, false],
    [null, "active", false],
    [null, null, false],
  ] as const)("plan %s with status %s: %s", (plan, subscriptionStatus, live) => {
    expect(hasLiveSubscription({ plan, subscriptionStatus })).toBe(live);
  });
});

describe("isTerminalSubscriptionStatus", () => {
  it.each([
    ["canceled", true],
    ["incomplete_expired", true],
    ["active", false],
    ["trialing", false],
    ["past_due", false],
    ["unpaid", false],
    [null, false],
  ] as const)("%s: %s", (status, terminal) => {
    expect(isTerminalSubscriptionStatus(status)).toBe(terminal);
  });
});

describe("accessEndOf", () => {
  it("is null with neither a trial nor a period", () => {
    expect(accessEndOf({ trialEndsAt: null, currentPeriodEnd: null })).toBeNull();
  });

  it("is the trial end without a subscription", () => {
    expect(accessEndOf({ trialEndsAt: plus(-DAY), currentPeriodEnd: null })).toEqual(plus(-DAY));
  });

  it("is the period end without a trial", () => {
    expect(accessEndOf({ trialEndsAt: null, currentPeriodEnd: plus(DAY) })).toEqual(plus(DAY));
  });

  it("is the later of the two, whichever it is", () => {
    expect(accessEndOf({ trialEndsAt: plus(-DAY), currentPeriodEnd: plus(30 * DAY) })).toEqual(
      plus(30 * DAY),
    );
    expect(accessEndOf({ trialEndsAt: plus(14 * DAY), currentPeriodEnd: plus(2 * DAY) })).toEqual(
      plus(14 * DAY),
    );
  });

  it("changes when a paid period ends after the trial, so each ending gets its own notice", () => {
    const trialOnly = accessEndOf({ trialEndsAt: plus(-40 * DAY), currentPeriodEnd: null });
    const afterPlan = accessEndOf({ trialEndsAt: plus(-40 * DAY), currentPeriodEnd: plus(-DAY) });
    expect(afterPlan).not.toEqual(trialOnly);
  });
});
