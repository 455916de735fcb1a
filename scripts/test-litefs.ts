import { spawnSync } from "node:child_process";
import path from "node:path";
import { findLiteFs } from "../tests/litefs/cluster";

// Usage: npm run test:litefs   (after `npm run build`)
// Runs tests/litefs on a two-node LiteFS cluster. Where LiteFS cannot run (no Go to build it, no FUSE,
// not root, not Linux) it says why and exits 0, except under CI (CI set), where that is a failure.
const found = findLiteFs();
if (!("binary" in found)) {
  const ci = Boolean(process.env.CI) && process.env.CI !== "false" && process.env.CI !== "0";
  if (ci) {
    console.error(`test:litefs FAILED: LiteFS cannot run on this CI machine.\n${found.reason}`);
    process.exit(1);
  }
  console.log(
    `test:litefs did NOT run the LiteFS tests (tests/litefs): LiteFS cannot run on this machine.\n` +
      `${found.reason}\nThey need Linux, root, /dev/fuse, Debian's fuse3 and Go (scripts/install-litefs.sh builds LiteFS).`,
  );
  process.exit(0);
}
console.log(`test:litefs on ${found.version} (${found.binary})`);
const vitest = path.resolve(import.meta.dirname, "..", "node_modules", ".bin", "vitest");
const run = spawnSync(vitest, ["run", "--config", "vitest.litefs.config.ts"], {
  stdio: "inherit",
});
process.exit(run.status ?? 1);
