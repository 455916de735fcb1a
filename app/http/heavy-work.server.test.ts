import {
  answerBuilt,
  BUSY_MESSAGE,
  BUSY_RETRY_AFTER_SECONDS,
  busyResponse,
  heldUntilSent,
  MAX_HEAVY_AT_ONCE,
  refuseHeavyWorkWhenBusy,
} from "./heavy-work.server";

const request = (path: string, method = "GET") =>
  new Request(`http://localhost${path}`, { method });

// Every request a test starts is answered after it, so the next test starts with every slot free.
const started: object[] = [];
afterEach(() => {
  for (const context of started.splice(0)) answerBuilt(context, new Response(null));
});

function context() {
  const made = {};
  started.push(made);
  return made;
}

/** Takes every slot with requests of their own; returns their contexts. */
function fillEverySlot(path = "/messages") {
  return Array.from({ length: MAX_HEAVY_AT_ONCE }, () => {
    const holder = context();
    expect(refuseHeavyWorkWhenBusy(request(path), holder)).toBeNull();
    return holder;
  });
}

it("builds MAX_HEAVY_AT_ONCE heavy answers at once and refuses the next with 503 and Retry-After", async () => {
  fillEverySlot();
  const refused = refuseHeavyWorkWhenBusy(request("/messages?page=2"), {});
  expect(refused?.status).toBe(503);
  expect(refused?.headers.get("Retry-After")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
  expect(refused?.headers.get("Content-Type")).toMatch(/^text\/html/);
  const page = await refused!.text();
  expect(page).toContain(BUSY_MESSAGE);
  // The page's link tries the same address again.
  expect(page).toContain('href="/messages?page=2"');
});

it("answers /api and Remix's data requests in JSON", async () => {
  fillEverySlot();
  expect(refuseHeavyWorkWhenBusy(request("/messages?_data=routes%2Fmessages"), {})?.status).toBe(
    503,
  );
  for (const path of ["/api/goals", "/messages?_data=routes%2Fmessages"]) {
    const refused = busyResponse(request(path));
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get("Retry-After")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    await expect(refused!.json()).resolves.toEqual({ message: BUSY_MESSAGE });
  }
});

it("lets light pages and writes pass while every slot is taken", () => {
  fillEverySlot();
  expect(refuseHeavyWorkWhenBusy(request("/dashboard"), {})).toBeNull();
  expect(refuseHeavyWorkWhenBusy(request("/healthz"), {})).toBeNull();
  expect(refuseHeavyWorkWhenBusy(request("/messages", "POST"), {})).toBeNull();
});

it("counts the conversation (page and /api), summaries, share pages and the PDF report as heavy", () => {
  fillEverySlot();
  for (const path of [
    "/messages",
    "/summaries/monthly/2026-11-01",
    "/share/abc/summaries/weekly/2026-11-22",
    "/share/abc",
    "/dashboard/report.pdf",
    "/api/messages",
  ]) {
    expect(refuseHeavyWorkWhenBusy(request(path), {})?.status, path).toBe(503);
  }
});

it("holds a slot until the client has taken the whole answer, then gives it back", async () => {
  const [first] = fillEverySlot();
  const sent = heldUntilSent(first!, new Response("a big page"));
  answerBuilt(first!, sent);
  // Built but not sent yet: the slot is still taken.
  expect(refuseHeavyWorkWhenBusy(request("/messages"), {})?.status).toBe(503);
  expect(await sent.text()).toBe("a big page");
  expect(refuseHeavyWorkWhenBusy(request("/messages"), context())).toBeNull();
});

it("gives the slot back when the client goes away before taking the answer", async () => {
  const [first] = fillEverySlot();
  const sent = heldUntilSent(first!, new Response("a big page"));
  answerBuilt(first!, sent);
  await sent.body!.cancel();
  expect(refuseHeavyWorkWhenBusy(request("/messages"), context())).toBeNull();
});

it("takes back a slot whose answer never came", () => {
  const now = Date.now();
  for (let n = 0; n < MAX_HEAVY_AT_ONCE; n++) {
    refuseHeavyWorkWhenBusy(request("/messages"), context(), now);
  }
  expect(refuseHeavyWorkWhenBusy(request("/messages"), {}, now + 1_000)?.status).toBe(503);
  expect(refuseHeavyWorkWhenBusy(request("/messages"), context(), now + 61_000)).toBeNull();
});
