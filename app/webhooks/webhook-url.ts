import { isIP } from "node:net";
import { isPublicAddress } from "./webhook-address";

export const MAX_WEBHOOK_URL_LENGTH = 2000;

/**
 * Why a URL cannot be a webhook endpoint, or null when it can. What a name resolves to is checked at
 * each delivery (webhook-post.server.ts); here only what the URL itself says.
 */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | null {
  if (value.length > MAX_WEBHOOK_URL_LENGTH)
    return `Use a URL of at most ${MAX_WEBHOOK_URL_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full URL, starting with https://.";
  }
  const httpAllowed = allowPrivate && url.protocol === "http:";
  if (url.protocol !== "https:" && !httpAllowed) return "The URL must start with https://.";
  if (url.username || url.password)
    return "Leave the user name and password out of the URL: check the signature instead.";
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || (isIP(host) && !isPublicAddress(host)))
    return "The URL must reach a public address, not a private or local one.";
  return null;
}
