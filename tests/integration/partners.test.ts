import { count, eq } from "drizzle-orm";
import { handleIncomingText, receiveInboundSms } from "~/conversation/inbound.server";
import { completeGoal, createGoal, dueTodayAt, todayFor } from "~/goals/goals.server";
import {
  notifyPartnersOfCheckIn,
  partnersForSettings,
  addPartner,
} from "~/partners/partners.server";
import * as settings from "~/routes/settings+/partners";
import * as sharedSummary from "~/routes/share+/$token_.summaries.$period.$date";
import * as sharePage from "~/routes/share+/$token";
import { createShareLink, findActiveShareLink, listShareLinks } from "~/sharing/share-links.server";
import { templates } from "~/replies/templates";
import { runTick } from "~/scheduler/tick.server";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { RecordingTransport } from "../helpers/recording-transport";
import { toastOf } from "../helpers/toasts";

const { partners, partnerInvitations, shareLinks, localOutbox } = schema;

// New York is on EST (UTC-5) in late 2026: 18:01 local on a Sunday is 23:01Z.
const SUNDAY_1 = { date: "2026-11-22", tick: "2026-11-22T23:01:00Z" };
const SUNDAY_2 = { date: "2026-11-29", tick: "2026-11-29T23:01:00Z" };
const SUNDAY_3 = { date: "2026-12-06", tick: "2026-12-06T23:01:00Z" };

let transport: RecordingTransport;
const tick = (at: string) => runTick(new Date(at), { transport });

beforeEach(() => {
  transport = new RecordingTransport();
  // Each test's first tick looks back one catch-up window only.
  sqlite.exec("delete from scheduler_ticks");
});

/** Partner numbers, away from the range createTestUser hands out (201-555-1001 onwards). */
let partnerCount = 0;
function partnerPhone() {
  partnerCount += 1;
  return `+1201555${3000 + partnerCount}`;
}
const national = (e164: string) => e164.slice(2);

let sidCount = 0;
const textFrom = (phone: string, body: string) =>
  receiveInboundSms({ from: phone, body, messageSid: `SMinbound${++sidCount}`, media: [] });

function outbox(phone: string) {
  return db
    .select()
    .from(localOutbox)
    .where(eq(localOutbox.toPhone, phone))
    .orderBy(localOutbox.id)
    .all()
    .map((row) => row.body);
}

function counts() {
  const n = (table: typeof partners | typeof partnerInvitations | typeof shareLinks) =>
    db.select({ n: count() }).from(table).get()!.n;
  return {
    partners: n(partners),
    invitations: n(partnerInvitations),
    shareLinks: n(shareLinks),
    texts: db.select({ n: count() }).from(localOutbox).get()!.n,
  };
}

function partnerRows(userId: number) {
  return db.select().from(partners).where(eq(partners.userId, userId)).all();
}

function partnerLink(partnerId: number) {
  const partner = db.select().from(partners).where(eq(partners.id, partnerId)).get()!;
  return db.select().from(shareLinks).where(eq(shareLinks.id, partner.shareLinkId!)).get()!;
}

function partnerLedger(userId: number) {
  return sqlite
    .prepare<
      [number],
      { kind: string; local_date: string; status: string; to_phone: string | null }
    >(
      "select kind, local_date, status, to_phone from scheduled_sends where user_id = ? and kind like 'partner_%' order by id",
    )
    .all(userId);
}

function post(cookie: string | undefined, fields: Record<string, string>) {
  return call(
    settings.action,
    makeRequest("/settings/partners", {
      method: "POST",
      body: new URLSearchParams(fields),
      cookie,
    }),
  );
}

