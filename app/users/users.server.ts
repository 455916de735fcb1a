import { and, asc, count, eq, gt, isNotNull, like, or, sql } from "drizzle-orm";
import { env } from "~/utils/env/env.server";
import { db, isUniqueViolation, preparedQuery, schema } from "~/utils/db/db.server";
import { batchesAfter } from "~/utils/requests/streamed-download.server";
import type { User } from "../../db/schema";
import { checkCurrentPassword } from "./current-password.server";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./password.server";
import { followCheckInSwitch } from "./pauses.server";
import { CONSENT_TEXT } from "./consent";
import { trialEndFrom } from "./trial";
import type { RegisterInput, SettingsInput } from "./user-schema";

const { users, consents, sessions } = schema;

/** A user as the app and /api show it: no password hash, no payment-provider ids. */
export type PublicUser = Omit<User, "passwordHash" | "stripeCustomerId" | "stripeSubscriptionId">;

export class DuplicateEmailError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

export class DuplicatePhoneError extends Error {
  constructor() {
    super("This phone number is already linked to another account");
  }
}

export class LastAdminError extends Error {
  constructor() {
    super("You cannot remove your own admin role while you are the only admin");
  }
}

export function toPublicUser(user: User): PublicUser {
  const {
    passwordHash: _hash,
    stripeCustomerId: _customer,
    stripeSubscriptionId: _subscription,
    ...rest
  } = user;
  return rest;
}

export type ConsentEvidence = { ip: string | null; userAgent: string | null };

export async function createUser(input: RegisterInput, consent: ConsentEvidence): Promise<User> {
  // A number someone verified is theirs; a number only typed into another account blocks nobody.
  if (getUserByPhone(input.phone)) throw new DuplicatePhoneError();
  const passwordHash = await hashPassword(input.password);
  try {
    return db.transaction((tx) => {
      const user = tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          phone: input.phone,
          timezone: input.timezone,
          preferredCheckInTimeMorning: input.preferredCheckInTimeMorning,
          preferredCheckInTimeEvening: input.preferredCheckInTimeEvening,
          sendCheckInReminders: input.sendCheckInReminders,
          receiveWeeklySummary: input.receiveWeeklySummary,
          trialEndsAt: trialEndFrom(new Date(), env.TRIAL_DAYS),
        })
        .returning()
        .get();
      tx.insert(consents)
        .values({ userId: user.id, phone: user.phone, consentText: CONSENT_TEXT, ...consent })
        .run();
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) throw new DuplicateEmailError();
    if (isUniqueViolation(error, "users.phone")) throw new DuplicatePhoneError();
    throw error;
  }
}

export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const user = getUserByEmail(email);
  if (!user) return verifyAgainstNothing(password).then(() => null);
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

// Every signed-in request and every inbound text looks its user up: prepared once.
const userById = preparedQuery(() =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare(),
);
const verifiedOwnerOf = preparedQuery(() =>
  db
    .select()
    .from(users)
    .where(and(eq(users.phone, sql.placeholder("phone")), isNotNull(users.phoneVerifiedAt)))
    .prepare(),
);

export function getUserById(id: number): User | undefined {
  return userById().get({ id });
}

/**
 * The account a number belongs to (E.164): the one that verified it. Other accounts may hold the
 * number unverified (anyone can type a number), and none of them is its owner.
 */
export function getUserByPhone(phone: string): User | undefined {
  return verifiedOwnerOf().get({ phone });
}

