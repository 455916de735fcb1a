import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import twilioPackage from "twilio";
import { addDays, localDay, zonedInstant } from "~/utils/time/local-time";
import type { FakeTwilio } from "../fakes/twilio-server";
import { signUp } from "../server/built-server";
import { startConsulCluster, waitFor, type ConsulLease, type LiteFsNode } from "./cluster";

// Failover, measured: two candidates of the primary region with the shipped Consul lease (the fake
// Consul), the primary killed with kill -9 (LiteFS and the app: its process group, and the
// scheduler's tick running on it) at three moments: mid morning fan-out, mid 100 replies a second,
// and at the very start of the next morning's fan-out. The other node becomes primary, its scheduler
// (the tick, as `npm run tick` runs it there) carries on, and the replies go on through its proxy,
// posted as Twilio posts them (signed, retried on 5xx, a refused connection or a timeout). Counted
// from the fake Twilio's log and the surviving database: texts sent twice and replies lost (both
// asserted 0), transactions LiteFS lost, and the time from the crash to the new primary's first text.

const root = path.resolve(import.meta.dirname, "..", "..");
const LEASE = { ttl: "2s", lockDelay: "1s" } satisfies Omit<ConsulLease, "url">;
const ACCOUNT_SID = "AC" + "3".repeat(32);
const AUTH_TOKEN = "litefs-failover-twilio-token";
const FROM = "+15005550006";
const TIMEZONE = "America/New_York";
const USERS = 30;
/** The public URL Twilio signs its webhooks with: one for the app, whichever machine answers. */
const PUBLIC_URL = "http://127.0.0.1:3261";

let twilio: FakeTwilio;
let cluster: Awaited<ReturnType<typeof startConsulCluster>>["cluster"];
let stop: (() => Promise<void>) | undefined;
const accounts: Awaited<ReturnType<typeof signUp>>[] = [];
const figures: string[] = [];

beforeAll(async () => {
  ({ twilio, cluster, stop } = await startConsulCluster({
    lease: LEASE,
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM },
    nodePorts: {
      1: { http: 20221, proxy: 3261, app: 3262 },
      2: { http: 20222, proxy: 3263, app: 3264 },
    },
    env: { APP_URL: PUBLIC_URL, SMS_MAX_PER_SECOND: "10000", SMS_MAX_CONCURRENCY: "100" },
  }));
  try {
    await cluster.start();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  const leader = await primaryOf(cluster.nodes);
  for (let n = 0; n < USERS; n++) accounts.push(await signUp(leader, { timezone: TIMEZONE }));
  const ids = accounts.map((account) => account.user.id);
  write(leader, (db) =>
    db
      .prepare(
        `update users set phone_verified_at = ? where id in (${ids.map(() => "?").join(",")})`,
      )
      .run(Date.now(), ...ids),
  );
}, 240_000);

afterAll(async () => {
  console.log(`failover figures:\n${figures.map((line) => `  ${line}`).join("\n")}`);
  await stop?.();
});

type NodeInfo = { isPrimary: boolean };

async function isPrimaryNode(node: LiteFsNode) {
  const response = await fetch(`${node.apiUrl}/info`).catch(() => null);
  return response?.ok ? ((await response.json()) as NodeInfo).isPrimary : false;
}

/** The one node of these that LiteFS says is primary, once there is one. */
async function primaryOf(nodes: readonly LiteFsNode[]) {
  let leader: LiteFsNode | undefined;
  await waitFor(
    "a primary",
    async () => {
      const flags = await Promise.all(nodes.map(isPrimaryNode));
      const primaries = nodes.filter((_, n) => flags[n]);
      leader = primaries.length === 1 ? primaries[0] : undefined;
      return Boolean(leader);
    },
    () => cluster.nodes.flatMap((node) => node.output().slice(-30)).join("\n"),
  );
  return leader!;
}

