import {
  CAMPAIGN_END,
  CAMPAIGN_START,
  campaignSamplesMarkdown,
} from "../app/replies/campaign-samples";
import { rewriteDocBlock } from "./lib/doc-block";

// Usage: npx tsx scripts/campaign-samples.ts
// Rewrites the 10DLC campaign block of docs/operations.md from the templates (the unit test
// app/replies/campaign-samples.test.ts fails while the two differ).
const file = "docs/operations.md";
rewriteDocBlock(
  file,
  { start: CAMPAIGN_START, end: CAMPAIGN_END, name: "campaign-samples" },
  campaignSamplesMarkdown(),
);
console.log(`${file}: campaign samples written`);
