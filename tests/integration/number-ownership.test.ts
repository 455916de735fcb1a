import * as apiUsers from "~/routes/api+/users";
import { todayCard } from "~/dashboard/today-card.server";
import { receiveInboundSms } from "~/conversation/inbound.server";
import { checkCode, issueCode, NUMBER_TAKEN } from "~/verification/phone-codes.server";
import { getUserById, toPublicUser } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { desc, eq } from "drizzle-orm";
import { call, makeRequest, readJson, uniquePhone } from "../helpers/requests";

// Anyone can type any number into a sign-up form, and no text proves it then. So a number held by an
// account that never verified it blocks nobody: the first account to verify the number owns it, its
// texts go to that account only, and the others are asked for a different number.

let emails = 0;
async function signUp(phone: string) {
  const response = await call(
    apiUsers.action,
    makeRequest("/api/users", {
      json: {
        email: `owner${++emails}-${Date.now()}@example.com`,
        password: "long enough password",
        phone,
        terms: true,
      },
      address: `198.51.100.${emails}`,
    }),
  );
  return { status: response.status, body: await readJson(response) };
}

function lastCodeTo(phone: string) {
  const text = db
    .select()
    .from(schema.localOutbox)
    .where(eq(schema.localOutbox.toPhone, phone))
    .orderBy(desc(schema.localOutbox.id))
    .get();
  return /\b(\d{6})\b/.exec(text?.body ?? "")?.[1] ?? "";
}

async function verify(userId: number) {
  const sent = await issueCode({ id: userId }, "verify_phone");
  if (!sent.sent) return sent;
  return checkCode({ id: userId }, "verify_phone", lastCodeTo(getUserById(userId)!.phone));
}

let sid = 0;
const textFrom = (from: string, body: string) =>
  receiveInboundSms({ from, body, messageSid: `SMown${++sid}`, media: [] });

it("someone who typed my number first does not block me: I sign up, verify, and own it", async () => {
  const phone = uniquePhone();
  const squatter = await signUp(phone);
  expect(squatter.status).toBe(201);
  const owner = await signUp(phone);
  expect(owner.status).toBe(201);

  expect(await verify(owner.body.id)).toMatchObject({ ok: true });
  // The number's texts go to its owner only.
  expect(await textFrom(phone, "HELP")).toMatchObject({
    status: "handled",
    user: { id: owner.body.id },
  });
  // The other account may not verify it, is not even texted a code, and is asked for another number.
  const codes = db.select().from(schema.localOutbox).all().length;
  expect(await issueCode({ id: squatter.body.id }, "verify_phone")).toMatchObject({
    sent: false,
    reason: "taken",
    message: NUMBER_TAKEN,
  });
  expect(db.select().from(schema.localOutbox).all()).toHaveLength(codes);
  const card = todayCard(toPublicUser(getUserById(squatter.body.id)!), []);
  expect(card).toMatchObject({ state: "unverified", numberTaken: true });
});

it("a number already verified by an account cannot be signed up with again", async () => {
  const phone = uniquePhone();
  const owner = await signUp(phone);
  expect(await verify(owner.body.id)).toMatchObject({ ok: true });
  const second = await signUp(phone);
  expect(second.status).toBe(409);
  expect(second.body).toEqual({
    message: "This phone number is already linked to another account",
  });
});

it("of two accounts holding a number, the first to enter its code owns it; the other's code is refused", async () => {
  const phone = uniquePhone();
  const first = await signUp(phone);
  const second = await signUp(phone);
  await issueCode({ id: first.body.id }, "verify_phone");
  const firstCode = lastCodeTo(phone);
  await issueCode({ id: second.body.id }, "verify_phone");
  const secondCode = lastCodeTo(phone);

  expect(checkCode({ id: second.body.id }, "verify_phone", secondCode)).toMatchObject({ ok: true });
  expect(checkCode({ id: first.body.id }, "verify_phone", firstCode)).toEqual({
    ok: false,
    reason: "taken",
  });
  expect(getUserById(first.body.id)!.phoneVerifiedAt).toBeNull();
  expect(getUserById(second.body.id)!.phoneVerifiedAt).not.toBeNull();
});
