import { NUMBER_WORDS, unstatedFact, type CoachFacts } from "~/coach/fact-check";
import type { DayPattern } from "~/coach/feedback-rules";
import { LIST_SEGMENTS, MAX_SEGMENTS } from "~/replies/templates";
import { segmentCount, toSmsText } from "~/sms/segments";
import { localDay, weekdayName } from "~/utils/time/local-time";
import { signUp, startBuiltServer, type BuiltServer } from "../server/built-server";
import { startModelProxy } from "./model-proxy";
import { findLlama, startLlama, type LlamaServer } from "./llama";

// The coach on the production build against a real model: llama.cpp's server with SmolLM2-135M-
// Instruct (run through scripts/test-llm.ts). Real answers at real speed, some of them wrong: every
// check-in gets its answer, the server never exits, and no model answer that reached a user states a
// number it was not given. A model made late on purpose costs the AI feedback, nothing else.

type Scenario = { goals: string; checkIn: string; done: number; total: number };

const SCENARIOS: Scenario[] = [
  { goals: "goal: Run 5k, read 30 pages", checkIn: "1", done: 1, total: 2 },
  { goals: "goal: Drink 8 glasses of water", checkIn: "1", done: 1, total: 1 },
  { goals: "goal: Meditate 10 minutes, walk the dog, call mom", checkIn: "2", done: 1, total: 3 },
  { goals: "goal: Write 500 words", checkIn: "1", done: 1, total: 1 },
  { goals: "goal: Floss, stretch", checkIn: "1 and 2", done: 2, total: 2 },
  { goals: "goal: Study Spanish for 20 minutes, cook dinner", checkIn: "2", done: 1, total: 2 },
  { goals: "goal: Practice guitar, tidy the kitchen", checkIn: "1 and 2", done: 2, total: 2 },
  { goals: "goal: Walk 10000 steps", checkIn: "1", done: 1, total: 1 },
];

type Outcome = {
  scenario: Scenario;
  source: "model" | "rules";
  why: string;
  feedback: string;
  ms: number;
};

const found = findLlama();
if (!("python" in found)) throw new Error(`tests/llm need the model server: ${found.reason}`);

let llama: LlamaServer;
beforeAll(async () => {
  llama = await startLlama(found);
});
afterAll(async () => {
  await llama?.stop();
});

/** What one check-in's log says: whose feedback was sent, and why not the model's. */
function logOf(lines: string[]) {
  const messages = lines.map((line) => {
    try {
      return String((JSON.parse(line) as { msg?: unknown }).msg ?? "");
    } catch {
      return line;
    }
  });
  const source = messages.some((m) => /check-in feedback for user \d+: model/.test(m))
    ? "model"
    : "rules";
  const why =
    messages.find((m) =>
      /LLM feedback .* (?:refused|cut off)|LLM gave no answer|LLM request failed|LLM answer/.test(
        m,
      ),
    ) ?? "";
  return { source, why } as const;
}

async function checkIn(server: BuiltServer, scenario: Scenario): Promise<Outcome> {
  const { client, user } = await signUp(server);
  const set = await client.request("/api/chat", { json: { body: scenario.goals } });
  expect(await set.json()).toMatchObject({ intent: "set_goals" });
  const before = server.output().length;
  const started = Date.now();
  const response = await client.request("/api/chat", { json: { body: scenario.checkIn } });
  const ms = Date.now() - started;
  expect(response.status).toBe(200);
  const { reply, intent } = (await response.json()) as { reply: string; intent: string };
  expect(intent).toBe("check_in");
  expect(reply).toContain(`${scenario.done} of ${scenario.total} done today.`);
  const { feedback } = server
    .db()
    .prepare<[number], { feedback: string }>(
      "select note as feedback from day_notes where user_id = ? order by id desc limit 1",
    )
    .get(user.id)!;
  expect(carriesFeedback(reply, feedback, `${scenario.done} of ${scenario.total}`)).toBe(true);
  // Written after the answer: the next line the server logs may still be on its way.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { scenario, ...logOf(server.output().slice(before)), feedback, ms };
}

