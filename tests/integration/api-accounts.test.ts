import { eq } from "drizzle-orm";
import * as adminUsers from "~/routes/api+/admin.users";
import * as apiLogin from "~/routes/api+/login";
import * as apiLogout from "~/routes/api+/logout";
import * as apiUser from "~/routes/api+/user";
import * as apiUsers from "~/routes/api+/users";
import * as usersId from "~/routes/api+/users_.$id";
import * as toggleAdmin from "~/routes/api+/users_.$id_.toggle-admin";
import { setAdminRole } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import {
  call,
  cookieFrom,
  createTestUser,
  expectNoPasswordFields,
  makeRequest,
  markPhoneVerified,
  readJson,
  sessionCookie,
} from "../helpers/requests";
import { aliceBobAndAdmin } from "../helpers/api-callers";

const dbUser = (id: number) => db.select().from(schema.users).where(eq(schema.users.id, id)).get();
const userCount = () => db.select().from(schema.users).all().length;
const sessionsOf = (userId: number) =>
  db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId)).all();

let phoneSeq = 2000;
const nextPhone = () => `(201) 555-${++phoneSeq}`;

const registration = (email: string, phone = nextPhone()) => ({
  email,
  password: "long enough password",
  phone,
  timezone: "America/Chicago",
  preferredCheckInTimeMorning: "07:00",
  preferredCheckInTimeEvening: "20:00",
  sendCheckInReminders: true,
  receiveWeeklySummary: false,
  terms: true,
});

// Route calls, each returning the Response the route answers with.
const getMe = (cookie?: string) => call(apiUser.loader, makeRequest("/api/user", { cookie }));
const login = (json: unknown, headers?: Record<string, string>) =>
  call(apiLogin.action, makeRequest("/api/login", { method: "POST", json, headers }));
const register = (json: unknown, headers?: Record<string, string>, address?: string) =>
  call(apiUsers.action, makeRequest("/api/users", { method: "POST", json, headers, address }));
const logout = (cookie?: string) =>
  call(apiLogout.action, makeRequest("/api/logout", { method: "POST", cookie }));
const getUser = (id: number | string, cookie?: string) =>
  call(usersId.loader, makeRequest(`/api/users/${id}`, { cookie }), { id: String(id) });
const patchUser = (id: number | string, json: unknown, cookie?: string) =>
  call(usersId.action, makeRequest(`/api/users/${id}`, { method: "PATCH", json, cookie }), {
    id: String(id),
  });
const listUsers = (cookie?: string, search = "") =>
  call(
    adminUsers.loader,
    makeRequest(`/api/admin/users${search ? `?search=${encodeURIComponent(search)}` : ""}`, {
      cookie,
    }),
  );
const toggle = (id: number | string, cookie?: string) =>
  call(
    toggleAdmin.action,
    makeRequest(`/api/users/${id}/toggle-admin`, { method: "POST", cookie }),
    { id: String(id) },
  );

const { alice, bob, admin, aliceCookie, adminCookie } = await aliceBobAndAdmin();

describe("anonymous callers", () => {
  const cases: [string, () => Promise<Response>][] = [
    ["GET /api/user", () => getMe()],
    ["GET /api/users/{id}", () => getUser(alice.id)],
    ["PATCH /api/users/{id}", () => patchUser(alice.id, { timezone: "America/Denver" })],
    ["GET /api/admin/users", () => listUsers()],
    ["POST /api/users/{id}/toggle-admin", () => toggle(alice.id)],
  ];

  it.each(cases)("get 401 from %s", async (_name, request) => {
    const response = await request();
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ message: "Not authenticated" });
  });

  it("change nothing with an anonymous PATCH or toggle", async () => {
    const before = dbUser(alice.id);
    await patchUser(alice.id, { timezone: "America/Denver" });
    await toggle(alice.id);
    expect(dbUser(alice.id)).toEqual(before);
  });

  it("get 401 with a cookie that names no session", async () => {
    expect((await getMe("__session=garbage")).status).toBe(401);
  });

  it("can post /api/logout harmlessly", async () => {
    const response = await logout();
    expect(response.status).toBe(200);
  });
});