function addForm(phone: string, overrides: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    intent: "partner-add",
    name: "Alex",
    phone: national(phone),
    role: "partner",
    inviterName: "Sam",
    weeklySummary: "on",
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** A signed-in account whose phone is verified: only such an account may invite anyone. */
async function signedIn() {
  const user = await createTestUser();
  sqlite.prepare("update users set phone_verified_at = ? where id = ?").run(Date.now(), user.id);
  return { user, cookie: await sessionCookie(user.id) };
}

/** Adds a partner through the Settings form and returns its row. */
async function invite(
  cookie: string,
  userId: number,
  phone: string,
  overrides: Record<string, string | undefined> = {},
) {
  const response = await post(cookie, addForm(phone, overrides));
  expect(response.status).toBe(302);
  return partnerRows(userId).find((p) => p.phone === phone)!;
}

describe("adding a coach or partner in Settings", () => {
  it("sends exactly one invitation naming the user's chosen name, and nothing else", async () => {
    const { user, cookie } = await signedIn();
    const phone = partnerPhone();
    const before = counts();

    const response = await post(
      cookie,
      addForm(phone, { phone: `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}` }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/partners");
    expect(await toastOf(response)).toMatchObject({ title: "Invitation sent" });

    expect(outbox(phone)).toEqual([templates.partnerInvitation("Sam", "partner")]);
    expect(outbox(phone)[0]).toMatch(/^StreakCoach: Sam invited you/);
    expect(outbox(phone)[0]).toMatch(/Reply YES to accept or NO to decline/);
    // Nothing to anyone else: not the user, not another number.
    expect(outbox(user.phone)).toEqual([]);
    expect(counts()).toEqual({
      partners: before.partners + 1,
      invitations: before.invitations + 1,
      shareLinks: before.shareLinks + 1,
      texts: before.texts + 1,
    });

    const [row, ...more] = partnerRows(user.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      name: "Alex",
      phone,
      role: "partner",
      inviterName: "Sam",
      status: "invited",
      weeklySummary: true,
      monthlySummary: false,
      eveningNotes: false,
      respondedAt: null,
    });
    // Their link names the user as chosen, never shows photos and does not expire.
    expect(partnerLink(row!.id)).toMatchObject({
      userId: user.id,
      ownerName: "Sam",
      includePhotos: false,
      expiresAt: null,
      revokedAt: null,
    });
    expect(partnersForSettings(user.id)).toEqual([
      {
        id: row!.id,
        name: "Alex",
        phone: expect.stringContaining(phone.slice(8)),
        role: "partner",
        state: "invited",
        stateLabel: "Invited",
        shares: "weekly summary",
      },
    ]);
    const page = await readJson(
      await call(settings.loader, makeRequest("/settings/partners", { cookie })),
    );
    expect(page.partners).toMatchObject([{ id: row!.id, state: "invited" }]);
  });

  it("invites a coach as a coach", async () => {
    const { user, cookie } = await signedIn();
    const phone = partnerPhone();
    const row = await invite(cookie, user.id, phone, {
      role: "coach",
      inviterName: "Dana",
      weeklySummary: undefined,
      monthlySummary: "on",
      eveningNotes: "on",
    });
    expect(row).toMatchObject({
      role: "coach",
      weeklySummary: false,
      monthlySummary: true,
      eveningNotes: true,
    });
    expect(outbox(phone)).toEqual([templates.partnerInvitation("Dana", "coach")]);
    expect(outbox(phone)[0]).toContain("to be their coach");
  });

  it.each([
    ["a bad phone number", { phone: "12345" }, "phone"],
    ["a number outside the US", { phone: "+44 20 7946 0958" }, "phone"],
    ["no choice ticked", { weeklySummary: undefined }, "weeklySummary"],
    ["a name with a URL", { name: "Alex https://evil.example" }, "name"],
    ["their name missing", { name: "  " }, "name"],
    ["a chosen name with a link", { inviterName: "www.spam.example" }, "inviterName"],
    ["a chosen name with markup", { inviterName: "<b>Sam</b>" }, "inviterName"],
    ["no role", { role: "boss" }, "role"],
  ])("answers 400 with a field error and writes nothing for %s", async (_, overrides, field) => {
    const { user, cookie } = await signedIn();
    const phone = partnerPhone();
    const before = counts();
    const response = await post(cookie, addForm(phone, overrides));
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.intent).toBe("partner-add");
    expect(body.result.status).toBe("error");
    expect(body.result.error[field]).toEqual([expect.any(String)]);
    expect(counts()).toEqual(before);
    expect(partnerRows(user.id)).toEqual([]);
    expect(outbox(phone)).toEqual([]);
  });

  it("names the field errors the form shows", async () => {
    const { cookie } = await signedIn();
    const noChoice = await readJson(
      await post(cookie, addForm(partnerPhone(), { weeklySummary: undefined })),
    );
    expect(noChoice.result.error.weeklySummary).toEqual(["Choose at least one thing to share"]);
    const link = await readJson(
      await post(cookie, addForm(partnerPhone(), { name: "see http://x.example" })),
    );
    expect(link.result.error.name).toEqual([
      "Name can only be a name: no links, web or email addresses, phone numbers or markup",
    ]);
  });

  it("sends anonymous visitors to log in and writes nothing", async () => {
    const phone = partnerPhone();
    const before = counts();
    const response = await post(undefined, addForm(phone));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(counts()).toEqual(before);
    expect(outbox(phone)).toEqual([]);
  });
});

describe("limits on adding", () => {
  async function refused(cookie: string, fields: Record<string, string>, message: RegExp) {
    const before = counts();
    const response = await post(cookie, fields);
    expect(response.status).toBe(409);
    const body = await readJson(response);
    expect(body.intent).toBe("partner-add");
    expect(Object.values(body.result.error).flat()).toEqual([expect.stringMatching(message)]);
    expect(counts()).toEqual(before);
  }

  it("refuses a 6th coach or partner", async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < 5; i++) {
      await invite(cookie, user.id, partnerPhone());
      // Spread over days: the daily cap on invitations is not what this is about.
      sqlite
        .prepare("update partner_invitations set created_at = created_at - ? where user_id = ?")
        .run(86_400_000, user.id);
    }
    const sixth = partnerPhone();
    await refused(cookie, addForm(sixth), /up to 5 coaches and partners/);
    expect(partnerRows(user.id)).toHaveLength(5);
    expect(outbox(sixth)).toEqual([]);
  });

  it("refuses the user's own number", async () => {
    const { user, cookie } = await signedIn();
    await refused(cookie, addForm(user.phone), /your own number/);
    expect(partnerRows(user.id)).toEqual([]);
    expect(outbox(user.phone)).toEqual([]);
  });

  it("refuses a number already added, however it is written", async () => {
    const { user, cookie } = await signedIn();
    const phone = partnerPhone();
    await invite(cookie, user.id, phone);
    await refused(cookie, addForm(phone, { name: "Alex again" }), /already added this number/);
    await refused(
      cookie,
      addForm(phone, { phone: `+1 ${phone.slice(2, 5)}.${phone.slice(5, 8)}.${phone.slice(8)}` }),
      /already added this number/,
    );
    expect(partnerRows(user.id)).toHaveLength(1);
    expect(outbox(phone)).toHaveLength(1);
  });

  it("texts a number that has not said YES at most once in 30 days, whoever asks", async () => {
    const phone = partnerPhone();
    const [first, second] = [await signedIn(), await signedIn()];
    await invite(first.cookie, first.user.id, phone);
    expect(outbox(phone)).toHaveLength(1);
    await refused(second.cookie, addForm(phone), /invited recently and has not accepted/);

    // Removing and adding again is no way around it.
    const row = partnerRows(first.user.id)[0]!;
    await post(first.cookie, { intent: "partner-remove", partnerId: String(row.id) });
    await refused(first.cookie, addForm(phone), /invited recently and has not accepted/);
    expect(outbox(phone)).toHaveLength(1);

    // 31 days later it may be asked again.
    const later = new Date(Date.now() + 31 * 86_400_000);
    const { partner } = await addPartner(
      second.user.id,
      {
        name: "Alex",
        phone,
        role: "partner",
        inviterName: "Kim",
        weeklySummary: true,
        monthlySummary: false,
        eveningNotes: false,
      },
      later,
    );
    expect(partner.status).toBe("invited");
  });

  it("lets a number that said YES be invited by others, up to 3 invitations in 30 days", async () => {
    const phone = partnerPhone();
    const inviters = [await signedIn(), await signedIn(), await signedIn(), await signedIn()];
    await invite(inviters[0]!.cookie, inviters[0]!.user.id, phone);
    await textFrom(phone, "YES");
    await invite(inviters[1]!.cookie, inviters[1]!.user.id, phone);
    await invite(inviters[2]!.cookie, inviters[2]!.user.id, phone);
    await refused(inviters[3]!.cookie, addForm(phone), /invited recently/);
    expect(outbox(phone).filter((t) => /invited you/.test(t))).toHaveLength(3);
  });

  it("caps one account at 3 invitations a day, removed partners counted", async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < 3; i += 1) {
      const row = await invite(cookie, user.id, partnerPhone());
      await post(cookie, { intent: "partner-remove", partnerId: String(row.id) });
    }
    const phone = partnerPhone();
    await refused(cookie, addForm(phone), /up to 3 invitations a day/);
    expect(outbox(phone)).toEqual([]);
  });

  it("needs a verified phone: an unverified account texts nobody", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    const phone = partnerPhone();
    await refused(cookie, addForm(phone), /Verify your phone number before inviting/);
    expect(outbox(phone)).toEqual([]);
  });

  it.each([
    "Win a prize at evil.example/x",
    "Sam (bit . ly/prize)",
    "Call 201 555 0100",
    "sam@evil.example",
    "<b>Sam</b>",
    "https://x",
  ])("refuses the inviter name %j, which would go into the text", async (inviterName) => {
    const { cookie } = await signedIn();
    const phone = partnerPhone();
    const body = await readJson(await post(cookie, addForm(phone, { inviterName })));
    expect(body.result.error.inviterName).toEqual([
      "Your name can only be a name: no links, web or email addresses, phone numbers or markup",
    ]);
    expect(outbox(phone)).toEqual([]);
  });

  it("refuses a partner when the user already has the most share links, and writes nothing", async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < 20; i++) {
      createShareLink(user.id, {
        label: `Link ${i}`,
        ownerName: "Sam",
        includePhotos: false,
        expires: "never",
      });
    }
    const phone = partnerPhone();
    await refused(cookie, addForm(phone), /share links/);
    expect(partnerRows(user.id)).toEqual([]);
    expect(outbox(phone)).toEqual([]);
  });
});

