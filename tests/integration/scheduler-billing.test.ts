import { createTestUser } from "../helpers/requests";
import { RecordingTransport } from "../helpers/recording-transport";
import { type BillingState, setBillingState } from "../helpers/billing-state";
import { runTick } from "~/scheduler/tick.server";
import { numberedInOrder, templates } from "~/replies/templates";
import { createGoal } from "~/goals/goals.server";
import { isBillingEnabled } from "~/billing/billing.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";

// Billing is on only with a Stripe key, and the env module reads it when it loads: set in a block
// vitest runs before the imports. The scheduler never calls Stripe, so no fake is needed here.
const { APP_URL, appEnv } = await vi.hoisted(async () => {
  const { setAppEnv } = await import("../helpers/app-env");
  const APP_URL = "https://coach.example.test";
  const appEnv = setAppEnv({
    STRIPE_SECRET_KEY: "sk_test_scheduler_billing",
    STRIPE_WEBHOOK_SECRET: "whsec_scheduler_billing",
    STRIPE_PRICE_BASIC: "price_basic_scheduler",
    STRIPE_PRICE_PREMIUM: "price_premium_scheduler",
    APP_URL,
  });
  return { APP_URL, appEnv };
});

afterAll(() => appEnv.restore());

/** Provider sids are unique across the whole file's database, as Twilio's are. */

type LedgerRow = { kind: string; local_date: string; status: string; message_id: number | null };

const ledger = (userId: number) =>
  sqlite
    .prepare<[number], LedgerRow>(
      "select kind, local_date, status, message_id from scheduled_sends where user_id = ? order by id",
    )
    .all(userId);

let transport: RecordingTransport;
const tick = (at: string) => runTick(new Date(at), { transport });

/**
 * A real account with a verified phone in New York (EDT in June: 08:00 is 12:00Z, 18:00 is 22:00Z,
 * 19:00 is 23:00Z), texts and weekly summaries on, and the given billing state.
 */
async function makeUser(billing: BillingState) {
  const created = await createTestUser();
  sqlite
    .prepare(
      `update users set timezone = 'America/New_York', preferred_check_in_time_morning = '08:00',
       preferred_check_in_time_evening = '19:00', phone_verified_at = ?, send_check_in_reminders = 1,
       receive_weekly_summary = 1 where id = ?`,
    )
    .run(Date.parse("2026-05-01T00:00:00Z"), created.id);
  setBillingState(created.id, billing);
  return getUserById(created.id)!;
}

const goal = (userId: number, description: string, due: string) =>
  createGoal(userId, { description, dueDate: new Date(due) });

beforeEach(() => {
  transport = new RecordingTransport();
  // Each test starts with no tick history and only its own users active.
  sqlite.exec("delete from scheduler_ticks; update users set send_check_in_reminders = 0");
});

const MORNING = templates.morningQuestion();
const TRIAL_ENDED = templates.accessEnded("trial", APP_URL);
const PLAN_ENDED = templates.accessEnded("plan", APP_URL);

// 2026-06-14 is a Sunday (the weekly summary goes out at 18:00 local); 2026-06-15 a Monday.
const SUNDAY = {
  before: "2026-06-14T11:00:00Z",
  morning: "2026-06-14T12:00:00Z",
  summary: "2026-06-14T22:00:00Z",
  evening: "2026-06-14T23:00:00Z",
};
const MONDAY = {
  before: "2026-06-15T11:00:00Z",
  morning: "2026-06-15T12:00:00Z",
  evening: "2026-06-15T23:00:00Z",
};

async function tickThrough(times: Record<string, string>) {
  for (const at of Object.values(times)) await tick(at);
}

it("runs with billing on", () => {
  expect(isBillingEnabled()).toBe(true);
});

