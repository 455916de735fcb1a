import { normalizeCode } from "./verify-phone-schema";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { User } from "../../db/schema";
import { formatUsPhone } from "~/users/phone";
import { getUserById } from "~/users/users.server";
import { db, preparedQuery, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { waitTime } from "~/utils/rate-limits/wait-time";
import { codeTextLimitMessage, reserveCodeText } from "./code-text-limits.server";
import { isOptedOut } from "~/sms/may-text.server";
import { sendQueuedText, sendTextToNumber, storeTextToSend } from "~/sms/outbound.server";

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

const { phoneCodes, users } = schema;

export type CodePurpose = "verify_phone" | "reset_password" | "change_phone";

export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_TTL_MS = CODE_TTL_MINUTES * 60 * 1000;
/** Wrong tries a code survives; the next wrong one kills it and a new code is needed. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes a user may request per purpose and hour (each is a text we pay for and the user receives). */
export const MAX_CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
/** Rows older than this are of no use (not even for the hourly limit) and are cleaned up. */
const KEEP_ROWS_MS = 24 * HOUR_MS;

/** The one answer to a wrong code, the same on the page, in the API and by text. */
export const INVALID_CODE = {
  title: "Invalid code",
  description: "The verification code you entered is invalid. Please try again.",
} as const;

export const SEND_FAILED = "Failed to send verification code";

export const NUMBER_TAKEN =
  "This number has been verified by another account. Please use a different mobile number.";

export function isWellFormedCode(input: string) {
  return /^\d{6}$/.test(normalizeCode(input));
}

export function codeText(purpose: CodePurpose, code: string) {
  return purpose === "reset_password"
    ? `StreakCoach: your password reset code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes. Didn't ask for it? Ignore this text.`
    : `StreakCoach: your verification code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.`;
}

/** The number a code of this purpose goes to: a new number waits for its own code. */
function codeTarget(user: User, purpose: CodePurpose) {
  return purpose === "change_phone" ? user.pendingPhone : user.phone;
}

/*
 * Why HMAC-SHA256 and not scrypt: a 6-digit code has only a million values, so no hash, however slow,
 * stops an offline guess of a leaked row for long; what protects a code is its short life and the
 * per-row limit of 5 tries. Keying the hash with the server secret means a copy of the database alone
 * does not give the codes away, and a fast keyed hash keeps the check cheap and constant-time. The
 * row's user, purpose and phone are part of the input, so a hash is useless for any other row.
 */
function hashCode(
  secret: string,
  row: { userId: number; purpose: CodePurpose; phone: string },
  code: string,
) {
  return createHmac("sha256", secret)
    .update(`phone-code:v1\0${row.userId}\0${row.purpose}\0${row.phone}\0${code}`)
    .digest("base64url");
}

/** Constant-time comparison against every current secret, so a secret rotation keeps live codes valid. */
function codeMatches(
  row: { userId: number; purpose: CodePurpose; phone: string; codeHash: string },
  code: string,
) {
  const expected = Buffer.from(row.codeHash);
  let match = false;
  for (const secret of env.sessionSecrets) {
    const actual = Buffer.from(hashCode(secret, row, code));
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) match = true;
  }
  return match;
}

export type IssueFailure =
  | "already_verified"
  | "unverified"
  | "taken"
  | "opted_out"
  | "undeliverable"
  | "rate_limited"
  | "failed";

export type IssueResult =
  | { sent: true; phone: string; expiresAt: Date; message: string }
  | { sent: false; reason: IssueFailure; message: string; retryAfterSeconds?: number };

const ISSUE_MESSAGES: Record<Exclude<IssueFailure, "rate_limited">, string> = {
  already_verified: "Your phone number is already verified.",
  unverified: "This phone number is not verified, so it cannot receive a reset code.",
  taken: NUMBER_TAKEN,
  opted_out:
    "This number has opted out of our texts (it replied STOP), so we cannot text it a code. Reply START to one of our texts to opt back in, then try again.",
  undeliverable:
    "Texts to this number cannot be delivered. Please check the number or use another mobile number.",
  failed: SEND_FAILED,
};

function failure(reason: Exclude<IssueFailure, "rate_limited">): IssueResult {
  return { sent: false, reason, message: ISSUE_MESSAGES[reason] };
}

export type IssueOptions = {
  now?: Date;
  /**
   * The address of the client asking, counted by code-text-limits; left out where the caller has
   * counted it already (forgot password) or no client asks (tests, scripts).
   */
  clientIp?: string;
};

/**
 * Texts the user a new random 6-digit code for the purpose, to their current phone number. Earlier
 * unused codes of that purpose stop working. Opted-out and undeliverable numbers get no code, a reset
 * code goes only to a verified number, a user gets at most 5 codes per purpose and hour, and the
 * client's address and the number get no more than code-text-limits allow.
 */
