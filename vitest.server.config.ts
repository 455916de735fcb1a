import path from "node:path";
import { defineConfig } from "vitest/config";

// tests/server: HTTP against the production build (run after `npm run build`), one server per file.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    globals: true,
    environment: "node",
    include: ["tests/server/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
