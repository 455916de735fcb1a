import { eq } from "drizzle-orm";
import * as verifyPhone from "~/routes/api+/verify-phone";
import * as settings from "~/routes/settings+/phone";
import { optOut } from "~/sms/may-text.server";
import { MAX_CODES_PER_HOUR } from "~/verification/phone-codes.server";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { CODE_TEXTS_PER_ADDRESS_PER_HOUR } from "~/verification/code-text-limits.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { lastCodeTo, localTextsTo } from "../helpers/local-outbox";
import { toastOf } from "../helpers/toasts";

const { localOutbox, phoneCodes } = schema;

const lastTextTo = (phone: string) => localTextsTo(phone)[0]?.body;

const textCount = (phone: string) =>
  db.select().from(localOutbox).where(eq(localOutbox.toPhone, phone)).all().length;

const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

/** "(201) 555-1234" for "+12015551234": another way of writing the same number. */
const national = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

// Each signed-in user asks from an address of its own, as people do; what one address may ask for
// is tested in phone-codes.test.ts.
const addresses = new Map<string, string>();
function fromOwnAddress(pathname: string, options: Parameters<typeof makeRequest>[1] = {}) {
  const key = options.cookie ?? "";
  if (!addresses.has(key))
    addresses.set(key, `198.18.${addresses.size >> 8}.${addresses.size & 255}`);
  return makeRequest(pathname, { address: addresses.get(key), ...options });
}

async function signedIn() {
  const user = await createTestUser();
  return { user, cookie: await sessionCookie(user.id) };
}

const post = (json: unknown, cookie?: string) =>
  call(verifyPhone.action, fromOwnAddress("/api/verify-phone", { method: "POST", json, cookie }));

