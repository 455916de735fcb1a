import { spawnSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { HttpClient, signUp, startBuiltServer } from "../tests/server/built-server";
import type { BuiltServer } from "../tests/server/built-server";

// Usage: npm run test:api-fuzz   (after `npm run build`)
// Schemathesis (scripts/install-schemathesis.sh) fuzzes every /api operation of docs/openapi.json, as
// served by the production build, signed in as a user with goals, habits and messages. It passes when
// no answer is a 5xx, every answer is in the document (status, content type, headers, body schema),
// and a second user's data was neither read nor changed. Without Schemathesis it says why and exits 0,
// except under CI (CI set), where that is a failure.

const root = path.resolve(import.meta.dirname, "..");
const ci = Boolean(process.env.CI) && process.env.CI !== "false" && process.env.CI !== "0";

/** Test cases per operation and phase: the whole run takes a few minutes on two cores. */
const MAX_EXAMPLES = 100;
/**
 * What every answer must be: no 5xx, and in the document (status, content type, headers, schema); a
 * request the document forbids refused with a 4xx; calls without the cookie refused; methods a URL
 * lacks 405 with a true Allow; stateful sequences (create, then read, change and delete what was
 * made) hold. Not checked: that every request the document allows is accepted
 * (positive_data_acceptance): JSON Schema cannot say rules that depend on now or on stored data (a due
 * date's window, "one of your images", a pending code).
 */
const CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_headers_conformance",
  "response_schema_conformance",
  "negative_data_rejection",
  "missing_required_header",
  "unsupported_method",
  "allow_header_conformance",
  "ignored_auth",
  "use_after_free",
  "ensure_resource_availability",
];
// Signing out ends the session the whole run uses: every later case would only meet 401.
const EXCLUDED_PATHS = ["/api/logout"];

function notRun(reason: string): never {
  if (ci) {
    console.error(`test:api-fuzz FAILED: it cannot run on this CI machine, because ${reason}`);
    process.exit(1);
  }
  console.log(`test:api-fuzz did NOT run the Schemathesis fuzz of /api, because ${reason}`);
  process.exit(0);
}

function findSchemathesis() {
  const check = spawnSync(
    "bash",
    [path.join(root, "scripts", "install-schemathesis.sh"), "--check"],
    {
      encoding: "utf8",
    },
  );
  if (check.status !== 0) return null;
  return path.join(check.stdout.trim().split("\n").at(-1)!, "bin", "schemathesis");
}

const schemathesis = findSchemathesis();
if (!schemathesis) {
  notRun("Schemathesis is not installed (scripts/install-schemathesis.sh installs it from PyPI).");
}
if (!existsSync(path.join(root, "build", "index.js"))) {
  notRun("build/index.js is missing: run `npm run build` first.");
}

type Json = Record<string, unknown>;

async function post(client: HttpClient, pathname: string, json: unknown) {
  const response = await client.request(pathname, { json });
  if (!response.ok)
    throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Json;
}

/** A few goals, two habits and a chat message, each naming `marker` so it can be found anywhere. */
async function seed(client: HttpClient, marker: string) {
  const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  for (const [i, hours] of [1, 2, 5].entries()) {
    await post(client, "/api/goals", { description: `${marker} goal ${i}`, dueDate: soon(hours) });
  }
  await post(client, "/api/habits", {
    title: `${marker} habit daily`,
    days: [0, 1, 2, 3, 4, 5, 6],
  });
  await post(client, "/api/habits", { title: `${marker} habit weekly`, timesPerWeek: 3 });
  await post(client, "/api/chat", { body: `${marker} done with my first goal` });
}

/** A published post (id 1), for the blog's public reads: only an admin can write one over /api. */
function publishPost(server: BuiltServer) {
  const now = Date.now();
  server
    .db()
    .prepare(
      `insert into blog_posts (title, slug, content, excerpt, published, featured, created_at, updated_at, published_at, tags)
       values (?, ?, ?, ?, 1, 0, ?, ?, ?, ?)`,
    )
    .run(
      "Streaks that last",
      "streaks-that-last",
      "# Streaks\n\nA *short* post with **Markdown**, long enough to be a post.",
      "Why small goals win.",
      now,
      now,
      now,
      JSON.stringify(["habits"]),
    );
}

/** Everything of the user's in the database, to compare before and after. */
function snapshot(server: BuiltServer, userId: number) {
  const db = server.db();
  const rows = (table: string, column = "user_id") =>
    db.prepare(`select * from ${table} where ${column} = ? order by rowid`).all(userId);
  return JSON.stringify({
    user: rows("users", "id"),
    goals: rows("goals"),
    habits: rows("habits"),
    messages: rows("messages"),
    sessions: rows("sessions"),
  });
}

type HarEntry = {
  request: { method: string; url: string };
  response: { status: number; content?: { text?: string } };
};

function harEntries(file: string): HarEntry[] {
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, "utf8")) as { log: { entries: HarEntry[] } }).log.entries;
}