describe("a signed-in user on their own id", () => {
  it("reads themself from GET /api/user without the password hash", async () => {
    const response = await getMe(aliceCookie);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({ id: alice.id, email: "alice@example.com", roles: [] });
    expectNoPasswordFields(body);
  });

  it("reads themself from GET /api/users/{id}", async () => {
    const response = await getUser(alice.id, aliceCookie);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({ id: alice.id, email: "alice@example.com" });
    expectNoPasswordFields(body);
  });

  it("updates their settings with PATCH /api/users/{id}", async () => {
    const carol = await createTestUser();
    const cookie = await sessionCookie(carol.id);
    markPhoneVerified(carol.id);
    const response = await patchUser(
      carol.id,
      {
        phone: "212-555-0199",
        currentPassword: carol.password,
        timezone: "America/Los_Angeles",
        preferredCheckInTimeMorning: "06:00",
        preferredCheckInTimeEvening: "22:00",
        sendCheckInReminders: false,
        receiveWeeklySummary: false,
      },
      cookie,
    );
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expectNoPasswordFields(body);
    const expected = {
      phone: carol.phone,
      pendingPhone: "+12125550199",
      timezone: "America/Los_Angeles",
      preferredCheckInTimeMorning: "06:00",
      preferredCheckInTimeEvening: "22:00",
      sendCheckInReminders: false,
      receiveWeeklySummary: false,
    };
    expect(body).toMatchObject(expected);
    const stored = dbUser(carol.id)!;
    expect(stored).toMatchObject(expected);
    // The verified number stays until the new one enters its code (tests/integration/security-account.test.ts).
    expect(stored.phoneVerifiedAt).not.toBeNull();
  });

  it("changes only the fields sent", async () => {
    const dave = await createTestUser();
    const cookie = await sessionCookie(dave.id);
    const before = dbUser(dave.id)!;
    const response = await patchUser(dave.id, { receiveWeeklySummary: false }, cookie);
    expect(response.status).toBe(200);
    const after = dbUser(dave.id)!;
    expect(after.receiveWeeklySummary).toBe(false);
    expect({ ...after, receiveWeeklySummary: true, updatedAt: null }).toEqual({
      ...before,
      updatedAt: null,
    });
  });

  it("cannot grant themself admin through a PATCH body", async () => {
    const erin = await createTestUser();
    const cookie = await sessionCookie(erin.id);
    const response = await patchUser(
      erin.id,
      { roles: ["admin"], timezone: "America/Denver" },
      cookie,
    );
    expect(response.status).toBe(200);
    expect((await readJson(response)).roles).toEqual([]);
    expect(dbUser(erin.id)!.roles).toEqual([]);
    expect((await listUsers(cookie)).status).toBe(403);
  });

  it("gets 409 when taking another account's email, in any letter case", async () => {
    const frank = await createTestUser();
    const cookie = await sessionCookie(frank.id);
    for (const email of ["bob@example.com", "BOB@Example.com"]) {
      const response = await patchUser(
        frank.id,
        { email, currentPassword: frank.password },
        cookie,
      );
      expect(response.status).toBe(409);
      expect((await readJson(response)).message).toBe("An account with this email already exists");
    }
    expect(dbUser(frank.id)!.email).toBe(frank.email);
  });
});

describe("a signed-in user on another user's id", () => {
  it("gets 404 from GET, the same answer as for an id that does not exist", async () => {
    const other = await getUser(bob.id, aliceCookie);
    const missing = await getUser(987654, aliceCookie);
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await readJson(other)).toEqual(await readJson(missing));
  });

  it("gets 404 from PATCH and the other record is unchanged", async () => {
    const before = dbUser(bob.id);
    const response = await patchUser(
      bob.id,
      { email: "stolen@example.com", phone: "2125550199", sendCheckInReminders: false },
      aliceCookie,
    );
    expect(response.status).toBe(404);
    expect(dbUser(bob.id)).toEqual(before);
  });

  it("gets 404 even when the PATCH body is invalid (no hint that the id exists)", async () => {
    const response = await patchUser(bob.id, { timezone: "Mars/Base" }, aliceCookie);
    expect(response.status).toBe(404);
  });
});