describe("POST /api/verify-phone", () => {
  it("sends a code to the caller's own phone, given in any format", async () => {
    const { user, cookie } = await signedIn();
    const res = await post({ phone: national(user.phone) }, cookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.message).toMatch(/6-digit code/);
    expect(body.message).not.toMatch(/\d{6}/);
    expect(textCount(user.phone)).toBe(1);

    const e164 = await post({ phone: user.phone }, cookie);
    expect(e164.status).toBe(200);
    expect(textCount(user.phone)).toBe(2);
  });

  it("checks the code: wrong is 400 'Invalid code', right verifies and persists", async () => {
    const { user, cookie } = await signedIn();
    await post({ phone: user.phone }, cookie);
    const code = lastCodeTo(user.phone);

    const bad = await post({ code: wrong(code) }, cookie);
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toMatchObject({
      message: "Invalid code",
      description: "The verification code you entered is invalid. Please try again.",
      attemptsLeft: 4,
    });
    expect(getUserById(user.id)!.phoneVerifiedAt).toBeNull();

    const good = await post({ code }, cookie);
    expect(good.status).toBe(200);
    const body = await readJson(good);
    expect(body.message).toBe("Your phone number has been verified successfully.");
    const saved = getUserById(user.id)!;
    expect(saved.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(new Date(body.phoneVerifiedAt).getTime()).toBe(saved.phoneVerifiedAt!.getTime());

    // The verified number is welcomed with a complete opt-in confirmation (brand, frequency, rates,
    // HELP and STOP: what a 10DLC review reads), when its first question comes, and that goals can be
    // texted.
    expect(textCount(user.phone)).toBe(2);
    const welcome = lastTextTo(user.phone);
    expect(welcome).toMatch(
      /^StreakCoach: you're all set for goal check-ins, about 2 msgs\/day\. Msg & data rates may apply\. Your first question comes \w+day \d{1,2}:\d{2} [AP]M, asking /,
    );
    expect(welcome).toContain("You can text your goals now");
    expect(welcome).toMatch(/Reply HELP for help, STOP to opt out\.$/);

    // Asking again once verified sends nothing.
    const again = await post({ phone: user.phone }, cookie);
    expect(again.status).toBe(200);
    expect((await readJson(again)).message).toMatch(/already verified/);
    expect(textCount(user.phone)).toBe(2);
  });

  it("accepts the code as a JSON number", async () => {
    const { user, cookie } = await signedIn();
    await post({ phone: user.phone }, cookie);
    const code = lastCodeTo(user.phone);
    const res = await post({ code: Number(code) }, cookie);
    expect(res.status).toBe(200);
  });

  it("after 5 wrong codes even the right one is refused until a new code is sent", async () => {
    const { user, cookie } = await signedIn();
    await post({ phone: user.phone }, cookie);
    const code = lastCodeTo(user.phone);
    for (let i = 0; i < 5; i++)
      expect((await post({ code: wrong(code) }, cookie)).status).toBe(400);
    const dead = await post({ code }, cookie);
    expect(dead.status).toBe(400);
    expect(await readJson(dead)).toMatchObject({
      message: "Too many attempts",
      reason: "too_many_attempts",
    });
    await post({ phone: user.phone }, cookie);
    expect((await post({ code: lastCodeTo(user.phone) }, cookie)).status).toBe(200);
  });

  it("refuses an expired code with a clear message", async () => {
    const { user, cookie } = await signedIn();
    await post({ phone: user.phone }, cookie);
    db.update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(phoneCodes.userId, user.id))
      .run();
    const res = await post({ code: lastCodeTo(user.phone) }, cookie);
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ message: "Code expired", reason: "expired" });
  });

  it("is 401 for anonymous callers", async () => {
    const { user } = await signedIn();
    expect((await post({ phone: user.phone })).status).toBe(401);
    expect((await post({ code: "123456" })).status).toBe(401);
    expect(textCount(user.phone)).toBe(0);
  });

  it("refuses someone else's phone with 400 and texts nobody", async () => {
    const { cookie } = await signedIn();
    const other = await createTestUser();
    const res = await post({ phone: other.phone }, cookie);
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe("This is not the phone number on your account");
    expect(textCount(other.phone)).toBe(0);
  });

  it("answers 400 for bad input and never 500", async () => {
    const { cookie } = await signedIn();
    const bodies: unknown[] = [
      {},
      { phone: "" },
      { phone: "not a phone" },
      { phone: 2015550123 },
      { phone: null },
      { phone: ["+12015550123"] },
      { code: "" },
      { code: "12345" },
      { code: "abcdef" },
      { code: "1234567" },
      { code: null },
      { code: {} },
      { code: 1e20 },
      { code: -1 },
      { code: 1.5 },
      { phone: "+12015550123", code: "123456" },
      { other: true },
    ];
    for (const json of bodies) {
      const res = await post(json, cookie);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(typeof (await readJson(res)).message).toBe("string");
    }
    for (const raw of ["null", "[]", '"text"', "42", "{not json"]) {
      const res = await call(
        verifyPhone.action,
        fromOwnAddress("/api/verify-phone", {
          method: "POST",
          body: raw,
          cookie,
          headers: { "Content-Type": "application/json" },
        }),
      );
      expect(res.status, raw).toBe(400);
    }
  });

  it("is 415 for a body that is not JSON", async () => {
    const { user, cookie } = await signedIn();
    const form = new URLSearchParams({ phone: user.phone });
    const res = await call(
      verifyPhone.action,
      fromOwnAddress("/api/verify-phone", { method: "POST", body: form, cookie }),
    );
    expect(res.status).toBe(415);
    expect(textCount(user.phone)).toBe(0);
  });

  it("is 405 for other methods", async () => {
    const { cookie } = await signedIn();
    expect(
      (await call(verifyPhone.loader, fromOwnAddress("/api/verify-phone", { cookie }))).status,
    ).toBe(405);
    const put = await call(
      verifyPhone.action,
      fromOwnAddress("/api/verify-phone", { method: "PUT", json: {}, cookie }),
    );
    expect(put.status).toBe(405);
  });

  it("an opted-out number gets no code and a clear 400", async () => {
    const { user, cookie } = await signedIn();
    optOut(user.phone, "keyword");
    const res = await post({ phone: user.phone }, cookie);
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toMatch(/opted out/);
    expect(textCount(user.phone)).toBe(0);
  });

  it("limits how many codes can be requested (429 with Retry-After)", async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < MAX_CODES_PER_HOUR; i++) {
      expect((await post({ phone: user.phone }, cookie)).status).toBe(200);
    }
    const res = await post({ phone: user.phone }, cookie);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await readJson(res)).message).toMatch(/Too many codes requested/);
    expect(textCount(user.phone)).toBe(MAX_CODES_PER_HOUR);
  });
});

