import sharp from "sharp";
import { HttpClient, PRODUCTION_HEAP_MB, signUp, startBuiltServer } from "./built-server";
import type { BuiltServer } from "./built-server";
import { seedHeavyAccount, type HeavySeed } from "./heavy-account";
import { formsIn, type FormField, type HtmlForm } from "./html-forms";
import { fillPattern, namesTheAppReads, routesOnDisk, type RouteOnDisk } from "./routes-on-disk";
import {
  accountWithFiftyLongGoals,
  buildVersion,
  eventLoopStallMs,
  LONGEST_CHAT_MESSAGE,
  longUrls,
  whileProbingHealth,
} from "./stall-inputs";

// The resource suite: every route and form action on disk, given the largest input our limits allow
// (longest strings, most items, widest dates, biggest accepted photo) by the heaviest account there can
// be, on the production build with production's heap. Each answer must come (a request that hangs
// fails the suite) and must not be a server error, and the server's resident memory must stay under
// the heap plus what Node, SQLite and sharp need beside it. The slowest answers and the peak are printed.

const ANSWER_WITHIN_MS = 20_000;
/** The 256 MB machine of fly.toml: 128 MB of heap and the rest for code, SQLite's cache and sharp. */
const RSS_LIMIT_BYTES = 256 * 1024 * 1024;
const MB = 1024 * 1024;

/** `stallMs`: the longest the server's event loop was held while it answered (the stall meter). */
type Sample = {
  label: string;
  status: number;
  ms: number;
  bytes: number;
  rss: number;
  stallMs: number;
  /** The server's own event-loop delay in that window, and /healthz's longest wait. */
  meters: { loopMs: number; probeMs: number };
};
const samples: Sample[] = [];
const failures: string[] = [];

let server: BuiltServer;
let client: HttpClient;
let account: Awaited<ReturnType<typeof signUp>>;
let seed: HeavySeed;
let bigPhoto: Buffer;

const routes = routesOnDisk().filter(
  (route, index, all) => all.findIndex((other) => other.pattern === route.pattern) === index,
);

beforeAll(async () => {
  server = await startBuiltServer({ env: { DEV_PHONE_ENABLED: "true" } });
  account = await signUp(server);
  client = account.client;
  seed = seedHeavyAccount(server.db(), account.user.id);
  bigPhoto = await photoNear(4.8 * MB);
}, 180_000);

afterAll(async () => {
  const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, 10);
  const stalls = [...samples].sort((a, b) => b.stallMs - a.stallMs).slice(0, 5);
  const { peak } = server.rss();
  console.log(
    [
      `stall meter: the longest event-loop stall one request caused was ${stalls[0]?.stallMs.toFixed(0)} ms, by ${stalls[0]?.label}`,
      "longest stalls:",
      ...stalls.map(
        (s) =>
          `  ${s.stallMs.toFixed(0).padStart(6)} ms  ${s.status}  ${s.label.slice(0, 120)} (loop ${s.meters.loopMs.toFixed(0)} ms, /healthz ${s.meters.probeMs.toFixed(0)} ms)`,
      ),
      `resource suite: ${samples.length} requests, peak RSS ${(peak / MB).toFixed(1)} MB (limit ${RSS_LIMIT_BYTES / MB} MB, heap ${PRODUCTION_HEAP_MB} MB)`,
      "slowest:",
      ...slowest.map(
        (s) =>
          `  ${s.ms.toFixed(0).padStart(6)} ms  ${s.status}  ${(s.bytes / 1024).toFixed(0).padStart(6)} KB  ${s.label}`,
      ),
      "the answers after which resident memory grew most:",
      ...samples
        .map((s, i) => ({ ...s, growth: s.rss - (samples[i - 1]?.rss ?? s.rss) }))
        .sort((a, b) => b.growth - a.growth)
        .slice(0, 5)
        .map(
          (s) =>
            `  +${(s.growth / MB).toFixed(1).padStart(5)} MB to ${(s.rss / MB).toFixed(1)} MB  ${s.label}`,
        ),
    ].join("\n"),
  );
  await server?.stop();
});

/** A JPEG of noise, which does not compress, of about `bytes`. */
async function photoNear(bytes: number) {
  let side = 1600;
  for (;;) {
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (jpeg.length <= bytes && jpeg.length > bytes * 0.8) return jpeg;
    side = Math.round(side * Math.sqrt(bytes / jpeg.length) * 0.97);
  }
}

