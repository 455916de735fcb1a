import twilio from "twilio";
import { readBodyWithin } from "~/utils/requests/body.server";
import { env } from "~/utils/env/env.server";

/** Twilio's webhook bodies are a few KiB at most (ten media URLs included); anything bigger is not Twilio. */
export const MAX_TWILIO_FORM_BYTES = 64 * 1024;

export type TwilioParams = Record<string, string>;

function plain(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * The empty TwiML document: "received, nothing to say" (replies go out through the REST API). Its
 * length is declared so the server's compression skips a body far too small to gain from it.
 */
export function emptyTwiml(status = 200) {
  return new Response(EMPTY_TWIML, {
    status,
    headers: {
      "Content-Type": "text/xml; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(EMPTY_TWIML)),
      "Cache-Control": "no-store",
    },
  });
}

export function forbidden() {
  return plain(403, "Forbidden");
}

/**
 * The URL Twilio signed: the public one it was configured with (APP_URL), not the one this process sees
 * behind Fly's proxy (http, another host, another port). Path and query come from the request.
 */
export function signedUrlFor(request: Request) {
  const url = new URL(request.url);
  return `${env.APP_URL}${url.pathname}${url.search}`;
}

/**
 * Whether the request carries a valid X-Twilio-Signature for these (already parsed) form parameters,
 * checked with the twilio package's own validateRequest.
 *
 * Without TWILIO_AUTH_TOKEN nothing can be verified, so every webhook is refused (403). That is the
 * normal state with SMS_TRANSPORT=local: the development phone (/dev/phone) hands its texts to
 * receiveInboundSms directly and never goes through these webhooks, so there is no reason to open an
 * unauthenticated door that would let anyone on the network post texts as any user. A development
 * setup that wants to exercise the webhooks sets TWILIO_AUTH_TOKEN (any value) and signs with it.
 */
export function verifyTwilioRequest(request: Request, params: TwilioParams): boolean {
  const token = env.TWILIO_AUTH_TOKEN;
  const signature = request.headers.get("x-twilio-signature");
  if (!token || !signature) return false;
  try {
    return twilio.validateRequest(token, signature, signedUrlFor(request), params);
  } catch {
    // validateRequest parses the URL; nothing a caller sends should turn into a 500.
    return false;
  }
}

/**
 * Reads an application/x-www-form-urlencoded body into a plain object. Throws a Response (Remix
 * style) for anything else: 400 for another or no content type, a repeated parameter or bytes that
 * are not UTF-8; 413 when the body is larger than MAX_TWILIO_FORM_BYTES (read no further than that).
 */
export async function readTwilioForm(request: Request): Promise<TwilioParams> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw plain(400, "Expected an application/x-www-form-urlencoded body");
  }
  const bytes = await readBodyWithin(request, MAX_TWILIO_FORM_BYTES, plain);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw plain(400, "The request body is not UTF-8");
  }
  // No prototype: a parameter named __proto__ is kept as data like any other.
  const params: TwilioParams = Object.create(null) as TwilioParams;
  for (const [key, value] of new URLSearchParams(text)) {
    // Twilio never repeats a parameter; the signature helper would sign all values, we keep one.
    if (Object.hasOwn(params, key)) throw plain(400, `Parameter ${key.slice(0, 40)} is repeated`);
    params[key] = value;
  }
  return params;
}

/**
 * The common front of both webhooks: a request without a signature is refused before its body is read;
 * then the form is parsed and the signature checked against it. Returns the verified parameters, or
 * throws the Response to answer.
 */
export async function readVerifiedTwilioForm(request: Request): Promise<TwilioParams> {
  if (!env.TWILIO_AUTH_TOKEN || !request.headers.get("x-twilio-signature")) throw forbidden();
  const params = await readTwilioForm(request);
  if (!verifyTwilioRequest(request, params)) throw forbidden();
  return params;
}
