import { readFileSync, writeFileSync } from "node:fs";
import {
  CAMPAIGN_END,
  CAMPAIGN_START,
  campaignSamplesMarkdown,
} from "../app/replies/campaign-samples";

// Usage: npx tsx scripts/campaign-samples.ts
// Rewrites the 10DLC campaign block of docs/operations.md from the templates (the unit test
// app/replies/campaign-samples.test.ts fails while the two differ).
const file = "docs/operations.md";
const doc = readFileSync(file, "utf8");
const start = doc.indexOf(CAMPAIGN_START);
const end = doc.indexOf(CAMPAIGN_END);
if (start < 0 || end < 0) throw new Error(`${file} has no campaign-samples markers`);
writeFileSync(
  file,
  doc.slice(0, start) + campaignSamplesMarkdown() + doc.slice(end + CAMPAIGN_END.length),
);
console.log(`${file}: campaign samples written`);
