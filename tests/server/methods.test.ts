import { connect } from "node:net";
import { signUp, startBuiltServer, type BuiltServer } from "./built-server";

// Methods an /api URL does not have (found by Schemathesis, npm run test:api-fuzz). TRACE, which the
// Fetch API cannot carry, was a 500 and an error in the log on every URL, without an account; methods
// Remix does not route (QUERY, PROPFIND) and a POST to a read-only call were 405s without Allow saying
// "Unexpected Server Error"; OPTIONS ran the loader and answered with the caller's data.

/** The raw answer to one request: Node's fetch refuses to send these methods at all. */
function rawRequest(server: BuiltServer, method: string, pathname: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () =>
      socket.write(
        `${method} ${pathname} HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      ),
    );
    let answer = "";
    socket.on("data", (chunk) => (answer += String(chunk)));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("methods the Fetch API cannot carry", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server.stop());

  it("TRACE is 405 with Allow, JSON under /api, and no server error", async () => {
    const method = "TRACE";
    const api = await rawRequest(server, method, "/api/user");
    expect(api).toMatch(/^HTTP\/1\.\d 405 /);
    expect(api).toMatch(/^allow: GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE\r$/im);
    expect(api).toMatch(/^content-type: application\/json/im);
    expect(api.split("\r\n\r\n")[1]).toBe('{"message":"Method not allowed"}');

    const page = await rawRequest(server, method, "/login");
    expect(page).toMatch(/^HTTP\/1\.\d 405 /);
    expect(page.split("\r\n\r\n")[1]).toBe("Method not allowed");

    expect(server.output().filter((line) => line.includes('"level":"error"'))).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  });

  it("methods no /api call has are 405 with the call's methods in Allow, OPTIONS 204 with them", async () => {
    const { client } = await signUp(server);
    await client.request("/api/goals", {
      json: { description: "Run 5k", dueDate: new Date(Date.now() + 3_600_000).toISOString() },
    });
    for (const [method, pathname, allow] of [
      ["QUERY", "/api/goals", "GET, POST"],
      ["PROPFIND", "/api/goals/1", "PATCH, DELETE"],
      ["POST", "/api/user", "GET"],
      ["PATCH", "/api/stats", "GET"],
      ["DELETE", "/api/admin/users", "GET"],
    ] as const) {
      const response = await client.request(pathname, { method });
      expect(response.status, `${method} ${pathname}`).toBe(405);
      expect(response.headers.get("allow"), `${method} ${pathname}`).toBe(allow);
      expect(await response.json()).toEqual({ message: "Method not allowed" });
    }
    const options = await client.request("/api/goals", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, POST");
    expect(await options.text()).toBe("");
  });
});
