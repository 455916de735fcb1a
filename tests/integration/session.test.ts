import { createCookie } from "@remix-run/node";
import { eq } from "drizzle-orm";
import * as apiLogin from "~/routes/api+/login";
import * as apiUser from "~/routes/api+/user";
import * as loginPage from "~/routes/_auth+/login";
import { db, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { createUserSession, getUser, getUserId, sessionStorage } from "~/http/session.server";
import { safeRedirect } from "~/http/safe-redirect";
import { call, cookieFrom, createTestUser, makeRequest, readJson } from "../helpers/requests";

const withCookie = (cookie: string | null) =>
  new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });

/** What the browser stores: the signed value with its signature removed and decoded. */
function decodeSessionCookie(cookie: string) {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const dot = value.lastIndexOf(".");
  expect(dot).toBeGreaterThan(0);
  const payload = value.slice(0, dot);
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as unknown;
}

const sessionRow = (id: string) =>
  db.select().from(schema.sessions).where(eq(schema.sessions.id, id)).get();

/** A cookie for the session row `id`, signed with `secret` (or unsigned). */
async function cookieFor(id: unknown, secret: string | null) {
  const cookie = createCookie("__session", { path: "/", secrets: secret ? [secret] : [] });
  return (await cookie.serialize(id)).split(";")[0]!;
}

describe("the session cookie", () => {
  it("holds only the random id of a database row, with no user data", async () => {
    const user = await createTestUser({ email: "cookie-owner@example.com" });
    const setCookie = await createUserSession(withCookie(null), user.id);
    const cookie = setCookie.split(";")[0]!;
    const id = decodeSessionCookie(cookie);
    expect(id).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{43}$/));
    expect(cookie).not.toContain("cookie-owner");
    expect(cookie).not.toContain(encodeURIComponent("cookie-owner"));
    const row = sessionRow(id as string)!;
    expect(row.userId).toBe(user.id);
    expect(row.data).toEqual({ userId: user.id });
    expect(await getUserId(withCookie(cookie))).toBe(user.id);
  });

  it("is HttpOnly, SameSite=Lax, for the whole site, for 30 days, and the row expires with it", async () => {
    const user = await createTestUser();
    const setCookie = await createUserSession(withCookie(null), user.id);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; Max-Age=2592000/);
    const row = sessionRow(decodeSessionCookie(setCookie.split(";")[0]!) as string)!;
    const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("is signed with the configured secret", async () => {
    const user = await createTestUser();
    const cookie = (await createUserSession(withCookie(null), user.id)).split(";")[0]!;
    const id = decodeSessionCookie(cookie);
    expect(cookie).toBe(await cookieFor(id, env.sessionSecrets[0]!));
  });
});

describe("a forged cookie is ignored", () => {
  let userId: number;
  let realId: string;
  beforeAll(async () => {
    const user = await createTestUser();
    userId = user.id;
    realId = decodeSessionCookie(
      (await createUserSession(withCookie(null), user.id)).split(";")[0]!,
    ) as string;
    expect(await getUserId(withCookie(await cookieFor(realId, env.sessionSecrets[0]!)))).toBe(
      userId,
    );
  });

  it("when unsigned, even naming a real session row", async () => {
    expect(await getUser(withCookie(await cookieFor(realId, null)))).toBeNull();
  });

  it("when signed with another secret", async () => {
    expect(
      await getUser(withCookie(await cookieFor(realId, "attacker-secret-0123456789"))),
    ).toBeNull();
  });

  it("when its signature is altered", async () => {
    const good = await cookieFor(realId, env.sessionSecrets[0]!);
    const value = decodeURIComponent(good.slice("__session=".length));
    const dot = value.lastIndexOf(".");
    const signature = value.slice(dot + 1);
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    const forged = `__session=${encodeURIComponent(`${value.slice(0, dot)}.${flipped}`)}`;
    expect(await getUser(withCookie(forged))).toBeNull();
  });

  it("when it carries user data instead of an id", async () => {
    for (const payload of [{ userId }, userId, String(userId), [realId]]) {
      expect(await getUser(withCookie(await cookieFor(payload, null)))).toBeNull();
    }
    // Correctly signed, but a user id is not a session id.
    for (const payload of [userId, String(userId)]) {
      expect(
        await getUser(withCookie(await cookieFor(payload, env.sessionSecrets[0]!))),
      ).toBeNull();
    }
  });

  it("when correctly signed but naming no row", async () => {
    expect(
      await getUser(withCookie(await cookieFor("no-such-session", env.sessionSecrets[0]!))),
    ).toBeNull();
  });

  it("by GET /api/user, which answers 401", async () => {
    const response = await call(
      apiUser.loader,
      makeRequest("/api/user", { cookie: await cookieFor(realId, null) }),
    );
    expect(response.status).toBe(401);
  });
});

