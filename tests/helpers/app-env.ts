import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The app's env module reads process.env once, when it loads (app/utils/env/env.server.ts). A test file
 * that needs other settings (a fake server's URL, a flag) sets them in a `vi.hoisted` block, which
 * vitest runs before any of the file's imports, so the file imports app modules statically:
 *
 *   const appEnv = await vi.hoisted(async () => {
 *     const { setAppEnv } = await import("../helpers/app-env");
 *     return setAppEnv({ AUTH_RATE_LIMIT_PER_IP: "3" });
 *   });
 *   import { action } from "~/routes/_auth+/login";
 *
 * The block imports what it needs itself: the file's own imports are not evaluated when it runs.
 * A fake server is started there too (fake-twilio-env.ts), its URL known before the app loads.
 */
export function setAppEnv(values: Record<string, string | undefined>) {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  assignEnv(values);
  return {
    /** Puts back what the keys held before. */
    restore: () => assignEnv(saved),
  };
}

function assignEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

/** A temporary folder standing in for LiteFS's mount (LITEFS_DIR), for tests of replicas. */
export function makeLitefsDir(prefix: string) {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}
