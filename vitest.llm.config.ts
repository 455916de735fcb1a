import path from "node:path";
import { defineConfig } from "vitest/config";

// tests/llm: the production build against a real model, llama.cpp's server with SmolLM2 (run through
// scripts/test-llm.ts, after `npm run build`). One model server for the run; the tests run in order.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    globals: true,
    environment: "node",
    include: ["tests/llm/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
