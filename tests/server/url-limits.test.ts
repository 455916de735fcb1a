import { startBuiltServer, type BuiltServer } from "./built-server";
import {
  accountWithFiftyLongGoals,
  buildVersion,
  LONGEST_CHAT_MESSAGE,
  longUrls,
} from "./stall-inputs";

// Issue 28: one long URL or manifest query held the event loop for seconds (lazy route discovery
// matches every prefix of a path); 1,500 query parameters made a 3.5 MB dashboard. They are refused
// with 414 before Remix routes them, in a small answer with our security headers.

let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer();
}, 60_000);
afterAll(() => server?.stop());

describe("URLs longer than any of ours", () => {
  it.each(longUrls(buildVersion()))("$label is 414, small, with security headers", async (url) => {
    const response = await fetch(`${server.url}${url.path}`);
    const body = await response.text();
    expect(response.status).toBe(414);
    expect(body.length).toBeLessThan(2_000);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBeTruthy();
    expect(body).toContain("This address is too long for any page of StreakCoach.");
  });

  it("answers an /api URL's refusal as JSON", async () => {
    const query = Array.from({ length: 100 }, (_, i) => `q${i}=1`).join("&");
    const response = await fetch(`${server.url}/api/goals?${query}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({
      message: "This address is too long for any page of StreakCoach.",
    });
  });

  it("still serves real URLs and manifest queries", async () => {
    expect((await fetch(`${server.url}/blog?page=2`)).status).toBe(200);
    const manifest = await fetch(
      `${server.url}/__manifest?version=${buildVersion()}&p=/blog&p=/habits/12&p=/login`,
    );
    expect(manifest.status).toBe(200);
  });
});

it("reads the longest chat message to 50 goals of 500 characters, and the server answers", async () => {
  const { client } = await accountWithFiftyLongGoals(server);
  const response = await client.request("/api/chat", { json: { body: LONGEST_CHAT_MESSAGE } });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { intent: string }).intent).toBe("unknown");
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});
