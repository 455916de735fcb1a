import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isPublicAddress } from "./webhook-address";

// One POST to an endpoint. With the address check on (always in production), the name is resolved
// here, every address it gives is checked, and the socket connects to a checked address: a name that
// resolves to a public address for the check and a private one for the connection cannot slip by.

export type PostResult = { status: number } | { error: string };

const MAX_ANSWER_BYTES = 64 * 1024;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export class PrivateAddressError extends Error {}

function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0)
      return callback(
        new PrivateAddressError(`${hostname} resolves to a private address (${refused?.address})`),
        [],
      );
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; checkAddresses: boolean },
): Promise<PostResult> {
  const target = new URL(url);
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  // A literal address is connected to without a lookup: checked here instead.
  if (options.checkAddresses && isIP(literal) && !isPublicAddress(literal))
    return Promise.resolve({ error: `${literal} is a private address` });
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(target, {
      method: "POST",
      headers: {
        ...headers,
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
        "User-Agent": "StreakCoach-Webhooks/1",
      },
      ...(options.checkAddresses ? { lookup: publicOnlyLookup } : {}),
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const finish = (result: PostResult) => {
      clearTimeout(timer);
      resolve(result);
    };
    request.on("error", (error) => finish({ error: error.message.slice(0, 200) }));
    request.on("response", (response) => {
      let read = 0;
      // The answer's body is not ours to keep; read (a little of) it so the socket is freed.
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      response.on("close", () => finish({ status: response.statusCode ?? 0 }));
      response.on("error", () => finish({ status: response.statusCode ?? 0 }));
    });
    request.end(body);
  });
}
