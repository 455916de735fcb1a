import { vi } from "vitest";

// Webhooks to a receiver on 127.0.0.1: the address check is off, as only outside production it may be.
vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  process.env.APP_URL = "https://coach.example.test";
});

import type { SmsTransport } from "~/sms/transport.server";
import { completeGoal, createGoal } from "~/goals/goals.server";
import { editGoal, moveGoalToTomorrow, skipGoal } from "~/goals/goal-edits.server";
import { setHabitDay } from "~/habits/habit-days.server";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { createHabit } from "~/habits/habits.server";
import { runTick } from "~/scheduler/tick.server";
import { registry } from "~/observability/metrics.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { deliverDueWebhooks } from "~/webhooks/webhook-delivery.server";
import { enqueueEvent } from "~/webhooks/webhook-events.server";
import {
  addWebhookEndpoint,
  removeWebhookEndpoint,
  sendTestEvent,
  webhooksForSettings,
} from "~/webhooks/webhook-endpoints.server";
import { DISABLED_REASON } from "~/webhooks/webhook-retry";
import { startWebhookReceiver } from "../fakes/webhook-receiver";
import { createTestUser } from "../helpers/requests";

const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.setMode("ok");
  // Each test's own queue: what an earlier test left undelivered is not this one's.
  sqlite.prepare("delete from webhook_endpoints").run();
});

const HOUR = 3_600_000;
const NY = "America/New_York";
const at = (iso: string) => new Date(iso);
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
/** The shortest waits, so a test knows when the next attempt is due. */
const noJitter = { random: () => 0 };

async function userWithEndpoint(path: string) {
  const created = await createTestUser();
  sqlite
    .prepare("update users set timezone = ?, phone_verified_at = ? where id = ?")
    .run(NY, Date.parse("2026-01-01T00:00:00Z"), created.id);
  const user = getUserById(created.id)!;
  const endpointId = addWebhookEndpoint(user.id, receiver.endpoint(path));
  const secret = webhooksForSettings(user.id)[0]!.secret;
  receiver.trust(path, secret);
  return { user, endpointId };
}

async function counted(name: string, labels: Record<string, string> = {}) {
  const metric = await registry.getSingleMetric(name)!.get();
  const match = metric.values.find((v) =>
    Object.entries(labels).every(([k, l]) => v.labels[k] === l),
  );
  return match?.value ?? 0;
}

const delivery = (endpointId: number) =>
  sqlite
    .prepare<
      [number],
      {
        attempts: number;
        delivered_at: number | null;
        last_status: number | null;
        last_error: string | null;
      }
    >(
      "select attempts, delivered_at, last_status, last_error from webhook_deliveries where endpoint_id = ? order by id",
    )
    .all(endpointId);

