import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { answerWithFault, type Fault } from "./faults";

/**
 * A stand-in for Twilio's REST API on 127.0.0.1, speaking its wire format so the real twilio package
 * talks to it (point TWILIO_API_URL at `url`). It covers what this app uses: sending a message, listing
 * messages, fetching one, and downloading inbound media with the account's credentials.
 */

export type FakeTwilioOptions = {
  accountSid: string;
  authToken: string;
  /** Refuse sends past this many in flight with 429 / 20429, as Twilio does past 100 per account. */
  maxInFlight?: number;
};

/**
 * What the next sends answer instead of 201: a Twilio error, a connection that never answers, or a reset
 * before anything was taken; or `wire`: the text is taken (recorded, as Twilio would send it) and its 201
 * answer fails on the wire (tests/fakes/faults.ts), so the sender cannot know it went out.
 */
export type FakeTwilioFault =
  | { status: number; code: number; message?: string }
  | { hang: true }
  | { reset: true }
  | { wire: Fault };

export type FakeMessage = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  status: string;
  dateCreated: Date;
  /** The Authorization header the send came with. */
  authorization: string | null;
  /** "inbound" for a text a phone sent to our number (receive()); outbound otherwise. */
  direction?: "inbound" | "outbound-api";
};

export type FakeRequest = { method: string; path: string; authorization: string | null };

export type FakeMedia = { contentType: string; bytes: Buffer } | { redirectTo: string };

