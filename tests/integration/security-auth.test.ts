import { createGoal } from "~/goals/goals.server";
import * as apiUsers from "~/routes/api+/users";
import * as dashboard from "~/routes/dashboard+/_layout";
import * as login from "~/routes/_auth+/login";
import * as register from "~/routes/_auth+/register";
import * as theme from "~/routes/_resources+/theme";
import { ACCOUNT_EXISTS_ANSWERS_PER_HOUR } from "~/users/account-exists-answers.server";
import { db, schema } from "~/utils/db/db.server";
import {
  delayAfterFailures,
  FAILURES_PER_ACCOUNT_AND_ADDRESS,
  MAX_DELAY_SECONDS,
  throttledLogin,
} from "~/utils/rate-limits/login-throttle.server";
import { RATE_LIMIT_MESSAGE } from "~/utils/rate-limits/rate-limit.server";
import { clientIpOf, getClientIp, rememberClientAddress } from "~/utils/requests/request.server";
import {
  call,
  cookieFrom,
  createTestUser,
  makeRequest,
  markPhoneVerified,
  readJson,
  sessionCookie,
  uniquePhone,
} from "../helpers/requests";

function fromAddress(request: Request, ip: string) {
  rememberClientAddress(request, { clientAddress: ip });
  return request;
}

describe("the client's address", () => {
  const request = () =>
    new Request("http://localhost/login", {
      headers: { "Fly-Client-IP": "198.51.100.7", "X-Forwarded-For": "203.0.113.9" },
    });

  it("is Fly-Client-IP on Fly, where Fly's proxy sets it", () => {
    expect(clientIpOf(request(), { onFly: true, socketAddress: "172.16.0.2" })).toBe(
      "198.51.100.7",
    );
  });

  it("is the socket's address off Fly, whatever the headers claim", () => {
    expect(clientIpOf(request(), { onFly: false, socketAddress: "192.0.2.4" })).toBe("192.0.2.4");
  });

  it("is read from what the server recorded for the request (FLY_APP_NAME unset in tests)", () => {
    expect(getClientIp(fromAddress(request(), "192.0.2.5"))).toBe("192.0.2.5");
  });
});

