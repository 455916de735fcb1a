// The closing line CI is read by: "tests: N passed, N failed", added up from the test runners' own
// summaries in a log of `npm test` (vitest's "Tests  …" lines and Playwright's "N passed" lines).
import { readFileSync } from "node:fs";

const ANSI = /\u001b\[[0-9;]*m/g;
const VITEST_TESTS = /^\s*Tests\s+(.+?)\s+\(\d+\)\s*$/;
const VITEST_PART = /(\d+) (passed|failed)/g;
const PLAYWRIGHT_LINE = /^\s+(\d+) (passed|failed|flaky)(?: \([^)]*\))?\s*$/;

export function countTests(log: string) {
  const counts = { passed: 0, failed: 0 };
  for (const line of log.replace(ANSI, "").split("\n")) {
    const vitest = VITEST_TESTS.exec(line);
    if (vitest) {
      for (const [, n, kind] of (vitest[1] ?? "").matchAll(VITEST_PART))
        counts[kind === "failed" ? "failed" : "passed"] += Number(n);
      continue;
    }
    const playwright = PLAYWRIGHT_LINE.exec(line);
    if (playwright)
      counts[playwright[2] === "passed" ? "passed" : "failed"] += Number(playwright[1]);
  }
  return counts;
}

if (process.argv[1]?.endsWith("test-count.ts")) {
  const { passed, failed } = countTests(readFileSync(process.argv[2] ?? 0, "utf8"));
  console.log(`tests: ${passed} passed, ${failed} failed`);
}