async function timed(label: string, send: (signal: AbortSignal) => Promise<Response>) {
  await eventLoopStallMs(server);
  const started = performance.now();
  let status = 0;
  let bytes = 0;
  const { longestWaitMs } = await whileProbingHealth(server, async () => {
    try {
      const response = await send(AbortSignal.timeout(ANSWER_WITHIN_MS));
      status = response.status;
      bytes = (await response.arrayBuffer()).byteLength;
    } catch (error) {
      failures.push(`${label}: no answer (${(error as Error).name}: ${(error as Error).message})`);
    }
  });
  const ms = performance.now() - started;
  // The two meters: the server's own event-loop delay, and how long /healthz waited meanwhile.
  const loopMs = await eventLoopStallMs(server);
  const stallMs = Math.max(loopMs, longestWaitMs);
  const meters = { loopMs, probeMs: longestWaitMs };
  samples.push({ label, status, ms, bytes, rss: server.rss().current, stallMs, meters });
  if (status >= 500) failures.push(`${label}: ${status}`);
  return status;
}

async function ensureSignedIn() {
  const me = await client.request("/api/user");
  if (me.status === 200) return;
  const login = await client.request("/api/login", {
    json: { email: account.email, password: account.password },
  });
  if (login.status !== 200) throw new Error(`could not sign in again: ${login.status}`);
}

function paramsFor(route: RouteOnDisk): Record<string, string> {
  const id = route.pattern.includes("goals")
    ? String(seed.goalId)
    : route.pattern.includes("habits")
      ? String(seed.habitId)
      : route.pattern.includes("blog") || route.pattern.includes("posts")
        ? String(seed.postId)
        : route.pattern.includes("users")
          ? String(account.user.id)
          : "a".repeat(36);
  return {
    id,
    token: seed.shareToken,
    slug: seed.postSlug,
    period: "monthly",
    date: new Date().toISOString().slice(0, 10),
    day: new Date().toISOString().slice(0, 10),
    "*": `${"deep/".repeat(300)}end`,
  };
}

const EXTREMES = ["9999-12-31", "0001-01-01", "9".repeat(40), "-1", "x".repeat(2_000)];

function expectHeld() {
  expect(failures).toEqual([]);
  expect(server.child.exitCode).toBeNull();
}

describe("the heaviest account, the widest inputs", () => {
  it("every route answers a GET, plain and with every query parameter the app reads at its extremes", async () => {
    const names = namesTheAppReads();
    for (const route of routes) {
      const url = fillPattern(route.pattern, paramsFor(route));
      await ensureSignedIn();
      await timed(`GET ${route.pattern}`, (signal) => client.request(url, { signal }));
      for (const extreme of EXTREMES) {
        const query = new URLSearchParams(names.map((name) => [name, extreme]));
        await timed(`GET ${route.pattern}?…=${extreme.slice(0, 12)}`, (signal) =>
          client.request(`${url}?${query}`, { signal }),
        );
      }
    }
    expectHeld();
  });

  it("every action on disk answers the largest body its limit allows, as JSON and as a form", async () => {
    const names = namesTheAppReads();
    for (const route of routes.filter((r) => r.hasAction)) {
      const url = fillPattern(route.pattern, paramsFor(route));
      const room = route.bodyLimit - 1024;
      const each = Math.floor(room / (names.length + 1) / 3);
      for (const method of route.writeMethods) {
        await ensureSignedIn();
        const json = Object.fromEntries(names.map((name) => [name, "é".repeat(each)]));
        await timed(`${method} ${route.pattern} (JSON, ${(room / 1024).toFixed(0)} KB)`, (signal) =>
          client.request(url, { method, json, signal }),
        );
        await ensureSignedIn();
        const form = new URLSearchParams(names.map((name) => [name, "a".repeat(each * 2)]));
        await timed(`${method} ${route.pattern} (form, ${(room / 1024).toFixed(0)} KB)`, (signal) =>
          client.request(url, { method, form, signal }),
        );
      }
    }
    expectHeld();
  });

  it("every form on every page, filled to its limits, with the biggest accepted photo where it takes one", async () => {
    const forms = await formsOnEveryPage();
    // Deleting the account goes last: it is the heaviest write of all and ends the account.
    const ordered = [...forms].sort(
      (a, b) => Number(deletesAccount(a)) - Number(deletesAccount(b)),
    );
    for (const form of ordered) {
      for (const submitter of form.submitters.length ? form.submitters : [{ value: "" }]) {
        for (const variant of ["longest", "padded"] as const) {
          if (!deletesAccount(form)) await ensureSignedIn();
          const label = `POST ${form.action} ${submitter.name ?? ""}=${submitter.value} (${variant})`;
          await timed(label, (signal) =>
            client.request(form.action, {
              method: "POST",
              body: formBody(form, submitter, variant),
              signal,
            }),
          );
        }
      }
    }
    expectHeld();
  });

  it("the single requests that stalled the server in issue 28 are answered", async () => {
    // A new account: the heavy one was deleted by the last form.
    const fresh = await accountWithFiftyLongGoals(server);
    for (const { label, path } of longUrls(buildVersion())) {
      await timed(label, (signal) => fresh.client.request(path, { signal }));
    }
    await timed("POST /api/chat 1,600 characters to 50 goals of 500", (signal) =>
      fresh.client.request("/api/chat", { json: { body: LONGEST_CHAT_MESSAGE }, signal }),
    );
    expectHeld();
  });

  it("the server held: its resident memory stayed under the machine's, and it still answers", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(server.rss().peak).toBeLessThan(RSS_LIMIT_BYTES);
    expect(samples.length).toBeGreaterThan(routes.length * 6);
  });
});

