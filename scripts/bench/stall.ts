import { readFileSync } from "node:fs";
import path from "node:path";
import { signUpOverApi, startBenchServer } from "./server";

// Usage: npm run bench:stall [-- --build path/to/index.js --rounds 3 --port 3487]. How long one request holds the
// event loop for everyone: the production build (fly.toml's NODE_OPTIONS) takes the heaviest single
// requests of issue 28 one at a time, and after each one the server's own event-loop monitor
// (nodejs_eventloop_lag_max_seconds on the metrics port, reset by every scrape) tells the longest
// stall since the scrape before it. Floors (/healthz, /terms) take turns with the inputs, so a figure
// is also stated as a multiple of a floor measured in the same run. `--build` runs another tree's
// build (a copy of build/ inside this checkout, so that it finds node_modules) for before/after runs.

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const build = option("build") ?? "./build/index.js";
const PORT = Number(option("port") ?? 3487);
const rounds = Number(option("rounds") ?? 3);

const NODE_OPTIONS =
  /^\s*NODE_OPTIONS\s*=\s*"([^"]*)"/m.exec(readFileSync("fly.toml", "utf8"))?.[1] ?? "";

const { server, baseUrl } = await startBenchServer(
  PORT,
  { NODE_OPTIONS, SMS_TRANSPORT: "local" },
  { build },
);
const metricsUrl = `http://127.0.0.1:${PORT + 1000}/metrics`;

async function loopLagMaxMs() {
  const text = await (await fetch(metricsUrl)).text();
  const line = /^streakcoach_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  return line ? Number(line[1]) * 1000 : NaN;
}

try {
  const email = `stall-${Date.now()}@example.com`;
  const account = { email, password: "bench-password-1", phone: "2015550142" };
  const { cookie } = await signUpOverApi(baseUrl, account);
  const due = new Date(Date.now() + 5 * 60_000).toISOString();
  for (let g = 0; g < 50; g++) {
    const description = `${g} ${"practice scales carefully, then review yesterday's notes ".repeat(10)}`;
    const made = await fetch(`${baseUrl}/api/goals`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ description: description.slice(0, 500), dueDate: due }),
    });
    if (made.status !== 201) throw new Error(`goal ${g} refused: ${made.status}`);
  }
  const version = readFileSync(path.join(path.dirname(build), "version.txt"), "utf8").trim();

  type Input = { label: string; send: () => Promise<Response> };
  const get =
    (path: string, withCookie = false) =>
    () =>
      fetch(`${baseUrl}${path}`, withCookie ? { headers: { Cookie: cookie } } : {});
  const floors: Input[] = [
    { label: "GET /healthz", send: get("/healthz") },
    { label: "GET /terms", send: get("/terms") },
  ];
  const manifestPath = `/${"a/".repeat(3_700)}`;
  const inputs: Input[] = [
    { label: "GET / + a/ x 7,800", send: get(`/${"a/".repeat(7_800)}`) },
    {
      label: "GET /__manifest?p= 3,700 segments",
      send: get(`/__manifest?version=${version}&p=${manifestPath}`),
    },
    {
      // The most a manifest request may ask within the limits: 256 segments, each a new prefix.
      label: "GET /__manifest?p= x 16 of 16 segments",
      send: get(
        `/__manifest?version=${version}&${Array.from({ length: 16 }, (_, i) => `p=/${i}${"/s".repeat(15)}`).join("&")}`,
      ),
    },
    {
      label: "GET /dashboard with 1,500 query parameters",
      send: get(`/dashboard?${Array.from({ length: 1_500 }, (_, i) => `p${i}=1`).join("&")}`, true),
    },
    {
      label: "POST /api/chat 1,600 characters, 50 goals of 500",
      send: () =>
        fetch(`${baseUrl}/api/chat`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: cookie },
          body: JSON.stringify({ body: "ｄｏｎｅ ".repeat(320) }),
        }),
    },
  ];

  type Seen = { status: number; lag: number[]; ms: number[]; probe: number[] };
  const stalls = new Map<string, Seen>();
  // A second meter from outside: /healthz asked again and again while the request runs; its longest
  // wait is how long anyone else waited.
  async function longestHealthWait(done: () => boolean) {
    let longest = 0;
    while (!done()) {
      const started = performance.now();
      // A keep-alive connection the server closed while it was held is reset: asked again, it waited.
      await fetch(`${baseUrl}/healthz`)
        .then((response) => response.arrayBuffer())
        .catch(() => fetch(`${baseUrl}/healthz`).then((response) => response.arrayBuffer()));
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return longest;
  }
  async function measure({ label, send }: Input) {
    await loopLagMaxMs();
    const started = performance.now();
    let finished = false;
    const probe = longestHealthWait(() => finished);
    const response = await send();
    await response.arrayBuffer();
    const ms = performance.now() - started;
    finished = true;
    const probed = await probe;
    const lag = await loopLagMaxMs();
    const seen = stalls.get(label) ?? { status: response.status, lag: [], ms: [], probe: [] };
    seen.lag.push(lag);
    seen.ms.push(ms);
    seen.probe.push(probed);
    stalls.set(label, seen);
  }
  // Warm-up: the first render of each page compiles its code.
  for (const input of [...floors, ...inputs]) await send(input);
  for (let round = 0; round < rounds; round++) {
    for (const input of inputs) {
      for (const floor of floors) await measure(floor);
      await measure(input);
    }
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const floorMs = median(stalls.get("GET /terms")!.ms);
  console.log(`build ${build}, ${rounds} rounds; stall = the server's longest event-loop delay`);
  console.log(`floor: GET /terms answered in ${floorMs.toFixed(1)} ms (median)`);
  for (const [label, { status, lag, ms, probe }] of stalls) {
    const worst = Math.max(...lag);
    console.log(
      `${label.padEnd(52)} ${status}  stall median ${median(lag).toFixed(1).padStart(7)} ms, worst ${worst.toFixed(1).padStart(7)} ms (${(median(lag) / floorMs).toFixed(1)}x floor); answer ${median(ms).toFixed(0)} ms; /healthz waited at most ${Math.max(...probe).toFixed(0)} ms; all stalls ${lag.map((l) => l.toFixed(0)).join(", ")}; answers ${ms.map((l) => l.toFixed(0)).join(", ")}`,
    );
  }
} finally {
  server.kill("SIGKILL");
}

async function send({ send }: { send: () => Promise<Response> }) {
  await (await send()).arrayBuffer();
}
