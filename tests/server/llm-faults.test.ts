import { FAULT_NAMES, type Fault } from "../fakes/faults";
import { startFakeLlm, type FakeLlm } from "../fakes/llm-server";
import { signUp, startBuiltServer, type BuiltServer } from "./built-server";

// A model server that answers too late, or sends its headers and then stalls, drips or resets the
// body, must cost the check-in its AI feedback and nothing else: the production server answers with
// the rule-based feedback and keeps running (it used to exit 8.4 s after such a check-in).

const LLM_KEY = "server-llm-key";
const BUDGET_MS = 1500;
/** Longer than any budget: the fake stops when the client goes away. */
const FOREVER_MS = 600_000;

const FAULTS: Record<(typeof FAULT_NAMES)[number], Fault> = {
  "slow-first-byte": { fault: "slow-first-byte", ms: FOREVER_MS },
  "stalled-body": { fault: "stalled-body" },
  drip: { fault: "drip", ms: 400 },
  "reset-mid-body": { fault: "reset-mid-body" },
};

describe("an evening check-in while the model server fails", { timeout: 120_000 }, () => {
  let llm: FakeLlm;
  let server: BuiltServer;
  // A server for each case: a crash in one case must not fail the next.
  beforeEach(async () => {
    llm = await startFakeLlm({ apiKey: LLM_KEY });
    server = await startBuiltServer({
      env: {
        LLM_API_URL: llm.url,
        LLM_API_KEY: LLM_KEY,
        LLM_MODEL: "fault-test-model",
        LLM_TIMEOUT_MS: String(BUDGET_MS),
      },
    });
  });
  afterEach(async () => {
    await server?.stop();
    await llm?.close();
  });

  async function checkIn() {
    const { client } = await signUp(server);
    const goals = await client.request("/api/chat", { json: { body: "goal: Run 5k" } });
    expect(await goals.json()).toMatchObject({ intent: "set_goals" });
    const response = await client.request("/api/chat", { json: { body: "1" } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { reply: string; intent: string }).reply;
  }

  it("answers with the model's feedback when it answers well (the fake is really asked)", async () => {
    const reply = await checkIn();
    expect(reply).toContain("Great work today!");
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.authorization).toBe(`Bearer ${LLM_KEY}`);
  });

  it.each(FAULT_NAMES)(
    "%s: answers with the rule-based feedback, and the server lives on",
    async (name) => {
      llm.respondWith(FAULTS[name], FAULTS[name]);
      const reply = await checkIn();
      expect(reply).toMatch(/^All done, great work! 1 of 1 done today\. /);
      expect(reply).not.toContain("Great work today!");
      expect(llm.requests.length).toBeGreaterThanOrEqual(1);

      // Past the moment the aborted body read used to throw outside any caller.
      await new Promise((resolve) => setTimeout(resolve, BUDGET_MS + 1000));
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(server.output().join("\n")).not.toContain("Cannot cancel a stream");
    },
  );
});