const other = (node: LiteFsNode) => cluster.nodes.find((n) => n !== node)!;

function read<T>(node: LiteFsNode, run: (db: Database.Database) => T): T {
  const db = new Database(node.databasePath, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return run(db);
  } finally {
    db.close();
  }
}

function write<T>(node: LiteFsNode, run: (db: Database.Database) => T): T {
  const db = new Database(node.databasePath, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return run(db);
  } finally {
    db.close();
  }
}

/** The latest transaction a node's LiteFS committed, from the LTX files it keeps (readable after a crash). */
function lastTxidOnDisk(node: LiteFsNode) {
  const dir = path.join(path.dirname(node.fuseDir), "data", "dbs", "app.db", "ltx");
  const ends = readdirSync(dir)
    .map((name) => /^[0-9a-f]{16}-([0-9a-f]{16})\.ltx$/.exec(name)?.[1])
    .filter((end): end is string => Boolean(end))
    .map((end) => parseInt(end, 16));
  return Math.max(0, ...ends);
}

/** The scheduler's tick on a node, as `npm run tick -- --at` runs it there. */
function tick(node: LiteFsNode, at: Date, env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/tick.ts", "--at", at.toISOString()],
    { cwd: root, env: { ...node.env, NODE_OPTIONS: "", ...env } },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return {
    kill: () => child.kill("SIGKILL"),
    done: new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on("exit", (code) => resolve({ code, stdout, stderr })),
    ),
  };
}

/** Kills the primary as a machine dies: its LiteFS, the app LiteFS started and the tick running there. */
async function crash(node: LiteFsNode, running?: { kill: () => void }) {
  const before = lastTxidOnDisk(node);
  running?.kill();
  await node.stop("SIGKILL");
  return { at: Date.now(), txidBefore: Math.max(before, lastTxidOnDisk(node)) };
}

/** Waits for the survivor to be primary; how many of the dead primary's transactions it lacks. */
async function promoted(survivor: LiteFsNode, crashed: { txidBefore: number }) {
  await primaryOf([survivor]);
  return Math.max(0, crashed.txidBefore - lastTxidOnDisk(survivor));
}

const morningTexts = () =>
  twilio.messages.filter((m) => m.direction !== "inbound" && m.body.startsWith("Good morning"));

/** Each account's morning texts for one day (the day's texts are those sent after `since`). */
function morningsPerAccount(since: number) {
  return accounts.map(
    (account) =>
      morningTexts().filter((m) => m.to === account.phone && m.dateCreated.getTime() >= since)
        .length,
  );
}

function firstTextAfter(instant: number) {
  const first = twilio.messages.find(
    (m) => m.direction !== "inbound" && m.dateCreated.getTime() > instant,
  );
  return first ? first.dateCreated.getTime() - instant : null;
}

/**
 * Posts replies as Twilio does: signed with the auth token over the public URL, to whichever machine
 * Fly's edge picks (here: the node it last reached), again on a refused connection, a 5xx, a
 * fly-replay (the edge replays it on the primary) or no answer within 15 s, until one is a 200.
 */
/** What the sender met before a 200, by answer ("503", "200 fly-replay", "no answer"). */
const refusals = new Map<string, number>();

async function postReply(form: Record<string, string>, nodes: () => LiteFsNode[]) {
  const signature = twilioPackage.getExpectedTwilioSignature(
    AUTH_TOKEN,
    `${PUBLIC_URL}/webhooks/twilio/messages`,
    form,
  );
  for (let attempt = 0; attempt < 400; attempt++) {
    const live = nodes();
    const node = live[attempt % live.length]!;
    const response = await fetch(`${node.url}/webhooks/twilio/messages`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": signature,
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => null);
    // A replica's LiteFS proxy answers a write 200 with `fly-replay` and an empty body: Fly's edge
    // replays it on the named instance and Twilio never sees that answer; here it is the next attempt.
    const replay = response?.headers.get("fly-replay");
    if (response?.status === 200 && !replay) return attempt + 1;
    const answer = response ? `${response.status}${replay ? " fly-replay" : ""}` : "no answer";
    refusals.set(answer, (refusals.get(answer) ?? 0) + 1);
    if (replay) {
      await response?.body?.cancel();
      continue;
    }
    await response?.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`reply ${form.MessageSid} never got a 200`);
}

