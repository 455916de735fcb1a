import { createServer, type IncomingMessage, type RequestListener } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * An HTTP server on 127.0.0.1 at a free port for a fake or a proxy: `close()` ends every open
 * connection first, a stalled answer included, so a test never waits on a socket it left hanging.
 */
export async function listenOnLoopback(handler: RequestListener) {
  const sockets = new Set<Socket>();
  const server = createServer(handler);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request's or an answer's whole body. */
export function readAll(stream: IncomingMessage) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}