function deletesAccount(form: HtmlForm) {
  return (
    form.action.startsWith("/settings/account") && form.fields.some((f) => f.type === "password")
  );
}

async function formsOnEveryPage() {
  const seen = new Map<string, HtmlForm>();
  for (const route of routes.filter((r) => r.hasLoader && !r.pattern.startsWith("/api"))) {
    await ensureSignedIn();
    const url = fillPattern(route.pattern, paramsFor(route));
    const response = await client.request(url);
    if (!response.headers.get("content-type")?.includes("text/html")) continue;
    for (const form of formsIn(await response.text(), new URL(url, server.url).href)) {
      if (form.method !== "post" || form.action.startsWith("/logout")) continue;
      const key = `${form.action}|${form.fields.map((f) => f.name).join(",")}|${form.submitters.map((s) => `${s.name}=${s.value}`).join(",")}`;
      seen.set(key, form);
    }
  }
  expect(seen.size).toBeGreaterThan(10);
  return [...seen.values()];
}

const farthestDay = () => {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() + 2);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

function longestValue(field: FormField, room: number): string {
  if (field.type === "hidden" || field.name === "website") return field.value;
  if (field.type === "email") return `heavy-${Date.now()}@example.com`;
  if (field.type === "tel" || /phone/i.test(field.name)) return "2015550199";
  if (field.type === "password") return account.password;
  if (field.type === "date") return farthestDay();
  if (field.type === "time") return "23:30";
  if (field.type === "number") return field.max ?? "1000";
  if (field.type === "checkbox" || field.type === "radio") return field.value || "on";
  if (field.tag === "select") return field.options.at(-1) ?? field.value;
  const length = Math.min(field.maxLength ?? 2_000, room);
  return `${field.value} ${"Run 5k then stretch, read 20 pages 📚 ".repeat(Math.ceil(length / 36))}`.slice(
    0,
    length,
  );
}

function formBody(
  form: HtmlForm,
  submitter: { name?: string; value: string },
  variant: "longest" | "padded",
): FormData | URLSearchParams {
  const limit = form.multipart ? 6 * MB - 64 * 1024 : 64 * 1024 - 1024;
  const texts = form.fields.filter(
    (f) => f.type === "text" || f.tag === "textarea" || f.type === "search",
  );
  const photoRoom =
    form.multipart && form.fields.some((f) => f.type === "file") ? bigPhoto.length : 0;
  const room =
    variant === "padded" ? Math.floor((limit - photoRoom) / Math.max(texts.length, 1) / 4) : 2_000;
  const entries: [string, string | Blob][] = [];
  for (const field of form.fields) {
    if (field.type === "file") {
      entries.push([field.name, new Blob([new Uint8Array(bigPhoto)], { type: "image/jpeg" })]);
      continue;
    }
    const value =
      variant === "padded" && texts.includes(field) && !field.maxLength
        ? "x".repeat(room)
        : longestValue(field, room);
    entries.push([field.name, value]);
  }
  if (submitter.name) entries.push([submitter.name, submitter.value]);
  if (form.multipart) {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  }
  return new URLSearchParams(entries as [string, string][]);
}
