import { PASSWORD_CHECKS_PER_ACCOUNT } from "~/users/current-password.server";
import { HttpClient, signUp, startBuiltServer, testPhone, type BuiltServer } from "./built-server";

// Limits that protect other people from our users: a number typed by several accounts, and the
// "already linked to another account" answer of the settings.

const CODE_TEXTS_PER_NUMBER_PER_HOUR = 5;
const CODE_TEXTS_PER_HOUR = 300;
const CODE_TEXTS_PER_ADDRESS_PER_HOUR = 10;
const ACCOUNT_EXISTS_ANSWERS_PER_HOUR = 5;

function codeTextsTo(server: BuiltServer, phone: string) {
  return server
    .db()
    .prepare<[string], { n: number }>(
      "select count(*) as n from local_outbox where to_phone = ? and body like '%verification code is%'",
    )
    .get(phone)!.n;
}

function codeTextsInAll(server: BuiltServer) {
  return server
    .db()
    .prepare<[], { n: number }>(
      "select count(*) as n from local_outbox where body like '%verification code is%'",
    )
    .get()!.n;
}

describe("code texts to one number, whoever asks", { timeout: 120_000 }, () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server.stop());

  it("four accounts typing the same number get it at most 5 codes in an hour, then 429 and nothing sent", async () => {
    const phone = testPhone();
    const accounts = [];
    for (let i = 0; i < 4; i += 1) accounts.push(await signUp(server, { phone }));

    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const { client } of accounts) {
        const response = await client.request("/api/verify-phone", { json: { phone } });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
          expect(await response.json()).toEqual({
            message: expect.stringMatching(
              /^Too many codes were texted to this number\. Please wait \d+ minutes? before asking for a new one\.$/,
            ),
          });
        }
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CODE_TEXTS_PER_NUMBER_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - CODE_TEXTS_PER_NUMBER_PER_HOUR);
    expect(codeTextsTo(server, phone)).toBe(CODE_TEXTS_PER_NUMBER_PER_HOUR);

    // The Settings page's "Send code" answers with the same refusal and sends nothing either.
    const page = await accounts[3]!.client.request("/settings/phone", {
      form: { intent: "send-code" },
    });
    expect(page.status).toBe(302);
    expect(codeTextsTo(server, phone)).toBe(CODE_TEXTS_PER_NUMBER_PER_HOUR);
    const settings = await accounts[3]!.client.request("/settings/phone");
    expect(await settings.text()).toContain("Too many codes were texted to this number.");

    // Another number is not held back by this one.
    const other = await signUp(server);
    const response = await other.client.request("/api/verify-phone", {
      json: { phone: other.phone },
    });
    expect(response.status).toBe(200);
    expect(codeTextsTo(server, other.phone)).toBe(1);
  });
});

/** Fly's proxy reports each client's address in Fly-Client-IP; the server trusts it only on Fly. */
const ON_FLY = { env: { FLY_APP_NAME: "streakcoach-tests" } };

function resetTextsTo(server: BuiltServer, phone: string) {
  return server
    .db()
    .prepare<[string], { n: number }>(
      "select count(*) as n from local_outbox where to_phone = ? and body like '%password reset code is%'",
    )
    .get(phone)!.n;
}

/** An account with a verified phone, signed up from `from`. */
async function verifiedAccount(server: BuiltServer, from: string) {
  const account = await signUp(server, {}, from);
  server
    .db()
    .prepare("update users set phone_verified_at = ? where id = ?")
    .run(Date.now(), account.user.id);
  return account;
}

const forgotPassword = (server: BuiltServer, email: string, from: string) =>
  new HttpClient(server, from).request("/forgot-password", { form: { intent: "request", email } });

describe("code texts asked for from few addresses", { timeout: 600_000 }, () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer(ON_FLY);
  });
  afterAll(() => server.stop());

  it("63 sign-ups from three addresses asking 5 codes each leave the codes of real users alone", async () => {
    const addresses = ["192.0.2.10", "192.0.2.11", "192.0.2.12"];
    const statuses: number[] = [];
    for (const from of addresses) {
      for (let i = 0; i < 21; i += 1) {
        const { client, phone } = await signUp(server, {}, from);
        for (let n = 0; n < CODE_TEXTS_PER_NUMBER_PER_HOUR; n += 1) {
          const response = await client.request("/api/verify-phone", { json: { phone } });
          statuses.push(response.status);
          if (response.status === 429) {
            expect(await response.json()).toEqual({
              message: expect.stringMatching(
                /^Too many codes were asked for from your network\. Please wait \d+ minutes? before asking for a new one\.$/,
              ),
            });
          }
        }
      }
    }
    const sent = addresses.length * CODE_TEXTS_PER_ADDRESS_PER_HOUR;
    expect(statuses.filter((s) => s === 200)).toHaveLength(sent);
    expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - sent);
    expect(codeTextsInAll(server)).toBe(sent);

    const real = await signUp(server, {}, "198.51.100.5");
    const response = await real.client.request("/api/verify-phone", {
      json: { phone: real.phone },
    });
    expect(response.status).toBe(200);
    expect(codeTextsTo(server, real.phone)).toBe(1);

    const resetting = await verifiedAccount(server, "198.51.100.6");
    const reset = await forgotPassword(server, resetting.email, "198.51.100.6");
    expect(reset.status).toBe(302);
    await vi.waitFor(() => expect(resetTextsTo(server, resetting.phone)).toBe(1));
  });
});

