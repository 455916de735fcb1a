import { signUp, startBuiltServer, type BuiltServer, type HttpClient } from "./built-server";
import { seedHeavyAccount, type HeavySeed } from "./heavy-account";

// Bursts of concurrent heavy pages, as an attacker (or a crowd) sends them, against the production build
// with production's heap: the conversation page of a full day's texting, a shared monthly summary of a
// month of long goals, the PDF report of the largest account and one of 200 long goals. Each burst runs
// on a server of its own, so the peak printed is that burst's. Every answer must come, be a 200 or a
// refusal that says when to come back (503 or 429 with Retry-After), the server's resident memory must
// stay inside the 256 MB machine, and the server must answer /healthz afterwards.

const MACHINE_BYTES = 256 * 1024 * 1024;
const MB = 1024 * 1024;
const ANSWER_WITHIN_MS = 120_000;
const DAY = 86_400_000;
/** The most a day's texting can be: 150 texts in and 150 answers out, each of SMS's 1,600 characters. */
const TEXTS_OF_A_FULL_DAY = 300;
const LONGEST_TEXT = 1_600;
const LONGEST_GOAL = 500;
const MAX_GOALS_PER_DAY = 50;

type Answer = { status: number; retryAfter: string | null; bytes: number };

type Burst = {
  server: BuiltServer;
  account: Awaited<ReturnType<typeof signUp>>;
  seed: HeavySeed;
};

const peaks: string[] = [];
afterAll(() => console.log(`heavy bursts, peak RSS of each:\n${peaks.join("\n")}`));

const longText = (length: number, n: number) =>
  `${n} Walked the dog, wrote three pages, called mum and stretched. `
    .repeat(Math.ceil(length / 60))
    .slice(0, length);

async function heavyServer(): Promise<Burst> {
  const server = await startBuiltServer();
  const account = await signUp(server);
  const seed = seedHeavyAccount(server.db(), account.user.id);
  // Let fetch see the kept-alive connection the server closed while this process seeded.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { server, account, seed };
}

/** The newest texts of the thread become a full day's texting at SMS's longest. */
function fillTheLastDayWithLongTexts({ server, account }: Burst) {
  const db = server.db();
  const now = Date.now();
  const insert = db.prepare(
    "insert into messages (user_id, from_system, body, source, created_at, kind, status) values (?, ?, ?, 'sms', ?, 'conversation', 'received')",
  );
  db.transaction(() => {
    for (let n = 0; n < TEXTS_OF_A_FULL_DAY; n++) {
      const at = now - DAY / 2 + Math.floor((n * DAY) / 2 / TEXTS_OF_A_FULL_DAY);
      insert.run(account.user.id, n % 2, longText(LONGEST_TEXT, n), at);
    }
  })();
}

/** Last month, the most goals a day allows, each as long as allowed: the longest monthly summary. */
function fillLastMonthWithLongGoals({ server, account }: Burst) {
  const db = server.db();
  const today = new Date();
  const first = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
  const days = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)).getUTCDate();
  const insert = db.prepare(
    "insert into goals (user_id, description, created_at, due_date, completed_at) values (?, ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (let day = 0; day < days; day++) {
      for (let n = 0; n < MAX_GOALS_PER_DAY; n++) {
        const due = first + day * DAY + 18 * 3_600_000;
        insert.run(account.user.id, longText(LONGEST_GOAL, n), due - DAY, due, n % 2 ? due : null);
      }
    }
  })();
  const sentOn = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  return sentOn.toISOString().slice(0, 10);
}

/** An account of its own with 200 goals of the longest description: the longest goal list a PDF prints. */
async function accountWithLongGoals(server: BuiltServer) {
  const account = await signUp(server);
  const insert = server
    .db()
    .prepare(
      "insert into goals (user_id, description, created_at, due_date, completed_at) values (?, ?, ?, ?, ?)",
    );
  const now = Date.now();
  server.db().transaction(() => {
    for (let n = 0; n < 200; n++) {
      const due = now - (n % 20) * DAY - 3_600_000;
      insert.run(account.user.id, longText(LONGEST_GOAL, n), due - DAY, due, n % 3 ? due : null);
    }
  })();
  return account;
}

/** Sends all the requests at once, reads every answer whole, and probes /healthz meanwhile. */
async function burst(server: BuiltServer, requests: (() => Promise<Response>)[]) {
  let longestHealthWait = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = Date.now();
      await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) })
        .then((response) => response.arrayBuffer())
        .catch(() => {});
      longestHealthWait = Math.max(longestHealthWait, Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const answers = await Promise.all(
    requests.map(async (send): Promise<Answer> => {
      try {
        const response = await send();
        const body = await response.arrayBuffer();
        return {
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          bytes: body.byteLength,
        };
      } catch (error) {
        // No answer at all (the server died, or the connection was dropped): status 0, with the cause.
        return { status: 0, retryAfter: String((error as Error).cause ?? error), bytes: 0 };
      }
    }),
  );
  running = false;
  await probe;
  return { answers, longestHealthWait };
}

