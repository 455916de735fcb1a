import { readFileSync } from "node:fs";
import path from "node:path";
import { signUp, type BuiltServer } from "./built-server";

// The single requests of issue 28 that held the event loop for everyone, and the meter that tells how
// long one request held it: the server's own event-loop monitor (prom-client's
// nodejs_eventloop_lag_max_seconds on the metrics port), whose histogram every scrape reads and resets.

/** The longest event-loop delay since the last call, in ms (the first call only resets it). */
export async function eventLoopStallMs(server: Pick<BuiltServer, "metricsPort">) {
  const text = await (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
  const line = /^streakcoach_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  if (!line) throw new Error("the metrics name no nodejs_eventloop_lag_max_seconds");
  return Number(line[1]) * 1000;
}

/** The version of the build's assets, which a /__manifest request must name to be answered. */
export function buildVersion() {
  return readFileSync(
    path.resolve(import.meta.dirname, "..", "..", "build", "version.txt"),
    "utf8",
  ).trim();
}

/** GETs whose URLs alone held the loop for seconds (long paths, manifest queries) or made 3.5 MB. */
export function longUrls(version: string) {
  return [
    { label: "GET / + a/ x 7,800", path: `/${"a/".repeat(7_800)}` },
    {
      label: "GET /__manifest?p= with 3,700 segments",
      path: `/__manifest?version=${version}&p=/${"a/".repeat(3_700)}`,
    },
    {
      label: "GET /dashboard with 1,500 query parameters",
      path: `/dashboard?${Array.from({ length: 1_500 }, (_, i) => `p${i}=1`).join("&")}`,
    },
  ];
}

export const LONGEST_CHAT_MESSAGE = "ｄｏｎｅ ".repeat(320);

/** A new account (its number unverified) with 50 goals of 500 characters due later today. */
export async function accountWithFiftyLongGoals(server: Pick<BuiltServer, "url">) {
  const account = await signUp(server);
  const dueDate = new Date(Date.now() + 10 * 60_000).toISOString();
  for (let g = 1; g <= 50; g++) {
    const description = `${g} ${"practice scales carefully, then review yesterday's notes ".repeat(10)}`;
    const made = await account.client.request("/api/goals", {
      json: { description: description.slice(0, 500), dueDate },
    });
    if (made.status !== 201) throw new Error(`goal ${g}: ${made.status} ${await made.text()}`);
  }
  return account;
}

/**
 * Runs `work` while /healthz is asked again and again (5 ms apart) and returns the longest that
 * anyone else waited meanwhile: the meter from outside. The server's own monitor can credit a stall
 * to the next scrape's window; this one cannot miss it.
 */
export async function whileProbingHealth<T>(
  server: Pick<BuiltServer, "url">,
  work: () => Promise<T>,
) {
  let finished = false;
  const probe = (async () => {
    let longest = 0;
    while (!finished) {
      const started = performance.now();
      // A keep-alive connection the server closed while it was held is reset: asked again, it waited.
      await fetch(`${server.url}/healthz`)
        .then((response) => response.arrayBuffer())
        .catch(() => fetch(`${server.url}/healthz`).then((response) => response.arrayBuffer()))
        .catch(() => undefined);
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return longest;
  })();
  try {
    const result = await work();
    finished = true;
    return { result, longestWaitMs: await probe };
  } finally {
    finished = true;
    await probe;
  }
}
