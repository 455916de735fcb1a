import { eq } from "drizzle-orm";
import * as forgot from "~/routes/_auth+/forgot-password";
import { getUserById, verifyLogin } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { CODE_TEXTS_PER_ADDRESS_PER_HOUR } from "~/verification/code-text-limits.server";
import { MAX_CODE_ATTEMPTS, MAX_CODES_PER_HOUR } from "~/verification/phone-codes.server";
import {
  call,
  createTestUser,
  makeRequest,
  markPhoneVerified,
  readJson,
  sessionCookie,
} from "../helpers/requests";
import { localTextsTo } from "../helpers/local-outbox";
import { toastOf } from "../helpers/toasts";

const { sessions } = schema;

const NOTICE =
  "If an account with a verified phone exists for that email, we texted it a 6-digit code.";

const textsTo = localTextsTo;

/** The code in the latest text the number got; the request step sends it without waiting. */
async function codeTextedTo(phone: string) {
  return vi.waitFor(() => {
    const code = textsTo(phone)[0]?.body.match(/reset code is (\d{6})/)?.[1];
    if (!code) throw new Error(`no reset code texted to ${phone} yet`);
    return code;
  });
}

const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

async function verifiedUser() {
  const user = await createTestUser();
  markPhoneVerified(user.id);
  return { ...getUserById(user.id)!, password: user.password };
}

function post(fields: Record<string, string>, ip = "203.0.113.7") {
  return call(
    forgot.action,
    makeRequest("/forgot-password", {
      method: "POST",
      body: new URLSearchParams(fields),
      address: ip,
    }),
  );
}

const requestCode = (email: string) => post({ intent: "request", email });

const reset = (email: string, code: string, password = "brand new password", repeat = password) =>
  post({ intent: "reset", email, code, newPassword: password, confirmPassword: repeat });

