import { readFileSync } from "node:fs";
import {
  consumeLimit,
  limitSpent,
  RATE_LIMITS,
  rateLimitTable,
} from "~/utils/rate-limits/rate-limit.server";

// The formatter pads the table's cells and adds blank lines; the words must be the same.
const tableWords = (markdown: string) =>
  markdown
    .replace(/ *\| */g, "|")
    .replace(/-{3,}/g, "---")
    .replace(/\n{2,}/g, "\n");

describe("the rate-limit registry", () => {
  it("is the table docs/security.md shows (npx tsx scripts/rate-limit-table.ts rewrites it)", () => {
    expect(tableWords(readFileSync("docs/security.md", "utf8"))).toContain(
      tableWords(rateLimitTable()),
    );
  });

  it("names every limit once, each with a key, a reason and a window", () => {
    for (const rule of Object.values(RATE_LIMITS)) {
      expect(rule.per.length).toBeGreaterThan(0);
      expect(rule.why.length).toBeGreaterThan(0);
      expect(rule.points).toBeGreaterThan(0);
      expect(rule.seconds).toBeGreaterThan(0);
    }
  });

  it("refuses the point after the last with a wait, and says the key is spent without counting", async () => {
    const key = `registry-test-${Date.now()}`;
    const { points } = RATE_LIMITS["report-account"];
    for (let i = 0; i < points; i++)
      expect(await consumeLimit("report-account", key)).toEqual({ ok: true });
    expect(await limitSpent("report-account", key)).toBeGreaterThan(0);
    const refused = await consumeLimit("report-account", key);
    expect(refused.ok).toBe(false);
    expect(await limitSpent("report-account", `${key}-other`)).toBeNull();
  });
});
