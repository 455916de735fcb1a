import autocannon from "autocannon";
import Database from "better-sqlite3";
import { percentile, peakRssMb, startBenchServer } from "./bench/server";

// Usage: npm run bench:web  (builds first). Prints the dashboard's server response time for a user with
// two years of daily goals, over sequential requests, then requests per second under concurrency.
const PORT = 3400;
const SEQUENTIAL = 300;
const DAYS = 730;

const { server, databasePath, baseUrl } = await startBenchServer(PORT);
try {
  const register = await fetch(`${baseUrl}/api/users`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: "bench@example.com",
      password: "bench-password-1",
      phone: "2015550123",
      terms: true,
    }),
  });
  if (register.status !== 201) throw new Error(`registration failed: ${register.status}`);
  const cookie = register.headers.get("set-cookie")!.split(";")[0]!;
  const userId = ((await register.json()) as { id: number }).id;
  seedTwoYears(databasePath, userId);

  const timings: number[] = [];
  for (let i = 0; i < SEQUENTIAL + 20; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookie } });
    await res.text();
    if (res.status !== 200) throw new Error(`dashboard answered ${res.status}`);
    if (i >= 20) timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);

  const load = await autocannon({
    url: `${baseUrl}/dashboard`,
    headers: { Cookie: cookie },
    connections: 8,
    duration: 10,
  });
  const rss = await peakRssMb(server);
  console.log(
    `dashboard (${DAYS * 3} goals over ${DAYS} days), ${SEQUENTIAL} sequential requests:`,
  );
  console.log(
    `  median ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms`,
  );
  console.log(
    `  under load (8 connections, 10 s): ${load.requests.average.toFixed(0)} req/s, ` +
      `median ${load.latency.p50} ms, p99 ${load.latency.p99} ms, non-2xx ${load.non2xx}, errors ${load.errors}`,
  );
  console.log(`  server peak RSS ${rss.toFixed(0)} MB`);
} finally {
  server.kill("SIGTERM");
}

function seedTwoYears(file: string, userId: number) {
  const db = new Database(file);
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
  db.close();
}
