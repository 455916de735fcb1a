import type { SendResult, SentRecord, SmsTransport } from "~/sms/transport.server";
import { createTestUser } from "../helpers/requests";
import { runTick } from "~/scheduler/tick.server";
import { templates } from "~/replies/templates";
import { sqlite } from "~/utils/db/db.server";

// LiteFS is simulated with a temporary mount folder; the env module reads LITEFS_DIR when it loads, so
// it is set in a block vitest runs before the imports. DATABASE_PATH stays the per-file test database.
const litefs = await vi.hoisted(async () => {
  const { simulateLitefs } = await import("../helpers/app-env");
  return simulateLitefs("coach-litefs-", "coach-primary-host");
});
const { becomeReplica, becomePrimary } = litefs;

afterAll(() => litefs.restore());

/** Keeps every send; a replica must never call it. */
class RecordingTransport implements SmsTransport {
  readonly name = "local" as const;
  readonly sent: { to: string; body: string; sid: string }[] = [];
  readonly logReads: string[] = [];
  async send(to: string, body: string): Promise<SendResult> {
    const sid = `SMreplica${this.sent.length + 1}`;
    this.sent.push({ to, body, sid });
    return { sid, status: "queued" };
  }
  async listSentSince(to: string): Promise<SentRecord[]> {
    this.logReads.push(to);
    return [];
  }
  async fetchMedia(): Promise<never> {
    throw new Error("the scheduler never fetches media");
  }
}

const count = (table: string) =>
  sqlite.prepare<[], { n: number }>(`select count(*) as n from ${table}`).get()!.n;

async function verifiedUser() {
  const user = await createTestUser(); // New York, morning 08:00, evening 19:00
  sqlite
    .prepare("update users set phone_verified_at = ? where id = ?")
    .run(Date.parse("2026-01-01T00:00:00Z"), user.id);
  return user;
}

describe("the scheduler on a LiteFS replica", () => {
  it("sends nothing and writes nothing; checks every tick, so it works once this node is primary", async () => {
    const user = await verifiedUser();
    // A goal that passed its due time unfinished, and a claim another process left unfinished:
    // a primary would follow up and reconcile, a replica must touch neither.
    const goal = sqlite
      .prepare<[number, number], { id: number }>(
        "insert into goals (user_id, description, due_date) values (?, 'Call the bank', ?) returning id",
      )
      .get(user.id, Date.parse("2026-06-15T15:00:00Z"))!;
    const message = sqlite
      .prepare<[number], { id: number }>(
        `insert into messages (user_id, from_system, body, source, kind, status)
         values (?, 1, 'Evening check-in: which goals did you finish?', 'sms', 'evening', 'queued') returning id`,
      )
      .get(user.id)!;
    const stale = sqlite
      .prepare<[number, number, number, number], { id: number }>(
        `insert into scheduled_sends (user_id, kind, local_date, due_at, status, claimed_by, claimed_at, message_id)
         values (?, 'evening', '2026-06-14', ?, 'claimed', 'another-process', ?, ?) returning id`,
      )
      .get(user.id, Date.parse("2026-06-14T23:00:00Z"), Date.now() - 60_000, message.id)!;
    const status = () =>
      sqlite
        .prepare<[number], { status: string }>("select status from scheduled_sends where id = ?")
        .get(stale.id)!.status;
    const transport = new RecordingTransport();
    const options = { transport };

    becomeReplica();
    const before = {
      sends: count("scheduled_sends"),
      ticks: count("scheduler_ticks"),
      messages: count("messages"),
      followUps: count("follow_up_tasks"),
    };
    for (const at of ["2026-06-15T11:00:00Z", "2026-06-15T12:00:00Z", "2026-06-15T15:30:00Z"]) {
      const report = await runTick(new Date(at), options);
      expect(report).toMatchObject({ primary: false, claimed: 0, sent: 0, transactions: 0 });
    }
    expect(transport.sent).toEqual([]);
    expect(transport.logReads).toEqual([]);
    expect({
      sends: count("scheduled_sends"),
      ticks: count("scheduler_ticks"),
      messages: count("messages"),
      followUps: count("follow_up_tasks"),
    }).toEqual(before);
    expect(before).toMatchObject({ sends: 1, ticks: 0 });
    expect(status()).toBe("claimed");
    expect(sqlite.prepare("select pending_prompt from users where id = ?").get(user.id)).toEqual({
      pending_prompt: null,
    });

    // The same node promoted: the next tick (never a cached answer) claims and sends.
    becomePrimary();
    const report = await runTick(new Date("2026-06-15T12:00:00Z"), options);
    expect(report).toMatchObject({ primary: true, claimed: 1, sent: 1 });
    expect(transport.sent).toEqual([
      expect.objectContaining({ to: user.phone, body: templates.morningQuestion() }),
    ]);
    // The stale claim was looked up in the log, not found, and is far too old to send.
    expect(transport.logReads).toEqual([user.phone]);
    expect(status()).toBe("expired");
    expect(count("scheduled_sends")).toBe(2);
    expect(count("scheduler_ticks")).toBe(1);

    // And demoted again: nothing more, not even the follow-up now due.
    becomeReplica();
    const demoted = await runTick(new Date("2026-06-15T15:30:00Z"), options);
    expect(demoted.primary).toBe(false);
    expect(transport.sent).toHaveLength(1);
    expect(count("scheduled_sends")).toBe(2);
    expect(count("scheduler_ticks")).toBe(1);
    expect(
      sqlite.prepare("select 1 from follow_up_tasks where goal_id = ?").get(goal.id),
    ).toBeUndefined();
  });
});