/**
 * The answer carries the feedback's first sentence that does not repeat its count ("1 of 2"), unless
 * that sentence would not fit in the segments the answer may use.
 */
function carriesFeedback(reply: string, feedback: string, count: string) {
  const first = feedback
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .find((sentence) => sentence && !sentence.includes(count));
  if (!first) return true;
  if (reply.includes(first) || reply.includes(toSmsText(first))) return true;
  const budget = Math.min(Math.max(MAX_SEGMENTS, segmentCount(reply)), LIST_SEGMENTS);
  return segmentCount(toSmsText(`${reply} ${first}`)) > budget;
}

async function expectAlive(server: BuiltServer) {
  expect(server.child.exitCode).toBeNull();
  expect(server.child.signalCode).toBeNull();
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
}

const WORDS = [...NUMBER_WORDS, "twenty"];

/**
 * The numbers a text names, read here on its own terms (not with the app's fact check): digits,
 * digit ordinals and number words up to twenty (the app's words up to nineteen, then "twenty").
 */
function namedNumbers(text: string) {
  const lower = text.toLowerCase().replace(/(\d),(\d{3})\b/g, "$1$2");
  const digits = [...lower.matchAll(/\d+/g)].map((m) => Number(m[0]));
  const words = (lower.match(/[a-z]+/g) ?? []).flatMap((w) =>
    WORDS.includes(w) ? [WORDS.indexOf(w)] : [],
  );
  return [...digits, ...words];
}

/** What the prompt told the model for a new account: today's counts, the streak, the goals' numbers. */
function givenNumbers(s: Scenario) {
  const streak = s.done > 0 ? 1 : 0;
  const week = 7;
  return new Set([s.done, s.total, s.total - s.done, 0, streak, week, ...namedNumbers(s.goals)]);
}

/** "One day at a time" and its like count nothing. */
const IDIOMS =
  /\b(?:no|any|every|each|some|the|this|that|another) one\b|\bone (?:another|day at a time|step at a time)\b/g;

/** What the model itself wrote, whether or not it came in time. */
function modelText(body: string | undefined, scenario: Scenario) {
  if (body === undefined) return "(nothing yet)";
  try {
    const choice = (JSON.parse(body) as { choices: { message: { content: string } }[] })
      .choices[0]!;
    const text = choice.message.content;
    const untrue = unstatedFact(text, factsOf(scenario));
    return `${JSON.stringify(text.slice(0, 160))}\n      the fact check on all of it: ${untrue ? `names ${untrue}` : "states only what it was given"}`;
  } catch {
    return body.slice(0, 160);
  }
}

/** The facts the coach gave the model for a new account's check-in (the goals it completes: 1, 2, …). */
function factsOf(scenario: Scenario): CoachFacts {
  const numbers = scenario.checkIn.match(/\d+/g)!.map(Number);
  return {
    goals: scenario.goals
      .replace(/^goal: /, "")
      .split(", ")
      .map((description, i) => ({ description, done: numbers.includes(i + 1), skipped: false })),
    streak: scenario.done > 0 ? 1 : 0,
    week: Array<DayPattern>(7).fill("no_goals"),
    photos: false,
    photoDescription: null,
    weekday: weekdayName(localDay(new Date(), "America/New_York")),
  };
}