describe("an expired session row", () => {
  it("is ignored, though its cookie is correctly signed", async () => {
    const user = await createTestUser();
    const cookie = (await createUserSession(withCookie(null), user.id)).split(";")[0]!;
    const id = decodeSessionCookie(cookie) as string;
    expect(await getUserId(withCookie(cookie))).toBe(user.id);

    db.update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.id, id))
      .run();
    expect(await getUserId(withCookie(cookie))).toBeNull();
    const response = await call(apiUser.loader, makeRequest("/api/user", { cookie }));
    expect(response.status).toBe(401);
  });
});

describe("signing in (no session fixation)", () => {
  it("issues a new session id on every login", async () => {
    const user = await createTestUser();
    const ids = new Set<unknown>();
    for (let i = 0; i < 3; i += 1) {
      ids.add(
        decodeSessionCookie((await createUserSession(withCookie(null), user.id)).split(";")[0]!),
      );
    }
    expect(ids.size).toBe(3);
  });

  it("replaces a session id planted before login and deletes its row", async () => {
    const user = await createTestUser();
    const planted = await sessionStorage.getSession();
    planted.set("theme", "dark");
    const plantedCookie = (await sessionStorage.commitSession(planted)).split(";")[0]!;
    const plantedId = decodeSessionCookie(plantedCookie) as string;
    expect(sessionRow(plantedId)).toBeTruthy();

    const setCookie = await createUserSession(withCookie(plantedCookie), user.id);
    const newId = decodeSessionCookie(setCookie.split(";")[0]!);
    expect(newId).not.toBe(plantedId);
    expect(sessionRow(plantedId)).toBeUndefined();
    // The attacker's copy of the planted cookie is not signed in.
    expect(await getUserId(withCookie(plantedCookie))).toBeNull();
    expect(await getUserId(withCookie(setCookie.split(";")[0]!))).toBe(user.id);
  });

  it("replaces the planted id through POST /api/login too", async () => {
    const user = await createTestUser();
    const planted = await sessionStorage.getSession();
    planted.set("note", "planted");
    const plantedCookie = (await sessionStorage.commitSession(planted)).split(";")[0]!;

    const response = await call(
      apiLogin.action,
      makeRequest("/api/login", {
        method: "POST",
        json: { email: user.email, password: user.password },
        cookie: plantedCookie,
      }),
    );
    expect(response.status).toBe(200);
    const fresh = cookieFrom(response)!;
    expect(decodeSessionCookie(fresh)).not.toEqual(decodeSessionCookie(plantedCookie));
    expect(await getUserId(withCookie(plantedCookie))).toBeNull();
    const me = await call(apiUser.loader, makeRequest("/api/user", { cookie: fresh }));
    expect((await readJson(me)).id).toBe(user.id);
  });
});

describe("safeRedirect", () => {
  it.each(["/dashboard", "/messages?tab=all#latest", "/blog/my-post", "/"])(
    "keeps the local path %j",
    (to) => {
      expect(safeRedirect(to)).toBe(to);
    },
  );

  it.each([
    "//evil.com",
    "//evil.com/dashboard",
    "https://evil.com",
    "http://evil.com/dashboard",
    "evil.com",
    "javascript:alert(1)",
    "/\\evil.com",
    "\\\\evil.com",
    "\\/evil.com",
    "/\\/evil.com",
    "/dashboard\\..\\evil",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe("/dashboard");
    expect(safeRedirect(to, "/")).toBe("/");
  });

  it.each(["/\t/evil.com", "/\n/evil.com", "/\r/evil.com", "/\t\\evil.com"])(
    "refuses %j (browsers drop tabs and newlines from URLs, turning it into //evil.com)",
    (to) => {
      expect(new URL(to.replace(/[\t\n\r]/g, ""), "http://localhost").host).not.toBe("localhost");
      expect(safeRedirect(to)).toBe("/dashboard");
    },
  );

  it.each([undefined, null, "", 42, ["/dashboard"], { to: "/" }])("falls back for %j", (to) => {
    expect(safeRedirect(to)).toBe("/dashboard");
  });

  it("is applied by the login page to its redirectTo field", async () => {
    const user = await createTestUser();
    const submit = (redirectTo: string) =>
      call(
        loginPage.action,
        makeRequest("/login", {
          method: "POST",
          body: new URLSearchParams({ email: user.email, password: user.password, redirectTo }),
        }),
      );
    const evil = await submit("//evil.com");
    expect(evil.status).toBe(302);
    expect(evil.headers.get("Location")).toBe("/dashboard");
    const local = await submit("/settings");
    expect(local.headers.get("Location")).toBe("/settings");
  });
});