export async function issueCode(
  who: Pick<User, "id">,
  purpose: CodePurpose,
  { now = new Date(), clientIp }: IssueOptions = {},
): Promise<IssueResult> {
  const user = getUserById(who.id);
  if (!user) throw new Error(`user ${who.id} not found`);
  if (purpose === "verify_phone" && user.phoneVerifiedAt) return failure("already_verified");
  if (purpose === "reset_password" && !user.phoneVerifiedAt) return failure("unverified");
  const target = codeTarget(user, purpose);
  if (!target) return failure("failed");
  // The first account to verify a number owns it; the others may not even have it texted.
  if (purpose !== "reset_password" && isVerifiedByAnother(target, user.id)) return failure("taken");
  // The sending checks these again right before sending; checked here first so no code is used up.
  if (isOptedOut(target)) return failure("opted_out");
  if (purpose !== "change_phone" && user.phoneUndeliverableCode) return failure("undeliverable");
  // The account's own limit answers first (its message says whose limit it is); the transaction
  // below checks it again, as two requests may pass this together.
  const mine = and(eq(phoneCodes.userId, user.id), eq(phoneCodes.purpose, purpose));
  const accountWait = accountLimitWait(db, mine, now);
  if (accountWait !== null) return accountLimited(accountWait);
  const reservation = await reserveCodeText(target, clientIp ?? null);
  if (!reservation.ok) {
    return {
      sent: false,
      reason: "rate_limited",
      retryAfterSeconds: reservation.retryAfterSeconds,
      message: codeTextLimitMessage(reservation.scope, reservation.retryAfterSeconds),
    };
  }

  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const text = codeText(purpose, code);
  const issued = db.transaction((tx) => {
    tx.delete(phoneCodes)
      .where(and(mine, lt(phoneCodes.createdAt, new Date(now.getTime() - KEEP_ROWS_MS))))
      .run();
    const wait = accountLimitWait(tx, mine, now);
    if (wait !== null) return { ok: false as const, retryAfterSeconds: wait };
    // Replace: every earlier code of this purpose that is still open dies now.
    tx.update(phoneCodes)
      .set({ expiresAt: now })
      .where(and(mine, isNull(phoneCodes.usedAt), gt(phoneCodes.expiresAt, now)))
      .run();
    const row = { userId: user.id, purpose, phone: target };
    const id = tx
      .insert(phoneCodes)
      .values({
        ...row,
        codeHash: hashCode(env.sessionSecrets[0]!, row, code),
        expiresAt,
        createdAt: now,
      })
      .returning({ id: phoneCodes.id })
      .get().id;
    // The code's text is stored with the code; a new number is not the user's yet, and has no thread.
    const queued = purpose === "change_phone" ? null : storeCodeText(user, purpose, text, code);
    return { ok: true as const, id, queued };
  });
  if (!issued.ok) {
    await reservation.release();
    return accountLimited(issued.retryAfterSeconds);
  }

  const outcome = issued.queued
    ? await sendQueuedText(user, issued.queued)
    : { sent: await sendTextToNumber(target, text, { code: true }), reason: "failed" as const };
  if (!outcome.sent) {
    // A code that never left cannot be used (it still counts towards the hourly limit).
    db.update(phoneCodes).set({ expiresAt: now }).where(eq(phoneCodes.id, issued.id)).run();
    if (outcome.reason === "opted_out" || outcome.reason === "undeliverable")
      return failure(outcome.reason);
    return failure("failed");
  }
  return {
    sent: true,
    phone: target,
    expiresAt,
    message: `We texted a 6-digit code to ${formatUsPhone(target)}. It expires in ${CODE_TTL_MINUTES} minutes.`,
  };
}

/** The code's text in the user's thread, queued; the thread keeps that a code was sent, never the code. */
function storeCodeText(
  user: User,
  purpose: Exclude<CodePurpose, "change_phone">,
  text: string,
  code: string,
) {
  return storeTextToSend(
    user,
    text,
    purpose === "verify_phone" ? "verification" : "password_reset",
    {
      storeBody: text.replace(code, "******"),
    },
  );
}

