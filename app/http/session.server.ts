import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, redirect } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { isAdmin } from "~/users/user-options";
import { getUserById, toPublicUser, type PublicUser } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";

const SESSION_DAYS = 30;
const USER_KEY = "userId";

export const SESSION_COOKIE_NAME = "__session";

const sessionCookie = createCookie(SESSION_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  secure: env.isProduction,
  path: "/",
  secrets: env.sessionSecrets,
  maxAge: SESSION_DAYS * 24 * 60 * 60,
});

// The cookie holds only the row id; the row holds the data and dies on logout.
export const sessionStorage = createSessionStorage<Record<string, unknown>>({
  cookie: sessionCookie,
  createData(data, expires) {
    const id = randomBytes(32).toString("base64url");
    db.insert(schema.sessions)
      .values({ id, data, userId: userIdOf(data), expiresAt: expires ?? defaultExpiry() })
      .run();
    return Promise.resolve(id);
  },
  readData(id) {
    if (typeof id !== "string") return Promise.resolve(null);
    const row = db.select().from(schema.sessions).where(eq(schema.sessions.id, id)).get();
    if (!row || row.expiresAt.getTime() < Date.now()) return Promise.resolve(null);
    return Promise.resolve(row.data);
  },
  updateData(id, data, expires) {
    db.update(schema.sessions)
      .set({ data, userId: userIdOf(data), expiresAt: expires ?? defaultExpiry() })
      .where(eq(schema.sessions.id, id))
      .run();
    return Promise.resolve();
  },
  deleteData(id) {
    db.delete(schema.sessions).where(eq(schema.sessions.id, id)).run();
    return Promise.resolve();
  },
});

function defaultExpiry() {
  return new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
}

function userIdOf(data: Record<string, unknown>) {
  const id = data[USER_KEY];
  return typeof id === "number" ? id : null;
}

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export async function getUserId(request: Request): Promise<number | null> {
  const session = await getSession(request);
  const id = session.get(USER_KEY);
  return typeof id === "number" ? id : null;
}

export async function getUser(request: Request): Promise<PublicUser | null> {
  const id = await getUserId(request);
  if (id === null) return null;
  const user = getUserById(id);
  return user ? toPublicUser(user) : null;
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  const search = redirectTo === "/" ? "" : `?${new URLSearchParams({ redirectTo })}`;
  return redirect(`/login${search}`);
}

export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

export async function requireUserId(request: Request) {
  return (await requireUser(request)).id;
}

export async function requireAdmin(request: Request, nonAdminRedirect = "/dashboard") {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw redirect(nonAdminRedirect);
  return user;
}

export async function requireAnonymous(request: Request) {
  if ((await getUserId(request)) !== null) throw redirect("/dashboard");
}

/** Starts a fresh session (a new id, so a pre-login id can never be fixed on a victim). */
export async function createUserSession(request: Request, userId: number) {
  const old = await getSession(request);
  if (old.id) await sessionStorage.destroySession(old);
  const session = await sessionStorage.getSession();
  session.set(USER_KEY, userId);
  return sessionStorage.commitSession(session);
}

export async function destroyUserSession(request: Request) {
  return sessionStorage.destroySession(await getSession(request));
}