describe("code texts to all numbers together", { timeout: 600_000 }, () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer(ON_FLY);
  });
  afterAll(() => server.stop());

  it("stop at 300 an hour, spread over many accounts, numbers and addresses, and say so", async () => {
    const perAccount = CODE_TEXTS_PER_NUMBER_PER_HOUR;
    let accounts = 0;
    const nextAddress = () => `10.20.${accounts >> 8}.${accounts++ & 255}`;
    for (let sent = 0; sent < CODE_TEXTS_PER_HOUR; sent += perAccount) {
      const { client, phone } = await signUp(server, {}, nextAddress());
      const answers = await Promise.all(
        Array.from({ length: perAccount }, () =>
          client.request("/api/verify-phone", { json: { phone } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(perAccount).fill(200));
    }
    expect(codeTextsInAll(server)).toBe(CODE_TEXTS_PER_HOUR);

    const late = await signUp(server, {}, nextAddress());
    const response = await late.client.request("/api/verify-phone", {
      json: { phone: late.phone },
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const busy = /^We are sending too many codes right now\. Please try again in \d+ minutes?\.$/;
    expect(await response.json()).toEqual({ message: expect.stringMatching(busy) });
    expect(codeTextsInAll(server)).toBe(CODE_TEXTS_PER_HOUR);

    // A password reset is refused too, and says so, the same for an account and for no account.
    const resetting = await verifiedAccount(server, nextAddress());
    for (const email of [resetting.email, `nobody-${Date.now()}@example.com`]) {
      const reset = await forgotPassword(server, email, nextAddress());
      expect(reset.status).toBe(429);
      expect(await reset.text()).toContain("We are sending too many codes right now.");
    }
    expect(resetTextsTo(server, resetting.phone)).toBe(0);
  });
});

describe("settings that find another account's email or phone", { timeout: 120_000 }, () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server.stop());

  it("say so 5 times an hour, then answer 429 alike whether or not the email or number exists", async () => {
    const other = await signUp(server);
    server
      .db()
      .prepare("update users set phone_verified_at = ? where id = ?")
      .run(Date.now(), other.user.id);
    const me = await signUp(server);
    // Signed up first: once the address has had its answers, its sign-ups wait too.
    const third = await signUp(server);
    const patch = (body: Record<string, unknown>) =>
      me.client.request(`/api/users/${me.user.id}`, {
        method: "PATCH",
        json: { ...body, currentPassword: me.password },
      });

    for (let i = 0; i < ACCOUNT_EXISTS_ANSWERS_PER_HOUR; i += 1) {
      const response = await patch(i % 2 === 0 ? { email: other.email } : { phone: other.phone });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        message: expect.stringMatching(/already/),
      });
    }

    const answers = [];
    for (const body of [
      { email: other.email },
      { email: `never-seen-${Date.now()}@example.com` },
      { phone: other.phone },
      { phone: testPhone() },
    ]) {
      const response = await patch(body);
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      answers.push(await response.json());
    }
    expect(answers[0]).toEqual({
      message: expect.stringMatching(
        /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
      ),
    });
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);

    const mine = server
      .db()
      .prepare<[number], { email: string; phone: string }>(
        "select email, phone from users where id = ?",
      )
      .get(me.user.id)!;
    expect(mine).toEqual({ email: me.email, phone: me.phone });

    // The Settings page changes email and phone through the same rule, from the same address.
    const page = await third.client.request("/settings/phone", {
      form: { intent: "phone", phone: testPhone(), currentPassword: third.password },
    });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many attempts. Please wait");
    const unchanged = server
      .db()
      .prepare<[number], { phone: string }>("select phone from users where id = ?")
      .get(third.user.id)!;
    expect(unchanged.phone).toBe(third.phone);
  });
});

describe("confirming the current password", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server.stop());

  it(`checks it ${PASSWORD_CHECKS_PER_ACCOUNT} times in 15 minutes per account, right or wrong, then answers 429`, async () => {
    const { client, user, password } = await signUp(server);
    let attempts = 0;
    let newEmail = "";
    const change = (currentPassword: string) => {
      newEmail = `changed-${user.id}-${++attempts}@example.com`;
      return client.request(`/api/users/${user.id}`, {
        method: "PATCH",
        json: { email: newEmail, currentPassword },
      });
    };
    for (let n = 1; n < PASSWORD_CHECKS_PER_ACCOUNT; n++) {
      expect((await change("not my password")).status).toBe(400);
    }
    expect((await change(password)).status).toBe(200);
    const changedTo = newEmail;

    const refused = await change(password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(
      /^Too many password checks\. Please wait \d+ minutes/,
    );

    const form = await client.request("/settings/password", {
      form: {
        intent: "password",
        currentPassword: password,
        newPassword: "another long passphrase",
        confirmPassword: "another long passphrase",
      },
    });
    expect(await form.text()).toContain("Too many password checks");
    const login = await new HttpClient(server).request("/api/login", {
      json: { email: changedTo, password },
    });
    expect(login.status).toBe(200);
  });
});
