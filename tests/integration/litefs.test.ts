import os from "node:os";
import {
  call,
  cookieFrom,
  createTestUser,
  makeRequest,
  readJson,
  sessionCookie,
} from "../helpers/requests";
import * as apiUsers from "~/routes/api+/users";
import * as apiLogin from "~/routes/api+/login";
import * as apiLogout from "~/routes/api+/logout";
import * as apiUser from "~/routes/api+/user";
import * as usersId from "~/routes/api+/users_.$id";
import * as registerPage from "~/routes/_auth+/register";
import * as loginPage from "~/routes/_auth+/login";
import * as entry from "~/entry.server";
import { isPrimary, replayTargetFor } from "~/utils/db/litefs.server";
import { env } from "~/utils/env/env.server";
import { db, schema } from "~/utils/db/db.server";

let phoneSeq = 3000;
const nextPhone = () => `201555${++phoneSeq}`;

// LiteFS is simulated with a temporary mount folder; the env module reads LITEFS_DIR when it loads.
// DATABASE_PATH stays the per-file test database set by tests/setup/database.ts.
const litefs = await vi.hoisted(async () => {
  const { simulateLitefs } = await import("../helpers/app-env");
  return simulateLitefs("coach-litefs-");
});
const { litefsDir, becomeReplica, becomePrimary } = litefs;

afterAll(() => litefs.restore());

const userCount = () => db.select().from(schema.users).all().length;
const sessionCount = () => db.select().from(schema.sessions).all().length;

const registrationJson = (email: string) => ({
  email,
  password: "long enough password",
  phone: nextPhone(),
  terms: true,
});
const apiRegister = (email: string) =>
  call(
    apiUsers.action,
    makeRequest("/api/users", { method: "POST", json: registrationJson(email) }),
  );
const apiLoginAs = (email: string, password: string) =>
  call(apiLogin.action, makeRequest("/api/login", { method: "POST", json: { email, password } }));
const pageRegister = (email: string) =>
  call(
    registerPage.action,
    makeRequest("/register", {
      method: "POST",
      body: new URLSearchParams({
        email,
        password: "long enough password",
        phone: nextPhone(),
        timezone: "America/New_York",
        preferredCheckInTimeMorning: "08:00",
        preferredCheckInTimeEvening: "19:00",
        terms: "on",
      }),
    }),
  );
const pageLogin = (email: string, password: string) =>
  call(
    loginPage.action,
    makeRequest("/login", { method: "POST", body: new URLSearchParams({ email, password }) }),
  );

function expectReplay(response: Response) {
  expect(response.status).toBe(409);
  expect(response.headers.get("fly-replay")).toBe("instance=primary-host");
  expect(cookieFrom(response)).toBeNull();
}

it("uses the temporary LiteFS folder but keeps the test database", () => {
  expect(env.LITEFS_DIR).toBe(litefsDir);
  expect(env.DATABASE_PATH).toBe(process.env.DATABASE_PATH);
  expect(os.hostname()).not.toBe("primary-host");
});