describe("consent", () => {
  it("sends summaries only after YES, once per week, and nothing after STOP", async () => {
    const { user, cookie } = await signedIn();
    const phone = partnerPhone();
    const row = await invite(cookie, user.id, phone);
    const token = partnerLink(row.id).token;
    // A week with two goals, one done.
    const done = createGoal(user.id, {
      description: "Run 5k",
      dueDate: new Date("2026-11-24T23:00:00Z"),
    });
    completeGoal(user.id, done.id, {}, new Date("2026-11-24T22:00:00Z"));
    createGoal(user.id, { description: "Read", dueDate: new Date("2026-11-26T23:00:00Z") });

    // Invited only: the Sunday summary does not reach them.
    await tick(SUNDAY_1.tick);
    expect(transport.to(phone)).toEqual([]);
    expect(partnerLedger(user.id)).toEqual([]);

    const accepted = await textFrom(phone, "Yes!");
    expect(accepted).toEqual({ status: "partner", reply: templates.partnerAccepted(["Sam"]) });
    expect(outbox(phone).at(-1)).toBe(templates.partnerAccepted(["Sam"]));
    expect(partnerRows(user.id)[0]).toMatchObject({ status: "active" });
    expect(partnersForSettings(user.id)[0]).toMatchObject({ state: "active" });

    // A number without an account is answered once a day: the same day, silence.
    const answered = outbox(phone).length;
    await textFrom(phone, "hello?");
    expect(outbox(phone)).toHaveLength(answered);
    // The next day an active partner gets the pointer to what they signed up for.
    sqlite
      .prepare("update inbound_receipts set received_at = received_at - ? where from_phone = ?")
      .run(25 * 3600_000, phone);
    await textFrom(phone, "hello again?");
    expect(outbox(phone).at(-1)).toBe(templates.partnerInfo(["Sam"]));

    await tick(SUNDAY_2.tick);
    const received = transport.to(phone);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(
      /^Sam's week: 2 goals set; completion 50% \(1 of 2 decided goals\)/,
    );
    const path = `/share/${token}/summaries/weekly/${SUNDAY_2.date}`;
    expect(received[0]).toContain(`${path} `);
    expect(partnerLedger(user.id)).toEqual([
      {
        kind: "partner_weekly",
        local_date: `${SUNDAY_2.date}:p${row.id}`,
        status: "sent",
        to_phone: phone,
      },
    ]);
    // The link in the text opens the summary.
    const page = await call(sharedSummary.loader, makeRequest(path), {
      token,
      period: "weekly",
      date: SUNDAY_2.date,
    });
    expect(page.status).toBe(200);
    expect((await readJson(page)).figures).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: "Goals set", value: "2" })]),
    );

    // The same slot again sends nothing more.
    await tick(SUNDAY_2.tick);
    expect(transport.to(phone)).toHaveLength(1);
    expect(partnerLedger(user.id)).toHaveLength(1);

    const stopped = await textFrom(phone, "STOP");
    expect(stopped.status).toBe("unknown_number");
    expect(outbox(phone).at(-1)).toBe(templates.stopConfirmed());
    expect(partnersForSettings(user.id)[0]).toMatchObject({
      state: "opted_out",
      stateLabel: "Opted out",
    });

    await tick(SUNDAY_3.tick);
    expect(transport.to(phone)).toHaveLength(1);
    expect(partnerLedger(user.id).filter((r) => r.status === "sent")).toHaveLength(1);
    expect(await notifyPartnersOfCheckIn(user.id, 1, 2, 3)).toBe(0);
  });

  it("NO declines; YES after NO re-activates", async () => {
    const { user, cookie } = await signedIn();
    const phone = partnerPhone();
    const row = await invite(cookie, user.id, phone, { inviterName: "Jo", eveningNotes: "on" });
    expect(await notifyPartnersOfCheckIn(user.id, 1, 2, 3)).toBe(0);

    const declined = await textFrom(phone, "No thanks");
    expect(declined).toEqual({ status: "partner", reply: templates.partnerDeclined(["Jo"]) });
    expect(partnerRows(user.id)[0]).toMatchObject({ status: "declined" });
    expect(partnersForSettings(user.id)[0]).toMatchObject({ state: "declined" });
    expect(await notifyPartnersOfCheckIn(user.id, 1, 2, 3)).toBe(0);
    await tick(SUNDAY_1.tick);
    expect(transport.to(phone)).toEqual([]);

    // A second NO has nothing left to answer.
    await textFrom(phone, "no");
    expect(partnerRows(user.id)[0]).toMatchObject({ status: "declined" });
    const textsWhileDeclined = outbox(phone).length;

    const accepted = await textFrom(phone, "yes");
    expect(accepted).toEqual({ status: "partner", reply: templates.partnerAccepted(["Jo"]) });
    expect(partnerRows(user.id)[0]).toMatchObject({ status: "active" });
    expect(partnersForSettings(user.id)[0]).toMatchObject({ state: "active" });

    expect(await notifyPartnersOfCheckIn(user.id, 1, 2, 3)).toBe(1);
    expect(outbox(phone).at(-1)).toBe(templates.partnerEveningNote("Jo", 1, 2, 3));
    expect(outbox(phone).length).toBe(textsWhileDeclined + 2);

    await tick(SUNDAY_2.tick);
    expect(transport.to(phone)).toHaveLength(1);
    expect(transport.to(phone)[0]).toContain(
      `/share/${partnerLink(row.id).token}/summaries/weekly/${SUNDAY_2.date}`,
    );
  });

  it("YES answers every open invitation to the number, and not another number's", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const phone = partnerPhone();
    const bystander = partnerPhone();
    await invite(first.cookie, first.user.id, phone, { inviterName: "Ann" });
    // A second account may invite the number only once it said YES to someone: seed that case.
    await addPartner(
      second.user.id,
      {
        name: "Pat",
        phone,
        role: "partner",
        inviterName: "Ben",
        weeklySummary: true,
        monthlySummary: false,
        eveningNotes: false,
      },
      new Date(Date.now() + 31 * 86_400_000),
    );
    await invite(second.cookie, second.user.id, bystander);

    const result = await textFrom(phone, "ok");
    expect(result).toEqual({ status: "partner", reply: templates.partnerAccepted(["Ann", "Ben"]) });
    expect(partnerRows(first.user.id)[0]).toMatchObject({ status: "active" });
    expect(partnerRows(second.user.id).map((p) => [p.phone, p.status])).toEqual([
      [phone, "active"],
      [bystander, "invited"],
    ]);
  });
});

