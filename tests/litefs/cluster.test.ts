import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { addDays, localDay, zonedInstant } from "~/utils/time/local-time";
import { startFlyEdge } from "../fakes/fly-edge";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { HttpClient, signUp } from "../server/built-server";
import { findLiteFs, PRIMARY_HOSTNAME, startCluster, waitFor, type LiteFsNode } from "./cluster";

// The app on LiteFS itself: node 1 is the primary (static lease, candidate), node 2 a replica of it,
// each `litefs mount` with the shipped litefs.yml (exec: migrations on the candidate, then remix-serve
// on the build; the proxy in front). Everything below talks to the real processes over HTTP, reads
// their databases through their FUSE mounts, and runs the scheduler's tick as `npm run tick` would.

const root = path.resolve(import.meta.dirname, "..", "..");
const ACCOUNT_SID = "AC" + "1".repeat(32);
const AUTH_TOKEN = "litefs-twilio-token";
const FROM = "+15005550006";

let cluster: Awaited<ReturnType<typeof startCluster>>;
let twilio: FakeTwilio;
let primary: LiteFsNode;
let replica: LiteFsNode;
let litefsBinary: string;

beforeAll(async () => {
  const found = findLiteFs();
  if (!("binary" in found)) throw new Error(`LiteFS cannot run here: ${found.reason}`);
  litefsBinary = found.binary;
  twilio = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  cluster = await startCluster({
    binary: found.binary,
    env: {
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: FROM,
      TWILIO_API_URL: twilio.url,
      SMS_MAX_PER_SECOND: "10000",
      SMS_MAX_CONCURRENCY: "100",
    },
  });
  ({ primary, replica } = cluster);
  try {
    await cluster.start();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await twilio?.stop();
});

/** A query on a node's database, opened through its LiteFS mount for this call only. */
function query<T>(node: LiteFsNode, run: (db: Database.Database) => T, readonly = true): T {
  const db = new Database(node.databasePath, { readonly, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return run(db);
  } finally {
    db.close();
  }
}

const goalsOf = (node: LiteFsNode, userId: number) =>
  query(node, (db) =>
    db.prepare("select description from goals where user_id = ? order by id").pluck().all(userId),
  ) as string[];

/** The transaction ID this node's database is at, from LiteFS's `-pos` file ("txid/checksum"). */
const txidOf = (node: LiteFsNode) =>
  parseInt(readFileSync(`${node.databasePath}-pos`, "utf8").split("/")[0]!, 16);

/** Waits until the replica has every transaction the primary has. */
async function replicaCaughtUp() {
  const target = txidOf(primary);
  await waitFor(
    `the replica to reach txid ${target}`,
    () => txidOf(replica) >= target,
    () => cluster.output().join("\n"),
  );
}

/** One of our scripts on a node, as `npm run <script>` runs it there. */
function runScript(node: LiteFsNode, args: string[], env: Record<string, string> = {}) {
  // tsx as a loader, not its CLI: one process, so a SIGKILL kills the script itself.
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env: { ...node.env, NODE_OPTIONS: "", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return {
    pid: child.pid!,
    done: new Promise<{
      code: number | null;
      signal: NodeJS.Signals | null;
      stdout: string;
      stderr: string;
    }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr }))),
  };
}

/** The scheduler's tick on a node's mount, as `npm run tick -- --at` runs it there. */
const tick = (node: LiteFsNode, at: Date, env: Record<string, string> = {}) =>
  runScript(node, ["scripts/tick.ts", "--at", at.toISOString()], env);

