import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { FakeConsul } from "../fakes/consul-server";
import { HttpClient, signUp } from "../server/built-server";
import { CONSUL_KEY, startConsulCluster, hostnameOf, waitFor } from "./cluster";
import type { ConsulLease, LiteFsNode } from "./cluster";

// The shipped Consul lease on real LiteFS: both nodes candidates of the primary region with
// `promote: true`, as two machines in Fly's primary region run it, against the fake Consul
// (tests/fakes/consul-server.ts). LiteFS elects one primary, hands over at once on a clean shutdown,
// and after the session's TTL on a crash; the app goes on serving writes through the new primary's
// proxy. The TTL is short so the suite stays quick (production: LiteFS's default 10 s).

const root = path.resolve(import.meta.dirname, "..", "..");
const LEASE = { ttl: "2s", lockDelay: "1s" } satisfies Omit<ConsulLease, "url">;
const ACCOUNT_SID = "AC" + "2".repeat(32);
const AUTH_TOKEN = "litefs-consul-twilio-token";

let consul: FakeConsul;
let cluster: Awaited<ReturnType<typeof startConsulCluster>>["cluster"];
let stop: (() => Promise<void>) | undefined;
/** A user signed up on the first primary, whose browser session goes on through every hand-over. */
let account: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ({ consul, cluster, stop } = await startConsulCluster({
    lease: LEASE,
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: "+15005550006" },
    nodePorts: {
      1: { http: 20211, proxy: 3251, app: 3252 },
      2: { http: 20212, proxy: 3253, app: 3254 },
    },
  }));
}, 60_000);

afterAll(async () => {
  await stop?.();
  // Every call LiteFS made is one the fake implements.
  expect(consul?.unsupported).toEqual([]);
});

type NodeInfo = { isPrimary: boolean; primary?: { hostname?: string } };

async function infoOf(node: LiteFsNode): Promise<NodeInfo | null> {
  const response = await fetch(`${node.apiUrl}/info`).catch(() => null);
  return response?.ok ? ((await response.json()) as NodeInfo) : null;
}

/** The hostname in the lease's value: LiteFS's JSON of the primary it names. */
function leaseHolder() {
  const holder = consul.holder(CONSUL_KEY);
  return holder && (JSON.parse(holder.value) as { hostname: string }).hostname;
}

/** Waits until the running nodes agree, with the lease, on one primary; answers it and the others. */
async function settledRoles(running: readonly LiteFsNode[]) {
  let leader: LiteFsNode | undefined;
  await waitFor(
    "one primary that the lease and every running node name",
    async () => {
      const infos = await Promise.all(running.map(infoOf));
      const primaries = running.filter((_, n) => infos[n]?.isPrimary);
      if (primaries.length !== 1) return false;
      leader = primaries[0]!;
      const named = hostnameOf(leader.id);
      return leaseHolder() === named && infos.every((info) => info?.primary?.hostname === named);
    },
    () => cluster.output().join("\n"),
  );
  return { leader: leader!, followers: running.filter((node) => node !== leader) };
}

const txidOf = (node: LiteFsNode) =>
  parseInt(readFileSync(`${node.databasePath}-pos`, "utf8").split("/")[0]!, 16);

async function caughtUp(follower: LiteFsNode, leader: LiteFsNode) {
  const target = txidOf(leader);
  await waitFor(`node ${follower.id} to reach txid ${target}`, () => txidOf(follower) >= target);
}

function goalsOf(node: LiteFsNode, userId: number) {
  const db = new Database(node.databasePath, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("select description from goals where user_id = ? order by id")
      .pluck()
      .all(userId) as string[];
  } finally {
    db.close();
  }
}

/** Creates a goal through a node's LiteFS proxy with the account's browser session: the status. */
async function createGoal(node: LiteFsNode, description: string) {
  const response = await account.client.request(`${node.url}/api/goals`, {
    json: { description, dueDate: new Date(Date.now() + 3_600_000).toISOString() },
  });
  await response.arrayBuffer();
  return response;
}

/** Writes through `node`'s proxy until it takes one (201): while it is not primary it only replays. */
async function firstAcceptedWrite(node: LiteFsNode, description: string) {
  await waitFor(
    `node ${node.id}'s proxy to accept a write`,
    async () => (await createGoal(node, description).catch(() => null))?.status === 201,
    () => cluster.output().join("\n"),
  );
  return Date.now();
}

const eventsSince = (at: number) => consul.events.filter((event) => event.at >= at);

it("elects one primary of two candidates started together; the other follows and has its writes", async () => {
  await Promise.all(cluster.nodes.map((node) => node.start()));
  const { leader, followers } = await settledRoles(cluster.nodes);
  const [follower] = followers as [LiteFsNode];

  // One lease in Consul, whose value names the primary both nodes name.
  const acquired = consul.events.filter((event) => event.type === "lock-acquired");
  expect(acquired.length).toBeGreaterThanOrEqual(1);
  expect(leaseHolder()).toBe(hostnameOf(leader.id));
  const output = cluster.output().join("\n");
  console.log(
    `Consul lease: node ${leader.id} is primary after ${acquired.length} acquisition(s); ` +
      `${output.match(/acquiring existing lease from handoff/g)?.length ?? 0} promotion(s) by hand-off`,
  );

  account = await signUp(leader);
  expect((await createGoal(leader, "Elected")).status).toBe(201);
  await caughtUp(follower, leader);
  expect(goalsOf(follower, account.user.id)).toEqual(["Elected"]);

  // The follower's proxy replays a write to the primary by its name, and writes nothing.
  const replayed = await createGoal(follower, "Sent to the follower");
  expect(replayed.headers.get("fly-replay")).toBe(`instance=${hostnameOf(leader.id)}`);
  expect(goalsOf(leader, account.user.id)).toEqual(["Elected"]);
});

