import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import twilio from "twilio";
import { postAtConstantRate } from "./open-loop";
import { percentile, peakRssMb, signUpOverApi, startBenchServer } from "./server";

// Usage: npm run bench:web  (builds first). Against the production build on 127.0.0.1 only:
// - the dashboard of a user with two years of daily goals and 20 habits, the habits page and one
//   habit's page: sequential server response times;
// - that user's PDF report and data export, once each;
// - the landing page, a blog post and that dashboard under load (8 connections, 10 s each);
// - the inbound SMS webhook with signed requests at a constant 300 requests/s (open loop): 3 s of
//   warm-up after start-up, then the 10 s measured;
// then the server's peak resident memory over the whole run.
const PORT = 3400;
const SEQUENTIAL = 300;
const DAYS = 730;
const SENDERS = 50;
const AUTH_TOKEN = "bench-twilio-auth-token-0123456789";
const WEBHOOK_RATE = 300;
const HABITS = 20;

// The server runs with production's NODE_OPTIONS (fly.toml), so its memory figure is the deployed one.
const NODE_OPTIONS =
  /^\s*NODE_OPTIONS\s*=\s*"([^"]*)"/m.exec(readFileSync("fly.toml", "utf8"))?.[1] ?? "";

const { server, databasePath, baseUrl } = await startBenchServer(PORT, {
  NODE_OPTIONS,
  // Replies go to the local outbox: the figure is our webhook, not a network hop to Twilio.
  SMS_TRANSPORT: "local",
  TWILIO_AUTH_TOKEN: AUTH_TOKEN,
});
try {
  const { cookie, userId } = await signUpOverApi(baseUrl, {
    email: "bench@example.com",
    password: "bench-password-1",
    phone: "2015550123",
  });
  const db = new Database(databasePath);
  seedTwoYears(db, userId);
  const slug = seedBlogPost(db, userId);
  const senders = seedSenders(db);

  const habitId = seedHabits(db, userId);
  db.close();

  // The floor: a page that reads nothing, measured in the same run. Pages are stated as multiples of
  // it, a figure that holds from one machine to the next where milliseconds do not. The floor and the
  // pages take turns, request by request, so a burst of load elsewhere on the machine weighs on both.
  const pages = [
    ["floor: /terms (reads nothing)", "/terms", 0],
    [`dashboard (${DAYS * 3} goals and ${HABITS} habits' ${DAYS} days)`, "/dashboard", 2],
    [`/habits (${HABITS} habits over ${DAYS} days)`, "/habits", 2.5],
    [`/habits/{id} (one habit's ${DAYS} days)`, `/habits/${habitId}`, 2.5],
  ] as const;
  const timings = await interleavedTimings(
    pages.map(([, path]) => `${baseUrl}${path}`),
    cookie,
  );
  const floor = percentile(timings[0]!, 50);
  pages.forEach(([name, , target], index) => {
    const median = percentile(timings[index]!, 50);
    const p95 = percentile(timings[index]!, 95);
    const times = median / floor;
    console.log(
      `${name}, ${SEQUENTIAL} sequential requests taking turns with the others: median ` +
        `${median.toFixed(1)} ms` +
        (target
          ? ` (${times.toFixed(2)}x the floor; target ${target}x${times <= target ? "" : ", MISSED"})`
          : "") +
        `, p95 ${p95.toFixed(1)} ms`,
    );
  });

  // The heaviest single requests, so the memory figure includes them.
  for (const path of ["/dashboard/report.pdf", "/settings/export.json"]) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    console.log(
      `${path}: ${(bytes / 1024).toFixed(0)} KiB in ${(performance.now() - started).toFixed(0)} ms`,
    );
  }

  console.log("under load, 8 connections, 10 s each:");
  for (const [name, path, headers] of [
    ["landing page /", "/", {}],
    [`blog post /blog/${slug}`, `/blog/${slug}`, {}],
    ["dashboard", "/dashboard", { Cookie: cookie }],
  ] as const) {
    report(
      name,
      await autocannon({ url: `${baseUrl}${path}`, headers, connections: 8, duration: 10 }),
    );
  }

  // Twilio does not wait for one text's answer before posting the next: a constant rate, open loop.
  // The first seconds also pay for compiling the webhook's code; they are printed, not the figure.
  let sent = 0;
  const signedText = () => {
    const params = {
      MessageSid: `SM${randomBytes(16).toString("hex")}`,
      From: senders[sent++ % senders.length]!,
      To: "+15005550006",
      Body: "list",
      NumMedia: "0",
    };
    return {
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
          AUTH_TOKEN,
          `http://127.0.0.1:${PORT}/webhooks/twilio/messages`,
          params,
        ),
      },
      body: new URLSearchParams(params).toString(),
    };
  };
  for (const [phase, seconds] of [
    ["warm-up, first 3 s after start-up", 3],
    ["10 s", 10],
  ] as const) {
    const webhook = await postAtConstantRate({
      url: `${baseUrl}/webhooks/twilio/messages`,
      rate: WEBHOOK_RATE,
      seconds,
      next: signedText,
    });
    console.log(
      `  inbound SMS webhook, signed, ${WEBHOOK_RATE} req/s open loop, ${phase}: ` +
        `${webhook.requestsPerSecond.toFixed(0)} req/s, median ${webhook.medianMs.toFixed(1)} ms, ` +
        `p99 ${webhook.p99Ms.toFixed(1)} ms, max ${webhook.maxMs.toFixed(0)} ms, ` +
        `non-2xx ${webhook.non2xx}, errors ${webhook.errors}`,
    );
  }
  console.log(
    `server peak RSS over the run: ${(await peakRssMb(server)).toFixed(0)} MB ` +
      `(NODE_OPTIONS="${NODE_OPTIONS}")`,
  );
} finally {
  server.kill("SIGTERM");
}