describe("the coach on SmolLM2 with its real budget", { timeout: 600_000 }, () => {
  let server: BuiltServer;
  let proxy: Awaited<ReturnType<typeof startModelProxy>>;
  const outcomes: (Outcome & { model: string })[] = [];
  beforeAll(async () => {
    // Passes each answer on as it comes, and keeps a copy: the report shows what the model wrote.
    proxy = await startModelProxy(llama.url);
    server = await startBuiltServer({
      env: { LLM_API_URL: proxy.url, LLM_API_KEY: llama.apiKey, LLM_MODEL: llama.model },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    // One request a check-in, answered in order by a one-thread model server: a late answer arrives
    // while the next check-in runs, so what each wrote is matched by position once all are in.
    outcomes.forEach((o, i) => (o.model = modelText(proxy?.answers[i], o.scenario)));
    const kept = outcomes.filter((o) => o.source === "model");
    const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    console.log(
      [
        `test:llm: ${outcomes.length} check-ins on SmolLM2-135M-Instruct: ${kept.length} model answers kept, ${outcomes.length - kept.length} dropped for the rule-based feedback.`,
        ...(outcomes.every((o) => /no answer within/.test(o.why))
          ? [
              "  No model answer arrived within the budget on this machine: what a kept answer states was not exercised.",
            ]
          : []),
        `  check-in answered in ${ms[Math.floor(ms.length / 2)]} ms (median), ${ms.at(-1)} ms (slowest)`,
        ...outcomes.map(
          (o) =>
            `  [${o.source === "model" ? "kept" : "dropped"}] ${o.scenario.goals} -> ${o.feedback}${o.why ? `  (${o.why})` : ""}\n      the model wrote: ${o.model}`,
        ),
      ].join("\n"),
    );
  });

  it("answers every check-in, keeps only model answers that state the facts given, and lives", async () => {
    for (const scenario of SCENARIOS) {
      const outcome = await checkIn(server, scenario);
      outcomes.push({ ...outcome, model: "" });
      await expectAlive(server);
    }
    for (const { scenario, feedback } of outcomes.filter((o) => o.source === "model")) {
      const given = givenNumbers(scenario);
      // "2 of 3": today's done of its goals, whatever each number alone may be.
      for (const [phrase, n, m] of feedback.matchAll(
        /\b(\d+|[a-z]+) (?:out )?of (?:my |your |the )?(\d+|[a-z]+)\b/gi,
      )) {
        const [part, whole] = [n!, m!].map((t) => namedNumbers(t)[0]);
        if (part === undefined || whole === undefined) continue;
        expect([part, whole], `"${feedback}" says ${phrase}`).toEqual([
          scenario.done,
          scenario.total,
        ]);
      }
      for (const n of namedNumbers(feedback.toLowerCase().replace(IDIOMS, " "))) {
        expect(given, `"${feedback}" names ${n}`).toContain(n);
      }
      if (scenario.done === scenario.total) {
        expect(feedback).not.toMatch(/\b(?:didn'?t|did not|not) (?:finish|complete|do)\b/i);
      }
      const today = weekdayName(localDay(new Date(), "America/New_York")).toLowerCase();
      for (const day of feedback
        .toLowerCase()
        .match(/\b(?:sun|mon|tues|wednes|thurs|fri|satur)day\b/g) ?? []) {
        expect(day, `"${feedback}" names ${day}`).toBe(today);
      }
    }
    expect(outcomes).toHaveLength(SCENARIOS.length);
  });
});

describe("the coach on SmolLM2 made late on purpose", { timeout: 600_000 }, () => {
  it("a model whose headers come at once and whose body comes after the budget: rule-based feedback, the server lives", async () => {
    const proxy = await startModelProxy(llama.url, { holdMs: 15_000 });
    const server = await startBuiltServer({
      env: {
        LLM_API_URL: proxy.url,
        LLM_API_KEY: llama.apiKey,
        LLM_MODEL: llama.model,
        LLM_TIMEOUT_MS: "3000",
      },
    });
    try {
      for (const scenario of SCENARIOS.slice(0, 2)) {
        const outcome = await checkIn(server, scenario);
        expect(outcome.source).toBe("rules");
        expect(outcome.why).toMatch(/no answer within 3000 ms/);
      }
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await expectAlive(server);
    } finally {
      await server.stop();
      await proxy.close();
    }
  });

  it("a budget shorter than the model takes to start: rule-based feedback, the server lives", async () => {
    const server = await startBuiltServer({
      env: {
        LLM_API_URL: llama.url,
        LLM_API_KEY: llama.apiKey,
        LLM_MODEL: llama.model,
        LLM_TIMEOUT_MS: "100",
      },
    });
    try {
      const outcome = await checkIn(server, SCENARIOS[0]!);
      expect(outcome.source).toBe("rules");
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await expectAlive(server);
    } finally {
      await server.stop();
    }
  });
});
