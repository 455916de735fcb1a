import { countTests } from "../../scripts/test-count";

describe("the CI closing line", () => {
  it("adds up vitest's and Playwright's summaries, failures included", () => {
    const log = [
      " \u001b[2m Test Files \u001b[22m \u001b[1m\u001b[32m132 passed\u001b[39m\u001b[22m\u001b[90m (132)\u001b[39m",
      " \u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m2834 passed\u001b[39m\u001b[22m\u001b[90m (2834)\u001b[39m",
      "      Tests  1 failed | 76 passed (77)",
      "  ✓  326 [no-js] › tests/e2e/undo.spec.ts:83:1 › 'undo' takes it back (6.6s)",
      "  2 failed",
      "  1 flaky",
      "  323 passed (13.2m)",
    ].join("\n");
    expect(countTests(log)).toEqual({ passed: 2834 + 76 + 323, failed: 1 + 2 + 1 });
  });

  it("counts nothing in a log without a summary", () => {
    expect(countTests("npm ci\nadded 857 packages")).toEqual({ passed: 0, failed: 0 });
  });
});
