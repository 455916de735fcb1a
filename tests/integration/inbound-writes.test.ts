import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { askMorningQuestion, receiveInboundSms } from "~/conversation/inbound.server";
import { getTransport } from "~/sms/transport.server";
import { getUserById } from "~/users/users.server";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { createTestUser, markPhoneVerified } from "../helpers/requests";

// On LiteFS each commit is an LTX file and a round of FUSE calls (docs/decisions/0010-group-commit.md),
// so an inbound text is one write: its claim, what it changes and its answer, committed before the
// answer is handed to Twilio. Commits are counted from SQLite's own write-ahead log.

/** Commit frames in the WAL since it last restarted: a frame whose header carries the database size. */
function commitsInWal() {
  const wal = readFileSync(`${env.DATABASE_PATH}-wal`);
  if (wal.length < 32) return 0;
  const pageSize = wal.readUInt32BE(8);
  const salts = wal.subarray(16, 24);
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    // Frames left from before the log restarted carry older salts.
    if (!wal.subarray(at + 8, at + 16).equals(salts)) break;
    if (wal.readUInt32BE(at + 4) !== 0) commits += 1;
  }
  return commits;
}

beforeAll(() => sqlite.pragma("wal_autocheckpoint = 0"));
afterAll(() => sqlite.pragma("wal_autocheckpoint = 1000"));
afterEach(() => vi.restoreAllMocks());

it("writes a reply to the morning question in one commit, before its answer is handed to Twilio", async () => {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  const user = getUserById(created.id)!;
  await askMorningQuestion(user);
  sqlite.pragma("wal_checkpoint(TRUNCATE)");

  const transport = getTransport();
  const send = transport.send.bind(transport);
  const atSend: { commits: number; goals: unknown[]; answer: unknown }[] = [];
  const other = new Database(env.DATABASE_PATH, { readonly: true });
  vi.spyOn(transport, "send").mockImplementation((to, body, options) => {
    atSend.push({
      commits: commitsInWal(),
      goals: other
        .prepare("select description from goals where user_id = ? order by id")
        .pluck()
        .all(user.id),
      answer: other
        .prepare(
          "select status, provider_sid as sid from messages where user_id = ? and from_system = 1 order by id desc limit 1",
        )
        .get(user.id),
    });
    return send(to, body, options);
  });
  const result = await receiveInboundSms({
    from: user.phone,
    body: "Run 3 miles, read 20 pages",
    messageSid: `SM${"7".repeat(32)}`,
    media: [],
  });
  other.close();

  expect(result.status).toBe("handled");
  // Another connection sees the goals and the queued answer once: the one commit came before the send.
  expect(atSend).toEqual([
    {
      commits: 1,
      goals: ["Run 3 miles", "read 20 pages"],
      answer: { status: "queued", sid: null },
    },
  ]);
  const answer = db
    .select()
    .from(schema.messages)
    .where(eq(schema.messages.userId, user.id))
    .all()
    .at(-1)!;
  // Twilio's answer (here the local transport's) is recorded by a later write.
  expect(answer.fromSystem).toBe(true);
  expect(answer.status).not.toBe("queued");
  expect(answer.providerSid).toBeTruthy();
  const received = db
    .select()
    .from(schema.inboundReceipts)
    .where(eq(schema.inboundReceipts.messageSid, `SM${"7".repeat(32)}`))
    .all();
  expect(received).toHaveLength(1);
});
