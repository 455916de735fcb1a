import { desc, eq } from "drizzle-orm";
import * as devPhone from "~/routes/dev+/phone";
import { sendTextToNumber } from "~/sms/outbound.server";
import { issueCode } from "~/verification/phone-codes.server";
import { db, schema } from "~/utils/db/db.server";
import {
  call,
  createTestUser,
  makeRequest,
  markPhoneVerified,
  readJson,
} from "../helpers/requests";

const { messages, media, localOutbox } = schema;

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const load = async (phone?: string) =>
  call(
    devPhone.loader,
    makeRequest(
      phone === undefined ? "/dev/phone" : `/dev/phone?${new URLSearchParams({ phone })}`,
    ),
  );

function reply(fields: Record<string, string>, photo?: File) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (photo) body.set("photo", photo);
  return call(devPhone.action, makeRequest("/dev/phone", { method: "POST", body }));
}

/** Only the account that verified a number gets its texts. */
async function verifiedUser() {
  const user = await createTestUser();
  markPhoneVerified(user.id);
  return user;
}

describe("/dev/phone with the local transport", () => {
  it("lists the numbers of accounts and of texts sent, and shows what a number received, newest last", async () => {
    const user = await createTestUser();
    await sendTextToNumber("+12015550111", "Hello stranger");
    await issueCode(user, "verify_phone");
    await issueCode(user, "verify_phone");

    const page = await readJson(await load());
    expect(page.phone).toBeNull();
    expect(page.numbers).toEqual(
      expect.arrayContaining([
        { phone: user.phone, email: user.email },
        { phone: "+12015550111", email: null },
      ]),
    );

    // Any way of writing the number opens it.
    const national = user.phone.slice(2);
    const thread = await readJson(await load(national));
    expect(thread.phone).toBe(user.phone);
    expect(thread.account).toEqual({ email: user.email, verified: false, optedOut: false });
    expect(thread.thread).toHaveLength(2);
    const outbox = db
      .select()
      .from(localOutbox)
      .where(eq(localOutbox.toPhone, user.phone))
      .orderBy(localOutbox.id)
      .all();
    expect(thread.thread.map((t: { body: string }) => t.body)).toEqual(outbox.map((t) => t.body));
    expect(thread.thread[1].body).toMatch(/verification code is \d{6}/);
    expect(thread.thread[0]).toMatchObject({ direction: "received" });
    expect(typeof thread.thread[0].time).toBe("string");

    const bad = await readJson(await load("hello"));
    expect(bad.phone).toBeNull();
    expect(bad.error).toMatch(/Enter a phone number/);
  });

  it("a reply takes the real inbound path and the page shows it with the answer", async () => {
    const user = await verifiedUser();
    const res = await reply({ phone: user.phone, message: "HELP" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      `/dev/phone?${new URLSearchParams({ phone: user.phone })}`,
    );
    const inbound = db
      .select()
      .from(messages)
      .where(eq(messages.userId, user.id))
      .orderBy(messages.id)
      .all();
    expect(inbound[0]).toMatchObject({ fromSystem: false, source: "sms", body: "HELP" });
    expect(inbound[0]!.providerSid).toMatch(/^SMdev[0-9a-f]{32}$/);

    const page = await readJson(await load(user.phone));
    expect(page.thread.map((t: { direction: string }) => t.direction)).toEqual([
      "sent",
      "received",
    ]);
    expect(page.thread[0].body).toBe("HELP");
    expect(page.thread[1].body).toMatch(/Msg & data rates may apply/);
  });

  it("a number with no account gets the pointer to the website, and the page shows what it sent", async () => {
    const res = await reply({ phone: "(201) 555-0177", message: "hi" });
    expect(res.status).toBe(302);
    const page = await readJson(await load("+12015550177"));
    expect(page.account).toMatchObject({ email: null });
    expect(page.thread.map((t: { direction: string }) => t.direction)).toEqual([
      "sent",
      "received",
    ]);
    expect(page.thread[0].body).toBe("hi");
    expect(page.thread[1].body).toMatch(/isn't linked to an account/);
  });

  it("sends a photo as an MMS", async () => {
    const user = await verifiedUser();
    const res = await reply(
      { phone: user.phone, message: "" },
      new File([PNG], "proof.png", { type: "image/png" }),
    );
    expect(res.status).toBe(302);
    const [stored] = db.select().from(media).where(eq(media.userId, user.id)).all();
    // Kept in the object store, re-encoded without metadata: no bytes in the database.
    expect(stored).toMatchObject({ contentType: "image/png", data: null });
    expect(stored!.storageKey).toBe(`media/${stored!.id}`);
    const [inbound] = db
      .select()
      .from(messages)
      .where(eq(messages.userId, user.id))
      .orderBy(desc(messages.id))
      .all()
      .filter((m) => !m.fromSystem);
    expect(inbound!.mediaUrls).toEqual([`/media/${stored!.id}`]);
  });

  it("refuses an empty reply, a missing number and a file that is not an image", async () => {
    const user = await createTestUser();
    const empty = await reply({ phone: user.phone, message: "  " });
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).error.message).toEqual(["Type a message or add a photo"]);
    const noPhone = await reply({ message: "hi" });
    expect(noPhone.status).toBe(400);
    const notImage = await reply(
      { phone: user.phone, message: "look" },
      new File(["plain"], "note.txt", { type: "text/plain" }),
    );
    expect(notImage.status).toBe(400);
    expect(db.select().from(messages).where(eq(messages.userId, user.id)).all()).toHaveLength(0);
  });

  it("a number held by an account that never verified it is treated as a stranger's", async () => {
    const user = await createTestUser();
    await reply({ phone: user.phone, message: "Run 5k" });
    expect(db.select().from(messages).where(eq(messages.userId, user.id)).all()).toHaveLength(0);
    expect(
      db.select().from(schema.goals).where(eq(schema.goals.userId, user.id)).all(),
    ).toHaveLength(0);
    const page = await readJson(await load(user.phone));
    expect(page.account).toMatchObject({ email: user.email, verified: false });
    expect(page.thread.map((t: { body: string }) => t.body)).toEqual([
      "Run 5k",
      expect.stringMatching(/isn't linked to an account/),
    ]);
  });
});