describe("removing a coach or partner", () => {
  it("only the owner can remove one; removal revokes its share link", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const phone = partnerPhone();
    const row = await invite(owner.cookie, owner.user.id, phone);
    const link = partnerLink(row.id);
    await textFrom(phone, "YES");
    const rowsBefore = partnerRows(owner.user.id);

    const attempt = await post(other.cookie, {
      intent: "partner-remove",
      partnerId: String(row.id),
    });
    expect(attempt.status).toBe(302);
    expect(await toastOf(attempt)).toMatchObject({ type: "error" });
    expect(partnerRows(owner.user.id)).toEqual(rowsBefore);
    for (const partnerId of ["", "abc", "-1", `${row.id}.5`]) {
      const tampered = await post(owner.cookie, { intent: "partner-remove", partnerId });
      expect(await toastOf(tampered)).toMatchObject({ type: "error" });
    }
    expect(partnerRows(owner.user.id)).toEqual(rowsBefore);
    expect(findActiveShareLink(link.token)?.id).toBe(link.id);

    const removed = await post(owner.cookie, {
      intent: "partner-remove",
      partnerId: String(row.id),
    });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/settings/partners");
    expect(await toastOf(removed)).toMatchObject({ title: "Removed" });
    expect(partnerRows(owner.user.id)).toEqual([]);
    expect(findActiveShareLink(link.token)).toBeUndefined();
    expect(listShareLinks(owner.user.id).find((l) => l.id === link.id)?.state).toBe("revoked");
    const gone = await call(sharePage.loader, makeRequest(`/share/${link.token}`), {
      token: link.token,
    });
    expect(gone.status).toBe(404);

    // Removed after saying YES: Sunday's summary does not reach them.
    await tick(SUNDAY_2.tick);
    expect(transport.to(phone)).toEqual([]);
  });
});