describe("login slow-down", () => {
  const wrong = () => Promise.resolve(null);

  it("waits longer after each failure past the fifth, never more than a minute", () => {
    expect([1, 5, 6, 7, 8, 10, 11, 12, 50].map(delayAfterFailures)).toEqual([
      0,
      0,
      2,
      4,
      8,
      32,
      MAX_DELAY_SECONDS,
      MAX_DELAY_SECONDS,
      MAX_DELAY_SECONDS,
    ]);
  });

  it("caps one address's failures for that address only, so the owner elsewhere still gets in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const email = "capped@example.com";
      for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_ADDRESS; i += 1) {
        vi.setSystemTime(Date.now() + 61_000);
        expect(await throttledLogin("192.0.2.10", email, wrong)).toEqual({
          ok: false,
          status: 401,
        });
      }
      vi.setSystemTime(Date.now() + 61_000);
      const attacker = await throttledLogin("192.0.2.10", email, () => Promise.resolve(7));
      expect(attacker).toMatchObject({ ok: false, status: 429, message: RATE_LIMIT_MESSAGE });
      const owner = await throttledLogin("192.0.2.11", email, () => Promise.resolve(7));
      expect(owner).toEqual({ ok: true, userId: 7 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("forgets the failures once the owner signs in", async () => {
    const email = "forgiven@example.com";
    for (let i = 0; i < 5; i += 1) await throttledLogin(`192.0.2.${20 + i}`, email, wrong);
    expect(await throttledLogin("192.0.2.30", email, () => Promise.resolve(8))).toEqual({
      ok: true,
      userId: 8,
    });
    expect(await throttledLogin("192.0.2.31", email, wrong)).toEqual({ ok: false, status: 401 });
    expect(await throttledLogin("192.0.2.32", email, wrong)).toEqual({ ok: false, status: 401 });
  });
});

describe("sign-up answers about existing accounts", () => {
  const signUpPage = (email: string, phone: string, ip: string) =>
    call(
      register.action,
      fromAddress(
        makeRequest("/register", {
          body: new URLSearchParams({
            email,
            password: "long enough password",
            phone: phone.slice(2),
            timezone: "America/New_York",
            preferredCheckInTimeMorning: "08:00",
            preferredCheckInTimeEvening: "19:00",
            terms: "on",
          }),
        }),
        ip,
      ),
    );
  const signUpApi = (email: string, phone: string, ip: string) =>
    call(
      apiUsers.action,
      fromAddress(
        makeRequest("/api/users", {
          json: { email, password: "long enough password", phone, terms: true },
        }),
        ip,
      ),
    );

  it("says an email or phone is taken a few times an hour, then answers every sign-up alike", async () => {
    const existing = await createTestUser();
    // A number counts as taken once its account has verified it.
    markPhoneVerified(existing.id);
    const ip = "192.0.2.40";
    for (let i = 0; i < ACCOUNT_EXISTS_ANSWERS_PER_HOUR; i += 1) {
      const byEmail = i % 2 === 0;
      const response = byEmail
        ? await signUpApi(existing.email, uniquePhone(), ip)
        : await signUpPage(`new${i}@example.com`, existing.phone, ip);
      expect(response.status).toBe(409);
    }
    const users = db.select().from(schema.users).all().length;
    for (const response of [
      await signUpApi(existing.email, uniquePhone(), ip),
      await signUpApi("never-seen@example.com", uniquePhone(), ip),
      await signUpPage("never-seen-2@example.com", uniquePhone(), ip),
    ]) {
      expect(response.status).toBe(429);
      expect(await response.text()).toContain(RATE_LIMIT_MESSAGE);
    }
    expect(db.select().from(schema.users).all().length).toBe(users);

    const elsewhere = await signUpApi(existing.email, uniquePhone(), "192.0.2.41");
    expect(elsewhere.status).toBe(409);
    expect(await readJson(elsewhere)).toEqual({
      message: "An account with this email already exists",
    });
  });
});

describe("redirects that cannot fail after a write", () => {
  it("login with a redirectTo a Location header cannot carry signs in and goes to the encoded path", async () => {
    const user = await createTestUser();
    const response = await call(
      login.action,
      fromAddress(
        makeRequest("/login", {
          body: new URLSearchParams({
            email: user.email,
            password: user.password,
            redirectTo: "/\u3002evil",
          }),
        }),
        "192.0.2.50",
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/%E3%80%82evil");
    expect(cookieFrom(response)).not.toBeNull();
  });

  it("theme keeps a safe path and never fails on an odd one", async () => {
    const response = await call(
      theme.action,
      makeRequest("/theme", {
        body: new URLSearchParams({ theme: "dark", redirectTo: "/\u3002x" }),
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/%E3%80%82x");
  });

  const offSite = [
    "/.//evil.example/login",
    "/x/..//evil.example/login",
    "/%2e%2e//evil.example/login",
    "/./\\evil.example/login",
  ];

  it.each(offSite)(
    "login with redirectTo %j signs in and stays on the site",
    async (redirectTo) => {
      const user = await createTestUser();
      const response = await call(
        login.action,
        fromAddress(
          makeRequest("/login", {
            body: new URLSearchParams({ email: user.email, password: user.password, redirectTo }),
          }),
          "192.0.2.51",
        ),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/dashboard");
      expect(cookieFrom(response)).not.toBeNull();
    },
  );

  it.each(offSite)("theme with redirectTo %j goes home", async (redirectTo) => {
    const response = await call(
      theme.action,
      makeRequest("/theme", { body: new URLSearchParams({ theme: "dark", redirectTo }) }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("completing a goal with a Referer that is no URL completes it and goes back to the dashboard", async () => {
    const user = await createTestUser();
    const goal = createGoal(user.id, { description: "Stretch", dueDate: new Date() });
    const response = await call(
      dashboard.action,
      makeRequest("/dashboard", {
        cookie: await sessionCookie(user.id),
        headers: { Referer: "not a url" },
        body: new URLSearchParams({ intent: "complete", goalId: String(goal.id) }),
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/dashboard#goal-${goal.id}`);
  });
});
