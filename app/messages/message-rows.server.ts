import { sql } from "drizzle-orm";
import { db, preparedQuery, schema } from "~/utils/db/db.server";

// The one place a row of a user's thread is made: a text in or out, a web chat message, and the
// scheduler's batches (inside their claim transaction, on the same connection).

const { messages } = schema;

export type NewMessage = {
  userId: number;
  fromSystem: boolean;
  body: string;
  source: "sms" | "web";
  /** What the text was for: conversation, morning, evening, verification… */
  kind: string;
  /** queued, sent, delivered, received, … */
  status: string;
  linkedGoalIds?: number[];
  mediaUrls?: string[];
  providerSid?: string | null;
  /** When it was made; the database's clock when left out. */
  createdAt?: Date;
};

// Prepared once: every inbound text and every scheduled send stores a row.
const insertMessage = preparedQuery(() =>
  db
    .insert(messages)
    .values({
      userId: sql.placeholder("userId"),
      fromSystem: sql.placeholder("fromSystem"),
      body: sql.placeholder("body"),
      mediaUrls: sql.placeholder("mediaUrls"),
      source: sql.placeholder("source"),
      kind: sql.placeholder("kind"),
      status: sql.placeholder("status"),
      linkedGoalIds: sql.placeholder("linkedGoalIds"),
      providerSid: sql.placeholder("providerSid"),
      createdAt: sql`coalesce(${sql.placeholder("createdAt")}, unixepoch('subsec') * 1000)`,
    })
    .returning({ id: messages.id })
    .prepare(),
);

/** Stores one message of a user's thread; returns its id. */
export function storeMessage(message: NewMessage): number {
  return insertMessage().get({
    ...message,
    linkedGoalIds: message.linkedGoalIds ?? [],
    mediaUrls: message.mediaUrls ?? [],
    providerSid: message.providerSid ?? null,
    createdAt: message.createdAt?.getTime() ?? null,
  })!.id;
}