it("runs the migrations through exec on the candidate only, and the replica serves the migrated schema", async () => {
  const primaryLog = primary.output().join("\n");
  const replicaLog = replica.output().join("\n");
  expect(primaryLog).toContain("executing command: npm [run migrate]");
  expect(primaryLog).toContain(`migrations applied to ${primary.databasePath}`);
  expect(replicaLog).toContain(
    "node is not a candidate, skipping command execution: npm [run migrate]",
  );
  expect(replicaLog).not.toContain("migrations applied");
  // Both nodes then run the last exec command, the server on the build.
  for (const log of [primaryLog, replicaLog]) {
    expect(log).toContain("starting background subprocess: ./node_modules/.bin/remix-serve");
  }

  const migrationFiles = readdirSync(path.join(root, "db", "migrations")).filter((name) =>
    name.endsWith(".sql"),
  );
  await replicaCaughtUp();
  const schema = (node: LiteFsNode) =>
    query(node, (db) =>
      db
        .prepare(
          "select type, name, sql from sqlite_master where name not like 'sqlite_%' order by name",
        )
        .all(),
    );
  const applied = (node: LiteFsNode) =>
    query(node, (db) => db.prepare("select count(*) from __drizzle_migrations").pluck().get());
  expect(applied(primary)).toBe(migrationFiles.length);
  expect(applied(replica)).toBe(migrationFiles.length);
  expect(schema(replica)).toEqual(schema(primary));
  expect(query(replica, (db) => db.pragma("journal_mode", { simple: true }))).toBe("wal");

  // The replica's app answers from that schema: a page that reads the database.
  const page = await fetch(`${replica.url}/login`);
  expect(page.status).toBe(200);
});

