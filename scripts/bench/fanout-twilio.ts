import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A lean stand-in for Twilio's REST API on 127.0.0.1 for `npm run bench:fanout`: the same wire format as
 * tests/fakes/twilio-server.ts (the real twilio package talks to it through TWILIO_API_URL), but only
 * sending and listing messages, with messages kept per recipient so a list filtered by To is a lookup
 * rather than a scan, and no per-request bookkeeping: at thousands of requests a second the fake should
 * not be what is measured, nor take the CPU the tick process needs.
 */

export type LeanTwilioMessage = {
  sid: string;
  to: string;
  from: string | null;
  body: string;
  at: number;
};

const API = "/2010-04-01";

export async function startLeanTwilio({
  accountSid,
  authToken,
  latencyMs = 0,
  maxInFlight = Infinity,
}: {
  accountSid: string;
  authToken: string;
  /** Answer each send this much later, as the real API does (about 100 to 200 ms). */
  latencyMs?: number;
  /** Refuse sends past this many in flight with 429 / 20429, as Twilio does past 100 per account. */
  maxInFlight?: number;
}) {
  let inFlight = 0;
  const byPhone = new Map<string, LeanTwilioMessage[]>();
  const sockets = new Set<Socket>();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const accountPath = `${API}/Accounts/${accountSid}`;
  const messagesPath = `${accountPath}/Messages.json`;
  /**
   * maxConnections: the most connections open at once; a keep-alive client opens one only when all
   * its others are busy, so this is the sender's concurrency.
   */
  const stats = { accepted: 0, listRequests: 0, refused: 0, rateLimited: 0, maxConnections: 0 };
  let onAccepted: ((count: number) => void) | null = null;

  let dateSecond = -1;
  let dateText = "";
  /** RFC 2822 as Twilio writes dates; formatted once a second. */
  const rfc2822 = (ms: number) => {
    const second = Math.floor(ms / 1000);
    if (second !== dateSecond) {
      dateSecond = second;
      dateText = new Date(ms).toUTCString().replace("GMT", "+0000");
    }
    return dateText;
  };

  const reply = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
    });
    res.end(text);
  };
  const twilioError = (res: ServerResponse, status: number, code: number, message: string) => {
    stats.refused += 1;
    reply(
      res,
      status,
      JSON.stringify({
        code,
        message,
        more_info: `https://www.twilio.com/docs/errors/${code}`,
        status,
      }),
    );
  };

  const messageJson = (m: LeanTwilioMessage) => {
    const date = rfc2822(m.at);
    return {
      account_sid: accountSid,
      api_version: "2010-04-01",
      body: m.body,
      date_created: date,
      date_sent: date,
      date_updated: date,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: m.from,
      messaging_service_sid: null,
      num_media: "0",
      num_segments: "1",
      price: null,
      price_unit: "USD",
      sid: m.sid,
      status: "queued",
      subresource_uris: { media: `${accountPath}/Messages/${m.sid}/Media.json` },
      to: m.to,
      uri: `${accountPath}/Messages/${m.sid}.json`,
    };
  };

  function create(req: IncomingMessage, res: ServerResponse) {
    inFlight += 1;
    res.on("close", () => (inFlight -= 1));
    if (inFlight > maxInFlight) {
      stats.rateLimited += 1;
      req.resume();
      return twilioError(res, 429, 20429, "Too Many Requests");
    }
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      const to = form.get("To");
      const from = form.get("From");
      const body = form.get("Body") ?? "";
      if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
      if (!from && !form.get("MessagingServiceSid"))
        return twilioError(res, 400, 21603, "A 'From' or 'MessagingServiceSid' is required");
      if (!body) return twilioError(res, 400, 21602, "Message body is required.");
      const message: LeanTwilioMessage = {
        sid: `SM${randomBytes(16).toString("hex")}`, // random, as Twilio's are (index inserts)
        to,
        from,
        body,
        at: Date.now(),
      };
      const list = byPhone.get(to);
      if (list) list.push(message);
      else byPhone.set(to, [message]);
      stats.accepted += 1;
      onAccepted?.(stats.accepted);
      const answer = () => reply(res, 201, JSON.stringify(messageJson(message)));
      if (latencyMs > 0) setTimeout(answer, latencyMs);
      else answer();
    });
  }

  /** Newest first, filtered by To, From and DateSent (a day, or an instant with > or <), paged. */
  function list(url: URL, res: ServerResponse) {
    stats.listRequests += 1;
    const q = url.searchParams;
    const to = q.get("To");
    const from = q.get("From");
    const day = q.get("DateSent")?.slice(0, 10);
    const after = q.get("DateSent>") ? new Date(q.get("DateSent>")!).getTime() : null;
    const before = q.get("DateSent<") ? new Date(q.get("DateSent<")!).getTime() : null;
    const pool = to ? (byPhone.get(to) ?? []) : [...byPhone.values()].flat();
    const selected = pool
      .filter(
        (m) =>
          (!from || m.from === from) &&
          (!day || new Date(m.at).toISOString().slice(0, 10) === day) &&
          (after === null || m.at > after) &&
          (before === null || m.at < before),
      )
      .sort((a, b) => b.at - a.at);
    const pageSize = Math.min(Number(q.get("PageSize")) || 50, 1000);
    const page = Number(q.get("Page")) || 0;
    const items = selected.slice(page * pageSize, (page + 1) * pageSize);
    const uriFor = (n: number) => {
      const next = new URLSearchParams(q);
      next.set("Page", String(n));
      next.set("PageSize", String(pageSize));
      return `${messagesPath}?${next.toString()}`;
    };
    reply(
      res,
      200,
      JSON.stringify({
        messages: items.map(messageJson),
        first_page_uri: uriFor(0),
        next_page_uri: (page + 1) * pageSize < selected.length ? uriFor(page + 1) : null,
        previous_page_uri: page > 0 ? uriFor(page - 1) : null,
        page,
        page_size: pageSize,
        start: page * pageSize,
        end: Math.max(page * pageSize + items.length - 1, 0),
        uri: uriFor(page),
      }),
    );
  }

  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (req.headers.authorization !== expectedAuth)
      return twilioError(res, 401, 20003, "Authenticate");
    if (req.method === "POST" && path === messagesPath) return create(req, res);
    if (req.method === "GET" && (path === messagesPath || path.startsWith(`${messagesPath}?`)))
      return list(new URL(path, "http://127.0.0.1"), res);
    twilioError(res, 404, 20404, `The requested resource ${path} was not found`);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    stats.maxConnections = Math.max(stats.maxConnections, sockets.size);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** Base URL to use as TWILIO_API_URL. */
    url: `http://127.0.0.1:${port}`,
    stats,
    /** Accepted messages by recipient, oldest first. */
    byPhone,
    /** Called after each accepted message with the count so far (a kill switch for --crash). */
    onAccepted(callback: ((count: number) => void) | null) {
      onAccepted = callback;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
