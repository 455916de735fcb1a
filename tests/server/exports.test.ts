import { randomBytes } from "node:crypto";
import { get, type IncomingMessage } from "node:http";
import { signUp, startBuiltServer, type BuiltServer } from "./built-server";

// The downloads of a person's data are streamed from the database in batches: a conversation of
// 200,000 long texts (about 200 MB, more than the heap) comes out whole, and the server's memory
// stays within the machine's.

const MESSAGES = 200_000;
const MACHINE_BYTES = 256 * 1024 * 1024;

let server: BuiltServer;
let client: Awaited<ReturnType<typeof signUp>>["client"];
let expectedMessages = 0;

beforeAll(async () => {
  server = await startBuiltServer();
  const account = await signUp(server);
  client = account.client;
  // Distinct texts, so neither the database nor gzip shrinks them much.
  const texts = Array.from({ length: 1_000 }, () => randomBytes(750).toString("base64"));
  const db = server.db();
  const insert = db.prepare(
    "insert into messages (user_id, from_system, body, source, created_at, kind, status) values (?, ?, ?, 'sms', ?, 'conversation', 'received')",
  );
  const start = Date.now() - MESSAGES * 60_000;
  db.transaction(() => {
    for (let n = 0; n < MESSAGES; n++) {
      insert.run(account.user.id, n % 2, texts[n % texts.length], start + n * 60_000);
    }
  })();
  expectedMessages = (
    db.prepare("select count(*) as n from messages where user_id = ?").get(account.user.id) as {
      n: number;
    }
  ).n;
  // The seeding held this process's event loop: let fetch see the kept-alive connection the server
  // closed meanwhile, rather than send the next request on it.
  await new Promise((resolve) => setTimeout(resolve, 200));
}, 120_000);
afterAll(() => server.stop());

/**
 * GET a download with node:http (no transfer compression asked for), reading it chunk by chunk and
 * keeping only the line being read: its lines, the lines that `isCounted`, its bytes and its end.
 */
function download(
  pathname: string,
  isCounted: (line: string) => boolean = () => false,
  onFirstChunk?: (response: IncomingMessage) => Promise<void>,
) {
  return new Promise<{
    status: number;
    type: string | undefined;
    lines: number;
    counted: number;
    bytes: number;
    last: string;
    partial: string;
  }>((resolve, reject) => {
    const request = get(
      new URL(pathname, server.url),
      { headers: { Cookie: client.cookie }, signal: AbortSignal.timeout(300_000) },
      (response) => {
        response.setEncoding("utf8");
        const result = { lines: 0, counted: 0, bytes: 0, last: "", partial: "" };
        let first = true;
        response.on("data", (text: string) => {
          result.bytes += Buffer.byteLength(text);
          const parts = (result.partial + text).split("\n");
          result.partial = parts.pop()!;
          for (const line of parts) {
            result.lines += 1;
            if (isCounted(line)) result.counted += 1;
            result.last = line;
          }
          if (first && onFirstChunk) {
            first = false;
            response.pause();
            onFirstChunk(response).then(() => response.resume(), reject);
          }
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            type: response.headers["content-type"],
            ...result,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

it("downloads the whole conversation as CSV within the machine's memory", async () => {
  const body = await download("/messages/export.csv", (line) => /^\d{4}-\d\d-\d\d,/.test(line));
  expect(body.status).toBe(200);
  expect(body.type).toBe("text/csv; charset=utf-8");
  expect(body.partial).toBe("");
  expect(body.counted).toBe(expectedMessages);
  expect(body.lines).toBe(expectedMessages + 1);
  expect(body.bytes).toBeGreaterThan(MESSAGES * 1_000);
  expect(server.rss().peak).toBeLessThan(MACHINE_BYTES);
}, 300_000);

it("downloads all of a person's data as JSON within the machine's memory", async () => {
  const body = await download("/settings/export.json", (line) =>
    line.startsWith('      "body": "'),
  );
  expect(body.status).toBe(200);
  expect(body.type).toBe("application/json; charset=utf-8");
  expect(body.counted).toBe(expectedMessages);
  expect(body.last).toBe('  "habits": []');
  expect(body.partial).toBe("}");
  expect(body.bytes).toBeGreaterThan(MESSAGES * 1_000);
  expect(server.rss().peak).toBeLessThan(MACHINE_BYTES);
}, 300_000);

it("reads the rows no faster than a slow client takes them, and answers others meanwhile", async () => {
  const body = await download(
    "/messages/export.csv",
    (line) => /^\d{4}-\d\d-\d\d,/.test(line),
    async () => {
      // The client stops reading until the server's memory has stopped growing.
      let last = -1;
      for (let tries = 0; tries < 30 && server.rss().current !== last; tries++) {
        last = server.rss().current;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      expect(server.rss().peak).toBeLessThan(MACHINE_BYTES);
      const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(30_000) });
      expect(health.status).toBe(200);
    },
  );
  expect(body.counted).toBe(expectedMessages);
  expect(server.rss().peak).toBeLessThan(MACHINE_BYTES);
}, 300_000);
