import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Fly.io's edge proxy on 127.0.0.1, for what LiteFS relies on it for: every request
 * goes to one machine (`entry`, a replica in a far region, say), and an answer carrying
 * `fly-replay: instance=<hostname>` is not returned to the client: the same request (method, headers,
 * body) is sent again to that instance, and its answer is the client's.
 */
export async function startFlyEdge(options: { entry: string; instances: Record<string, string> }) {
  const replays: { method: string; path: string; instance: string }[] = [];

  async function forward(base: string, request: IncomingMessage, body: Buffer | undefined) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === "host" || name === "connection") continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    // fetch would decode a compressed body while keeping its Content-Encoding header.
    headers.set("accept-encoding", "identity");
    return fetch(new URL(request.url!, base), {
      method: request.method,
      headers,
      body: body && new Uint8Array(body),
      redirect: "manual",
    });
  }

  const server = createServer(async (request, response) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body =
        request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.concat(chunks);
      let answer = await forward(options.entry, request, body);
      const replay = /^instance=(.+)$/.exec(answer.headers.get("fly-replay") ?? "")?.[1];
      if (replay) {
        const target = options.instances[replay];
        if (!target) throw new Error(`fly-replay names an unknown instance: ${replay}`);
        replays.push({ method: request.method!, path: request.url!, instance: replay });
        await answer.body?.cancel();
        answer = await forward(target, request, body);
      }
      const headers: Record<string, string | string[]> = {};
      answer.headers.forEach((value, name) => {
        if (name !== "set-cookie" && name !== "content-length" && name !== "transfer-encoding") {
          headers[name] = value;
        }
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) headers["set-cookie"] = cookies;
      response.writeHead(answer.status, headers);
      response.end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(`fake edge: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    replays,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
