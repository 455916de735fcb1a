import { createHmac, timingSafeEqual } from "node:crypto";
import { listenOnLoopback, readAll } from "./loopback-server";

// A webhook receiver on 127.0.0.1, written as docs/api.md tells a user to write one: it checks every
// delivery's signature with its endpoint's secret (its own HMAC, not the app's code) and keeps what
// came. It answers 200, or 500 while told to, or never (stalled) while told to.

export type ReceivedDelivery = {
  path: string;
  id: string;
  timestamp: number;
  signatureValid: boolean;
  body: {
    id: string;
    type: string;
    createdAt: string;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each event's own payload, read by the tests
    data: Record<string, any>;
  };
};

export type ReceiverMode = "ok" | "fail" | "stall";

function validSignature(secret: string | undefined, id: string, header: string, raw: string) {
  if (!secret) return false;
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2)));
  const expected = createHmac("sha256", secret).update(`${id}.${parts.t}.${raw}`).digest();
  const given = Buffer.from(String(parts.v1 ?? ""), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver() {
  const secrets = new Map<string, string>();
  const received: ReceivedDelivery[] = [];
  let mode: ReceiverMode = "ok";
  const server = await listenOnLoopback(async (req, res) => {
    const raw = (await readAll(req)).toString("utf8");
    const id = String(req.headers["streakcoach-event-id"] ?? "");
    const header = String(req.headers["streakcoach-signature"] ?? "");
    const path = req.url ?? "/";
    received.push({
      path,
      id,
      timestamp: Number(req.headers["streakcoach-timestamp"]),
      signatureValid: validSignature(secrets.get(path), id, header, raw),
      body: JSON.parse(raw),
    });
    if (mode === "stall") return; // never answers; the sender's timeout ends it
    res.writeHead(mode === "ok" ? 200 : 500, { "Content-Type": "text/plain" }).end(mode);
  });
  return {
    /** The URL of a path, and the secret its deliveries must be signed with. */
    endpoint(path: string, secret?: string) {
      if (secret) secrets.set(path, secret);
      return `${server.url}${path}`;
    },
    trust(path: string, secret: string) {
      secrets.set(path, secret);
    },
    received,
    setMode(next: ReceiverMode) {
      mode = next;
    },
    close: server.close,
  };
}
