import { desc, eq } from "drizzle-orm";
import { handleIncomingText, receiveInboundSms } from "~/conversation/inbound.server";
import { createGoal } from "~/goals/goals.server";
import * as apiUser from "~/routes/api+/users_.$id";
import * as apiVerifyPhone from "~/routes/api+/verify-phone";
import * as forgotPassword from "~/routes/_auth+/forgot-password";
import * as sendMorning from "~/routes/api+/mock.send-morning-sms";
import * as sendEvening from "~/routes/api+/mock.send-evening-sms";
import * as partners from "~/routes/settings+/partners";
import { runTick } from "~/scheduler/tick.server";
import { isOptedOut } from "~/sms/may-text.server";
import { getUserById, toPublicUser } from "~/users/users.server";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { call, createTestUser, makeRequest, sessionCookie, uniquePhone } from "../helpers/requests";

// What a stranger with an account can make us text, through every door it has: the web chat, the /api,
// Settings, coaches and partners, forgot password and the scheduler. Texts are counted where they
// leave: the local transport's outbox (SMS_TRANSPORT=local in tests).

const { localOutbox } = schema;

const textsTo = (phone: string) =>
  db.select().from(localOutbox).where(eq(localOutbox.toPhone, phone)).orderBy(localOutbox.id).all();
const allTexts = () => db.select().from(localOutbox).orderBy(desc(localOutbox.id)).all();

let sid = 0;
const textFrom = (from: string, body: string) =>
  receiveInboundSms({ from, body, messageSid: `SMabuse${++sid}`, media: [] });

const form = (cookie: string, fields: Record<string, string>) =>
  call(
    partners.action,
    makeRequest("/settings/partners", { cookie, body: new URLSearchParams(fields) }),
  );

const partnerForm = (phone: string, name = "Alex") => ({
  intent: "partner-add",
  name,
  phone: phone.slice(2),
  role: "partner",
  inviterName: "Sam",
  weeklySummary: "on",
});

function chat(userId: number, text: string) {
  return handleIncomingText(toPublicUser(getUserById(userId)!), { text, source: "web" });
}

function verify(userId: number) {
  sqlite.prepare("update users set phone_verified_at = ? where id = ?").run(Date.now(), userId);
}

describe("an unverified account", () => {
  it("causes no text to any number but its own verification code, whatever it does", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    const stranger = uniquePhone();
    const before = allTexts().length;

    // Coaches and partners.
    await form(cookie, partnerForm(stranger));
    // The web chat, keywords and all.
    for (const text of ["START", "STOP", "HELP", "goal: run", "did 1", "pause", "resume"]) {
      await chat(user.id, text);
    }
    // The /api: send-now questions, a new phone (its own number changes; nobody is texted).
    await call(sendMorning.action, makeRequest("/api/mock/send-morning-sms", { cookie, json: {} }));
    createGoal(user.id, { description: "Run", dueDate: new Date() });
    await call(sendEvening.action, makeRequest("/api/mock/send-evening-sms", { cookie, json: {} }));
    await call(
      apiUser.action,
      makeRequest(`/api/users/${user.id}`, {
        method: "PATCH",
        cookie,
        json: { phone: stranger, currentPassword: user.password },
      }),
      { id: String(user.id) },
    );
    // Forgot password: codes go to verified numbers only.
    await call(
      forgotPassword.action,
      makeRequest("/forgot-password", {
        body: new URLSearchParams({ intent: "request", email: user.email }),
      }),
    );
    // The scheduler's morning question.
    await runTick(new Date(Date.now() + 60_000));
    expect(allTexts().length).toBe(before);

    // The one text it may cause: a code to its own number.
    const code = await call(
      apiVerifyPhone.action,
      makeRequest("/api/verify-phone", { cookie, json: { phone: stranger } }),
    );
    expect(code.status).toBe(200);
    const sent = allTexts().slice(0, allTexts().length - before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ toPhone: stranger });
    expect(sent[0]!.body).toMatch(/your verification code is \d{6}/);
  });
});

describe("a verified account", () => {
  it("causes at most 3 invitation texts a day, adding and removing as it likes", async () => {
    const user = await createTestUser();
    verify(user.id);
    const cookie = await sessionCookie(user.id);
    const numbers = Array.from({ length: 8 }, () => uniquePhone());
    for (const phone of numbers) {
      await form(cookie, partnerForm(phone));
      const row = db
        .select()
        .from(schema.partners)
        .where(eq(schema.partners.userId, user.id))
        .get();
      if (row) await form(cookie, { intent: "partner-remove", partnerId: String(row.id) });
      await form(cookie, partnerForm(phone));
    }
    const invitations = numbers.flatMap(textsTo).filter((t) => /invited you/.test(t.body));
    expect(invitations).toHaveLength(3);
  });
});

describe("a number that said STOP", () => {
  it("receives nothing more, through any door", async () => {
    const victim = uniquePhone();
    await textFrom(victim, "STOP");
    expect(isOptedOut(victim)).toBe(true);
    const confirmations = textsTo(victim).length;
    expect(confirmations).toBe(1);

    // An attacker puts the victim's number on an account and says START in the web chat.
    const attacker = await createTestUser();
    const attackerCookie = await sessionCookie(attacker.id);
    await call(
      apiUser.action,
      makeRequest(`/api/users/${attacker.id}`, {
        method: "PATCH",
        cookie: attackerCookie,
        json: { phone: victim, currentPassword: attacker.password },
      }),
      { id: String(attacker.id) },
    );
    await chat(attacker.id, "START");
    expect(isOptedOut(victim)).toBe(true);
    // It asks for codes, questions and the scheduler's texts.
    await call(
      apiVerifyPhone.action,
      makeRequest("/api/verify-phone", { cookie: attackerCookie, json: { phone: victim } }),
    );
    await call(
      sendMorning.action,
      makeRequest("/api/mock/send-morning-sms", { cookie: attackerCookie, json: {} }),
    );
    await runTick(new Date(Date.now() + 120_000));

    // Another, verified, account invites the victim as a partner.
    const inviter = await createTestUser();
    verify(inviter.id);
    await form(await sessionCookie(inviter.id), partnerForm(victim, "Victim"));

    expect(textsTo(victim)).toHaveLength(confirmations);
    expect(isOptedOut(victim)).toBe(true);
  });
});