describe("an ended trial", () => {
  it("gets one access-ended notice instead of its texts, over a whole day and the next", async () => {
    const user = await makeUser({ trialEndsAt: "2026-06-13T16:00:00Z" });
    goal(user.id, "Run 5k", "2026-06-14T20:00:00Z");
    goal(user.id, "Read a chapter", "2026-06-15T20:00:00Z");

    await tick(SUNDAY.before);
    await tick(SUNDAY.morning);
    expect(transport.to(user.phone)).toEqual([TRIAL_ENDED]);
    expect(TRIAL_ENDED).toContain(`${APP_URL}/settings/billing`);

    // The weekly summary and the evening question would go out too: still only the one notice.
    await tick(SUNDAY.summary);
    await tick(SUNDAY.evening);
    await tickThrough(MONDAY);
    expect(transport.to(user.phone)).toEqual([TRIAL_ENDED]);

    const rows = ledger(user.id);
    expect(rows).toEqual([
      {
        kind: "access_ended",
        local_date: "2026-06-13T16:00:00.000Z",
        status: "sent",
        message_id: expect.any(Number),
      },
    ]);
    const messages = sqlite
      .prepare("select body, kind from messages where user_id = ? and from_system = 1")
      .all(user.id);
    expect(messages).toEqual([{ body: TRIAL_ENDED, kind: "access_ended" }]);
    // No check-in is awaited from someone who was not asked.
    expect(getUserById(user.id)!.pendingPrompt).toBeNull();
  });

  it("does not hold back the texts of users still in their trial or paying", async () => {
    const expired = await makeUser({ trialEndsAt: "2026-06-10T00:00:00Z" });
    const inTrial = await makeUser({ trialEndsAt: "2026-06-20T00:00:00Z" });
    const basic = await makeUser({
      trialEndsAt: "2026-05-15T00:00:00Z",
      plan: "basic",
      status: "active",
      periodEnd: "2026-07-01T00:00:00Z",
    });
    const cancelling = await makeUser({
      trialEndsAt: "2026-05-15T00:00:00Z",
      plan: "premium",
      status: "active",
      periodEnd: "2026-06-30T00:00:00Z",
      cancelAtPeriodEnd: true,
    });
    const pastDue = await makeUser({
      trialEndsAt: "2026-05-15T00:00:00Z",
      plan: "premium",
      status: "past_due",
      periodEnd: "2026-06-10T00:00:00Z",
    });
    const entitled = [inTrial, basic, cancelling, pastDue];
    for (const u of [expired, ...entitled]) goal(u.id, "Stretch", "2026-06-14T23:30:00Z");

    await tickThrough(SUNDAY);
    for (const u of entitled) {
      const texts = transport.to(u.phone);
      expect(texts).toHaveLength(3);
      expect(texts[0]).toBe(MORNING);
      expect(texts.join("\n")).not.toContain("has ended");
      expect(ledger(u.id).map((r) => r.kind)).toEqual(["morning", "weekly_summary", "evening"]);
    }
    expect(transport.to(expired.phone)).toEqual([TRIAL_ENDED]);
  });

  it("gets the morning question again once the user subscribes", async () => {
    const user = await makeUser({ trialEndsAt: "2026-06-13T16:00:00Z" });
    await tickThrough(SUNDAY);
    expect(transport.to(user.phone)).toEqual([TRIAL_ENDED]);

    // The webhook stores a plan.
    setBillingState(user.id, {
      trialEndsAt: "2026-06-13T16:00:00Z",
      plan: "basic",
      status: "active",
      periodEnd: "2026-07-14T16:00:00Z",
    });
    goal(user.id, "Call mom", "2026-06-15T23:30:00Z");
    await tickThrough(MONDAY);
    expect(transport.to(user.phone)).toEqual([
      TRIAL_ENDED,
      MORNING,
      templates.eveningQuestion(numberedInOrder(["Call mom"])),
    ]);
    expect(ledger(user.id).map((r) => [r.kind, r.status])).toEqual([
      ["access_ended", "sent"],
      ["morning", "sent"],
      ["evening", "sent"],
    ]);
  });
});

describe("an ended paid plan", () => {
  it("gets one 'plan has ended' notice, once", async () => {
    const user = await makeUser({
      trialEndsAt: "2026-04-01T00:00:00Z",
      plan: "premium",
      status: "canceled",
      periodEnd: "2026-06-13T09:30:00Z",
    });
    await tickThrough(SUNDAY);
    await tickThrough(MONDAY);
    expect(transport.to(user.phone)).toEqual([PLAN_ENDED]);
    expect(PLAN_ENDED).toContain("your plan has ended");
    expect(ledger(user.id)).toEqual([
      expect.objectContaining({
        kind: "access_ended",
        local_date: "2026-06-13T09:30:00.000Z",
        status: "sent",
      }),
    ]);
  });

  it("gets a notice for each ending: the trial's, then the plan bought after it", async () => {
    const user = await makeUser({ trialEndsAt: "2026-06-13T16:00:00Z" });
    await tick(SUNDAY.before);
    await tick(SUNDAY.morning);

    setBillingState(user.id, {
      trialEndsAt: "2026-06-13T16:00:00Z",
      plan: "premium",
      status: "active",
      periodEnd: "2026-06-15T14:00:00Z",
    });
    await tickThrough(MONDAY); // still paid at 08:00 Monday; the period ends at 10:00
    // Stripe cancels it at the end of the period.
    setBillingState(user.id, {
      trialEndsAt: "2026-06-13T16:00:00Z",
      plan: "premium",
      status: "canceled",
      periodEnd: "2026-06-15T14:00:00Z",
    });
    await tickThrough({
      before: "2026-06-16T11:00:00Z",
      morning: "2026-06-16T12:00:00Z",
      evening: "2026-06-16T23:00:00Z",
    });
    await tick("2026-06-17T12:00:00Z");

    expect(transport.to(user.phone)).toEqual([TRIAL_ENDED, MORNING, PLAN_ENDED]);
    expect(
      ledger(user.id)
        .filter((r) => r.kind === "access_ended")
        .map((r) => r.local_date),
    ).toEqual(["2026-06-13T16:00:00.000Z", "2026-06-15T14:00:00.000Z"]);
  });
});

describe("follow-ups", () => {
  it("are not sent to a user whose access ended, while a trial user gets theirs", async () => {
    const expired = await makeUser({ trialEndsAt: "2026-06-10T00:00:00Z" });
    const inTrial = await makeUser({ trialEndsAt: "2026-06-20T00:00:00Z" });
    // Due at 11:00 local, before the 19:00 evening check-in, outside quiet hours.
    const expiredGoal = goal(expired.id, "Write the report", "2026-06-15T15:00:00Z");
    const trialGoal = goal(inTrial.id, "Write the report", "2026-06-15T15:00:00Z");

    await tick("2026-06-15T14:00:00Z");
    await tick("2026-06-15T15:00:00Z");
    await tick("2026-06-15T16:00:00Z");

    expect(transport.to(inTrial.phone)).toContain(
      'Reminder: "Write the report" is due at 11:00 AM. Reply 1 when it\'s done.',
    );
    expect(transport.to(expired.phone).join("\n")).not.toContain("Reminder:");
    expect(ledger(expired.id).filter((r) => r.kind === "follow_up")).toEqual([]);
    const tasks = sqlite.prepare<[number], { n: number }>(
      "select count(*) as n from follow_up_tasks where goal_id = ?",
    );
    expect(tasks.get(expiredGoal.id)).toEqual({ n: 0 });
    expect(tasks.get(trialGoal.id)).toEqual({ n: 1 });
  });
});
