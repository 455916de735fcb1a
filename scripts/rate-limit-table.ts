import {
  RATE_LIMITS_END,
  RATE_LIMITS_START,
  rateLimitTable,
} from "../app/utils/rate-limits/rate-limit.server";
import { rewriteDocBlock } from "./lib/doc-block";

// Usage: npx tsx scripts/rate-limit-table.ts
// Rewrites the rate-limit table of docs/security.md from the registry (RATE_LIMITS); the test
// tests/integration/rate-limit-registry.test.ts fails while the two differ.
const file = "docs/security.md";
rewriteDocBlock(
  file,
  { start: RATE_LIMITS_START, end: RATE_LIMITS_END, name: "rate-limits" },
  rateLimitTable(),
);
console.log(`${file}: rate limits written`);