/** A valid 1x1 PNG: what the fake serves for inbound MMS media unless told otherwise. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const API = "/2010-04-01";

export function twilioSid(prefix: string) {
  return prefix + randomBytes(16).toString("hex");
}

function rfc2822(date: Date) {
  return date.toUTCString().replace("GMT", "+0000");
}

export async function startFakeTwilio({
  accountSid,
  authToken,
  maxInFlight = Infinity,
}: FakeTwilioOptions) {
  const messages: FakeMessage[] = [];
  /** Sends received and not answered yet; the most at once; the answers held back (holdAnswers). */
  const sending = { inFlight: 0, maxInFlight: 0, rateLimited: 0 };
  let holding = false;
  const held: (() => void)[] = [];
  const requests: FakeRequest[] = [];
  const faults: FakeTwilioFault[] = [];
  /** Wire faults for the next media downloads and message-list reads. */
  const mediaFaults: Fault[] = [];
  const listFaults: Fault[] = [];
  const media = new Map<string, FakeMedia>();
  const sockets = new Set<Socket>();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const accountPath = `${API}/Accounts/${accountSid}`;

  const send = (res: ServerResponse, status: number, body: unknown, fault?: Fault) => {
    const text = JSON.stringify(body);
    if (fault) {
      const headers = { "Content-Type": "application/json; charset=utf-8" };
      return void answerWithFault(res, fault, status, headers, text);
    }
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
    });
    res.end(text);
  };
  const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });

  const authorized = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    const wanted = Buffer.from(expectedAuth);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });

  const messageJson = (m: FakeMessage) => ({
    account_sid: accountSid,
    api_version: "2010-04-01",
    body: m.body,
    date_created: rfc2822(m.dateCreated),
    date_sent: rfc2822(m.dateCreated),
    date_updated: rfc2822(m.dateCreated),
    direction: m.direction ?? "outbound-api",
    error_code: null,
    error_message: null,
    from: m.from,
    messaging_service_sid: m.messagingServiceSid,
    num_media: "0",
    num_segments: "1",
    price: null,
    price_unit: "USD",
    sid: m.sid,
    status: m.status,
    subresource_uris: { media: `${accountPath}/Messages/${m.sid}/Media.json` },
    to: m.to,
    uri: `${accountPath}/Messages/${m.sid}.json`,
  });

  async function createMessage(req: IncomingMessage, res: ServerResponse) {
    sending.inFlight += 1;
    sending.maxInFlight = Math.max(sending.maxInFlight, sending.inFlight);
    res.on("close", () => (sending.inFlight -= 1));
    if (sending.inFlight > maxInFlight) {
      sending.rateLimited += 1;
      req.resume();
      return twilioError(res, 429, 20429, "Too Many Requests");
    }
    const form = new URLSearchParams(await readBody(req));
    const fault = faults.shift();
    if (fault && "hang" in fault) return; // never answers; stop() closes the socket
    if (fault && "reset" in fault) {
      req.socket.destroy();
      return;
    }
    if (fault && !("wire" in fault)) {
      return twilioError(
        res,
        fault.status,
        fault.code,
        fault.message ?? `Fake error ${fault.code}`,
      );
    }
    const to = form.get("To");
    const from = form.get("From");
    const messagingServiceSid = form.get("MessagingServiceSid");
    const body = form.get("Body") ?? "";
    if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (!from && !messagingServiceSid)
      return twilioError(
        res,
        400,
        21603,
        "A 'From' or 'MessagingServiceSid' parameter is required",
      );
    if (!body && !form.get("MediaUrl"))
      return twilioError(res, 400, 21602, "Message body is required.");
    const message: FakeMessage = {
      sid: twilioSid("SM"),
      to,
      from,
      messagingServiceSid,
      body,
      statusCallback: form.get("StatusCallback"),
      status: messagingServiceSid && !from ? "accepted" : "queued",
      dateCreated: new Date(),
      authorization: req.headers.authorization ?? null,
    };
    messages.push(message);
    const wire = fault && "wire" in fault ? fault.wire : undefined;
    if (holding) held.push(() => send(res, 201, messageJson(message), wire));
    else send(res, 201, messageJson(message), wire);
  }

  function listMessages(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const selected = messages
      .filter((m) => !q.get("To") || m.to === q.get("To"))
      .filter((m) => !q.get("From") || m.from === q.get("From"))
      .filter((m) => !q.get("DateSent") || day(m.dateCreated) === q.get("DateSent")!.slice(0, 10))
      .filter((m) => !q.get("DateSent<") || m.dateCreated < new Date(q.get("DateSent<")!))
      .filter((m) => !q.get("DateSent>") || m.dateCreated > new Date(q.get("DateSent>")!))
      .reverse(); // newest first, as Twilio lists them
    const pageSize = Math.min(Number(q.get("PageSize")) || 50, 1000);
    // Twilio pages with Page and PageToken; here the token is the offset.
    const start = Number(q.get("PageToken") ?? 0);
    const page = selected.slice(start, start + pageSize);
    const uri = `${accountPath}/Messages.json?${q.toString()}`;
    const next = new URLSearchParams(q);
    next.set("Page", String(Number(q.get("Page") ?? 0) + 1));
    next.set("PageToken", String(start + pageSize));
    next.set("PageSize", String(pageSize));
    const nextUri =
      start + pageSize < selected.length ? `${accountPath}/Messages.json?${next.toString()}` : null;
    send(
      res,
      200,
      {
        messages: page.map(messageJson),
        first_page_uri: uri,
        next_page_uri: nextUri,
        previous_page_uri: null,
        page: Number(q.get("Page") ?? 0),
        page_size: pageSize,
        start,
        end: Math.max(start + page.length - 1, 0),
        uri,
      },
      listFaults.shift(),
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      authorization: req.headers.authorization ?? null,
    });
    if (!url.pathname.startsWith(`${API}/Accounts/`)) {
      return twilioError(res, 404, 20404, "The requested resource was not found");
    }
    if (!authorized(req) || !url.pathname.startsWith(`${accountPath}/`)) {
      return twilioError(res, 401, 20003, "Authenticate");
    }
    const rest = url.pathname.slice(accountPath.length);
    if (rest === "/Messages.json" && req.method === "POST") return createMessage(req, res);
    if (rest === "/Messages.json" && req.method === "GET") return listMessages(url, res);
    const one = /^\/Messages\/([A-Za-z0-9]+)\.json$/.exec(rest);
    if (one && req.method === "GET") {
      const message = messages.find((m) => m.sid === one[1]);
      if (message) return send(res, 200, messageJson(message));
    }
    const item = /^\/Messages\/[A-Za-z0-9]+\/Media\/([A-Za-z0-9]+)$/.exec(rest);
    if (item && req.method === "GET") {
      const found = media.get(item[1]!);
      // Real Twilio answers a media URL with a redirect to its CDN, which wants no credentials.
      if (found && "redirectTo" in found) {
        res.writeHead(307, { Location: found.redirectTo });
        return res.end();
      }
      const fault = found ? mediaFaults.shift() : undefined;
      if (found && fault) {
        return answerWithFault(res, fault, 200, { "Content-Type": found.contentType }, found.bytes);
      }
      if (found) {
        res.writeHead(200, {
          "Content-Type": found.contentType,
          "Content-Length": found.bytes.byteLength,
        });
        return res.end(found.bytes);
      }
    }
    twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) twilioError(res, 500, 20500, String(error));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    /** Base URL to use as TWILIO_API_URL. */
    url,
    accountSid,
    /** Every message the fake accepted, oldest first. */
    messages,
    /** Every request the fake received, accepted or not. */
    requests,
    /** Sends in flight now, the most at once since the last reset, and those refused past maxInFlight. */
    sending,
    /** From now on an accepted send is recorded at once but answered only when released. */
    holdAnswers() {
      holding = true;
    },
    /** Answers the `count` oldest held sends (all by default); later sends are still held. */
    releaseAnswers(count = held.length) {
      for (const answer of held.splice(0, count)) answer();
    },
    /** Stops holding and answers everything held. */
    answerAll() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    /** The next `times` sends answer with this fault instead of being accepted. */
    failNext(fault: FakeTwilioFault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    /** The next `times` media downloads answer their file failing on the wire this way. */
    failNextMedia(fault: Fault, times = 1) {
      for (let i = 0; i < times; i++) mediaFaults.push(fault);
    },
    /** The next `times` reads of the message list answer failing on the wire this way. */
    failNextList(fault: Fault, times = 1) {
      for (let i = 0; i < times; i++) listFaults.push(fault);
    },
    /**
     * Serves a media file the way Twilio does for an inbound MMS and returns its path
     * (/2010-04-01/Accounts/{sid}/Messages/{MM}/Media/{ME}); the download needs the account's Basic auth.
     */
    addMedia(file: FakeMedia = { contentType: "image/png", bytes: TINY_PNG }) {
      const mediaSid = twilioSid("ME");
      media.set(mediaSid, file);
      return `${accountPath}/Messages/${twilioSid("MM")}/Media/${mediaSid}`;
    },
    /**
     * A text a phone sends to our number: kept in the message log (direction inbound, listed like
     * Twilio lists it) and answered with the webhook form Twilio would post for it.
     */
    receive(from: string, to: string, body: string) {
      const message: FakeMessage = {
        sid: twilioSid("SM"),
        to,
        from,
        messagingServiceSid: null,
        body,
        statusCallback: null,
        status: "received",
        dateCreated: new Date(),
        authorization: null,
        direction: "inbound",
      };
      messages.push(message);
      return {
        MessageSid: message.sid,
        SmsSid: message.sid,
        AccountSid: accountSid,
        From: from,
        To: to,
        Body: body,
        NumMedia: "0",
      };
    },
    /** Sends to one number, oldest first. */
    messagesTo(phone: string) {
      return messages.filter((m) => m.to === phone);
    },
    reset() {
      messages.length = 0;
      requests.length = 0;
      faults.length = 0;
      mediaFaults.length = 0;
      listFaults.length = 0;
      holding = false;
      held.length = 0;
      Object.assign(sending, { maxInFlight: sending.inFlight, rateLimited: 0 });
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
