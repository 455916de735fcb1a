import { and, desc, eq } from "drizzle-orm";
import { optOut } from "~/sms/may-text.server";
import {
  checkCode,
  CODE_TTL_MS,
  codeText,
  hasPendingCode,
  issueCode,
  MAX_CODE_ATTEMPTS,
  MAX_CODES_PER_HOUR,
} from "~/verification/phone-codes.server";
import { segmentCount } from "~/sms/segments";
import { CODE_TEXTS_PER_ADDRESS_PER_HOUR } from "~/verification/code-text-limits.server";
import { getUserById, updateUser } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { createTestUser, markPhoneVerified, uniquePhone } from "../helpers/requests";
import { lastCodeTo } from "../helpers/local-outbox";

const { phoneCodes, localOutbox, messages } = schema;

function textsTo(phone: string) {
  return db.select().from(localOutbox).where(eq(localOutbox.toPhone, phone)).all();
}

function codeRows(userId: number) {
  return db
    .select()
    .from(phoneCodes)
    .where(eq(phoneCodes.userId, userId))
    .orderBy(desc(phoneCodes.id))
    .all();
}

/** Any 6-digit code other than the right one. */
function wrong(code: string) {
  return code === "000000" ? "111111" : "000000";
}

async function verifiedUser() {
  const user = await createTestUser();
  markPhoneVerified(user.id);
  return getUserById(user.id)!;
}