it("reads a goal created on the primary on the replica, and holds a writer's read until the replica has its write", async () => {
  const { client, user } = await signUp(primary);
  // The same browser session (cookies) whichever machine Fly's edge picks.
  const onReplica = (pathname: string) => client.request(`${replica.url}${pathname}`);

  for (let n = 1; n <= 10; n++) {
    const created = await client.request("/api/goals", {
      json: { description: `Goal ${n}`, dueDate: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(created.status).toBe(201);
    // The primary's proxy stamps the write with the transaction it reached: LiteFS's __txid cookie.
    const txid = /__txid=([0-9a-f]+)/.exec(created.headers.getSetCookie().join(";"))?.[1];
    expect(txid).toBeDefined();
    expect(parseInt(txid!, 16)).toBe(txidOf(primary));
    // Read at once on the replica: never the page from before the write.
    const listed = await onReplica("/api/goals");
    expect(listed.status).toBe(200);
    const descriptions = ((await listed.json()) as { description: string }[]).map(
      (goal) => goal.description,
    );
    expect(descriptions).toContain(`Goal ${n}`);
  }
  await replicaCaughtUp();
  expect(goalsOf(replica, user.id)).toEqual(goalsOf(primary, user.id));

  // A client that has seen a transaction the replica does not have is held, then refused: never
  // served an older page.
  const ahead = (txidOf(replica) + 1000).toString(16).padStart(16, "0");
  const session = client.cookie.replace(/__txid=[0-9a-f]+(; )?/, "");
  const held = await fetch(`${replica.url}/api/goals`, {
    headers: { Cookie: `${session}; __txid=${ahead}` },
  });
  expect(held.status).toBe(504);
  expect(await held.text()).toContain("Proxy timeout");
});

it("never writes on the replica: its proxy answers writes with fly-replay, and Fly's replay ends a no-JavaScript form on the primary", async () => {
  const { client, user } = await signUp(primary);
  await replicaCaughtUp();
  const before = goalsOf(primary, user.id);

  // Straight to the replica's proxy: no write, only the answer that Fly.io's edge acts on.
  const sent = await fetch(`${replica.url}/api/goals`, {
    method: "POST",
    headers: { Cookie: client.cookie, "Content-Type": "application/json" },
    body: JSON.stringify({
      description: "Written on a replica?",
      dueDate: new Date().toISOString(),
    }),
  });
  expect(sent.headers.get("fly-replay")).toBe(`instance=${PRIMARY_HOSTNAME}`);
  expect(sent.status).toBe(200); // LiteFS v0.5.14 writes only the header: off Fly.io, an empty page
  expect(await sent.text()).toBe("");

  // The replica's database refuses a write even from a process on its own machine.
  expect(() =>
    query(
      replica,
      (db) => db.prepare("update users set name = 'replica' where id = ?").run(user.id),
      false,
    ),
  ).toThrow();

  // Through an edge that replays as Fly.io does: the dashboard's form without JavaScript.
  const edge = await startFlyEdge({
    entry: replica.url,
    instances: { [PRIMARY_HOSTNAME]: primary.url },
  });
  try {
    const browser = new HttpClient(edge);
    const login = await browser.request("/login", {
      form: { email: (await userEmail(user.id))!, password: "correct horse battery" },
    });
    expect(login.status).toBe(302);
    const posted = await browser.request("/dashboard", {
      form: { intent: "create", description: "Posted without JavaScript", dueTime: "23:59" },
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/dashboard");
    expect(edge.replays.map((replay) => `${replay.method} ${replay.path}`)).toEqual([
      "POST /login",
      "POST /dashboard",
    ]);
    // The redirect's GET is served by the replica, held until it has the new goal.
    const dashboard = await browser.request("/dashboard");
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain("Posted without JavaScript");
    expect(html).toContain("Goal created!");
    expect(edge.replays).toHaveLength(2);
  } finally {
    await edge.stop();
  }
  expect(goalsOf(primary, user.id)).toEqual([...before, "Posted without JavaScript"]);
});

async function userEmail(userId: number) {
  return query(primary, (db) =>
    db.prepare("select email from users where id = ?").pluck().get(userId),
  ) as string | undefined;
}

it("sends nothing from the replica's scheduler tick, and the primary's morning text exactly once", async () => {
  const timezone = "America/New_York";
  const { user, phone } = await signUp(primary, { timezone });
  query(
    primary,
    (db) =>
      db.prepare("update users set phone_verified_at = ? where id = ?").run(Date.now(), user.id),
    false,
  );
  await replicaCaughtUp();
  const morning = zonedInstant(addDays(localDay(new Date(), timezone), 1), "08:00", timezone);
  const mornings = () => twilio.messagesTo(phone).filter((m) => m.body.startsWith("Good morning"));

  const onReplica = await tick(replica, morning).done;
  expect(onReplica.code, onReplica.stderr).toBe(0);
  expect(onReplica.stdout).toContain("replica, nothing sent");
  expect(mornings()).toHaveLength(0);

  for (let run = 0; run < 2; run++) {
    const onPrimary = await tick(primary, morning).done;
    expect(onPrimary.code, onPrimary.stderr).toBe(0);
    expect(onPrimary.stdout).toContain(": primary;");
  }
  expect(mornings()).toHaveLength(1);

  // The replica's tick once the primary has sent: still nothing, and the sent text is replicated.
  await replicaCaughtUp();
  const again = await tick(replica, morning).done;
  expect(again.stdout).toContain("replica, nothing sent");
  expect(mornings()).toHaveLength(1);
  const stored = (node: LiteFsNode) =>
    query(node, (db) =>
      db
        .prepare(
          "select body from messages where user_id = ? and from_system = 1 and body like 'Good morning%'",
        )
        .pluck()
        .all(user.id),
    );
  expect(stored(replica)).toEqual([mornings()[0]!.body]);
  expect(stored(primary)).toEqual(stored(replica));
});

it("agrees with LiteFS on who is primary: /litefs/health, LiteFS's /info and the app's /healthz?deep=1", async () => {
  for (const node of [primary, replica]) {
    const health = await fetch(`${node.url}/litefs/health`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe("OK\n"); // LiteFS's proxy answers, not the app

    const info = (await (await fetch(`${node.apiUrl}/info`)).json()) as {
      isPrimary: boolean;
      primary: { hostname: string };
    };
    const deep = await fetch(`${node.url}/healthz?deep=1`);
    expect(deep.status).toBe(200);
    const role = /LiteFS role: (\w+)/.exec(await deep.text())?.[1];

    expect(info.isPrimary).toBe(node === primary);
    expect(info.primary.hostname).toBe(PRIMARY_HOSTNAME);
    expect(role).toBe(info.isPrimary ? "primary" : "replica");
  }
  // What litefs-js reads on the replica: the primary's name in the mount's .primary file.
  expect(readFileSync(path.join(replica.fuseDir, ".primary"), "utf8").trim()).toBe(
    PRIMARY_HOSTNAME,
  );
});

it("sends every morning text exactly once after the primary's tick is killed (kill -9) mid-fan-out and run again", async () => {
  const timezone = "America/New_York";
  const accounts: Awaited<ReturnType<typeof signUp>>[] = [];
  for (let n = 0; n < 8; n++) accounts.push(await signUp(primary, { timezone }));
  const ids = accounts.map((account) => account.user.id);
  query(
    primary,
    (db) =>
      db
        .prepare(
          `update users set phone_verified_at = ? where id in (${ids.map(() => "?").join(",")})`,
        )
        .run(Date.now(), ...ids),
    false,
  );
  const morning = zonedInstant(addDays(localDay(new Date(), timezone), 2), "08:00", timezone);
  const morningsTo = (phone: string) =>
    twilio.messagesTo(phone).filter((m) => m.body.startsWith("Good morning")).length;
  const sentSoFar = () => accounts.filter((account) => morningsTo(account.phone) > 0).length;

  // Two texts a second, so the fan-out is still going when the first texts have reached Twilio.
  const crashing = tick(primary, morning, { SMS_MAX_PER_SECOND: "2" });
  await waitFor("the first morning texts to reach Twilio", () => sentSoFar() >= 2);
  process.kill(crashing.pid, "SIGKILL");
  const crashed = await crashing.done;
  expect(crashed.signal).toBe("SIGKILL");
  expect(sentSoFar()).toBeLessThan(accounts.length);

  const rerun = await tick(primary, morning).done;
  expect(rerun.code, rerun.stderr).toBe(0);
  // The rerun found the dead process's claims and settled them against Twilio's log.
  expect(rerun.stdout).toMatch(/reconciled [1-9]/);
  expect(accounts.map((account) => morningsTo(account.phone))).toEqual(accounts.map(() => 1));
});

it("catches the replica up with writes made after the primary's LiteFS restarts", async () => {
  const { client, user } = await signUp(primary);
  await replicaCaughtUp();

  await primary.stop("SIGINT"); // fly.toml's kill_signal
  // Reads go on on the replica while the primary is away.
  expect((await fetch(`${replica.url}/login`)).status).toBe(200);
  await primary.start();

  const created = await client.request("/api/goals", {
    json: {
      description: "After the restart",
      dueDate: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(created.status).toBe(201);
  await replicaCaughtUp();
  const replicaLog = replica.output().join("\n");
  expect(replicaLog).toContain("disconnected from primary, retrying");
  expect(replicaLog.match(/connecting as replica/g)?.length).toBeGreaterThanOrEqual(2);
  expect(goalsOf(replica, user.id)).toEqual(["After the restart"]);
  const listed = await new HttpClient(replica).request("/api/goals", {
    headers: { Cookie: client.cookie },
  });
  expect(((await listed.json()) as { description: string }[]).map((g) => g.description)).toEqual([
    "After the restart",
  ]);
});

it("restores a backup into the cluster: npm run restore names `litefs import`, which replaces the primary's database and replicates it", async () => {
  const kept = await signUp(primary);
  const goal = (client: HttpClient, description: string) =>
    client.request("/api/goals", {
      json: { description, dueDate: new Date(Date.now() + 3_600_000).toISOString() },
    });
  expect((await goal(kept.client, "Before the backup")).status).toBe(201);
  await replicaCaughtUp();
  // A backup works on any node: this one is taken on the replica.
  const backupFile = path.join(cluster.base, "backups", "app.db");
  const backup = await runScript(replica, ["scripts/backup.ts", backupFile]).done;
  expect(backup.code, backup.stderr).toBe(0);

  expect((await goal(kept.client, "After the backup")).status).toBe(201);
  const later = await signUp(primary);

  const restore = await runScript(primary, ["scripts/restore.ts", backupFile]).done;
  expect(restore.code).toBe(2);
  const named = /litefs import -name (\S+) (\S+)/.exec(restore.stderr);
  expect(named?.slice(1)).toEqual(["app.db", backupFile]);
  const imported = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(litefsBinary, [
      "import",
      "-name",
      named![1]!,
      "-url",
      primary.apiUrl,
      named![2]!,
    ]);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
  expect(imported.code, imported.output).toBe(0);

  await replicaCaughtUp();
  for (const node of [primary, replica]) {
    expect(goalsOf(node, kept.user.id)).toEqual(["Before the backup"]);
    expect(
      query(node, (db) => db.prepare("select id from users where id = ?").get(later.user.id)),
    ).toBeUndefined();
  }
  // The running apps answer from the restored database (which holds no sessions: sign in again).
  const login = (email: string) =>
    new HttpClient(primary).request("/api/login", {
      json: { email, password: "correct horse battery" },
    });
  expect((await login(later.email)).status).not.toBe(200);
  const again = new HttpClient(primary);
  expect(
    (
      await again.request("/api/login", {
        json: { email: kept.email, password: "correct horse battery" },
      })
    ).status,
  ).toBe(200);
  const listed = await again.request(`${replica.url}/api/goals`);
  expect(((await listed.json()) as { description: string }[]).map((g) => g.description)).toEqual([
    "Before the backup",
  ]);
});
