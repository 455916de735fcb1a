import { connect } from "node:net";
import { startBuiltServer, type BuiltServer } from "./built-server";

// A method a client may send that the Fetch API cannot carry (found by Schemathesis, npm run
// test:api-fuzz): it was a 500 and an error in the log, on every URL, without an account.

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
});
