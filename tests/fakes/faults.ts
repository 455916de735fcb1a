import type { ServerResponse } from "node:http";

/**
 * The ways a real counterpart fails on the wire, shared by every fake (LLM, Twilio, Stripe, object
 * storage): each answers a prepared body badly instead of well.
 * - `slow-first-byte`: nothing at all for `ms`, then the whole answer.
 * - `stalled-body`: the status and headers at once, half the body, then nothing more, ever.
 * - `drip`: the status and headers, then the body one byte every `ms`.
 * - `reset-mid-body`: the status and headers, half the body, then a TCP reset.
 */
export type Fault =
  | { fault: "slow-first-byte"; ms: number }
  | { fault: "stalled-body" }
  | { fault: "drip"; ms: number }
  | { fault: "reset-mid-body" };

export const FAULT_NAMES = ["slow-first-byte", "stalled-body", "drip", "reset-mid-body"] as const;

/** Answers `body` with `status` and `headers`, failing as `fault` says. Resolves when it is done failing. */
export async function answerWithFault(
  res: ServerResponse,
  fault: Fault,
  status: number,
  headers: Record<string, string | number>,
  body: string | Buffer,
): Promise<void> {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const withLength = { ...headers, "Content-Length": bytes.length };
  const half = bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)));
  switch (fault.fault) {
    case "slow-first-byte":
      await pause(res, fault.ms);
      if (res.destroyed) return;
      res.writeHead(status, withLength);
      res.end(bytes);
      return;
    case "stalled-body":
      res.writeHead(status, withLength);
      res.write(half);
      return; // the fake's close() destroys the socket
    case "drip":
      res.writeHead(status, withLength);
      for (const byte of bytes) {
        if (res.destroyed) return;
        res.write(Buffer.of(byte));
        await pause(res, fault.ms);
      }
      res.end();
      return;
    case "reset-mid-body":
      res.writeHead(status, withLength);
      res.write(half, () => res.socket?.resetAndDestroy());
      return;
  }
}

/** Waits `ms`, or less when the client goes away first. */
function pause(res: ServerResponse, ms: number) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.once("close", done);
  });
}
