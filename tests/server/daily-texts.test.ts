import { TEXTS_READ_PER_DAY } from "~/conversation/reading.server";
import { signUp, startBuiltServer, type BuiltServer } from "./built-server";

// One account cannot grow its thread without end: past TEXTS_READ_PER_DAY texts in a day (web chat and
// SMS together) nothing more is read or stored until tomorrow, except STOP, START and HELP.

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

const storedFrom = (userId: number) =>
  (
    server
      .db()
      .prepare("select count(*) as n from messages where user_id = ? and from_system = 0")
      .get(userId) as { n: number }
  ).n;

it(`reads ${TEXTS_READ_PER_DAY} texts a day, answers the next with the limit once, and refuses the rest with 429`, async () => {
  const { client, user } = await signUp(server);
  const say = (body: string) => client.request("/api/mock/reply-to-sms", { json: { body } });
  for (let n = 0; n < TEXTS_READ_PER_DAY; n++) {
    const response = await say(n === 0 ? "goal: run 5k" : `how am I doing ${n}`);
    expect(response.status).toBe(200);
  }
  expect(storedFrom(user.id)).toBe(TEXTS_READ_PER_DAY);

  const notice = await say("one more");
  expect(notice.status).toBe(200);
  expect((await notice.json()).reply).toContain(`that's ${TEXTS_READ_PER_DAY} texts today`);

  const refused = await say("and another");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect((await refused.json()).message).toMatch(/the most we read in a day/);
  expect(storedFrom(user.id)).toBe(TEXTS_READ_PER_DAY + 1);

  const help = await say("HELP");
  expect(help.status).toBe(200);
  expect((await help.json()).intent).toBe("help");
});

it("the chat page without JavaScript says the limit in a toast and stores nothing", async () => {
  const { client, user } = await signUp(server);
  const insert = server
    .db()
    .prepare(
      "insert into messages (user_id, from_system, body, source, created_at) values (?, 0, 'x', 'web', ?)",
    );
  for (let n = 0; n <= TEXTS_READ_PER_DAY; n++) insert.run(user.id, Date.now());
  const before = storedFrom(user.id);
  const post = await client.request("/messages", { form: { message: "did 1" } });
  expect(post.status).toBe(302);
  expect(post.headers.get("location")).toBe("/messages#latest");
  const page = await client.request("/messages");
  expect(await page.text()).toContain("Daily limit reached");
  expect(storedFrom(user.id)).toBe(before);
});
