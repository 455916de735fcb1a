import { signUp, startBuiltServer, type BuiltServer } from "./built-server";

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

it("signs up", async () => {
  const { client } = await signUp(server);
  const me = await client.request("/api/user");
  expect(me.status).toBe(200);
  expect(server.rss().peak).toBeGreaterThan(0);
});
