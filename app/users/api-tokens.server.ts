import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ApiToken } from "../../db/schema";
import { db, schema } from "~/utils/db/db.server";
import { activeRowCount, forgetOldPastRows } from "~/utils/db/expiring-rows.server";
import { formatDateTime, formatLongDate } from "~/utils/time/format";
import {
  API_TOKEN_PREFIX,
  hashToken,
  isApiTokenShape,
  MAX_ACTIVE_TOKENS_PER_USER,
  MAX_PAST_TOKENS_PER_USER,
  newToken,
  scopesOf,
  tokenExpiryFrom,
  tokenState,
} from "./api-token-rules";
import type { AccessChoice, TokenExpiryChoice } from "./api-token-rules";

const { apiTokens } = schema;

export class ApiTokenError extends Error {}

/** Last use is written at most this often per token and address: a script's loop is not a write loop. */
const LAST_USE_EVERY_MS = 60 * 1000;

/** Makes a token; the plain token is in the answer only, never stored. */
export function createApiToken(
  userId: number,
  input: { name: string; access: AccessChoice; expires: TokenExpiryChoice },
  now = new Date(),
): { token: string; row: ApiToken } {
  if (activeRowCount(apiTokens, userId, now) >= MAX_ACTIVE_TOKENS_PER_USER) {
    throw new ApiTokenError(
      `You can have up to ${MAX_ACTIVE_TOKENS_PER_USER} active tokens. Revoke one you no longer use first.`,
    );
  }
  forgetOldPastRows(apiTokens, userId, now, MAX_PAST_TOKENS_PER_USER);
  const { token, hash } = newToken(API_TOKEN_PREFIX);
  const row = db
    .insert(apiTokens)
    .values({
      userId,
      name: input.name,
      tokenHash: hash,
      scopes: scopesOf(input.access),
      expiresAt: tokenExpiryFrom(input.expires, now),
      createdAt: now,
    })
    .returning()
    .get();
  return { token, row };
}

/** Revokes one of the user's own tokens at once; another user's id matches nothing. */
export function revokeApiToken(userId: number, tokenId: number, now = new Date()) {
  const { changes } = db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)),
    )
    .run();
  return changes > 0;
}

/** The stored token behind a presented one, in any state; a malformed one is not looked up. */
export function findApiToken(token: string): ApiToken | undefined {
  if (!isApiTokenShape(token)) return undefined;
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .get();
}

/** Records a use, at most once a minute per token unless the address changed. */
export function noteApiTokenUse(token: ApiToken, address: string, now = new Date()) {
  const recent = token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < LAST_USE_EVERY_MS;
  if (recent && token.lastUsedFrom === address) return;
  db.update(apiTokens)
    .set({ lastUsedAt: now, lastUsedFrom: address.slice(0, 64) })
    .where(eq(apiTokens.id, token.id))
    .run();
}

/** Marks a token as possibly leaked (shown on Settings → API tokens); the first reason is kept. */
export function flagApiToken(tokenId: number, reason: string, now = new Date()) {
  db.update(apiTokens)
    .set({ flaggedAt: now, flagReason: reason })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.flaggedAt)))
    .run();
}

/** A token seen in a URL is in logs and browser histories: it is revoked and flagged. */
export function revokeLeakedApiToken(token: string, now = new Date()): ApiToken | undefined {
  const found = findApiToken(token);
  if (!found) return undefined;
  db.update(apiTokens)
    .set({
      revokedAt: sql`coalesce(${apiTokens.revokedAt}, ${now.getTime()})`,
      flaggedAt: sql`coalesce(${apiTokens.flaggedAt}, ${now.getTime()})`,
      flagReason: sql`coalesce(${apiTokens.flagReason}, 'sent in a URL, so revoked')`,
    })
    .where(eq(apiTokens.id, found.id))
    .run();
  return found;
}

/** The rows Settings lists, usable first, dates in the owner's time zone. */
export function apiTokensForSettings(user: { id: number; timezone: string }, now = new Date()) {
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, user.id))
    .orderBy(sql`${apiTokens.revokedAt} is not null`, desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(MAX_ACTIVE_TOKENS_PER_USER + MAX_PAST_TOKENS_PER_USER)
    .all()
    .map((token) => ({
      id: token.id,
      name: token.name,
      scopes: token.scopes,
      state: tokenState(token, now),
      createdLabel: formatLongDate(token.createdAt, user.timezone),
      expiresLabel: token.expiresAt ? formatLongDate(token.expiresAt, user.timezone) : "never",
      lastUsedLabel: token.lastUsedAt
        ? `${formatDateTime(token.lastUsedAt, user.timezone)} from ${token.lastUsedFrom ?? "an unknown address"}`
        : "never used",
      flag: token.flagReason,
    }));
}

/** The user's tokens for "download my data": everything but the hash, which is a credential. */
export function apiTokensForExport(userId: number) {
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .all()
    .map(({ tokenHash: _hash, ...token }) => token);
}