function receiptsOn(node: LiteFsNode, sids: string[]) {
  const found = read(node, (db) => {
    const has = db.prepare("select 1 from inbound_receipts where message_sid = ?").pluck();
    return sids.filter((sid) => has.get(sid));
  });
  return found.length;
}

let day = 1;
const nextMorning = () =>
  zonedInstant(addDays(localDay(new Date(), TIMEZONE), day++), "08:05", TIMEZONE);

it("texts every user once when the primary dies mid morning fan-out: the new primary's scheduler finishes it", async () => {
  const leader = await primaryOf(cluster.nodes);
  const survivor = other(leader);
  const since = Date.now();
  const morning = nextMorning();
  // Four texts a second, so the fan-out is under way when the machine dies.
  const fanOut = tick(leader, morning, { SMS_MAX_PER_SECOND: "4" });
  await waitFor("a third of the morning texts", () => morningTexts().length >= USERS / 3);
  const crashed = await crash(leader, fanOut);
  const lost = await promoted(survivor, crashed);

  const carryOn = await tick(survivor, morning).done;
  expect(carryOn.code, carryOn.stderr).toBe(0);
  const toFirstText = firstTextAfter(crashed.at);
  figures.push(
    `mid fan-out: ${lost} transactions lost by LiteFS; first text from the new primary ${toFirstText} ms after the crash; ${carryOn.stdout.trim().split("\n").at(-1)}`,
  );
  const perAccount = morningsPerAccount(since);
  expect(perAccount.filter((n) => n > 1)).toEqual([]);
  expect(perAccount.filter((n) => n === 0)).toEqual([]);
  // The survivor's record has every morning text as sent, with Twilio's sid.
  const recorded = read(survivor, (db) =>
    db
      .prepare(
        "select count(*) from scheduled_sends where kind = 'morning' and status = 'sent' and provider_sid is not null and due_at = ?",
      )
      .pluck()
      .get(zonedInstant(localDay(morning, TIMEZONE), "08:00", TIMEZONE).getTime()),
  );
  expect(recorded).toBe(USERS);
  await leader.start(); // the dead machine comes back, as a replica of the new primary
});

it("loses no reply when the primary dies during 100 replies a second: every reply Twilio got a 200 for is on the record", async () => {
  const leader = await primaryOf(cluster.nodes);
  const survivor = other(leader);
  let alive = [leader, survivor];
  const sids: string[] = [];
  const posting: Promise<number>[] = [];
  const startedAt = Date.now();
  let crashed: { at: number; txidBefore: number } | undefined;
  for (let n = 0; n < 300; n++) {
    // 100 a second: one every 10 ms, from the users in turn.
    const wait = startedAt + n * 10 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const account = accounts[n % USERS]!;
    const form = twilio.receive(account.phone, FROM, n % 2 ? "yes" : "done");
    sids.push(form.MessageSid);
    posting.push(postReply(form, () => alive));
    if (n === 120) {
      alive = [survivor];
      crashed = await crash(leader);
    }
  }
  const lost = await promoted(survivor, crashed!);
  const attempts = await Promise.all(posting);
  // Its scheduler's first tick as primary settles with Twilio's log before it sends anything.
  const settle = await tick(survivor, new Date()).done;
  expect(settle.code, settle.stderr).toBe(0);
  const onRecord = receiptsOn(survivor, sids);
  const recovered = /"replies":(\d+)/.exec(settle.stdout)?.[1];
  figures.push(
    `mid replies: ${lost} transactions lost by LiteFS; ${recovered} recovered from Twilio's log on promotion; ${sids.length} replies, ${attempts.filter((a) => a > 1).length} retried by the sender (${[...refusals].map(([answer, n]) => `${n}× ${answer}`).join(", ")}), ${sids.length - onRecord} lost`,
  );
  expect(sids.length - onRecord).toBe(0);
  await leader.start();
});

