import { randomBytes } from "node:crypto";
import { storeMessage } from "~/messages/message-rows.server";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { isExpired } from "./due-times";
import { markPending } from "./record.server";
import type { Candidate, Claimed, TickContext } from "./send-types";

// Claim: the ledger row (unique per user, kind and day) that makes each send happen once, whatever
// ticks and processes race for it.

/** Identifies this process's claims; another process's unfinished claims are reconciled. */
export const INSTANCE = randomBytes(8).toString("hex");

const statements = {
  claim: preparedQuery(() =>
    sqlite.prepare<unknown[], { id: number }>(
      `insert into scheduled_sends (user_id, kind, local_date, due_at, status, claimed_by, claimed_at, note, to_phone)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
    ),
  ),
  linkMessage: preparedQuery(() =>
    sqlite.prepare("update scheduled_sends set message_id = ? where id = ?"),
  ),
};

/** Inserts the ledger rows (and the thread messages) of a batch in one transaction; returns what this tick won. */
export function claim(ctx: TickContext, batch: Candidate[]): Claimed[] {
  if (batch.length === 0) return [];
  const claimedAt = Date.now();
  const won = sqlite.transaction(() => {
    const result: Claimed[] = [];
    for (const c of batch) {
      const expired = isExpired(c.dueAt, ctx.now, ctx.catchUpMs);
      const status = expired ? "expired" : c.body === null ? "skipped" : "claimed";
      const note = expired ? "missed the catch-up window" : (c.note ?? null);
      const row = statements
        .claim()
        .get(
          c.userId,
          c.kind,
          c.localDate,
          c.dueAt.getTime(),
          status,
          INSTANCE,
          claimedAt,
          note,
          c.toPhone ?? null,
        );
      if (!row) continue;
      if (status === "expired") ctx.report.expired += 1;
      else if (status === "skipped") ctx.report.skipped += 1;
      else {
        const messageId = storeMessage({
          userId: c.userId,
          fromSystem: true,
          body: c.body!,
          source: "sms",
          kind: c.kind,
          status: "queued",
          linkedGoalIds: c.linkedGoalIds ?? [],
          createdAt: ctx.now,
        });
        statements.linkMessage().run(messageId, row.id);
        // The question is open from now: the user may answer it before this batch's results are
        // recorded (those wait for the slowest send of the batch).
        const pendingAtClaim = c.kind === "morning" || c.kind === "evening";
        if (pendingAtClaim) markPending(c.kind as "morning" | "evening", c.localDate, c.userId);
        result.push({ ...c, sendId: row.id, messageId, attempts: 0, pendingAtClaim });
      }
    }
    return result;
  })();
  ctx.report.transactions += 1;
  ctx.report.claimed += won.length;
  return won;
}
