import { and, asc, eq, isNotNull } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";
import { isOptedOut } from "~/sms/may-text.server";

// What the development phone (/dev/phone) reads and keeps. Server-only: the page's module reaches
// the client bundle, where the database does not exist.

const { users, localOutbox, localInbox, messages } = schema;

export type DevPhoneText = {
  key: string;
  direction: "sent" | "received";
  body: string;
  media: string[];
  at: string;
  time: string;
};

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "America/New_York",
});

/** Every number the page can pick: account holders and numbers we texted. */
export function devPhoneNumbers() {
  const accounts = db.select({ phone: users.phone, email: users.email }).from(users).all();
  const known = new Map(accounts.map((a) => [a.phone, a.email]));
  const outboxNumbers = db.selectDistinct({ phone: localOutbox.toPhone }).from(localOutbox).all();
  return Array.from(new Set([...known.keys(), ...outboxNumbers.map((n) => n.phone)]))
    .sort()
    .map((n) => ({ phone: n, email: known.get(n) ?? null }));
}

/** The verified owner of a number: only they have its texts in a thread. */
function ownerOf(phone: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)))
    .get();
}

function holderOf(phone: string) {
  return db.select().from(users).where(eq(users.phone, phone)).get();
}

/** A text from a number without a verified owner is kept for this page (nobody's thread holds it). */
export function keepTextFromNumberWithoutOwner(phone: string, body: string) {
  if (!ownerOf(phone)) db.insert(localInbox).values({ fromPhone: phone, body }).run();
}

/** The phone's conversation, oldest first like a phone, and the account that holds the number. */
export function devPhoneThread(phone: string) {
  const holder = holderOf(phone);
  const owner = holder?.phoneVerifiedAt ? holder : undefined;
  const received = db
    .select()
    .from(localOutbox)
    .where(eq(localOutbox.toPhone, phone))
    .orderBy(asc(localOutbox.createdAt), asc(localOutbox.id))
    .all()
    .map((t) => ({
      key: `in-${t.id}`,
      direction: "received" as const,
      body: t.body,
      media: [] as string[],
      at: t.createdAt,
    }));
  const sent = owner ? sentByOwner(owner.id) : sentWithoutOwner(phone);
  // A text sent and its answer in the same instant keep that order.
  const thread = [...sent, ...received]
    .sort(
      (a, b) =>
        a.at.getTime() - b.at.getTime() ||
        (a.direction === b.direction ? 0 : a.direction === "sent" ? -1 : 1),
    )
    .map((t): DevPhoneText => ({ ...t, at: t.at.toISOString(), time: timeFormat.format(t.at) }));
  return {
    account: {
      email: holder?.email ?? null,
      verified: Boolean(holder?.phoneVerifiedAt),
      optedOut: isOptedOut(phone),
    },
    thread,
  };
}

function sentByOwner(userId: number) {
  return db
    .select()
    .from(messages)
    .where(
      and(eq(messages.userId, userId), eq(messages.fromSystem, false), eq(messages.source, "sms")),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .all()
    .map((m) => ({
      key: `out-${m.id}`,
      direction: "sent" as const,
      body: m.body,
      media: m.mediaUrls,
      at: m.createdAt,
    }));
}

function sentWithoutOwner(phone: string) {
  return db
    .select()
    .from(localInbox)
    .where(eq(localInbox.fromPhone, phone))
    .orderBy(asc(localInbox.createdAt), asc(localInbox.id))
    .all()
    .map((t) => ({
      key: `out-${t.id}`,
      direction: "sent" as const,
      body: t.body,
      media: [] as string[],
      at: t.createdAt,
    }));
}