export function getUserByEmail(email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Users whose email or phone holds the search term (every user without one), by id, in batches. */
export function usersMatching(search = "") {
  const term = search.trim().toLowerCase();
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const filter = term
    ? or(sql`lower(${users.email}) like ${pattern} escape '\\'`, like(users.phone, pattern))
    : undefined;
  return batchesAfter<{ id: number; email: string; phone: string; roles: string[] }>(
    (last, limit) =>
      db
        .select({ id: users.id, email: users.email, phone: users.phone, roles: users.roles })
        .from(users)
        .where(and(filter, last ? gt(users.id, last.id) : undefined))
        .orderBy(asc(users.id))
        .limit(limit)
        .all(),
  );
}

export function updateUser(id: number, patch: SettingsInput, now = new Date()): User {
  const current = getUserById(id);
  if (!current) throw new Error(`user ${id} not found`);
  const phoneChanged = patch.phone !== undefined && patch.phone !== current.phone;
  const switched =
    patch.sendCheckInReminders !== undefined &&
    patch.sendCheckInReminders !== current.sendCheckInReminders;
  try {
    return db.transaction((tx) => {
      const user = tx
        .update(users)
        .set({
          ...patch,
          ...(phoneChanged ? { phoneVerifiedAt: null, phoneUndeliverableCode: null } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, id))
        .returning()
        .get();
      if (switched) followCheckInSwitch(tx, current, user.sendCheckInReminders, now);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) throw new DuplicateEmailError();
    if (isUniqueViolation(error, "users.phone")) throw new DuplicatePhoneError();
    throw error;
  }
}

export function setAdminRole(targetId: number, makeAdmin: boolean, actorId: number): User {
  return db.transaction(
    (tx) => {
      const target = tx.select().from(users).where(eq(users.id, targetId)).get();
      if (!target) throw new Error(`user ${targetId} not found`);
      if (!makeAdmin && targetId === actorId) {
        const [row] = tx
          .select({ n: count() })
          .from(users)
          .where(sql`exists (select 1 from json_each(${users.roles}) where value = 'admin')`)
          .all();
        if ((row?.n ?? 0) <= 1) throw new LastAdminError();
      }
      const roles = makeAdmin
        ? Array.from(new Set([...target.roles, "admin"]))
        : target.roles.filter((r) => r !== "admin");
      return tx
        .update(users)
        .set({ roles, updatedAt: new Date() })
        .where(eq(users.id, targetId))
        .returning()
        .get();
    },
    // It reads then writes, and the operator script runs it beside the live server: a deferred
    // transaction's upgrade to a writer would fail at once with "database is locked".
    { behavior: "immediate" },
  );
}

export function toggleAdminRole(targetId: number, actorId: number) {
  const target = getUserById(targetId);
  if (!target) return undefined;
  const makeAdmin = !target.roles.includes("admin");
  const user = setAdminRole(targetId, makeAdmin, actorId);
  const message = makeAdmin
    ? `${user.email} is now an admin`
    : `${user.email} is no longer an admin`;
  return { user, message };
}

export class WrongPasswordError extends Error {
  constructor(message = "Your current password is not correct") {
    super(message);
  }
}

async function requirePassword(userId: number, password: string) {
  const user = getUserById(userId);
  if (!user) throw new WrongPasswordError();
  const check = await checkCurrentPassword(user.id, password, user.passwordHash);
  if (!check.ok)
    throw new WrongPasswordError(check.reason === "too_many" ? check.message : undefined);
  return user;
}

/** Sets a new password and signs out every other session of the account. */
export async function changePassword(
  userId: number,
  current: string,
  next: string,
  keepSessionId?: string,
) {
  await requirePassword(userId, current);
  await setPassword(userId, next, keepSessionId);
}

/** Sets a new password and ends every session of the account but the one kept (if any). */
export async function setPassword(userId: number, next: string, keepSessionId?: string) {
  const passwordHash = await hashPassword(next);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)).run();
    tx.delete(sessions)
      .where(
        keepSessionId
          ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`)
          : eq(sessions.userId, userId),
      )
      .run();
  });
}

/**
 * Deletes the account with its goals, messages and sessions. Consent records stay (without the user)
 * as evidence, and a phone's opt-out state is kept by number, not by account.
 */
export async function deleteAccount(
  userId: number,
  password: string,
  { beforeDelete }: { beforeDelete?: () => Promise<void> } = {},
) {
  await requirePassword(userId, password);
  await beforeDelete?.();
  db.delete(users).where(eq(users.id, userId)).run();
}
