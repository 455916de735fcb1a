import { readFileSync } from "node:fs";
import {
  CAMPAIGN_END,
  CAMPAIGN_START,
  campaignSamples,
  campaignSamplesMarkdown,
} from "./campaign-samples";

describe("the 10DLC campaign registration in docs/operations.md", () => {
  it("lists the sample messages and opt-in flow exactly as the templates write them", () => {
    const doc = readFileSync("docs/operations.md", "utf8");
    const start = doc.indexOf(CAMPAIGN_START);
    const end = doc.indexOf(CAMPAIGN_END);
    expect(start, "the campaign-samples markers").toBeGreaterThanOrEqual(0);
    // When this fails, run `npx tsx scripts/campaign-samples.ts` and review the change.
    expect(doc.slice(start, end + CAMPAIGN_END.length)).toBe(campaignSamplesMarkdown());
  });

  it("shows a reviewer the brand, frequency, rates, HELP and STOP in the opt-in and its confirmation", () => {
    const markdown = campaignSamplesMarkdown();
    expect(markdown).toMatch(
      /> I agree to receive .*StreakCoach.*about 2 msgs\/day.*Message and data rates may apply\. Reply STOP to opt out, HELP for help\./,
    );
    const [, confirmation] = campaignSamples()[0];
    for (const words of [
      "StreakCoach",
      "about 2 msgs/day",
      "Msg & data rates may apply",
      "HELP",
      "STOP",
    ])
      expect(confirmation).toContain(words);
  });
});