describe("on a replica (.primary names another host)", () => {
  let user: Awaited<ReturnType<typeof createTestUser>>;
  let cookie: string;
  beforeAll(async () => {
    becomePrimary();
    user = await createTestUser();
    cookie = await sessionCookie(user.id);
    becomeReplica();
  });
  afterAll(becomePrimary);

  it("knows it is not the primary", async () => {
    expect(await isPrimary()).toBe(false);
  });

  it("replays POST /api/users (registration) on the primary and writes nothing", async () => {
    const users = userCount();
    const sessions = sessionCount();
    expectReplay(await apiRegister("replica-api@example.com"));
    expect(userCount()).toBe(users);
    expect(sessionCount()).toBe(sessions);
  });

  it("replays POST /api/login on the primary and creates no session", async () => {
    const sessions = sessionCount();
    expectReplay(await apiLoginAs(user.email, user.password));
    expect(sessionCount()).toBe(sessions);
  });

  it("replays the /register page action (form data) and writes nothing", async () => {
    const users = userCount();
    const sessions = sessionCount();
    expectReplay(await pageRegister("replica-page@example.com"));
    expect(userCount()).toBe(users);
    expect(sessionCount()).toBe(sessions);
  });

  it("replays the /login page action and creates no session", async () => {
    const sessions = sessionCount();
    expectReplay(await pageLogin(user.email, user.password));
    expect(sessionCount()).toBe(sessions);
  });

  it("replays PATCH /api/users/{id} and leaves the record unchanged", async () => {
    const before = db.select().from(schema.users).all();
    expectReplay(
      await call(
        usersId.action,
        makeRequest(`/api/users/${user.id}`, {
          method: "PATCH",
          json: { timezone: "America/Denver" },
          cookie,
        }),
        { id: String(user.id) },
      ),
    );
    expect(db.select().from(schema.users).all()).toEqual(before);
  });

  it("replays POST /api/logout and keeps the session row", async () => {
    const sessions = sessionCount();
    expectReplay(
      await call(apiLogout.action, makeRequest("/api/logout", { method: "POST", cookie })),
    );
    expect(sessionCount()).toBe(sessions);
  });

  it("still answers reads (GET /api/user) locally", async () => {
    const response = await call(apiUser.loader, makeRequest("/api/user", { cookie }));
    expect(response.status).toBe(200);
    expect((await readJson(response)).id).toBe(user.id);
  });

  it("replays every non-GET document or data request in entry.server, but not GET or HEAD", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(await replayTargetFor(new Request("http://localhost/x", { method }))).toBe(
        "primary-host",
      );
    }
    for (const method of ["GET", "HEAD"]) {
      expect(await replayTargetFor(new Request("http://localhost/x", { method }))).toBeNull();
    }
    const post = new Request("http://localhost/settings?_data=routes%2Fsettings%2B%2F_layout", {
      method: "POST",
    });
    const data = await entry.handleDataRequest(new Response("{}"), {
      request: post,
      params: {},
      context: {},
    });
    expectReplay(data);
    const document = await entry.default(
      new Request("http://localhost/settings", { method: "POST" }),
      200,
      new Headers(),
      {} as never,
      {},
    );
    expectReplay(document);
  });
});

describe("on the primary (no .primary file)", () => {
  beforeAll(becomePrimary);

  it("knows it is the primary, re-reading the file on every call (never cached)", async () => {
    expect(await isPrimary()).toBe(true);
    becomeReplica();
    expect(await isPrimary()).toBe(false);
    becomePrimary();
    expect(await isPrimary()).toBe(true);
  });

  it("registers through POST /api/users", async () => {
    const users = userCount();
    const response = await apiRegister("primary-api@example.com");
    expect(response.status).toBe(201);
    expect(response.headers.get("fly-replay")).toBeNull();
    expect(cookieFrom(response)).toBeTruthy();
    expect(userCount()).toBe(users + 1);
  });

  it("logs in through POST /api/login", async () => {
    const user = await createTestUser();
    const response = await apiLoginAs(user.email, user.password);
    expect(response.status).toBe(200);
    expect(cookieFrom(response)).toBeTruthy();
  });

  it("registers through the /register page action and redirects to the dashboard", async () => {
    const users = userCount();
    const response = await pageRegister("primary-page@example.com");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(cookieFrom(response)).toBeTruthy();
    expect(userCount()).toBe(users + 1);
  });

  it("logs in through the /login page action", async () => {
    const user = await createTestUser();
    const response = await pageLogin(user.email, user.password);
    expect(response.status).toBe(302);
    expect(cookieFrom(response)).toBeTruthy();
  });

  it("does not replay anything", async () => {
    expect(await replayTargetFor(new Request("http://localhost/x", { method: "POST" }))).toBeNull();
  });
});