describe("forgot password", () => {
  it("sends signed-in users to the dashboard", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    const res = await call(forgot.loader, makeRequest("/forgot-password", { cookie }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it("step 1 gives the same answer for an unknown email, an unverified phone and a verified one", async () => {
    const unverified = await createTestUser();
    const verified = await verifiedUser();
    const emails = ["nobody-here@example.com", unverified.email, verified.email];
    const answers = [];
    for (const email of emails) {
      const res = await requestCode(email);
      answers.push({
        status: res.status,
        location: res.headers.get("Location"),
        cookies: res.headers.getSetCookie(),
        body: await res.text(),
      });
    }
    for (const [i, answer] of answers.entries()) {
      expect(answer).toEqual({
        status: 302,
        location: `/forgot-password?${new URLSearchParams({ email: emails[i]! })}`,
        cookies: [],
        body: "",
      });
    }

    // Step 2 shows the one notice, whichever email it is for.
    for (const email of emails) {
      const page = await call(
        forgot.loader,
        makeRequest(`/forgot-password?${new URLSearchParams({ email })}`),
      );
      expect(await readJson(page)).toEqual({ email, supportEmail: "support@streakcoach.app" });
    }
    expect(forgot.CODE_SENT_NOTICE).toBe(NOTICE);

    // Only the verified phone got a text.
    await codeTextedTo(verified.phone);
    expect(textsTo(unverified.phone)).toHaveLength(0);
  });

  it("step 1 says no text was sent once the address asked for too many codes, alike for every email", async () => {
    const address = "198.51.100.120";
    const unverified = await createTestUser();
    const verified = await verifiedUser();
    for (let i = 0; i < CODE_TEXTS_PER_ADDRESS_PER_HOUR; i++) {
      // Counted whatever the email, so the refusal cannot tell which emails have an account.
      expect(
        (await post({ intent: "request", email: `nobody-${i}@example.com` }, address)).status,
      ).toBe(302);
    }
    const answers = [];
    for (const email of ["nobody-else@example.com", unverified.email, verified.email]) {
      const res = await post({ intent: "request", email }, address);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      const body = await readJson(res);
      answers.push(body.result.error[""]);
    }
    expect(answers[0]).toEqual([
      expect.stringMatching(
        /^Too many codes were asked for from your network\. Please wait \d+ minutes? before asking for a new one\.$/,
      ),
    ]);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(textsTo(verified.phone)).toHaveLength(0);

    // From another address the account gets its code.
    await post({ intent: "request", email: verified.email }, "198.51.100.121");
    await codeTextedTo(verified.phone);
  });

  it("the right code sets the new password and signs the account out everywhere", async () => {
    const user = await verifiedUser();
    await sessionCookie(user.id);
    await sessionCookie(user.id);
    const sessionsOf = () =>
      db.select().from(sessions).where(eq(sessions.userId, user.id)).all().length;
    expect(sessionsOf()).toBe(2);

    await requestCode(user.email);
    const code = await codeTextedTo(user.phone);
    const res = await reset(user.email.toUpperCase(), code);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(await toastOf(res)).toMatchObject({
      title: "Password reset",
      description: "You can now log in with your new password.",
    });

    expect(await verifyLogin(user.email, "brand new password")).not.toBeNull();
    expect(await verifyLogin(user.email, user.password)).toBeNull();
    expect(sessionsOf()).toBe(0);

    // The code is used up.
    const again = await reset(user.email, code, "another new password");
    expect(again.status).toBe(400);
    expect(await verifyLogin(user.email, "brand new password")).not.toBeNull();
  });

  it("a wrong code is refused as 'Invalid code' and changes nothing", async () => {
    const user = await verifiedUser();
    await requestCode(user.email);
    const code = await codeTextedTo(user.phone);
    const res = await reset(user.email, wrong(code));
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.intent).toBe("reset");
    expect(body.invalidCode).toBe(true);
    expect(body.result.error[""][0]).toMatch(/code you entered is invalid/);
    expect(JSON.stringify(body)).not.toContain("brand new password");
    expect(await verifyLogin(user.email, user.password)).not.toBeNull();

    // The right code still works after one wrong try.
    expect((await reset(user.email, code)).status).toBe(302);
  });

  it("an unknown email at step 2 answers exactly like a wrong code", async () => {
    const user = await verifiedUser();
    await requestCode(user.email);
    const code = await codeTextedTo(user.phone);
    const known = await reset(user.email, wrong(code));
    const unknown = await reset("nobody-either@example.com", wrong(code));
    expect(unknown.status).toBe(known.status);
    const strip = (b: { result: { initialValue?: unknown } }) => ({ ...b.result, initialValue: 0 });
    expect(strip(await readJson(unknown))).toEqual(strip(await readJson(known)));
  });

  it("after 5 wrong codes the code is dead", async () => {
    const user = await verifiedUser();
    await requestCode(user.email);
    const code = await codeTextedTo(user.phone);
    for (let i = 0; i < 5; i++) expect((await reset(user.email, wrong(code))).status).toBe(400);
    expect((await reset(user.email, code)).status).toBe(400);
    expect(await verifyLogin(user.email, user.password)).not.toBeNull();
  });

  it("checks the new password fields", async () => {
    const user = await verifiedUser();
    await requestCode(user.email);
    const code = await codeTextedTo(user.phone);
    const short = await readJson(await reset(user.email, code, "short"));
    expect(short.result.error.newPassword).toEqual(["Password must be at least 8 characters"]);
    const mismatch = await readJson(
      await reset(user.email, code, "brand new password", "brand new passwort"),
    );
    expect(mismatch.result.error.confirmPassword).toEqual(["The new passwords do not match"]);
    const noCode = await readJson(await reset(user.email, "12"));
    expect(noCode.result.error.code).toEqual(["Enter the 6-digit code from the text"]);
    // None of these spent the code.
    expect((await reset(user.email, code)).status).toBe(302);
  });

  it("a bad email at step 1 is a form error", async () => {
    const res = await requestCode("not-an-email");
    expect(res.status).toBe(400);
    expect((await readJson(res)).result.error.email).toEqual([
      "Please enter a valid email address",
    ]);
  });

  it("strangers asking from many addresses for one email text it a few codes and never lock the page", async () => {
    const user = await verifiedUser();
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await post({ intent: "request", email: user.email }, `198.51.100.${i}`)).status,
      );
    }
    expect(statuses).toEqual(Array(12).fill(302));
    await vi.waitFor(() => expect(textsTo(user.phone)).toHaveLength(MAX_CODES_PER_HOUR));
  });

  it("ten wrong codes from ten addresses kill the code but do not lock the owner out", async () => {
    const user = await verifiedUser();
    const owner = "198.51.100.200";
    await post({ intent: "request", email: user.email }, owner);
    const code = await codeTextedTo(user.phone);
    for (let i = 0; i < 10; i++) {
      const guess = await post(
        {
          intent: "reset",
          email: user.email,
          code: wrong(code),
          newPassword: "stranger's password",
          confirmPassword: "stranger's password",
        },
        `203.0.113.${100 + i}`,
      );
      expect(guess.status).toBe(400);
    }
    // The code died after its own tries; the owner asks for a new one, which has all of its tries.
    expect(
      (
        await post(
          {
            intent: "reset",
            email: user.email,
            code,
            newPassword: "owner's new password",
            confirmPassword: "owner's new password",
          },
          owner,
        )
      ).status,
    ).toBe(400);
    expect((await post({ intent: "request", email: user.email }, owner)).status).toBe(302);
    const fresh = await vi.waitFor(async () => {
      const latest = await codeTextedTo(user.phone);
      if (textsTo(user.phone).length < 2) throw new Error("no second code yet");
      return latest;
    });
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) {
      expect((await reset(user.email, wrong(fresh))).status).toBe(400);
    }
    const done = await post(
      {
        intent: "reset",
        email: user.email,
        code: fresh,
        newPassword: "owner's new password",
        confirmPassword: "owner's new password",
      },
      owner,
    );
    expect(done.status).toBe(302);
    expect(await verifyLogin(user.email, "owner's new password")).not.toBeNull();
  });
});
