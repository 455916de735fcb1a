import { readFileSync, writeFileSync } from "node:fs";
import {
  RATE_LIMITS_END,
  RATE_LIMITS_START,
  rateLimitTable,
} from "../app/utils/rate-limits/rate-limit.server";

// Usage: npx tsx scripts/rate-limit-table.ts
// Rewrites the rate-limit table of docs/security.md from the registry (RATE_LIMITS); the test
// tests/integration/rate-limit-registry.test.ts fails while the two differ.
const file = "docs/security.md";
const doc = readFileSync(file, "utf8");
const start = doc.indexOf(RATE_LIMITS_START);
const end = doc.indexOf(RATE_LIMITS_END);
if (start < 0 || end < 0) throw new Error(`${file} has no rate-limits markers`);
writeFileSync(
  file,
  doc.slice(0, start) + rateLimitTable() + doc.slice(end + RATE_LIMITS_END.length),
);
console.log(`${file}: rate limits written`);
