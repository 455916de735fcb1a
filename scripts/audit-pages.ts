import * as chromeLauncher from "chrome-launcher";
import Database from "better-sqlite3";
import lighthouse from "lighthouse";
import { startBenchServer } from "./bench/server";
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_FLAGS } from "./lib/chromium";

// Usage: npm run audit:pages  (builds first). Lighthouse (mobile settings, simulated throttling) in
// Debian's Chromium against the production build on 127.0.0.1; prints the four category scores of
// each page and exits non-zero when one misses its target.
const PORT = 3420;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};
const SLUG = "five-habits-that-stick";

const { server, databasePath, baseUrl } = await startBenchServer(PORT);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: HEADLESS_CHROMIUM_FLAGS,
});
let missed = 0;
try {
  const cookie = await signUp();
  seedPost(databasePath);
  const pages: { name: string; path: string; headers?: Record<string, string> }[] = [
    { name: "landing", path: "/" },
    { name: "faq", path: "/faq" },
    { name: "blog", path: "/blog" },
    { name: "blog post", path: `/blog/${SLUG}` },
    { name: "login", path: "/login" },
    { name: "register", path: "/register" },
    { name: "dashboard (signed in)", path: "/dashboard", headers: { Cookie: cookie } },
  ];
  console.log(`page                     ${CATEGORIES.map((c) => c.padEnd(15)).join("")}`);
  for (const page of pages) {
    const result = await lighthouse(`${baseUrl}${page.path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      extraHeaders: page.headers,
    });
    const categories = result?.lhr.categories ?? {};
    const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
    const failed = CATEGORIES.filter((c, i) => scores[i]! < TARGETS[c]);
    missed += failed.length;
    console.log(
      `${page.name.padEnd(25)}${scores.map((s) => String(s).padEnd(15)).join("")}${
        failed.length ? `below target: ${failed.join(", ")}` : ""
      }`,
    );
    for (const c of failed) {
      const audits = result!.lhr.categories[c]!.auditRefs.map(
        (ref) => result!.lhr.audits[ref.id]!,
      ).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative");
      for (const a of audits.slice(0, 8)) console.log(`    ${c}: ${a.id} (${a.title})`);
    }
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}
console.log(
  missed
    ? `${missed} scores below target (performance ${TARGETS.performance}, others 100)`
    : "every score meets its target",
);
process.exitCode = missed ? 1 : 0;

async function signUp() {
  const response = await fetch(`${baseUrl}/api/users`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: "audit@example.com",
      password: "audit-password-1",
      phone: "2015550199",
      terms: true,
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

function seedPost(file: string) {
  const db = new Database(file);
  db.prepare(
    `insert into blog_posts (title, slug, content, excerpt, published, published_at, featured, tags)
     values (?, ?, ?, ?, 1, ?, 1, ?)`,
  ).run(
    "Five habits that stick",
    SLUG,
    "## Start small\n\nPick one goal you can finish today. **Write it down** before breakfast.\n\n".repeat(
      8,
    ),
    "Five small habits that survive a busy week, and how a daily text keeps them going.",
    Date.now(),
    JSON.stringify(["habits"]),
  );
  db.close();
}
