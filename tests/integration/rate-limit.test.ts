import { call, cookieFrom, createTestUser, makeRequest, readJson } from "../helpers/requests";
import * as apiLogin from "~/routes/api+/login";
import * as apiUsers from "~/routes/api+/users";
import * as loginPage from "~/routes/_auth+/login";
import * as registerPage from "~/routes/_auth+/register";
import * as forgotPassword from "~/routes/_auth+/forgot-password";
import { RATE_LIMIT_MESSAGE } from "~/utils/rate-limits/rate-limit.server";
import { db, schema } from "~/utils/db/db.server";
import { rememberClientAddress } from "~/utils/requests/request.server";

// The per-address limit is read once when the app's env module loads: set in a block vitest runs first.
const appEnv = await vi.hoisted(async () => {
  const { setAppEnv } = await import("../helpers/app-env");
  return setAppEnv({ AUTH_RATE_LIMIT_PER_IP: "3" });
});

/** The request as the server hands it on: the socket's address is `ip`, whatever the headers say. */
function fromAddress(request: Request, ip: string) {
  rememberClientAddress(request, { clientAddress: ip });
  return request;
}

afterAll(() => appEnv.restore());

let phoneSeq = 3000;
const nextPhone = () => `201555${++phoneSeq}`;

const userCount = () => db.select().from(schema.users).all().length;

const login = (email: string, password: string, ip: string) =>
  call(
    apiLogin.action,
    fromAddress(makeRequest("/api/login", { method: "POST", json: { email, password } }), ip),
  );

const register = (email: string, ip: string) =>
  call(
    apiUsers.action,
    fromAddress(
      makeRequest("/api/users", {
        method: "POST",
        json: { email, password: "long enough password", phone: nextPhone(), terms: true },
      }),
      ip,
    ),
  );

const formPost = (path: string, fields: Record<string, string>, ip: string) =>
  fromAddress(makeRequest(path, { method: "POST", body: new URLSearchParams(fields) }), ip);

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

  it("trusts no address header off Fly: X-Forwarded-For and Fly-Client-IP do not reset it", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 3; i += 1) {
      const request = makeRequest("/api/login", {
        method: "POST",
        json: { email: user.email, password: "wrong password" },
        headers: { "X-Forwarded-For": `10.0.0.${i}`, "Fly-Client-IP": `10.1.0.${i}` },
      });
      await call(apiLogin.action, fromAddress(request, "203.0.113.20"));
    }
    expect((await login(user.email, user.password, "203.0.113.20")).status).toBe(429);
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

describe("per-account slow-down", () => {
  it("makes the account wait after repeated failures from anywhere, then lets the owner in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const victim = await createTestUser({ email: "victim@example.com" });
      for (let i = 0; i < 6; i += 1) {
        const response = await login(
          i % 2 ? "VICTIM@example.com" : "victim@example.com",
          "guess-number-" + i,
          `198.51.100.${i + 1}`,
        );
        expect(response.status).toBe(401);
      }
      const waiting = await login(victim.email, victim.password, "198.51.100.200");
      expect(waiting.status).toBe(429);
      const { message } = await readJson(waiting);
      expect(message).toMatch(
        /^Too many failed attempts\. Please wait \d+ seconds? and try again\.$/,
      );
      expect(Number(waiting.headers.get("Retry-After"))).toBeLessThanOrEqual(60);

      vi.setSystemTime(Date.now() + 61_000);
      expect((await login(victim.email, victim.password, "198.51.100.201")).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("per-address limit on password reset codes", () => {
  it("answers 429 to a 4th guess from one address, while another address may still try", async () => {
    const user = await createTestUser();
    const guess = (ip: string) =>
      call(
        forgotPassword.action,
        formPost(
          "/forgot-password",
          {
            intent: "reset",
            email: user.email,
            code: "123456",
            newPassword: "guessed password",
            confirmPassword: "guessed password",
          },
          ip,
        ),
      );
    for (let i = 0; i < 3; i++) expect((await guess("203.0.113.60")).status).toBe(400);
    const limited = await guess("203.0.113.60");
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(RATE_LIMIT_MESSAGE);
    expect((await guess("203.0.113.61")).status).toBe(400);
  });
});
