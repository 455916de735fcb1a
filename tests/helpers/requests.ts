import type { LoaderFunctionArgs } from "@remix-run/node";
import { rememberClientAddress } from "~/utils/requests/request.server";
import { createUserSession } from "~/http/session.server";
import { eq } from "drizzle-orm";
import { createUser } from "~/users/users.server";
import { setAdminRole } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";

let counter = 0;
/** A valid US number not used yet in this test file's database (201-555-1000 onwards). */
export function uniquePhone() {
  phoneCounter += 1;
  return `+1201555${String(1000 + phoneCounter).padStart(4, "0")}`;
}
let phoneCounter = 0;

/** A real account, created through the domain function the pages use. */
export async function createTestUser(
  overrides: { email?: string; admin?: boolean; phone?: string } = {},
) {
  counter += 1;
  const user = await createUser(
    {
      email: overrides.email ?? `user${counter}-${Date.now()}@example.com`,
      password: "correct horse battery",
      phone: overrides.phone ?? uniquePhone(),
      timezone: "America/New_York",
      preferredCheckInTimeMorning: "08:00",
      preferredCheckInTimeEvening: "19:00",
      sendCheckInReminders: true,
      receiveWeeklySummary: true,
      terms: true,
    },
    { ip: "127.0.0.1", userAgent: "vitest" },
  );
  if (overrides.admin) setAdminRole(user.id, true, user.id);
  return { ...user, password: "correct horse battery" };
}

/** Marks the account's number verified, as confirming a texted code does. */
export function markPhoneVerified(userId: number) {
  db.update(schema.users)
    .set({ phoneVerifiedAt: new Date() })
    .where(eq(schema.users.id, userId))
    .run();
}

/** The Cookie header of a signed-in session for this user. */
export async function sessionCookie(userId: number) {
  const setCookie = await createUserSession(new Request("http://localhost/"), userId);
  return setCookie.split(";")[0]!;
}

type RequestOptions = {
  /** The socket's address, as the server records it for the request (see request.server.ts). */
  address?: string;
  method?: string;
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  headers?: Record<string, string>;
};

export function makeRequest(pathname: string, options: RequestOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }
  const request = new Request(new URL(pathname, "http://localhost"), {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
  if (options.address) rememberClientAddress(request, { clientAddress: options.address });
  return request;
}

type Handler = (args: LoaderFunctionArgs) => unknown;

/** Calls a loader or action the way Remix does and returns its Response (thrown or returned). */
export async function call(
  handler: Handler | undefined,
  request: Request,
  params: Record<string, string> = {},
) {
  if (!handler) throw new Error("route has no such handler");
  try {
    const result = await handler({ request, params, context: {} });
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), {
      headers: { "Content-Type": "application/json" },
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The `name=value` part of the Set-Cookie header that sets `name`, or null. */
export function cookieFrom(response: Response, name = "__session") {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return header ? header.split(";")[0]! : null;
}

/** The JSON body of a response (any shape; tests narrow it with expectations). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readJson(response: Response): Promise<any> {
  return JSON.parse(await response.text());
}

/** Fails when a password, its hash or any scrypt string appears anywhere in a value. */
export function expectNoPasswordFields(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toMatch(/"password(_?hash)?"\s*:/i);
  expect(text).not.toContain("scrypt$");
}