describe("evening notes", () => {
  it("a check-in in the web chat sends the note to an active partner who chose it, and only them", async () => {
    const { user, cookie } = await signedIn();
    const noting = partnerPhone();
    const summariesOnly = partnerPhone();
    await invite(cookie, user.id, noting, { inviterName: "Jo", eveningNotes: "on" });
    await invite(cookie, user.id, summariesOnly, { inviterName: "Jo" });
    await textFrom(noting, "YES");
    await textFrom(summariesOnly, "YES");
    const now = new Date();
    createGoal(user.id, { description: "Run 5k", dueDate: dueTodayAt(user, "23:58", now) });
    createGoal(user.id, { description: "Read", dueDate: dueTodayAt(user, "23:59", now) });
    const textsBefore = outbox(summariesOnly).length;
    // The evening question went out: "1" answers it.
    sqlite
      .prepare("update users set pending_prompt = 'evening', pending_prompt_day = ? where id = ?")
      .run(todayFor(user, now), user.id);
    const asked = {
      ...user,
      pendingPrompt: "evening" as const,
      pendingPromptDay: todayFor(user, now),
    };

    const result = await handleIncomingText(asked, { text: "1", source: "web" }, now);
    expect(result.intent).toBe("check_in");

    expect(outbox(noting).at(-1)).toBe(templates.partnerEveningNote("Jo", 1, 2, 1));
    expect(outbox(summariesOnly)).toHaveLength(textsBefore);
  });
});
