import { and, asc, eq, type SQL } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";
import {
  batchesAfter,
  csvText,
  keysetAfter,
  mapBatches,
} from "~/utils/requests/streamed-download.server";
import { localDay } from "~/utils/time/local-time";
import { imageLabel, mediaNames } from "./message-media.server";
import { messageTime } from "./thread.server";

// A user's whole conversation, a batch at a time: for the /api, the data export and the CSV.

const { messages } = schema;

type Owner = { id: number; timezone: string };

/** A user's messages oldest first (newest last), a batch at a time. */
function messageBatches<Row extends { createdAt: Date; id: number }>(
  userId: number,
  read: (where: SQL | undefined, limit: number) => Row[],
) {
  return batchesAfter<Row>((last, limit) =>
    read(
      and(
        eq(messages.userId, userId),
        last
          ? keysetAfter([messages.createdAt, messages.id], [last.createdAt, last.id])
          : undefined,
      ),
      limit,
    ),
  );
}

/** Every message of a user, oldest first (newest last), in the /api shape, a batch at a time. */
export function messagesForApi(userId: number) {
  return messageBatches(userId, (where, limit) =>
    db
      .select({
        id: messages.id,
        userId: messages.userId,
        fromSystem: messages.fromSystem,
        body: messages.body,
        mediaUrls: messages.mediaUrls,
        source: messages.source,
        createdAt: messages.createdAt,
        linkedGoalIds: messages.linkedGoalIds,
        kind: messages.kind,
        status: messages.status,
      })
      .from(messages)
      .where(where)
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(limit)
      .all(),
  );
}

/** Every stored message of a user, oldest first, a batch at a time. */
export function allMessages(userId: number) {
  return messageBatches(userId, (where, limit) =>
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(limit)
      .all(),
  );
}

export const CSV_HEADER = ["date", "time", "from", "channel", "text", "images"] as const;

/** The whole conversation as CSV text, oldest first, dates and times in the user's time zone. */
export function conversationCsv(user: Owner) {
  return csvText(
    CSV_HEADER,
    mapBatches(allMessages(user.id), (rows) => {
      const names = mediaNames(
        user.id,
        rows.flatMap((m) => m.mediaUrls),
      );
      return rows.map((row) => [
        localDay(row.createdAt, user.timezone),
        messageTime(row.createdAt, user.timezone),
        row.fromSystem ? "StreakCoach" : "You",
        row.source === "web" ? "Web" : "SMS",
        row.body,
        row.mediaUrls
          .map((url) => imageLabel(url, names).label.replace(/^\[Image: (.*)\]$/, "$1"))
          .join("; "),
      ]);
    }),
  );
}