/**
 * Every answer came and is a 200 or a refusal that says when to come back, some were served, the peak
 * stayed inside the machine and the server still answers. The burst's figures are printed first.
 */
async function expectBurstWithstood(
  name: string,
  server: BuiltServer,
  { answers, longestHealthWait }: Awaited<ReturnType<typeof burst>>,
  refusals: number[] = [503],
) {
  const { peak } = server.rss();
  const served = answers.filter((a) => a.status === 200).length;
  const died = server.child.exitCode !== null || server.child.signalCode !== null;
  peaks.push(
    `  ${name}: peak ${(peak / MB).toFixed(0)} MB, ${served} of ${answers.length} served, longest /healthz wait ${longestHealthWait} ms` +
      (died ? `; the server died: ${server.output().slice(-3).join(" | ")}` : ""),
  );
  const unexpected = new Map<string, number>();
  for (const a of answers) {
    const refusedWithRetryAfter =
      refusals.includes(a.status) && a.retryAfter !== null && Number(a.retryAfter) > 0;
    if (a.status === 200 || refusedWithRetryAfter) continue;
    const what = `${a.status} ${a.retryAfter}`;
    unexpected.set(what, (unexpected.get(what) ?? 0) + 1);
  }
  expect([...unexpected].map(([what, n]) => `${n} × ${what}`)).toEqual([]);
  // Some of the burst is served: refusing everything would keep memory low too.
  expect(served).toBeGreaterThan(0);
  expect(peak).toBeLessThan(MACHINE_BYTES);
  const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(30_000) });
  expect(health.status).toBe(200);
  expect(died).toBe(false);
}

const get = (client: HttpClient, pathname: string) => () =>
  client.request(pathname, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });

describe("100 concurrent conversation pages of a full day's texting", () => {
  let heavy: Burst;
  beforeAll(async () => {
    heavy = await heavyServer();
    fillTheLastDayWithLongTexts(heavy);
  }, 180_000);
  afterAll(() => heavy?.server.stop());

  it("serve or refuse with Retry-After, within the machine's memory", async () => {
    const { client } = heavy.account;
    const outcome = await burst(
      heavy.server,
      Array.from({ length: 100 }, () => get(client, "/messages")),
    );
    await expectBurstWithstood("100 × GET /messages", heavy.server, outcome);
  }, 300_000);
});

describe("100 concurrent shared monthly summaries of a month of long goals", () => {
  let heavy: Burst;
  let sentOn: string;
  beforeAll(async () => {
    heavy = await heavyServer();
    sentOn = fillLastMonthWithLongGoals(heavy);
  }, 180_000);
  afterAll(() => heavy?.server.stop());

  it("serve or refuse with Retry-After, within the machine's memory", async () => {
    const path = `/share/${heavy.seed.shareToken}/summaries/monthly/${sentOn}`;
    const first = await fetch(`${heavy.server.url}${path}`);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    // Anyone with the link: no session.
    const outcome = await burst(
      heavy.server,
      Array.from(
        { length: 100 },
        () => () =>
          fetch(`${heavy.server.url}${path}`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) }),
      ),
    );
    await expectBurstWithstood("100 × GET /share/…/summaries/monthly", heavy.server, outcome);
  }, 300_000);
});

describe("100 concurrent PDF reports of the largest account and of 200 long goals", () => {
  let heavy: Burst;
  let longGoals: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    heavy = await heavyServer();
    longGoals = await accountWithLongGoals(heavy.server);
  }, 180_000);
  afterAll(() => heavy?.server.stop());

  it("serve or refuse with Retry-After, within the machine's memory", async () => {
    const outcome = await burst(heavy.server, [
      ...Array.from({ length: 50 }, () =>
        get(heavy.account.client, "/dashboard/report.pdf?range=all"),
      ),
      ...Array.from({ length: 50 }, () => get(longGoals.client, "/dashboard/report.pdf?range=all")),
    ]);
    await expectBurstWithstood(
      "100 × GET /dashboard/report.pdf",
      heavy.server,
      outcome,
      [503, 429],
    );
  }, 300_000);
});

describe("100 concurrent heavy requests of every kind at once", () => {
  let heavy: Burst;
  let sentOn: string;
  beforeAll(async () => {
    heavy = await heavyServer();
    fillTheLastDayWithLongTexts(heavy);
    sentOn = fillLastMonthWithLongGoals(heavy);
  }, 180_000);
  afterAll(() => heavy?.server.stop());

  it("serve or refuse with Retry-After, within the machine's memory", async () => {
    const { client } = heavy.account;
    const share = `/share/${heavy.seed.shareToken}/summaries/monthly/${sentOn}`;
    const outcome = await burst(heavy.server, [
      ...Array.from({ length: 40 }, () => get(client, "/messages")),
      ...Array.from({ length: 40 }, () => get(client, share)),
      ...Array.from({ length: 10 }, () => get(client, "/dashboard/report.pdf?range=all")),
      ...Array.from({ length: 10 }, () => get(client, "/api/messages")),
    ]);
    await expectBurstWithstood("100 mixed heavy requests", heavy.server, outcome, [503, 429]);
  }, 300_000);
});
