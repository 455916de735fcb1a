// The per-address limit is read once when the app's env module loads, so it is set before any app import.
const previousLimit = process.env.AUTH_RATE_LIMIT_PER_IP;
process.env.AUTH_RATE_LIMIT_PER_IP = "3";
export {};

const { call, cookieFrom, createTestUser, makeRequest, readJson } =
  await import("../helpers/requests");
const apiLogin = await import("~/routes/api.login");
const apiUsers = await import("~/routes/api.users");
const loginPage = await import("~/routes/login");
const registerPage = await import("~/routes/register");
const { RATE_LIMIT_MESSAGE } = await import("~/utils/rate-limit.server");
const { db, schema } = await import("~/utils/db.server");

afterAll(() => {
  if (previousLimit === undefined) delete process.env.AUTH_RATE_LIMIT_PER_IP;
  else process.env.AUTH_RATE_LIMIT_PER_IP = previousLimit;
});

let phoneSeq = 3000;
const nextPhone = () => `201555${++phoneSeq}`;

const userCount = () => db.select().from(schema.users).all().length;

const login = (email: string, password: string, ip: string) =>
  call(
    apiLogin.action,
    makeRequest("/api/login", {
      method: "POST",
      json: { email, password },
      headers: { "X-Forwarded-For": ip },
    }),
  );

const register = (email: string, ip: string) =>
  call(
    apiUsers.action,
    makeRequest("/api/users", {
      method: "POST",
      json: { email, password: "long enough password", phone: nextPhone(), terms: true },
      headers: { "X-Forwarded-For": ip },
    }),
  );

const formPost = (path: string, fields: Record<string, string>, ip: string) =>
  makeRequest(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "X-Forwarded-For": ip },
  });

describe("per-address limit on login (AUTH_RATE_LIMIT_PER_IP=3)", () => {
  it("answers 429 with a clear message and Retry-After after 3 attempts, even with the right password", async () => {
    const user = await createTestUser();
    const ip = "203.0.113.10";
    for (let i = 0; i < 3; i += 1) {
      expect((await login(user.email, "wrong password", ip)).status).toBe(401);
    }
    const limited = await login(user.email, user.password, ip);
    expect(limited.status).toBe(429);
    expect(await readJson(limited)).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(RATE_LIMIT_MESSAGE).toBe("Too many attempts. Please wait 15 minutes and try again.");
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(cookieFrom(limited)).toBeNull();

    // Another address is not affected.
    const elsewhere = await login(user.email, user.password, "203.0.113.11");
    expect(elsewhere.status).toBe(200);
  });

  it("uses only the first X-Forwarded-For address, so appending addresses does not reset it", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 3; i += 1) {
      await login(user.email, "wrong password", `203.0.113.20, 10.0.0.${i}`);
    }
    expect((await login(user.email, user.password, "203.0.113.20, 10.0.0.99")).status).toBe(429);
  });

  it("counts the login page and the API against the same limit", async () => {
    const user = await createTestUser();
    const ip = "203.0.113.30";
    for (let i = 0; i < 3; i += 1) await login(user.email, "wrong password", ip);
    const page = await call(
      loginPage.action,
      formPost("/login", { email: user.email, password: user.password }, ip),
    );
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(RATE_LIMIT_MESSAGE);
    expect(cookieFrom(page)).toBeNull();
  });
});

describe("per-address limit on registration", () => {
  it("answers 429 after 3 registrations from one address and creates no account", async () => {
    const ip = "203.0.113.40";
    for (let i = 0; i < 3; i += 1) {
      expect((await register(`burst${i}@example.com`, ip)).status).toBe(201);
    }
    const count = userCount();
    const limited = await register("burst3@example.com", ip);
    expect(limited.status).toBe(429);
    expect(await readJson(limited)).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(userCount()).toBe(count);

    const page = await call(
      registerPage.action,
      formPost(
        "/register",
        {
          email: "burst4@example.com",
          password: "long enough password",
          phone: nextPhone(),
          terms: "on",
        },
        ip,
      ),
    );
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(RATE_LIMIT_MESSAGE);
    expect(userCount()).toBe(count);
  });
});

describe("per-account limit (10 attempts per 15 minutes)", () => {
  it("stops an 11th login on one email even from fresh addresses", async () => {
    const victim = await createTestUser({ email: "victim@example.com" });
    for (let i = 0; i < 10; i += 1) {
      const response = await login(
        i % 2 ? "VICTIM@example.com" : "victim@example.com",
        "guess-number-" + i,
        `198.51.100.${i + 1}`,
      );
      expect(response.status).toBe(401);
    }
    const limited = await login(victim.email, victim.password, "198.51.100.200");
    expect(limited.status).toBe(429);
    expect(await readJson(limited)).toEqual({ message: RATE_LIMIT_MESSAGE });

    // Other accounts from a fresh address still work.
    const other = await createTestUser();
    expect((await login(other.email, other.password, "198.51.100.201")).status).toBe(200);
  });
});