it("settles the tail LiteFS lost on promotion: a reply answered 200 is read and answered once, a text already sent is recorded, not sent again", async () => {
  const leader = await primaryOf(cluster.nodes);
  const survivor = other(leader);
  const morning = nextMorning();
  // The state the dead primary's unshipped transactions leave: Twilio has a reply it got a 200 for
  // and a morning text it sent, and the survivor's database has neither.
  const [replier, texted] = [accounts[0]!, accounts[1]!];
  const since = Date.now();
  const reply = twilio.receive(replier.phone, FROM, "yes");
  const wordsOfMorning = morningTexts().findLast((m) => m.to === texted.phone)!.body;
  twilio.messages.push({
    ...morningTexts().findLast((m) => m.to === texted.phone)!,
    sid: `SM${"f".repeat(32)}`,
    body: wordsOfMorning,
    dateCreated: new Date(),
  });
  const crashed = await crash(leader);
  await promoted(survivor, crashed);
  const answersBefore = twilio.messages.filter((m) => m.to === replier.phone).length;

  const first = await tick(survivor, morning).done;
  expect(first.code, first.stderr).toBe(0);
  const again = await tick(survivor, morning).done; // a later tick settles nothing twice
  expect(again.code, again.stderr).toBe(0);

  expect(receiptsOn(survivor, [reply.MessageSid])).toBe(1);
  const stored = read(survivor, (db) =>
    db
      .prepare("select count(*) from messages where provider_sid = ?")
      .pluck()
      .get(reply.MessageSid),
  );
  expect(stored).toBe(1);
  // Answered once: one text back to the replier besides the day's morning text.
  const toReplier = twilio.messages.filter((m) => m.to === replier.phone).slice(answersBefore);
  expect(toReplier.filter((m) => !m.body.startsWith("Good morning"))).toHaveLength(1);
  const perAccount = morningsPerAccount(since);
  expect(perAccount.filter((n) => n !== 1)).toEqual([]);
  const recorded = read(survivor, (db) =>
    db
      .prepare(
        "select provider_sid from scheduled_sends where kind = 'morning' and user_id = ? order by id desc limit 1",
      )
      .pluck()
      .get(texted.user.id),
  );
  expect(recorded).toBe(`SM${"f".repeat(32)}`);
  figures.push(`lost tail: ${first.stdout.split("\n").find((l) => l.includes("recovery"))}`);
  await leader.start();
});

it("texts every user once when the primary dies as the next morning's fan-out starts", async () => {
  const leader = await primaryOf(cluster.nodes);
  const survivor = other(leader);
  const since = Date.now();
  const morning = nextMorning();
  const fanOut = tick(leader, morning, { SMS_MAX_PER_SECOND: "4" });
  await waitFor("the first morning text", () =>
    morningTexts().some((m) => m.dateCreated.getTime() >= since),
  );
  const crashed = await crash(leader, fanOut);
  const lost = await promoted(survivor, crashed);
  const carryOn = await tick(survivor, morning).done;
  expect(carryOn.code, carryOn.stderr).toBe(0);
  figures.push(
    `start of fan-out: ${lost} transactions lost by LiteFS; first text from the new primary ${firstTextAfter(crashed.at)} ms after the crash; ${carryOn.stdout.trim().split("\n").at(-1)}`,
  );
  const perAccount = morningsPerAccount(since);
  expect(perAccount.filter((n) => n > 1)).toEqual([]);
  expect(perAccount.filter((n) => n === 0)).toEqual([]);
});
