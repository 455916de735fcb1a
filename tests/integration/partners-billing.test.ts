import { createTestUser, markPhoneVerified } from "../helpers/requests";
import { type BillingState, setBillingState } from "../helpers/billing-state";
import { RecordingTransport } from "../helpers/recording-transport";
import { addPartner, answerAsPartner } from "~/partners/partners.server";
import { isBillingEnabled } from "~/billing/billing.server";
import { runTick } from "~/scheduler/tick.server";
import { sqlite } from "~/utils/db/db.server";

// Billing is on only with a Stripe key, and the env module reads it when it loads: set in a block
// vitest runs before the imports, in a file of its own so the other partner cases run with billing off.
const appEnv = await vi.hoisted(async () => {
  const { setAppEnv } = await import("../helpers/app-env");
  return setAppEnv({
    STRIPE_SECRET_KEY: "sk_test_partners",
    STRIPE_WEBHOOK_SECRET: "whsec_partners",
    STRIPE_PRICE_BASIC: "price_basic_partners",
    STRIPE_PRICE_PREMIUM: "price_premium_partners",
  });
});

afterAll(() => appEnv.restore());

// Sunday 2026-11-22 at 18:01 in New York (EST, UTC-5).
const SUNDAY = "2026-11-22T23:01:00Z";
const NEXT_SUNDAY = "2026-11-29T23:01:00Z";

let phoneCount = 0;

/** A user with the given plan state and one coach who said YES to weekly summaries. */
async function userWithActivePartner(billing: BillingState) {
  const user = await createTestUser();
  setBillingState(user.id, billing);
  markPhoneVerified(user.id);
  phoneCount += 1;
  const phone = `+1201555${4000 + phoneCount}`;
  await addPartner(user.id, {
    name: "Coach",
    phone,
    role: "coach",
    inviterName: "Sam",
    weeklySummary: true,
    monthlySummary: false,
    eveningNotes: false,
  });
  expect(answerAsPartner(phone, "YES")).not.toBeNull();
  return { user, phone };
}

let transport: RecordingTransport;
const tick = (at: string) => runTick(new Date(at), { transport });

beforeEach(() => {
  transport = new RecordingTransport();
  sqlite.exec("delete from scheduler_ticks");
});

describe("partner summaries with billing on", () => {
  it("go to the partners of users whose trial or plan is live, and stop once it has ended", async () => {
    expect(isBillingEnabled()).toBe(true);
    const trial = await userWithActivePartner({ trialEndsAt: "2026-11-26T00:00:00Z" });
    const paying = await userWithActivePartner({
      trialEndsAt: "2026-10-01T00:00:00Z",
      plan: "basic",
      status: "active",
      periodEnd: "2026-12-15T00:00:00Z",
    });
    const trialEnded = await userWithActivePartner({ trialEndsAt: "2026-11-20T00:00:00Z" });
    const cancelled = await userWithActivePartner({
      trialEndsAt: "2026-10-01T00:00:00Z",
      plan: "premium",
      status: "canceled",
      periodEnd: "2026-11-21T00:00:00Z",
    });
    const cancelledLater = await userWithActivePartner({
      trialEndsAt: "2026-10-01T00:00:00Z",
      plan: "premium",
      status: "canceled",
      periodEnd: "2026-11-25T00:00:00Z",
    });

    await tick(SUNDAY);
    for (const live of [trial, paying, cancelledLater]) {
      expect(transport.to(live.phone)).toHaveLength(1);
      expect(transport.to(live.phone)[0]).toMatch(/^Sam's week: /);
    }
    for (const ended of [trialEnded, cancelled]) expect(transport.to(ended.phone)).toEqual([]);

    // A week later the trial and the paid-up period have ended too; the subscription still runs.
    await tick(NEXT_SUNDAY);
    expect(transport.to(paying.phone)).toHaveLength(2);
    for (const ended of [trial, cancelledLater]) expect(transport.to(ended.phone)).toHaveLength(1);
    for (const ended of [trialEnded, cancelled]) expect(transport.to(ended.phone)).toEqual([]);
    // A partner gets summaries or nothing: never the user's plan-ended notice.
    for (const { phone } of [trial, paying, trialEnded, cancelled, cancelledLater]) {
      for (const body of transport.to(phone)) expect(body).toMatch(/^Sam's week: /);
    }
  });
});
