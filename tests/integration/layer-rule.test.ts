import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// The layer rule (.dependency-cruiser.cjs) run on small trees of its own: an import against the
// layers must be reported, so `npm test` fails on it.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const cruiser = path.join(
  root,
  "node_modules",
  "dependency-cruiser",
  "bin",
  "dependency-cruise.mjs",
);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

type Violation = { rule: { name: string }; from: string; to: string };

async function violationsOf(files: Record<string, string>): Promise<Violation[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "coach-layers-"));
  dirs.push(dir);
  const tree = { "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true } }), ...files };
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const config = path.join(root, ".dependency-cruiser.cjs");
  const args = [cruiser, "app", "--config", config, "--output-type", "json"];
  const { stdout } = await run(process.execPath, args, { cwd: dir }).catch((error) => error);
  return JSON.parse(stdout).summary.violations;
}

const layered = {
  "app/routes/dashboard.tsx": `import { streak } from "../goals/streak";\nexport const page = streak;\n`,
  "app/goals/streak.ts": `import { days } from "../utils/days";\nexport const streak = days + 1;\n`,
  "app/utils/days.ts": `export const days = 7;\n`,
};

describe("the layer rule", { timeout: 60_000 }, () => {
  it("passes a tree whose arrows all point down", async () => {
    expect(await violationsOf(layered)).toEqual([]);
  });

  it("reports an import from utils up into a feature folder", async () => {
    const violations = await violationsOf({
      ...layered,
      "app/utils/days.ts": `import { streak } from "../goals/streak";\nexport const days = 7;\nexport const s = () => streak;\n`,
    });
    const names = violations.map((violation) => violation.rule.name);
    expect(names).toContain("utils-import-no-app-folder");
    expect(names).toContain("core-below-features");
    expect(violations).toContainEqual(
      expect.objectContaining({ from: "app/utils/days.ts", to: "app/goals/streak.ts" }),
    );
  });

  it("reports two feature folders that import each other", async () => {
    const violations = await violationsOf({
      ...layered,
      "app/habits/week.ts": `import { streak } from "../goals/streak";\nexport const week = streak;\n`,
      "app/goals/plan.ts": `import { week } from "../habits/week";\nexport const plan = week;\n`,
    });
    expect(violations.map((violation) => violation.rule.name)).toContain("no-folder-cycle");
  });

  it("reports a feature importing a component or a route", async () => {
    const violations = await violationsOf({
      ...layered,
      "app/components/badge.tsx": `export const badge = "b";\n`,
      "app/goals/label.ts": `import { badge } from "../components/badge";\nimport { page } from "../routes/dashboard";\nexport const label = [badge, page];\n`,
    });
    const names = violations.map((violation) => violation.rule.name);
    expect(names).toContain("components-above-features");
    expect(names).toContain("shell-is-the-top");
  });

  it("lets a lower layer name a higher one's type, since types are erased before the code runs", async () => {
    const violations = await violationsOf({
      ...layered,
      "app/goals/streak.ts": `import { days } from "../utils/days";\nexport type Streak = number;\nexport const streak = days + 1;\n`,
      "app/utils/days.ts": `import type { Streak } from "../goals/streak";\nexport const days: Streak = 7;\n`,
    });
    expect(violations).toEqual([]);
  });

  it("reports a module other than the outbox's sender importing the Twilio transport", async () => {
    const violations = await violationsOf({
      ...layered,
      "app/sms/transport.server.ts": `export const send = (to: string) => to;\n`,
      "app/sms/sender.server.ts": `import { send } from "./transport.server";\nexport const sendText = send;\n`,
      "app/goals/nudge.ts": `import { send } from "../sms/transport.server";\nexport const nudge = send("+15550000000");\n`,
    });
    const reaching = violations.filter((v) => v.rule.name === "only-the-sender-reaches-twilio");
    expect(reaching).toEqual([
      expect.objectContaining({ from: "app/goals/nudge.ts", to: "app/sms/transport.server.ts" }),
    ]);
  });
});