// Schemathesis closes with pytest's banner ("=== 2 warnings in 36.99s ==="), which a reader of CI logs
// takes for a pytest run that executed no test; its banners are printed as plain headings instead.
const PYTEST_BANNER = /^=+ (.+?) =+$/;

function withoutPytestBanners(stream: NodeJS.ReadableStream, out: NodeJS.WritableStream) {
  createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
    const banner = PYTEST_BANNER.exec(line);
    const heading = banner?.[1]!.toLowerCase().replace(/ in ([\d.]+s)$/, " ($1)");
    out.write(`${heading ? `--- schemathesis: ${heading}` : line}\n`);
  });
}

/** Runs in `cwd`, where Schemathesis keeps its cache (of past failures, replayed first): never the repository. */
function run(command: string, args: string[], cwd: string) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], cwd });
    withoutPytestBanners(child.stdout, process.stdout);
    withoutPytestBanners(child.stderr, process.stderr);
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const server = await startBuiltServer();
const reportDir = mkdtempSync(path.join(tmpdir(), "streakcoach-api-fuzz-"));
let failed = false;
try {
  const fuzzed = await signUp(server);
  const other = await signUp(server);
  const otherMarker = `zq-other-${Date.now().toString(36)}`;
  await seed(fuzzed.client, "fuzzed-user");
  await seed(other.client, otherMarker);
  publishPost(server);
  const otherBefore = snapshot(server, other.user.id);
  // The session cookie as the document's security scheme, so Schemathesis also tries calls without it.
  const session = /(?:^|; )__session=([^;]*)/.exec(fuzzed.client.cookie)?.[1];
  if (!session) throw new Error(`no session cookie after sign-up: ${fuzzed.client.cookie}`);
  const config = path.join(reportDir, "schemathesis.toml");
  writeFileSync(config, `[auth.openapi.sessionCookie]\napi_key = ${JSON.stringify(session)}\n`);

  console.log(
    `test:api-fuzz: Schemathesis on ${server.url}/api/openapi.json as user ${fuzzed.user.id} (user ${other.user.id} must stay untouched), at most ${MAX_EXAMPLES} cases per operation`,
  );
  const har = path.join(reportDir, "run.har");
  const status = await run(
    schemathesis!,
    [
      "--config-file",
      config,
      "run",
      `${server.url}/api/openapi.json`,
      "--url",
      server.url,
      "--header",
      `Origin: ${server.url}`,
      "--checks",
      CHECKS.join(","),
      ...EXCLUDED_PATHS.flatMap((p) => ["--exclude-path", p]),
      "--phases",
      "examples,coverage,fuzzing,stateful",
      "--max-examples",
      String(MAX_EXAMPLES),
      "--workers",
      "1",
      "--seed",
      "28",
      "--no-color",
      "--report",
      "har",
      "--report-har-path",
      har,
    ],
    reportDir,
  );
  if (status !== 0) {
    failed = true;
    console.error(
      `test:api-fuzz: Schemathesis found answers outside the document (exit ${status})`,
    );
  }

  // The other user's data: never in any answer, never changed.
  const entries = harEntries(har);
  const otherMarks = [otherMarker, other.email, other.phone, `"userId":${other.user.id},`];
  const leaks = entries.filter((entry) => {
    const text = entry.response.content?.text ?? "";
    return otherMarks.some((mark) => text.includes(mark));
  });
  for (const leak of leaks.slice(0, 10)) {
    console.error(
      `test:api-fuzz: user ${other.user.id}'s data in the answer to ${leak.request.method} ${leak.request.url} (${leak.response.status})`,
    );
  }
  if (leaks.length > 0) failed = true;
  // The same search finds the fuzzed user's own data, or it would prove nothing.
  const ownAnswers = entries.filter((entry) =>
    (entry.response.content?.text ?? "").includes("fuzzed-user"),
  ).length;
  if (ownAnswers === 0) {
    failed = true;
    console.error(
      "test:api-fuzz: no recorded answer holds the fuzzed user's own data: the search sees no bodies",
    );
  }
  if (snapshot(server, other.user.id) !== otherBefore) {
    failed = true;
    console.error(`test:api-fuzz: user ${other.user.id}'s rows changed during the run`);
  }
  const serverErrors = server
    .output()
    .filter((line) => /"level":(50|60)|"level":"(error|fatal)"/.test(line));
  console.log(
    `test:api-fuzz: ${entries.length} requests recorded, ${ownAnswers} answers with user ${fuzzed.user.id}'s data; ${leaks.length} answers with user ${other.user.id}'s data; user ${other.user.id}'s rows ${snapshot(server, other.user.id) === otherBefore ? "unchanged" : "CHANGED"}; ${serverErrors.length} error lines in the server log`,
  );
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    failed = true;
    console.error("test:api-fuzz: the server exited during the run");
  }
} finally {
  await server.stop();
  rmSync(reportDir, { recursive: true, force: true });
}
console.log(failed ? "test:api-fuzz FAILED" : "test:api-fuzz passed");
process.exit(failed ? 1 : 0);
