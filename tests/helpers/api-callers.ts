import { createTestUser, sessionCookie } from "./requests";

export type TestUser = Awaited<ReturnType<typeof createTestUser>>;

/**
 * Alice and Bob, two plain accounts, and an admin, each signed in. `tag` keeps their emails apart
 * from other files' (alice-msg@example.com for "-msg").
 */
export async function aliceBobAndAdmin(tag = "") {
  const alice = await createTestUser({ email: `alice${tag}@example.com` });
  const bob = await createTestUser({ email: `bob${tag}@example.com` });
  const admin = await createTestUser({ email: `admin${tag}@example.com`, admin: true });
  return {
    alice,
    bob,
    admin,
    aliceCookie: await sessionCookie(alice.id),
    bobCookie: await sessionCookie(bob.id),
    adminCookie: await sessionCookie(admin.id),
  };
}
