import type { ApiToken } from "../../db/schema";
import { apiTokenFlags, apiTokenRequests } from "~/observability/metrics.server";
import { logger } from "~/observability/logger.server";
import {
  ADDRESS_WINDOW_MS,
  bearerTokenOf,
  hasTokenParameter,
  MANY_ADDRESSES,
  noteAddress,
  tokensInQuery,
  tokenState,
} from "~/users/api-token-rules";
import type { Scope } from "~/users/api-token-rules";
import {
  findApiToken,
  flagApiToken,
  noteApiTokenUse,
  revokeLeakedApiToken,
} from "~/users/api-tokens.server";
import { getUserById, toPublicUser, type PublicUser } from "~/users/users.server";
import { ensurePrimary, isPrimary } from "~/utils/db/litefs.server";
import { consumeLimit, rateLimitedJson } from "~/utils/rate-limits/rate-limit.server";
import { getClientIp } from "~/utils/requests/request.server";
import { apiError } from "./api-error.server";

/**
 * What a route lets a personal access token do: "read" or "write" (goals and habits). A route that
 * names none refuses tokens: account, admin, billing, login and logout, users, phone verification,
 * send-now and the web chat are for a signed-in person only.
 */
export type TokenAccess = Scope;

const NOT_ALLOWED = "API tokens cannot be used for this call. Sign in to do this.";

/** A request that names a token at all: it is answered by its token, never by a cookie beside it. */
export function presentsBearerToken(request: Request) {
  return bearerTokenOf(request.headers.get("authorization")) !== null;
}

/**
 * The user a request's `Authorization: Bearer` token acts for, or null when it presents none. Unknown,
 * expired and revoked tokens are 401; a route that takes no token, or a scope the token lacks, 403. A
 * token acts as its owner only, never with an admin's reach, so resolveActingUser treats it as a user.
 */
export async function bearerUser(
  request: Request,
  access: TokenAccess | undefined,
): Promise<PublicUser | null> {
  const presented = bearerTokenOf(request.headers.get("authorization"));
  if (presented === null) return null;
  const token = presented ? findApiToken(presented) : undefined;
  const state = token ? tokenState(token, new Date()) : "unknown";
  if (!token || state !== "active") {
    apiTokenRequests.inc({ result: state });
    throw apiError(401, refusalOf(state));
  }
  if (!access) throw refused("not-allowed", 403, NOT_ALLOWED);
  if (!token.scopes.includes(access))
    throw refused("scope", 403, "This token may only read. Make a token that may write.");
  const limit = await consumeLimit("api-token", String(token.id));
  if (!limit.ok) {
    apiTokenRequests.inc({ result: "rate-limited" });
    throw rateLimitedJson(limit.retryAfterSeconds);
  }
  const user = getUserById(token.userId);
  if (!user) throw refused("unknown", 401, refusalOf("unknown"));
  await noteUse(token, getClientIp(request));
  apiTokenRequests.inc({ result: "ok" });
  return { ...toPublicUser(user), roles: [] };
}

function refused(result: string, status: number, message: string) {
  apiTokenRequests.inc({ result });
  return apiError(status, message);
}

function refusalOf(state: string) {
  if (state === "expired")
    return "This token has expired. Make a new one in Settings → API tokens.";
  if (state === "revoked")
    return "This token was revoked. Make a new one in Settings → API tokens.";
  return "Not authenticated: the token is not one of ours.";
}

// Per machine: each machine sees its own share of the addresses, enough to notice a token spread
// around (it flags on the first that sees MANY_ADDRESSES); bounded by the number of live tokens.
const addressesByToken = new Map<number, Map<string, number>>();

async function noteUse(token: ApiToken, address: string) {
  const seen = addressesByToken.get(token.id) ?? new Map<string, number>();
  addressesByToken.set(token.id, seen);
  const { flag, distinct } = noteAddress(seen, address, Date.now());
  if (!(await isPrimary())) return;
  noteApiTokenUse(token, address);
  if (flag && !token.flaggedAt) {
    const minutes = ADDRESS_WINDOW_MS / 60_000;
    flagApiToken(token.id, `used from ${distinct} addresses within ${minutes} minutes`);
    apiTokenFlags.inc({ reason: "many-addresses" });
    logger.warn(
      { tokenId: token.id, userId: token.userId, addresses: distinct },
      `API token used from ${MANY_ADDRESSES} or more addresses within ${minutes} minutes: flagged`,
    );
  }
}

/**
 * A token in a URL's query is in access logs, proxies and browser histories: the call is refused and
 * the token revoked. Any `token`/`access_token` parameter is refused too, so a script learns at once.
 */
export async function refuseTokenInUrl(request: Request) {
  const url = new URL(request.url);
  const leaked = tokensInQuery(url);
  if (leaked.length === 0 && !hasTokenParameter(url)) return;
  apiTokenRequests.inc({ result: "in-url" });
  if (leaked.length > 0) {
    await ensurePrimary();
    for (const token of leaked) {
      const found = revokeLeakedApiToken(token);
      if (!found) continue;
      apiTokenFlags.inc({ reason: "in-url" });
      logger.warn({ tokenId: found.id, userId: found.userId }, "API token sent in a URL: revoked");
    }
  }
  throw apiError(
    400,
    leaked.length > 0
      ? "Never put a token in a URL: it ends up in logs. This token is now revoked; make a new one and send it as Authorization: Bearer."
      : "Send the token as Authorization: Bearer, never in the URL.",
  );
}
