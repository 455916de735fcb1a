import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { pathToFileURL } from "node:url";
import { answerWithFault, type Fault } from "./faults";

/**
 * A stand-in for an OpenAI-compatible LLM on 127.0.0.1: POST /chat/completions. It records every
 * request and answers what it is told next; with nothing queued, a friendly answer that names the
 * streak it read in the prompt (and a fixed description for a photo). Like a real server it refuses a
 * request without the expected bearer key (401, when it was started with one) and a body without a
 * model or without messages (400); a queued fault answers that friendly completion badly (faults.ts).
 *
 * Stand-alone (for the end-to-end server): `tsx tests/fakes/llm-server.ts --port 4011 [--api-key K]`.
 */

export type FakeLlmAnswer =
  | { text: string; finishReason?: "stop" | "length" }
  | { status: number; body?: string }
  | { malformed: true }
  | { empty: true }
  | { huge: true }
  | { hang: true }
  | Fault;

export type FakeLlmRequest = {
  path: string;
  authorization: string | null;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: {
    model?: string;
    messages?: { role: string; content: unknown }[];
    [key: string]: unknown;
  };
  /** The body as received, for "never contains" assertions. */
  raw: string;
};

export const FAKE_PHOTO_DESCRIPTION = "A pair of running shoes next to a finished water bottle.";

/** The answer given when none is queued: names the streak the prompt mentions. */
export function friendlyAnswer(body: FakeLlmRequest["body"]) {
  const messages = body.messages ?? [];
  const asksAboutPhoto = messages.some(
    (m) => Array.isArray(m.content) && m.content.some((p) => p?.type === "image_url"),
  );
  if (asksAboutPhoto) return FAKE_PHOTO_DESCRIPTION;
  const prompt = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  const streak = /streak(?: is|:) (\d+) days?/i.exec(prompt)?.[1];
  return streak && Number(streak) > 0
    ? `Great work today! Your ${streak}-day streak is growing.`
    : "Great work today! Every check-in counts.";
}

function completion(content: string | null, model: string | undefined, finishReason = "stop") {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: model ?? "fake-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/** What an OpenAI-compatible server refuses with 400 before it runs the model, or null. */
export function invalidRequest(body: unknown): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return "The body must be a JSON object";
  }
  const { model, messages } = body as FakeLlmRequest["body"];
  if (typeof model !== "string" || model.length === 0) return "'model' is a required property";
  if (!Array.isArray(messages) || messages.length === 0) {
    return "'messages' must be a non-empty array";
  }
  const valid = messages.every(
    (m) =>
      typeof m === "object" &&
      m !== null &&
      ["system", "user", "assistant"].includes(m.role) &&
      (typeof m.content === "string" || Array.isArray(m.content)),
  );
  return valid ? null : "each message needs a role (system, user, assistant) and a content";
}

export async function startFakeLlm({ port = 0, apiKey }: { port?: number; apiKey?: string } = {}) {
  const requests: FakeLlmRequest[] = [];
  const queue: FakeLlmAnswer[] = [];
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
    });
    res.end(text);
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (req.method === "GET" && path === "/healthz") return send(res, 200, '{"ok":true}');
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      return send(
        res,
        404,
        JSON.stringify({ error: { message: `No route ${req.method} ${path}` } }),
      );
    }
    const raw = await readBody(req);
    let body: FakeLlmRequest["body"];
    try {
      body = JSON.parse(raw) as FakeLlmRequest["body"];
    } catch {
      return send(res, 400, JSON.stringify({ error: { message: "Body is not JSON" } }));
    }
    const authorization = req.headers.authorization ?? null;
    requests.push({ path, authorization, body, raw });
    if (apiKey && authorization !== `Bearer ${apiKey}`) {
      return send(res, 401, JSON.stringify({ error: { message: "Invalid API key", code: 401 } }));
    }
    const invalid = invalidRequest(body);
    if (invalid) return send(res, 400, JSON.stringify({ error: { message: invalid, code: 400 } }));
    const answer = queue.shift() ?? { text: friendlyAnswer(body) };
    if ("hang" in answer) return; // never answers; close() ends the socket
    if ("fault" in answer) {
      const text = JSON.stringify(completion(friendlyAnswer(body), body.model));
      return answerWithFault(res, answer, 200, { "Content-Type": "application/json" }, text);
    }
    if ("status" in answer) {
      return send(
        res,
        answer.status,
        answer.body ?? JSON.stringify({ error: { message: `Fake error ${answer.status}` } }),
      );
    }
    if ("malformed" in answer) return send(res, 200, '{"choices": [{"message": {"content": "Gre');
    if ("empty" in answer) return send(res, 200, JSON.stringify(completion("", body.model)));
    if ("huge" in answer) {
      const huge = "You are doing great and you should keep going every single day. ".repeat(200);
      return send(res, 200, JSON.stringify(completion(huge, body.model)));
    }
    send(res, 200, JSON.stringify(completion(answer.text, body.model, answer.finishReason)));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: { message: String(error) } }));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;

  return {
    /** Base URL to use as LLM_API_URL. */
    url: `http://127.0.0.1:${address.port}`,
    /** Every /chat/completions request, oldest first. */
    requests,
    /** What the next requests answer, one each, in order (then the friendly default again). */
    respondWith(...answers: FakeLlmAnswer[]) {
      queue.push(...answers);
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeLlm = Awaited<ReturnType<typeof startFakeLlm>>;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const port = Number(option("--port") ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error("Usage: tsx tests/fakes/llm-server.ts --port N [--api-key KEY]");
    process.exit(2);
  }
  const llm = await startFakeLlm({ port, apiKey: option("--api-key") });
  console.log(`Fake LLM listening on ${llm.url} (POST /chat/completions)`);
  const stop = () => void llm.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
