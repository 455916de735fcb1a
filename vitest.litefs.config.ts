import path from "node:path";
import { defineConfig } from "vitest/config";

// tests/litefs: the production build on a two-node LiteFS cluster (run through scripts/test-litefs.ts,
// after `npm run build`). One cluster for the file; its tests run in order.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    globals: true,
    environment: "node",
    include: ["tests/litefs/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