describe("non-admins on admin routes", () => {
  it("get 403 from GET /api/admin/users", async () => {
    const response = await listUsers(aliceCookie);
    expect(response.status).toBe(403);
    expect(await readJson(response)).toEqual({ message: "Admin access required" });
  });

  it("get 403 from toggle-admin on themself or another user, and no role changes", async () => {
    for (const id of [alice.id, bob.id]) {
      const response = await toggle(id, aliceCookie);
      expect(response.status).toBe(403);
    }
    expect(dbUser(alice.id)!.roles).toEqual([]);
    expect(dbUser(bob.id)!.roles).toEqual([]);
  });
});

describe("an admin", () => {
  it("reads any user", async () => {
    const response = await getUser(bob.id, adminCookie);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({ id: bob.id, email: "bob@example.com" });
    expectNoPasswordFields(body);
  });

  it("gets 404 for a user that does not exist", async () => {
    expect((await getUser(987654, adminCookie)).status).toBe(404);
    expect((await patchUser(987654, { timezone: "America/Denver" }, adminCookie)).status).toBe(404);
  });

  it("patches any user, but roles in the body are ignored", async () => {
    const gina = await createTestUser();
    const response = await patchUser(
      gina.id,
      { timezone: "Pacific/Honolulu", roles: ["admin"] },
      adminCookie,
    );
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({ id: gina.id, timezone: "Pacific/Honolulu", roles: [] });
    expectNoPasswordFields(body);
    expect(dbUser(gina.id)).toMatchObject({ timezone: "Pacific/Honolulu", roles: [] });
  });

  it("lists every user with id, email, phone and roles only", async () => {
    const response = await listUsers(adminCookie);
    expect(response.status).toBe(200);
    const body = (await readJson(response)) as Record<string, unknown>[];
    expect(body.length).toBe(userCount());
    for (const row of body)
      expect(Object.keys(row).sort()).toEqual(["email", "id", "phone", "roles"]);
    expect(body).toEqual(
      expect.arrayContaining([
        { id: alice.id, email: alice.email, phone: alice.phone, roles: [] },
        { id: admin.id, email: admin.email, phone: admin.phone, roles: ["admin"] },
      ]),
    );
    expectNoPasswordFields(body);
  });

  it("searches the list by email, treating % and _ literally", async () => {
    const found = (await readJson(await listUsers(adminCookie, "ALICE"))) as { id: number }[];
    expect(found.map((u) => u.id)).toEqual([alice.id]);
    const wildcard = (await readJson(await listUsers(adminCookie, "%"))) as unknown[];
    expect(wildcard).toEqual([]);
  });

  it("toggles admin on and off for another user, with the message shown", async () => {
    const hank = await createTestUser();
    const on = await toggle(hank.id, adminCookie);
    expect(on.status).toBe(200);
    const onBody = await readJson(on);
    expect(onBody.message).toBe(`${hank.email} is now an admin`);
    expect(onBody.user).toMatchObject({ id: hank.id, roles: ["admin"] });
    expectNoPasswordFields(onBody);
    expect(dbUser(hank.id)!.roles).toEqual(["admin"]);

    // The new admin can now use admin routes.
    expect((await listUsers(await sessionCookie(hank.id))).status).toBe(200);

    const off = await toggle(hank.id, adminCookie);
    expect(off.status).toBe(200);
    expect((await readJson(off)).message).toBe(`${hank.email} is no longer an admin`);
    expect(dbUser(hank.id)!.roles).toEqual([]);
  });

  it("gets 404 when toggling a user that does not exist", async () => {
    expect((await toggle(987654, adminCookie)).status).toBe(404);
  });

  it("cannot remove their own role while the only admin (409), but can when another admin exists", async () => {
    const solo = await createTestUser({ admin: true });
    const soloCookie = await sessionCookie(solo.id);
    // Make `solo` the only admin of the database.
    for (const row of db.select().from(schema.users).all()) {
      if (row.id !== solo.id && row.roles.includes("admin")) setAdminRole(row.id, false, solo.id);
    }
    const refused = await toggle(solo.id, soloCookie);
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).message).toBe(
      "You cannot remove your own admin role while you are the only admin",
    );
    expect(dbUser(solo.id)!.roles).toEqual(["admin"]);

    // With a second admin, stepping down is allowed.
    const second = await toggle(admin.id, soloCookie);
    expect(second.status).toBe(200);
    const stepDown = await toggle(solo.id, soloCookie);
    expect(stepDown.status).toBe(200);
    expect(dbUser(solo.id)!.roles).toEqual([]);
    expect(dbUser(admin.id)!.roles).toEqual(["admin"]);
    // The former admin has lost admin access at once.
    expect((await listUsers(soloCookie)).status).toBe(403);
  });
});