describe("webhooks out", () => {
  it("sends every event once, each signed with the endpoint's secret", async () => {
    const now = at("2026-06-15T14:00:00Z"); // Monday 10:00 in New York
    const { user } = await userWithEndpoint("/all");
    const done = createGoal(user.id, {
      description: "Run 5k",
      dueDate: at("2026-06-15T22:00:00Z"),
    });
    completeGoal(user.id, done.id, {}, now);
    completeGoal(user.id, done.id, {}, now); // a second time changes nothing, tells nothing
    const skipped = createGoal(user.id, {
      description: "Read",
      dueDate: at("2026-06-15T23:00:00Z"),
    });
    skipGoal(user.id, skipped.id, now);
    const moved = createGoal(user.id, {
      description: "Call mum",
      dueDate: at("2026-06-15T20:00:00Z"),
    });
    moveGoalToTomorrow(user.id, moved.id, NY, now);
    editGoal(user.id, moved.id, { description: "Call mum back" }, now); // not a move
    const habit = createHabit(
      user,
      { title: "Stretch", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      now,
    );
    setHabitDay(user, habit.id, "2026-06-15", true, now);

    const report = await deliverDueWebhooks(now, noJitter);
    expect(report).toMatchObject({ delivered: 7, failed: 0 });
    expect(receiver.received.map((r) => r.body.type)).toEqual([
      "goal.set",
      "goal.done",
      "goal.set",
      "goal.skipped",
      "goal.set",
      "goal.moved",
      "habit_day.kept",
    ]);
    expect(receiver.received.every((r) => r.signatureValid && r.id === r.body.id)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(7);
    expect(receiver.received.every((r) => r.timestamp === now.getTime() / 1000)).toBe(true);
    expect(receiver.received[1]!.body.data).toEqual({
      goal: {
        id: done.id,
        description: "Run 5k",
        dueAt: "2026-06-15T22:00:00.000Z",
        completedAt: now.toISOString(),
        skippedAt: null,
      },
    });
    expect(receiver.received[5]!.body.data.goal.dueAt).toBe("2026-06-16T20:00:00.000Z");
    expect(receiver.received[6]!.body.data.goal).toMatchObject({
      habitId: habit.id,
      habitDay: "2026-06-15",
    });

    // Delivered: never again.
    await deliverDueWebhooks(later(now, 2 * HOUR), noJitter);
    expect(receiver.received).toHaveLength(7);
    // Kept for the settings page a month, then forgotten.
    await deliverDueWebhooks(later(now, 29 * 24 * HOUR), noJitter);
    expect(webhooksForSettings(user.id)[0]!.deliveries.map((d) => d.type)).toHaveLength(7);
    await deliverDueWebhooks(later(new Date(), 31 * 24 * HOUR), noJitter);
    expect(webhooksForSettings(user.id)[0]!.deliveries).toEqual([]);
  });

  it("tells of a habit day missed once that day has ended in the user's zone, once", async () => {
    const monday = at("2026-06-15T14:00:00Z");
    const { user } = await userWithEndpoint("/missed");
    createHabit(
      user,
      { title: "Floss", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: "21:00" },
      monday,
    );
    createHabitGoalsOfDay(user, monday); // the morning question asked it

    await deliverDueWebhooks(at("2026-06-16T03:59:00Z"), noJitter); // 23:59 in New York: not yet
    expect(receiver.received).toEqual([]);
    await deliverDueWebhooks(at("2026-06-16T04:00:00Z"), noJitter); // midnight: missed
    await deliverDueWebhooks(at("2026-06-16T05:00:00Z"), noJitter);
    expect(receiver.received.map((r) => [r.body.type, r.body.data.habitDay?.day])).toEqual([
      ["habit_day.missed", "2026-06-15"],
    ]);
    expect(receiver.received[0]!.signatureValid).toBe(true);
  });

  it("tells of a summary when its text goes out", async () => {
    const { user } = await userWithEndpoint("/summary");
    const transport: SmsTransport = {
      name: "local",
      send: async () => ({ sid: `SM${Math.random()}`, status: "queued" }),
      fetchMedia: async () => ({ contentType: "image/jpeg", bytes: Buffer.alloc(0) }),
      listSentSince: async () => [],
    };
    const sunday = at("2026-06-14T22:00:00Z"); // Sunday 18:00 in New York: the weekly summary
    await runTick(at("2026-06-14T21:59:00Z"), { transport, inServer: false });
    await runTick(sunday, { transport, inServer: false });
    await deliverDueWebhooks(sunday, noJitter);
    const summaries = receiver.received.filter((r) => r.body.type === "summary.ready");
    expect(summaries.map((r) => r.body.data)).toEqual([
      {
        summary: {
          period: "week",
          sentOn: "2026-06-14",
          url: "https://coach.example.test/summaries/weekly/2026-06-14",
        },
      },
    ]);
    expect(summaries[0]!.signatureValid).toBe(true);
    expect(user.id).toBeGreaterThan(0);
  });

  it("queues an event with its change or not at all", async () => {
    const { user, endpointId } = await userWithEndpoint("/rollback");
    const due = at("2026-06-15T22:00:00Z");
    expect(() =>
      sqlite.transaction(() => {
        createGoal(user.id, { description: "Run", dueDate: due });
        throw new Error("a later step of the same change fails");
      })(),
    ).toThrow("a later step");
    expect(delivery(endpointId)).toEqual([]);
    expect(() => enqueueEvent(user.id, "ping", {})).toThrow(/inside the change's transaction/);

    createGoal(user.id, { description: "Run", dueDate: due });
    expect(delivery(endpointId)).toHaveLength(1);
  });

  it("retries a receiver that answers 500 for a while, with back-off, until it takes the event", async () => {
    const now = at("2026-06-15T14:00:00Z");
    const { user, endpointId } = await userWithEndpoint("/flaky");
    receiver.setMode("fail");
    createGoal(user.id, { description: "Run", dueDate: at("2026-06-15T22:00:00Z") });
    const failedBefore = await counted("streakcoach_webhook_deliveries_total", {
      result: "failed",
    });
    const deliveredBefore = await counted("streakcoach_webhook_deliveries_total", {
      result: "delivered",
    });

    await deliverDueWebhooks(now, noJitter); // attempt 1 fails: the next in 30 s
    await deliverDueWebhooks(later(now, 29_000), noJitter); // not yet due
    expect(receiver.received).toHaveLength(1);
    await deliverDueWebhooks(later(now, 30_000), noJitter); // attempt 2 fails: the next in 60 s
    await deliverDueWebhooks(later(now, 89_000), noJitter);
    expect(receiver.received).toHaveLength(2);
    expect(delivery(endpointId)).toMatchObject([
      { attempts: 2, delivered_at: null, last_status: 500 },
    ]);

    receiver.setMode("ok");
    const report = await deliverDueWebhooks(later(now, 90_000), noJitter);
    expect(report).toMatchObject({ delivered: 1, failed: 0 });
    expect(delivery(endpointId)).toMatchObject([
      { attempts: 3, last_status: 200, last_error: null },
    ]);
    // The same event each time, each signed; taken once, never sent again.
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
    expect(
      (await counted("streakcoach_webhook_deliveries_total", { result: "failed" })) - failedBefore,
    ).toBe(2);
    expect(
      (await counted("streakcoach_webhook_deliveries_total", { result: "delivered" })) -
        deliveredBefore,
    ).toBe(1);
    await deliverDueWebhooks(later(now, 10 * HOUR), noJitter);
    expect(receiver.received).toHaveLength(3);
    expect(webhooksForSettings(user.id)[0]!.disabledAt).toBeNull();
  });

  it("gives up on a stalled receiver at the timeout and tries again later", async () => {
    const now = at("2026-06-15T14:00:00Z");
    const { user, endpointId } = await userWithEndpoint("/stalled");
    receiver.setMode("stall");
    createGoal(user.id, { description: "Run", dueDate: at("2026-06-15T22:00:00Z") });

    const report = await deliverDueWebhooks(now, { ...noJitter, timeoutMs: 300 });
    expect(report).toMatchObject({ delivered: 0, failed: 1 });
    expect(delivery(endpointId)).toMatchObject([
      { attempts: 1, delivered_at: null, last_status: null, last_error: "no answer within 300 ms" },
    ]);
    receiver.setMode("ok");
    await deliverDueWebhooks(later(now, HOUR), { ...noJitter, timeoutMs: 300 });
    expect(delivery(endpointId)).toMatchObject([{ attempts: 2, last_status: 200 }]);
  });

  it("disables an endpoint that has failed for a day, says why, and sends it nothing more", async () => {
    const start = at("2026-06-15T14:00:00Z");
    const { user, endpointId } = await userWithEndpoint("/down");
    receiver.setMode("fail");
    createGoal(user.id, { description: "Run", dueDate: at("2026-06-15T22:00:00Z") });

    // Every hour for a day: each due attempt fails.
    for (let hour = 0; hour < 24; hour++)
      await deliverDueWebhooks(later(start, hour * HOUR), noJitter);
    expect(webhooksForSettings(user.id)[0]!.disabledAt).toBeNull();
    const disabledBefore = await counted("streakcoach_webhook_endpoints_disabled_total");
    const report = await deliverDueWebhooks(later(start, 24 * HOUR), noJitter);
    expect(report.disabled).toBe(1);
    expect(await counted("streakcoach_webhook_endpoints_disabled_total")).toBe(disabledBefore + 1);
    const [endpoint] = webhooksForSettings(user.id);
    expect(endpoint).toMatchObject({ disabledReason: DISABLED_REASON });
    expect(endpoint!.disabledAt).toBe(later(start, 24 * HOUR).getTime());

    const posts = receiver.received.length;
    receiver.setMode("ok");
    createGoal(user.id, { description: "Swim", dueDate: at("2026-06-16T22:00:00Z") });
    expect(sendTestEvent(user.id, endpointId)).toBe(false);
    await deliverDueWebhooks(later(start, 30 * HOUR), noJitter);
    expect(receiver.received).toHaveLength(posts);
    expect(delivery(endpointId)).toHaveLength(1);
  });

  it("sends a test event to one endpoint, and nothing to a removed one", async () => {
    const now = at("2026-06-15T14:00:00Z");
    const { user, endpointId } = await userWithEndpoint("/ping");
    const other = await createTestUser();
    expect(sendTestEvent(other.id, endpointId)).toBe(false);
    expect(sendTestEvent(user.id, endpointId, now)).toBe(true);
    await deliverDueWebhooks(now, noJitter);
    expect(receiver.received.map((r) => [r.body.type, r.signatureValid])).toEqual([["ping", true]]);

    expect(removeWebhookEndpoint(other.id, endpointId)).toBe(false);
    expect(removeWebhookEndpoint(user.id, endpointId)).toBe(true);
    createGoal(user.id, { description: "Run", dueDate: at("2026-06-15T22:00:00Z") });
    await deliverDueWebhooks(later(now, HOUR), noJitter);
    expect(receiver.received).toHaveLength(1);
  });

  it("with the address check on, posts nothing to a loopback address, named or literal", async () => {
    const now = at("2026-06-15T14:00:00Z");
    const { user, endpointId } = await userWithEndpoint("/private");
    const named = receiver.endpoint("/private").replace("127.0.0.1", "localhost");
    sqlite
      .prepare("insert into webhook_endpoints (user_id, url, secret) values (?, ?, 'whsec_x')")
      .run(user.id, named);
    createGoal(user.id, { description: "Run", dueDate: at("2026-06-15T22:00:00Z") });

    const report = await deliverDueWebhooks(now, { ...noJitter, checkAddresses: true });
    expect(report).toMatchObject({ delivered: 0, failed: 2 });
    expect(receiver.received).toEqual([]);
    expect(delivery(endpointId)[0]!.last_error).toBe("127.0.0.1 is a private address");
    const namedError = sqlite
      .prepare(
        "select last_error from webhook_deliveries where endpoint_id != ? order by id desc limit 1",
      )
      .pluck()
      .get(endpointId);
    expect(namedError).toMatch(/^localhost resolves to a private address/);
  });
});