/** One request to each URL in turn, SEQUENTIAL rounds after 20 warm-up ones; each URL's times sorted. */
async function interleavedTimings(urls: string[], cookie: string) {
  const timings = urls.map(() => [] as number[]);
  for (let round = 0; round < SEQUENTIAL + 20; round++) {
    for (const [index, url] of urls.entries()) {
      const started = performance.now();
      const res = await fetch(url, { headers: { Cookie: cookie } });
      await res.text();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      if (round >= 20) timings[index]!.push(performance.now() - started);
    }
  }
  return timings.map((list) => list.sort((a, b) => a - b));
}

function report(name: string, result: autocannon.Result) {
  console.log(
    `  ${name}: ${result.requests.average.toFixed(0)} req/s, median ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
}

function seedTwoYears(db: Database.Database, userId: number) {
  const insert = db.prepare(
    "insert into goals (user_id, description, created_at, due_date, completed_at) values (?, ?, ?, ?, ?)",
  );
  const day = 86_400_000;
  const now = Date.now();
  db.transaction(() => {
    for (let d = 1; d <= DAYS; d++) {
      for (let g = 0; g < 3; g++) {
        const due = now - d * day + g * 3_600_000;
        insert.run(
          userId,
          `Goal ${g + 1} of day ${d}`,
          due - 12 * 3_600_000,
          due,
          (d + g) % 4 === 0 ? null : due - 600_000,
        );
      }
    }
  })();
}

/** 20 habits started two years ago (daily, weekdays, and 3 times a week), kept 4 days in 5. */
function seedHabits(db: Database.Database, userId: number) {
  const day = 86_400_000;
  const now = Date.now();
  const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
  const start = dayOf(now - DAYS * day);
  const insertHabit = db.prepare<[number, string, string, string], { id: number }>(
    "insert into habits (user_id, title, schedules, start_date) values (?, ?, ?, ?) returning id",
  );
  const insertGoal = db.prepare(
    `insert into goals (user_id, description, created_at, due_date, completed_at, habit_id, habit_day)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const ids: number[] = [];
  db.transaction(() => {
    for (let h = 0; h < HABITS; h++) {
      const title = `Habit ${h + 1}`;
      const days = h % 3 === 2 ? [1, 3, 5] : h % 3 ? [1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6];
      const span = h % 3 === 2 ? { from: start, timesPerWeek: 3 } : { from: start, days };
      const id = insertHabit.get(userId, title, JSON.stringify([span]), start)!.id;
      ids.push(id);
      for (let d = DAYS; d >= 1; d--) {
        // Noon UTC: the same calendar day in the user's American time zone.
        const due = Math.floor((now - d * day) / day) * day + 12 * 3_600_000;
        const weekday = new Date(due).getUTCDay();
        if (!days.includes(weekday)) continue;
        const done = (d + h) % 5 !== 0;
        insertGoal.run(userId, title, due - 6 * 3_600_000, due, done ? due : null, id, dayOf(due));
      }
    }
  })();
  return ids[0]!;
}

function seedBlogPost(db: Database.Database, authorId: number) {
  const slug = "how-small-daily-goals-add-up";
  const paragraph =
    "Small goals set every morning and checked every evening add up. **Write them down**, keep them " +
    "few, and look back at the week on Sunday. [Read more](https://example.com) about habits.\n\n";
  db.prepare(
    `insert into blog_posts (title, slug, content, excerpt, author_id, published, published_at, tags)
     values (?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(
    "How small daily goals add up",
    slug,
    `# Small goals\n\n${paragraph.repeat(12)}## Lists\n\n- one\n- two\n- three\n`,
    "Why a few goals a day, checked in the evening, beat big resolutions.",
    authorId,
    Date.now(),
    JSON.stringify(["habits", "research"]),
  );
  return slug;
}

/** Verified accounts that text the webhook in turn (inserted directly: no password is needed). */
function seedSenders(db: Database.Database) {
  const insert = db.prepare(
    "insert into users (email, password_hash, phone, phone_verified_at) values (?, 'x', ?, ?)",
  );
  const phones: string[] = [];
  db.transaction(() => {
    for (let i = 0; i < SENDERS; i++) {
      const phone = `+1212555${String(2000 + i).padStart(4, "0")}`;
      insert.run(`sender${i}@example.com`, phone, Date.now());
      phones.push(phone);
    }
  })();
  return phones;
}