describe("POST /api/users (registration)", () => {
  it("creates the account, signs it in and records the consent", async () => {
    const response = await register(
      { ...registration("New.Person@Example.com", "(201) 555-0123"), roles: ["admin"] },
      { "User-Agent": "curl/8" },
      "198.51.100.7",
    );
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expectNoPasswordFields(body);
    expect(body).toMatchObject({
      email: "new.person@example.com",
      phone: "+12015550123",
      timezone: "America/Chicago",
      preferredCheckInTimeMorning: "07:00",
      preferredCheckInTimeEvening: "20:00",
      sendCheckInReminders: true,
      receiveWeeklySummary: false,
      roles: [],
    });
    // Roles in the body never grant admin.
    expect(dbUser(body.id)!.roles).toEqual([]);

    const cookie = cookieFrom(response);
    expect(cookie).toBeTruthy();
    const me = await getMe(cookie!);
    expect(me.status).toBe(200);
    expect((await readJson(me)).id).toBe(body.id);

    const consent = db
      .select()
      .from(schema.consents)
      .where(eq(schema.consents.userId, body.id))
      .all();
    expect(consent).toHaveLength(1);
    expect(consent[0]).toMatchObject({
      phone: "+12015550123",
      ip: "198.51.100.7",
      userAgent: "curl/8",
    });
    expect(consent[0]!.consentText).toMatch(/STOP/);
  });

  it("gets 409 for an email that is taken, in any letter case, and creates nothing", async () => {
    expect((await register(registration("dup@example.com"))).status).toBe(201);
    const count = userCount();
    for (const email of ["dup@example.com", "DUP@example.COM"]) {
      const response = await register(registration(email));
      expect(response.status).toBe(409);
      expect(cookieFrom(response)).toBeNull();
      expect((await readJson(response)).message).toBe("An account with this email already exists");
    }
    expect(userCount()).toBe(count);
  });

  it("gets 409 for a phone number another account has verified, and creates nothing", async () => {
    expect((await register(registration("phone-a@example.com", "(201) 555-0999"))).status).toBe(
      201,
    );
    db.update(schema.users)
      .set({ phoneVerifiedAt: new Date() })
      .where(eq(schema.users.phone, "+12015550999"))
      .run();
    const count = userCount();
    const response = await register(registration("phone-b@example.com", "201.555.0999"));
    expect(response.status).toBe(409);
    expect((await readJson(response)).message).toBe(
      "This phone number is already linked to another account",
    );
    expect(userCount()).toBe(count);
  });

  it("refuses a registration without terms with the form's message", async () => {
    const response = await register({ ...registration("noterms@example.com"), terms: false });
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors).toEqual({
      terms: ["You must agree to the terms and conditions"],
    });
  });

  it("refuses a non-US number with the form's message", async () => {
    const response = await register({
      ...registration("uk@example.com"),
      phone: "+442079460958",
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors).toEqual({
      phone: ["Please enter a valid US mobile number"],
    });
  });
});

describe("POST /api/login", () => {
  it("signs in with the right password: session cookie, then /api/user returns the user", async () => {
    const ivan = await createTestUser();
    const response = await login({ email: ivan.email.toUpperCase(), password: ivan.password });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({ id: ivan.id, email: ivan.email });
    expectNoPasswordFields(body);
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await getMe(cookieFrom(response)!);
    expect(me.status).toBe(200);
    expect((await readJson(me)).id).toBe(ivan.id);
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const judy = await createTestUser();
    const wrong = await login({ email: judy.email, password: "not the password" });
    const unknown = await login({ email: "nobody-here@example.com", password: "whatever123" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await readJson(wrong);
    expect(wrongBody).toEqual({ message: "Invalid email or password" });
    expect(await readJson(unknown)).toEqual(wrongBody);
    expect(cookieFrom(wrong)).toBeNull();
    expect(cookieFrom(unknown)).toBeNull();
    expect(sessionsOf(judy.id)).toHaveLength(0);
  });

  it("refuses bad credentials shapes with the form's messages", async () => {
    const response = await login({ email: "nope", password: "123" });
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 6 characters"],
    });
  });
});

