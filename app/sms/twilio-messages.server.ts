import http from "node:http";
import https from "node:https";

/**
 * Twilio's Create Message call (POST /2010-04-01/Accounts/{sid}/Messages.json) on Node's own HTTP
 * client with keep-alive sockets. The twilio package spends most of a send's CPU in axios and its
 * option merging; a morning fan-out makes thousands of these calls a minute, so this one call is made
 * by hand. Everything else (listing, signatures) stays with the package.
 */

export type CreatedMessage = { sid: string; status: string };

/** A refusal as Twilio words it: HTTP status, Twilio error code (when the body names one), message. */
export class TwilioRestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

export type MessagesClientOptions = {
  /** https://api.twilio.com, or a stand-in (TWILIO_API_URL). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** MessagingServiceSid when set, else From. */
  sender: { messagingServiceSid: string } | { from: string };
  timeoutMs?: number;
};

export function createMessagesClient(options: MessagesClientOptions) {
  const base = new URL(options.baseUrl);
  const secure = base.protocol === "https:";
  const agent = new (secure ? https : http).Agent({ keepAlive: true, scheduling: "lifo" });
  const request = secure ? https.request : http.request;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const path = `${base.pathname.replace(/\/$/, "")}/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
  const senderField =
    "messagingServiceSid" in options.sender
      ? `&MessagingServiceSid=${encodeURIComponent(options.sender.messagingServiceSid)}`
      : `&From=${encodeURIComponent(options.sender.from)}`;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`,
    Accept: "application/json",
    "Content-Type": "application/x-www-form-urlencoded",
    "User-Agent": "streakcoach",
  };

  return {
    create(to: string, body: string, statusCallback: string): Promise<CreatedMessage> {
      const form =
        `To=${encodeURIComponent(to)}&Body=${encodeURIComponent(body)}${senderField}` +
        `&StatusCallback=${encodeURIComponent(statusCallback)}`;
      return new Promise((resolve, reject) => {
        // `timeout` below ends a silent socket; this ends one that drips, or never finishes its answer.
        const deadline = setTimeout(
          () => req.destroy(new Error(`no answer from Twilio in ${timeoutMs} ms`)),
          timeoutMs,
        );
        const settle = () => clearTimeout(deadline);
        const req = request(
          {
            host: base.hostname,
            port: base.port || (secure ? 443 : 80),
            path,
            method: "POST",
            agent,
            timeout: timeoutMs,
            headers: { ...headers, "Content-Length": Buffer.byteLength(form) },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (text += chunk));
            res.on("end", () => {
              const status = res.statusCode ?? 0;
              if (status >= 200 && status < 300) {
                const message = parseJson(text) as Partial<CreatedMessage> | null;
                if (message?.sid) resolve({ sid: message.sid, status: message.status ?? "queued" });
                else reject(new Error(`Twilio answered ${status} without a message sid`));
              } else {
                reject(refusal(status, text));
              }
            });
            res.on("error", reject);
            res.on("close", () => {
              if (!res.complete) reject(new Error("Twilio's answer broke off"));
            });
          },
        );
        req.on("timeout", () => req.destroy(new Error(`no answer from Twilio in ${timeoutMs} ms`)));
        req.on("error", reject);
        req.on("close", settle);
        req.end(form);
      });
    },
    /** Closes the idle keep-alive sockets. */
    close() {
      agent.destroy();
    },
  };
}

function refusal(status: number, text: string) {
  const body = parseJson(text) as { message?: string; code?: number } | null;
  return new TwilioRestError(
    body?.message ?? `[HTTP ${status}] Failed to execute request`,
    status,
    typeof body?.code === "number" ? body.code : undefined,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