/** Seconds until the account may have another code of this kind, or null when it may now. */
function accountLimitWait(tx: Tx | typeof db, mine: SQL | undefined, now: Date) {
  const recent = tx
    .select({ createdAt: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(and(mine, gt(phoneCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(asc(phoneCodes.createdAt))
    .all();
  if (recent.length < MAX_CODES_PER_HOUR) return null;
  const freeAt = recent[0]!.createdAt.getTime() + HOUR_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

function accountLimited(retryAfterSeconds: number): IssueResult {
  return {
    sent: false,
    reason: "rate_limited",
    retryAfterSeconds,
    message: `Too many codes requested. Please wait ${waitTime(retryAfterSeconds)} before asking for a new one.`,
  };
}

export type CheckFailure = "invalid" | "expired" | "too_many_attempts" | "no_code";

export type CheckResult =
  | { ok: true; purpose: CodePurpose; phoneVerifiedAt: Date | null; previousPhone?: string }
  | { ok: false; reason: "invalid"; attemptsLeft: number }
  | { ok: false; reason: Exclude<CheckFailure, "invalid"> | "taken" };

/**
 * Checks a code the user typed against their latest open code for the purpose and current number.
 * A wrong code counts a try; after 5 wrong tries, or 10 minutes, the code is dead. A right code is used
 * up, and for verify_phone marks the user's number verified (only if it is still the number texted);
 * `onVerified` then writes what follows from it in the same transaction (the welcome text, stored).
 */
export function checkCode(
  who: Pick<User, "id">,
  purpose: CodePurpose,
  input: string,
  now = new Date(),
  onVerified?: (userId: number) => void,
): CheckResult {
  const code = normalizeCode(input);
  // One synchronous transaction: two requests cannot both spend the same try or use the same code.
  return db.transaction((tx): CheckResult => {
    const user = tx.select().from(users).where(eq(users.id, who.id)).get();
    if (!user) return { ok: false, reason: "no_code" };
    // A code texted to an earlier number is never considered: changing the number retires it.
    const row = tx
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.userId, user.id),
          eq(phoneCodes.purpose, purpose),
          eq(phoneCodes.phone, codeTarget(user, purpose) ?? ""),
          isNull(phoneCodes.usedAt),
        ),
      )
      .orderBy(desc(phoneCodes.id))
      .get();
    if (!row) return { ok: false, reason: "no_code" };
    if (row.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: "too_many_attempts" };
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
    if (!/^\d{6}$/.test(code) || !codeMatches(row, code)) {
      const attempts = row.attempts + 1;
      tx.update(phoneCodes).set({ attempts }).where(eq(phoneCodes.id, row.id)).run();
      return { ok: false, reason: "invalid", attemptsLeft: MAX_CODE_ATTEMPTS - attempts };
    }
    tx.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, row.id)).run();
    if (purpose === "change_phone") return movePhone(tx, user, row.phone, now);
    if (purpose === "verify_phone" && isVerifiedByAnother(row.phone, user.id, tx)) {
      return { ok: false, reason: "taken" };
    }
    if (purpose !== "verify_phone") {
      return { ok: true, purpose, phoneVerifiedAt: user.phoneVerifiedAt };
    }
    const verified = tx
      .update(users)
      .set({ phoneVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, user.id), eq(users.phone, row.phone)))
      .returning({ phoneVerifiedAt: users.phoneVerifiedAt })
      .get();
    if (verified) onVerified?.(user.id);
    return { ok: true, purpose, phoneVerifiedAt: verified?.phoneVerifiedAt ?? null };
  });
}

function isVerifiedByAnother(phone: string, userId: number, tx: Tx | typeof db = db) {
  const owner = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)))
    .get();
  return owner !== undefined && owner.id !== userId;
}

/** The new number, proven by its code, replaces the old one (unless another account verified it first). */
function movePhone(tx: Tx, user: User, phone: string, now: Date): CheckResult {
  if (isVerifiedByAnother(phone, user.id, tx)) {
    tx.update(users).set({ pendingPhone: null }).where(eq(users.id, user.id)).run();
    return { ok: false, reason: "no_code" };
  }
  tx.update(users)
    .set({
      phone,
      pendingPhone: null,
      phoneVerifiedAt: now,
      phoneUndeliverableCode: null,
      updatedAt: now,
    })
    .where(and(eq(users.id, user.id), eq(users.pendingPhone, phone)))
    .run();
  return { ok: true, purpose: "change_phone", phoneVerifiedAt: now, previousPhone: user.phone };
}

/** Title and text for a failed check, as toasts and the API show them. */
export function checkFailureMessage(result: Extract<CheckResult, { ok: false }>) {
  switch (result.reason) {
    case "invalid":
      return result.attemptsLeft > 0
        ? INVALID_CODE
        : {
            title: INVALID_CODE.title,
            description:
              "The verification code you entered is invalid. That was the last try for this code: please request a new one.",
          };
    case "expired":
      return {
        title: "Code expired",
        description: `This code has expired (codes are valid for ${CODE_TTL_MINUTES} minutes). Please request a new one.`,
      };
    case "too_many_attempts":
      return {
        title: "Too many attempts",
        description: `This code was entered wrongly ${MAX_CODE_ATTEMPTS} times and no longer works. Please request a new one.`,
      };
    case "taken":
      return { title: "Number taken", description: NUMBER_TAKEN };
    case "no_code":
      return {
        title: "No code pending",
        description: "There is no active code for this phone number. Please request a new one.",
      };
  }
}

// Asked on every dashboard of an unverified user: built once, since building a query costs more than
// running it.
const pendingCode = preparedQuery(() =>
  db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.userId, sql.placeholder("userId")),
        eq(phoneCodes.purpose, sql.placeholder("purpose")),
        eq(phoneCodes.phone, sql.placeholder("phone")),
        isNull(phoneCodes.usedAt),
        gt(phoneCodes.expiresAt, sql.placeholder("now")),
        lt(phoneCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .prepare(),
);

/** Whether a code for the user's current number can still be entered (read-only: safe in a loader). */
export function hasPendingCode(who: Pick<User, "id">, purpose: CodePurpose, now = new Date()) {
  const user = getUserById(who.id);
  if (!user) return false;
  const row = pendingCode().get({
    userId: user.id,
    purpose,
    phone: codeTarget(user, purpose) ?? "",
    now: now.getTime(),
  });
  return Boolean(row);
}
