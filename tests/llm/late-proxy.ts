import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * Between the coach and the real model: answers every request with its status and headers at once,
 * then holds the model's body for `holdMs` more (a model server under load that has started its
 * answer). The model still does all its work.
 */
export async function startLateProxy(target: string, holdMs: number) {
  const sockets = new Set<Socket>();
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks)));
      req.on("error", reject);
    });
  const server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.flushHeaders();
      const answer = await fetch(`${target}${req.url!.replace(/^\/v1/, "")}`, {
        method: req.method,
        headers: {
          "Content-Type": "application/json",
          Authorization: req.headers.authorization ?? "",
        },
        body: body.toString("utf8"),
      }).then((r) => r.text());
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, holdMs);
        res.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (!res.destroyed) res.end(answer);
    })().catch(() => res.destroy());
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