describe("phone codes", () => {
  it("texts a random 6-digit code that fits in one segment and keeps only its hash", async () => {
    const user = await createTestUser();
    const result = await issueCode(user, "verify_phone");
    expect(result).toMatchObject({ sent: true, phone: user.phone });
    expect(result.message).toMatch(/6-digit code/);

    const code = lastCodeTo(user.phone);
    const [text] = textsTo(user.phone);
    expect(text!.body).toBe(
      `StreakCoach: your verification code is ${code}. It expires in 10 minutes.`,
    );
    expect(segmentCount(codeText("verify_phone", "123456"))).toBe(1);
    expect(segmentCount(codeText("reset_password", "123456"))).toBe(1);

    const [row] = codeRows(user.id);
    expect(row).toMatchObject({ purpose: "verify_phone", phone: user.phone, attempts: 0 });
    expect(row!.usedAt).toBeNull();
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(CODE_TTL_MS);

    // The user's thread records the text without the code in it.
    const stored = db.select().from(messages).where(eq(messages.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ fromSystem: true, kind: "verification" });
    expect(stored[0]!.body).not.toContain(code);
    expect(stored[0]!.body).toContain("******");
  });

  it("codes are random", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const user = await createTestUser();
      await issueCode(user, "verify_phone");
      codes.add(lastCodeTo(user.phone));
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  it("the right code verifies the phone, persisted, and is used up", async () => {
    const user = await createTestUser();
    await issueCode(user, "verify_phone");
    const code = lastCodeTo(user.phone);
    expect(hasPendingCode(user, "verify_phone")).toBe(true);

    const result = checkCode(user, "verify_phone", code);
    expect(result).toMatchObject({ ok: true, purpose: "verify_phone" });
    const saved = getUserById(user.id)!;
    expect(saved.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(result.ok && result.phoneVerifiedAt?.getTime()).toBe(saved.phoneVerifiedAt!.getTime());
    expect(codeRows(user.id)[0]!.usedAt).toBeInstanceOf(Date);
    expect(hasPendingCode(user, "verify_phone")).toBe(false);

    // Once used, the code does not work again.
    expect(checkCode(user, "verify_phone", code)).toEqual({ ok: false, reason: "no_code" });
  });

  it("accepts the code typed with a space or dash", async () => {
    const user = await createTestUser();
    await issueCode(user, "verify_phone");
    const code = lastCodeTo(user.phone);
    expect(checkCode(user, "verify_phone", `${code.slice(0, 3)} ${code.slice(3)}`).ok).toBe(true);
  });

  it("a wrong code is refused as invalid and counts a try", async () => {
    const user = await createTestUser();
    await issueCode(user, "verify_phone");
    const code = lastCodeTo(user.phone);

    expect(checkCode(user, "verify_phone", wrong(code))).toEqual({
      ok: false,
      reason: "invalid",
      attemptsLeft: MAX_CODE_ATTEMPTS - 1,
    });
    expect(checkCode(user, "verify_phone", "abc")).toMatchObject({ reason: "invalid" });
    expect(codeRows(user.id)[0]!.attempts).toBe(2);
    expect(getUserById(user.id)!.phoneVerifiedAt).toBeNull();

    // A few wrong tries do not stop the right code.
    expect(checkCode(user, "verify_phone", code).ok).toBe(true);
  });

  it("after 5 wrong tries the code is dead, even for the right code", async () => {
    const user = await createTestUser();
    await issueCode(user, "verify_phone");
    const code = lastCodeTo(user.phone);
    for (let i = 1; i <= MAX_CODE_ATTEMPTS; i++) {
      expect(checkCode(user, "verify_phone", wrong(code))).toEqual({
        ok: false,
        reason: "invalid",
        attemptsLeft: MAX_CODE_ATTEMPTS - i,
      });
    }
    expect(checkCode(user, "verify_phone", code)).toEqual({
      ok: false,
      reason: "too_many_attempts",
    });
    expect(codeRows(user.id)[0]!.attempts).toBe(MAX_CODE_ATTEMPTS);
    expect(getUserById(user.id)!.phoneVerifiedAt).toBeNull();
    expect(hasPendingCode(user, "verify_phone")).toBe(false);

    // A new code works.
    await issueCode(user, "verify_phone");
    expect(checkCode(user, "verify_phone", lastCodeTo(user.phone)).ok).toBe(true);
  });

  it("an expired code is refused", async () => {
    const user = await createTestUser();
    await issueCode(user, "verify_phone");
    const code = lastCodeTo(user.phone);
    db.update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.userId, user.id))
      .run();
    expect(hasPendingCode(user, "verify_phone")).toBe(false);
    expect(checkCode(user, "verify_phone", code)).toEqual({ ok: false, reason: "expired" });
    expect(getUserById(user.id)!.phoneVerifiedAt).toBeNull();
  });

  it("is valid for 10 minutes and no longer", async () => {
    const user = await createTestUser();
    const issuedAt = new Date("2026-03-01T12:00:00Z");
    await issueCode(user, "verify_phone", { now: issuedAt });
    const code = lastCodeTo(user.phone);
    const later = (ms: number) => new Date(issuedAt.getTime() + ms);
    expect(hasPendingCode(user, "verify_phone", later(CODE_TTL_MS - 1000))).toBe(true);
    expect(checkCode(user, "verify_phone", code, later(CODE_TTL_MS))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(checkCode(user, "verify_phone", code, later(CODE_TTL_MS - 1000)).ok).toBe(true);
  });

  it("a new code replaces the earlier one", async () => {
    const user = await createTestUser();
    await issueCode(user, "verify_phone");
    const first = lastCodeTo(user.phone);
    await issueCode(user, "verify_phone");
    const second = lastCodeTo(user.phone);
    const [latest, earlier] = codeRows(user.id);
    expect(earlier!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(latest!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    if (first !== second) {
      expect(checkCode(user, "verify_phone", first)).toMatchObject({ ok: false });
    }
    expect(checkCode(user, "verify_phone", second).ok).toBe(true);
  });

  it("changing the phone number clears the verified state and retires codes for the old number", async () => {
    const user = await createTestUser();
    await issueCode(user, "verify_phone");
    expect(checkCode(user, "verify_phone", lastCodeTo(user.phone)).ok).toBe(true);
    expect(getUserById(user.id)!.phoneVerifiedAt).not.toBeNull();

    // A pending code for the first new number...
    const second = uniquePhone();
    updateUser(user.id, { phone: second });
    expect(getUserById(user.id)!.phoneVerifiedAt).toBeNull();
    await issueCode(user, "verify_phone");
    const codeForSecond = lastCodeTo(second);
    expect(hasPendingCode(user, "verify_phone")).toBe(true);

    // ...does not verify the number the user changes to next.
    const third = uniquePhone();
    updateUser(user.id, { phone: third });
    expect(hasPendingCode(user, "verify_phone")).toBe(false);
    expect(checkCode(user, "verify_phone", codeForSecond)).toEqual({
      ok: false,
      reason: "no_code",
    });
    expect(getUserById(user.id)!.phoneVerifiedAt).toBeNull();
  });

  it("a code to a new number is kept as a code, so a stopped process's copy is never resent", async () => {
    const user = await verifiedUser();
    const next = uniquePhone();
    db.update(schema.users).set({ pendingPhone: next }).where(eq(schema.users.id, user.id)).run();
    expect((await issueCode(user, "change_phone")).sent).toBe(true);
    const stored = db
      .select()
      .from(schema.numberTexts)
      .where(eq(schema.numberTexts.phone, next))
      .all();
    expect(stored).toEqual([expect.objectContaining({ kind: "verification" })]);
  });

  it("an opted-out number gets no code, and says so", async () => {
    const user = await createTestUser();
    optOut(user.phone, "keyword");
    const result = await issueCode(user, "verify_phone");
    expect(result).toMatchObject({ sent: false, reason: "opted_out" });
    expect(result.message).toMatch(/opted out/i);
    expect(textsTo(user.phone)).toHaveLength(0);
    expect(codeRows(user.id)).toHaveLength(0);
  });

  it("an already verified number gets no new verification code", async () => {
    const user = await verifiedUser();
    expect(await issueCode(user, "verify_phone")).toMatchObject({
      sent: false,
      reason: "already_verified",
    });
    expect(textsTo(user.phone)).toHaveLength(0);
  });

  it("reset codes go only to verified numbers and do not verify anything", async () => {
    const unverified = await createTestUser();
    expect(await issueCode(unverified, "reset_password")).toMatchObject({
      sent: false,
      reason: "unverified",
    });
    expect(textsTo(unverified.phone)).toHaveLength(0);

    const user = await verifiedUser();
    expect((await issueCode(user, "reset_password")).sent).toBe(true);
    const code = lastCodeTo(user.phone);
    expect(textsTo(user.phone)[0]!.body).toContain("password reset code");
    // Codes are per purpose.
    expect(checkCode(user, "verify_phone", code)).toEqual({ ok: false, reason: "no_code" });
    expect(checkCode(user, "reset_password", code)).toMatchObject({
      ok: true,
      purpose: "reset_password",
    });
    const [row] = db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.userId, user.id), eq(phoneCodes.purpose, "reset_password")))
      .all();
    expect(row!.usedAt).not.toBeNull();
  });

  it("texts one number at most 5 codes an hour, whichever accounts ask", async () => {
    const phone = uniquePhone();
    const first = await createTestUser({ phone });
    const second = await createTestUser({ phone });
    for (const user of [first, second, first, second, first]) {
      expect((await issueCode(user, "verify_phone")).sent).toBe(true);
    }
    const refused = await issueCode(second, "verify_phone");
    expect(refused).toMatchObject({ sent: false, reason: "rate_limited" });
    expect(refused.message).toMatch(
      /^Too many codes were texted to this number\. Please wait (60|59) minutes before asking for a new one\.$/,
    );
    expect(textsTo(phone)).toHaveLength(5);
    // The refusal did not use up the account's own codes: with another number it gets its third.
    updateUser(second.id, { phone: uniquePhone() });
    expect((await issueCode(second, "verify_phone")).sent).toBe(true);
    expect(codeRows(second.id)).toHaveLength(3);
  });

  it("limits how many codes a user can ask for in an hour", async () => {
    const user = await createTestUser();
    const start = new Date("2026-04-01T10:00:00Z");
    for (let i = 0; i < MAX_CODES_PER_HOUR; i++) {
      const at = new Date(start.getTime() + i * 60_000);
      expect((await issueCode(user, "verify_phone", { now: at })).sent).toBe(true);
    }
    const refused = await issueCode(user, "verify_phone", {
      now: new Date(start.getTime() + 10 * 60_000),
    });
    expect(refused).toMatchObject({ sent: false, reason: "rate_limited" });
    expect(refused.message).toMatch(/Too many codes requested/);
    expect(refused.sent === false && refused.retryAfterSeconds).toBe(50 * 60);
    expect(textsTo(user.phone)).toHaveLength(MAX_CODES_PER_HOUR);

    // An hour after the first one, one more is allowed (to a number that has not had its own 5).
    updateUser(user.id, { phone: uniquePhone() });
    const later = new Date(start.getTime() + 60 * 60_000 + 1000);
    expect((await issueCode(user, "verify_phone", { now: later })).sent).toBe(true);
  });

  it("texts no more codes an hour to one client address than its limit, over any accounts and numbers", async () => {
    const address = "198.51.100.90";
    const answers = [];
    for (let i = 0; i <= CODE_TEXTS_PER_ADDRESS_PER_HOUR; i++) {
      const user = await createTestUser();
      answers.push(await issueCode(user, "verify_phone", { clientIp: address }));
    }
    expect(answers.filter((a) => a.sent)).toHaveLength(CODE_TEXTS_PER_ADDRESS_PER_HOUR);
    const refused = answers.at(-1)!;
    expect(refused).toMatchObject({ sent: false, reason: "rate_limited" });
    expect(refused.message).toMatch(
      /^Too many codes were asked for from your network\. Please wait (60|59) minutes before asking for a new one\.$/,
    );

    // Another address is not held back, and the refusal cost the refused number nothing.
    const elsewhere = await createTestUser();
    expect((await issueCode(elsewhere, "verify_phone", { clientIp: "198.51.100.91" })).sent).toBe(
      true,
    );
    const refusedUser = await createTestUser();
    expect((await issueCode(refusedUser, "verify_phone", { clientIp: address })).sent).toBe(false);
    expect(textsTo(refusedUser.phone)).toHaveLength(0);
    expect((await issueCode(refusedUser, "verify_phone", { clientIp: "198.51.100.92" })).sent).toBe(
      true,
    );
  });
});