// Settings → Phone, as a browser without JavaScript uses it: plain form posts, then the redirect.
describe("settings: verify phone without JavaScript", () => {
  const loadSettings = async (cookie: string) =>
    readJson(await call(settings.loader, fromOwnAddress("/settings/phone", { cookie })));

  async function postForm(cookie: string, fields: Record<string, string>, address?: string) {
    const res = await call(
      settings.action,
      fromOwnAddress("/settings/phone", {
        method: "POST",
        body: new URLSearchParams(fields),
        cookie,
        ...(address ? { address } : {}),
      }),
    );
    return { res, toast: await toastOf(res) };
  }

  it("sends a code, shows the code field, and verifies with the right code", async () => {
    const { user, cookie } = await signedIn();
    expect((await loadSettings(cookie)).phoneVerification).toMatchObject({
      verified: false,
      codePending: false,
    });

    const sent = await postForm(cookie, { intent: "send-code" });
    expect(sent.res.status).toBe(302);
    expect(sent.res.headers.get("Location")).toBe("/settings/phone");
    expect(sent.toast).toMatchObject({ title: "Verification code sent", type: "success" });
    expect(sent.toast!.description).toMatch(/texted a 6-digit code/);
    expect(sent.toast!.description).not.toMatch(/\d{6}/);
    expect((await loadSettings(cookie)).phoneVerification).toMatchObject({
      verified: false,
      codePending: true,
    });

    const code = lastCodeTo(user.phone);
    // A wrong code brings the page back with the field marked; a toast flashed now would only show
    // on the next page, so without JavaScript there is none.
    const bad = await postForm(cookie, { intent: "verify-code", code: wrong(code) });
    expect(bad.res.status).toBe(400);
    expect(await readJson(bad.res)).toEqual({
      intent: "verify-code",
      error: "The verification code you entered is invalid. Please try again.",
    });
    expect(bad.toast).toBeNull();
    expect((await loadSettings(cookie)).phoneVerification.codePending).toBe(true);

    // With JavaScript (the form says so) the toast comes too.
    const badWithScript = await postForm(cookie, {
      intent: "verify-code",
      code: wrong(code),
      via: "script",
    });
    expect(badWithScript.res.status).toBe(400);
    expect(badWithScript.toast).toEqual({
      title: "Invalid code",
      description: "The verification code you entered is invalid. Please try again.",
      type: "error",
    });

    const good = await postForm(cookie, { intent: "verify-code", code });
    expect(good.toast).toEqual({
      title: "Phone verified",
      description: "Your phone number has been verified successfully.",
      type: "success",
    });
    const after = await loadSettings(cookie);
    expect(after.phoneVerification).toMatchObject({ verified: true, codePending: false });
    expect(after.phoneVerified).toBe(true);
    expect(getUserById(user.id)!.phoneVerifiedAt).not.toBeNull();
  });

  it("a malformed code is refused without spending a try", async () => {
    const { user, cookie } = await signedIn();
    await postForm(cookie, { intent: "send-code" });
    const { res } = await postForm(cookie, { intent: "verify-code", code: "12" });
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: expect.stringMatching(/invalid/) });
    const [row] = db.select().from(phoneCodes).where(eq(phoneCodes.userId, user.id)).all();
    expect(row!.attempts).toBe(0);
  });

  it("the code field goes away once the code is dead after 5 wrong tries", async () => {
    const { user, cookie } = await signedIn();
    await postForm(cookie, { intent: "send-code" });
    const code = lastCodeTo(user.phone);
    let last;
    for (let i = 0; i < 5; i++)
      last = await postForm(cookie, { intent: "verify-code", code: wrong(code) });
    expect(last!.toast!.description).toMatch(/last try/);
    expect((await loadSettings(cookie)).phoneVerification.codePending).toBe(false);
    const { toast } = await postForm(cookie, { intent: "verify-code", code });
    expect(toast).toMatchObject({ title: "Too many attempts", type: "error" });
    expect(getUserById(user.id)!.phoneVerifiedAt).toBeNull();
  });

  it("says no code was sent once the address asked for its hour's codes, and sends none", async () => {
    const address = "198.18.200.1";
    for (let i = 0; i < CODE_TEXTS_PER_ADDRESS_PER_HOUR; i++) {
      const { cookie } = await signedIn();
      const { toast } = await postForm(cookie, { intent: "send-code" }, address);
      expect(toast).toMatchObject({ title: "Verification code sent" });
    }
    const { user, cookie } = await signedIn();
    const { toast } = await postForm(cookie, { intent: "send-code" }, address);
    expect(toast).toMatchObject({ title: "Error", type: "error" });
    expect(toast!.description).toMatch(
      /^Too many codes were asked for from your network\. Please wait \d+ minutes? before asking for a new one\.$/,
    );
    expect(textCount(user.phone)).toBe(0);
  });

  it("shows 'Error' / a clear message when the code cannot be sent", async () => {
    const { user, cookie } = await signedIn();
    optOut(user.phone, "keyword");
    const { toast } = await postForm(cookie, { intent: "send-code" });
    expect(toast).toMatchObject({ title: "Error", type: "error" });
    expect(toast!.description).toMatch(/opted out/);
    expect(textCount(user.phone)).toBe(0);
  });

  it("a new number for a verified account needs the password, then its own code, and the old number is told", async () => {
    const { user, cookie } = await signedIn();
    await postForm(cookie, { intent: "send-code" });
    await postForm(cookie, { intent: "verify-code", code: lastCodeTo(user.phone) });
    expect(getUserById(user.id)!.phoneVerifiedAt).not.toBeNull();
    const fields = { intent: "phone", phone: "(201) 555-0199" };

    const refused = await postForm(cookie, fields);
    expect(refused.res.status).toBe(400);
    expect(getUserById(user.id)).toMatchObject({ phone: user.phone, pendingPhone: null });

    const { res, toast } = await postForm(cookie, { ...fields, currentPassword: user.password });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/settings/phone");
    expect(toast).toMatchObject({ title: "Confirm your new number" });
    // Until the new number proves itself, the verified one stays the account's.
    expect(getUserById(user.id)).toMatchObject({ phone: user.phone, pendingPhone: "+12015550199" });
    expect(getUserById(user.id)!.phoneVerifiedAt).not.toBeNull();
    expect((await loadSettings(cookie)).phoneVerification).toMatchObject({
      verified: false,
      changing: true,
      codePending: true,
      phone: "(201) 555-0199",
    });

    const moved = await postForm(cookie, {
      intent: "verify-code",
      code: lastCodeTo("+12015550199"),
    });
    expect(moved.toast).toMatchObject({ title: "Phone number changed" });
    const saved = getUserById(user.id)!;
    expect(saved).toMatchObject({ phone: "+12015550199", pendingPhone: null });
    expect(saved.phoneVerifiedAt).not.toBeNull();
    expect(lastTextTo(user.phone)).toMatch(/now uses the number ending in 0199/);
  });
});