describe("POST /api/logout", () => {
  it("deletes the session row, so the old cookie no longer works", async () => {
    const kim = await createTestUser();
    const signedIn = await login({ email: kim.email, password: kim.password });
    const cookie = cookieFrom(signedIn)!;
    expect(sessionsOf(kim.id)).toHaveLength(1);

    const response = await logout(cookie);
    expect(response.status).toBe(200);
    expect((await readJson(response)).message).toBe("You have been logged out successfully.");
    expect(response.headers.get("Set-Cookie")).toMatch(
      /__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
    );
    expect(sessionsOf(kim.id)).toHaveLength(0);
    expect((await getMe(cookie)).status).toBe(401);
  });

  it("ends only the session it is called with", async () => {
    const leo = await createTestUser();
    const phone = await sessionCookie(leo.id);
    const laptop = await sessionCookie(leo.id);
    await logout(laptop);
    expect((await getMe(laptop)).status).toBe(401);
    expect((await getMe(phone)).status).toBe(200);
  });
});

describe("bad input is answered with a 4xx, never a 500", () => {
  const raw = (
    handler: typeof apiLogin.action,
    path: string,
    method: string,
    body: BodyInit | undefined,
    headers: Record<string, string>,
    params: Record<string, string> = {},
  ) => call(handler, makeRequest(path, { method, body, headers }), params);

  type Target = {
    name: string;
    send: (body: BodyInit | undefined, headers: Record<string, string>) => Promise<Response>;
  };
  const targets: Target[] = [
    {
      name: "POST /api/login",
      send: (body, headers) => raw(apiLogin.action, "/api/login", "POST", body, headers),
    },
    {
      name: "POST /api/users",
      send: (body, headers) => raw(apiUsers.action, "/api/users", "POST", body, headers),
    },
    {
      name: "PATCH /api/users/{id}",
      send: (body, headers) =>
        raw(
          usersId.action,
          `/api/users/${alice.id}`,
          "PATCH",
          body,
          { ...headers, Cookie: aliceCookie },
          { id: String(alice.id) },
        ),
    },
  ];
  const JSON_TYPE = { "Content-Type": "application/json" };

  describe.each(targets)("$name", ({ send }) => {
    it.each(["{bad json", '{"email": "a@b.c",', "{'single': 1}", "undefined"])(
      "malformed JSON %j → 400",
      async (body) => {
        const response = await send(body, JSON_TYPE);
        expect(response.status).toBe(400);
        expect((await readJson(response)).message).toBe("Request body is not valid JSON");
      },
    );

    it.each(["[]", "[1,2]", "42", "null", '"text"', "true"])(
      "non-object JSON %s → 400",
      async (body) => {
        const response = await send(body, JSON_TYPE);
        expect(response.status).toBe(400);
        expect((await readJson(response)).message).toBe("Request body must be a JSON object");
      },
    );

    it.each([
      ["text/plain", "{}"],
      ["application/x-www-form-urlencoded", "email=a%40b.c&password=123456"],
      ["multipart/form-data; boundary=x", "--x--"],
      ["application/jsonp", "{}"],
    ])("Content-Type %s → 415", async (type, body) => {
      const response = await send(body, { "Content-Type": type });
      expect(response.status).toBe(415);
      expect((await readJson(response)).message).toMatch(/JSON/);
    });

    it("no Content-Type → 415", async () => {
      expect((await send("{}", {})).status).toBe(415);
    });

    it("a body over 64 KiB → 413", async () => {
      const body = JSON.stringify({ email: `${"a".repeat(70 * 1024)}@example.com` });
      const response = await send(body, JSON_TYPE);
      expect(response.status).toBe(413);
      expect((await readJson(response)).message).toBe("Request body is too large");
    });

    it("a body just under 64 KiB is read and validated (400, not 413)", async () => {
      const body = JSON.stringify({ email: `${"a".repeat(60 * 1024)}@example.com` });
      const response = await send(body, JSON_TYPE);
      expect(response.status).toBe(400);
      expect((await readJson(response)).errors.email).toEqual([
        "Please enter a valid email address",
      ]);
    });

    it("application/json with a charset parameter is accepted", async () => {
      const response = await send('{"email": 42}', {
        "Content-Type": "application/json; charset=utf-8",
      });
      expect(response.status).toBe(400);
      expect((await readJson(response)).errors).toHaveProperty("email");
    });
  });

  it("wrong types on login → 400 naming each field", async () => {
    const response = await login({ email: 42, password: ["secret1"] });
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.message).toBe("Please correct the highlighted fields");
    expect(Object.keys(body.errors).sort()).toEqual(["email", "password"]);
  });

  it("wrong types on registration → 400 naming each field with the form's messages", async () => {
    const response = await register({
      email: "reg-types@example.com",
      password: "long enough password",
      phone: 2015550123,
      timezone: "Europe/Paris",
      preferredCheckInTimeMorning: "12:00",
      preferredCheckInTimeEvening: 19,
      sendCheckInReminders: "yes",
      terms: "true",
    });
    expect(response.status).toBe(400);
    const { errors } = await readJson(response);
    expect(errors).toMatchObject({
      timezone: ["Please choose a time zone"],
      preferredCheckInTimeMorning: ["Please choose a morning check-in time"],
      preferredCheckInTimeEvening: ["Please choose an evening check-in time"],
      terms: ["You must agree to the terms and conditions"],
    });
    expect(Object.keys(errors).sort()).toEqual([
      "phone",
      "preferredCheckInTimeEvening",
      "preferredCheckInTimeMorning",
      "sendCheckInReminders",
      "terms",
      "timezone",
    ]);
    expect(
      db
        .select()
        .from(schema.users)
        .all()
        .map((u) => u.email),
    ).not.toContain("reg-types@example.com");
  });

  it("wrong types on PATCH → 400 naming each field, and nothing changes", async () => {
    const before = dbUser(alice.id);
    const response = await patchUser(
      alice.id,
      {
        email: "not-an-email",
        phone: "123",
        timezone: 5,
        preferredCheckInTimeEvening: "16:00",
        receiveWeeklySummary: "no",
      },
      aliceCookie,
    );
    expect(response.status).toBe(400);
    const { errors } = await readJson(response);
    expect(errors).toMatchObject({
      email: ["Please enter a valid email address"],
      phone: ["Phone number must be 10 to 15 digits"],
      timezone: ["Please choose a time zone"],
      preferredCheckInTimeEvening: ["Please choose an evening check-in time"],
    });
    expect(errors).toHaveProperty("receiveWeeklySummary");
    expect(dbUser(alice.id)).toEqual(before);
  });

  it("an empty JSON body on PATCH changes nothing but answers 200", async () => {
    const response = await call(
      usersId.action,
      makeRequest(`/api/users/${alice.id}`, {
        method: "PATCH",
        body: "",
        headers: { "Content-Type": "application/json" },
        cookie: aliceCookie,
      }),
      { id: String(alice.id) },
    );
    expect(response.status).toBe(200);
    expect((await readJson(response)).id).toBe(alice.id);
  });

  const badIds = ["abc", "1.5", "-1", "0", "1e3", "0x10", " 1", "99999999999999999999", ""];

  it.each(badIds)("id %j → 404 for GET, PATCH and toggle-admin", async (id) => {
    expect((await getUser(id, aliceCookie)).status).toBe(404);
    expect((await patchUser(id, { timezone: "America/Denver" }, aliceCookie)).status).toBe(404);
    expect((await getUser(id, adminCookie)).status).toBe(404);
    expect((await toggle(id, adminCookie)).status).toBe(404);
  });

  it("wrong methods → 405 with an Allow header", async () => {
    const loginGet = await call(apiLogin.loader, makeRequest("/api/login"));
    expect(loginGet.status).toBe(405);
    expect(loginGet.headers.get("Allow")).toBe("POST");
    const usersDelete = await call(
      apiUsers.action,
      makeRequest("/api/users", { method: "DELETE" }),
    );
    expect(usersDelete.status).toBe(405);
    const put = await call(
      usersId.action,
      makeRequest(`/api/users/${alice.id}`, {
        method: "PUT",
        json: { timezone: "America/Denver" },
        cookie: aliceCookie,
      }),
      { id: String(alice.id) },
    );
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, PATCH");
    const logoutGet = await call(apiLogout.loader, makeRequest("/api/logout"));
    expect(logoutGet.status).toBe(405);
    const toggleGet = await call(toggleAdmin.loader, makeRequest("/api/users/1/toggle-admin"));
    expect(toggleGet.status).toBe(405);
  });
});
