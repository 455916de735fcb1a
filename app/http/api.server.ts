import { json } from "@remix-run/node";
import type { z } from "zod";
import { isAdmin } from "~/users/user-options";
import { getUserById, toPublicUser, type PublicUser } from "~/users/users.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { readBodyWithin } from "~/utils/requests/body.server";
import { apiError, type FieldErrors } from "./api-error.server";
import { bearerUser, type TokenAccess } from "./bearer.server";
import { getUser } from "./session.server";

export const MAX_JSON_BYTES = 64 * 1024;
const NOT_JSON = "Send the request body as JSON (Content-Type: application/json)";

export { apiError, type FieldErrors };

/**
 * The caller: the owner of the request's `Authorization: Bearer` token when it presents one (a route
 * lets tokens in by naming the access it needs: bearer.server.ts), else the signed-in user; a 401
 * JSON answer thrown otherwise. (A token in an /api URL never gets here: the request guard refuses it.)
 */
export async function requireApiUser(
  request: Request,
  tokenAccess?: TokenAccess,
): Promise<PublicUser> {
  const user = (await bearerUser(request, tokenAccess)) ?? (await getUser(request));
  if (!user) throw apiError(401, "Not authenticated");
  return user;
}

export async function requireApiAdmin(request: Request): Promise<PublicUser> {
  const user = await requireApiUser(request);
  if (!isAdmin(user)) throw apiError(403, "Admin access required");
  return user;
}

interface ApiWrite {
  /** The methods the action serves; another is 405. */
  methods: string[];
  /** The Allow header of that 405, when the loader serves GET too. */
  allow?: string[];
  /** The access a bearer token needs; without it only the session lets the caller in. */
  token?: TokenAccess;
}

async function startApiWrite(request: Request, { methods, allow = methods }: ApiWrite) {
  if (!methods.includes(request.method)) throw methodNotAllowed(allow);
  await ensurePrimary();
}

/** The start of every /api write: the method (405), the LiteFS primary, then the caller (401). */
export async function requireApiWriter(request: Request, write: ApiWrite): Promise<PublicUser> {
  await startApiWrite(request, write);
  return requireApiUser(request, write.token);
}

/** As requireApiWriter, for the admin's writes (403 for anyone else). */
export async function requireApiAdminWriter(request: Request, write: Omit<ApiWrite, "token">) {
  await startApiWrite(request, write);
  return requireApiAdmin(request);
}

/** A numeric id from the URL, or a 404 thrown (an id that cannot exist is simply not found). */
export function parseId(raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1)
    throw apiError(404, "Not found");
  return id;
}

/** Reads a JSON object body: 415 for other content types, 413 when too large, 400 when malformed. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw apiError(415, NOT_JSON);
  }
  const text = await readLimited(request, MAX_JSON_BYTES);
  if (text.trim() === "") return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw apiError(400, "Request body is not valid JSON");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw apiError(400, "Request body must be a JSON object");
  }
  return data as Record<string, unknown>;
}

/**
 * A JSON object body that may also be absent: no Content-Type and no content reads as {}; content
 * of another type is 415 (the rest as readJsonBody: 413 too large, 400 malformed).
 */
export async function readOptionalJsonBody(request: Request): Promise<Record<string, unknown>> {
  if (request.headers.get("content-type")) return readJsonBody(request);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_JSON_BYTES) throw apiError(413, "Request body is too large");
  // Untyped, only blank bytes are no content: more than a JSON body may hold is content too.
  const bytes = await readBodyWithin(request, MAX_JSON_BYTES, (status, message) =>
    status === 413 ? apiError(415, NOT_JSON) : apiError(status, message),
  );
  if (new TextDecoder().decode(bytes).trim() !== "") throw apiError(415, NOT_JSON);
  return {};
}

/** The body as text, within `limit` bytes; 413 or 400 as JSON otherwise. */
export async function readLimited(request: Request, limit: number) {
  return new TextDecoder().decode(await readBodyWithin(request, limit, apiError));
}

/** Validates with the same zod schema as the form; a failure is a 400 naming each bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    (errors[key] ??= []).push(issue.message);
  }
  throw apiError(400, "Please correct the highlighted fields", errors);
}

export function methodNotAllowed(allowed: string[]) {
  return json(
    { message: "Method not allowed" },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}

/** The userId query parameter: absent, or a positive integer (else 400). */
export function parseUserIdParam(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) {
    throw apiError(400, "userId must be a positive integer", {
      userId: ["userId must be a positive integer"],
    });
  }
  return id;
}

/**
 * The user an /api request acts on: the caller when no userId or their own is named;
 * another user only for an admin (403 otherwise, which reveals nothing about who exists; 404 when an
 * admin names no such user).
 */
export function resolveActingUser(
  caller: PublicUser,
  userId: number | undefined,
  what: string,
): PublicUser {
  const id = userId ?? caller.id;
  if (id !== caller.id && !isAdmin(caller))
    throw apiError(403, `You can only access your own ${what}`);
  const user = getUserById(id);
  if (!user)
    throw apiError(
      id === caller.id ? 401 : 404,
      id === caller.id ? "Not authenticated" : "User not found",
    );
  return toPublicUser(user);
}