it("lets a candidate's migration step find itself a replica and go on to start the server", async () => {
  // Two candidates with promote: true: the second takes the lease by hand-off, possibly while the
  // first runs `npm run migrate` (litefs.yml's exec, if-candidate). That step then writes on a
  // replica; it must leave the migrations to the primary and let LiteFS start the server, not stop
  // the exec. A database the replica does not have fails the same way every time.
  const { followers } = await settledRoles(cluster.nodes);
  const [follower] = followers as [LiteFsNode];
  const migrated = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "db/migrate.ts"], {
      cwd: root,
      env: { ...follower.env, NODE_OPTIONS: "", DATABASE_FILENAME: "not-on-the-replica.db" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
  expect(migrated.code, migrated.output).toBe(0);
  expect(migrated.output).toContain("this node is a LiteFS replica now, the primary applies them");
});

it("hands the lease over at once on a clean shutdown of the primary, without waiting for its TTL", async () => {
  const { leader, followers } = await settledRoles(cluster.nodes);
  const [follower] = followers as [LiteFsNode];
  const session = consul.holder(CONSUL_KEY)!.session;
  await caughtUp(follower, leader);

  const stoppedAt = Date.now();
  await leader.stop("SIGINT"); // fly.toml's kill_signal
  const acceptedAt = await firstAcceptedWrite(follower, "After a clean hand-over");
  console.log(
    `clean shutdown: node ${follower.id} took a write ${acceptedAt - stoppedAt} ms after node ${leader.id} was told to stop`,
  );

  await settledRoles([follower]);
  // The old primary released its lock and destroyed its session: nothing expired.
  const since = eventsSince(stoppedAt);
  expect(since).toContainEqual(
    expect.objectContaining({ type: "lock-released", session, key: CONSUL_KEY }),
  );
  expect(since.filter((event) => event.type === "session-expired")).toEqual([]);
  expect(goalsOf(follower, account.user.id)).toEqual(["Elected", "After a clean hand-over"]);

  // The stopped node comes back as a candidate: the two agree on one primary again, and both hold
  // every write.
  await leader.start();
  const again = await settledRoles(cluster.nodes);
  expect((await createGoal(again.leader, "Both back")).status).toBe(201);
  await caughtUp(again.followers[0]!, again.leader);
  for (const node of cluster.nodes) {
    expect(goalsOf(node, account.user.id)).toEqual([
      "Elected",
      "After a clean hand-over",
      "Both back",
    ]);
  }
});

it("hands the lease over after its TTL when the primary crashes (kill -9 of LiteFS and the app), and the new primary's proxy takes writes", async () => {
  const { leader, followers } = await settledRoles(cluster.nodes);
  const [follower] = followers as [LiteFsNode];
  const session = consul.holder(CONSUL_KEY)!.session;
  await caughtUp(follower, leader);

  const crashedAt = Date.now();
  await leader.stop("SIGKILL"); // the whole process group: LiteFS and the app it started
  const acceptedAt = await firstAcceptedWrite(follower, "After the crash");
  const expiredAt = consul.events.find(
    (event) => event.type === "session-expired" && event.session === session,
  )?.at;
  console.log(
    `crash: node ${follower.id} took a write ${acceptedAt - crashedAt} ms after node ${leader.id} was killed ` +
      `(lease ttl ${LEASE.ttl}, lock-delay ${LEASE.lockDelay}; the session expired after ${expiredAt! - crashedAt} ms)`,
  );

  // The lease changed hands only by the dead primary's session expiring, never by a release (a
  // renewal already on its way when the kill came may still land).
  const since = eventsSince(crashedAt);
  const ofDeadSession = since.filter(
    (event) => event.session === session && event.type !== "session-renewed",
  );
  expect(ofDeadSession.map((event) => event.type)).toEqual(["session-expired", "lock-invalidated"]);
  const taken = since.find((event) => event.type === "lock-acquired");
  expect(taken && (JSON.parse(taken.value!) as { hostname: string }).hostname).toBe(
    hostnameOf(follower.id),
  );
  expect(taken!.at).toBeGreaterThanOrEqual(expiredAt!);

  // The app on the new primary keeps serving: the writes from before and after the crash, its role.
  await settledRoles([follower]);
  const listed = await account.client.request(`${follower.url}/api/goals`);
  expect(listed.status).toBe(200);
  const descriptions = ((await listed.json()) as { description: string }[]).map(
    (goal) => goal.description,
  );
  expect(descriptions).toEqual(expect.arrayContaining(["Both back", "After the crash"]));
  const deep = await fetch(`${follower.url}/healthz?deep=1`);
  expect(await deep.text()).toMatch(/LiteFS role: primary/);
  expect((await new HttpClient(follower).request("/login")).status).toBe(200);
});
