import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { JournaledTable, Reversal } from "../../db/schema";
import { db, preparedQuery, schema, sqlite } from "~/utils/db/db.server";
import { assertRoomOnDay, GoalEditError, todayFor } from "./goals.server";
import { forgetNotesSince } from "./day-notes.server";
import { openPrompt } from "~/users/open-prompt.server";

// What a person can take back: each change made by text today ("undo" takes back the last one, then
// the one before) and a goal deleted on the dashboard (Undo in the toast). A journal row keeps the rows
// as they were and the ids the change created; undoing puts them back in one transaction.

const { changeJournal } = schema;

type Owner = { id: number; timezone: string };
export type Channel = "text" | "web";

const columnsOf = (table: JournaledTable) =>
  new Set(
    sqlite
      .prepare<[], { name: string }>(`select name from pragma_table_info('${table}')`)
      .all()
      .map((c) => c.name),
  );

/** The rows with these ids as stored, for the journal. */
export function snapshot(table: JournaledTable, ids: number[]): Reversal["before"] {
  if (ids.length === 0) return [];
  const rows = sqlite
    .prepare<number[], Record<string, unknown>>(
      `select * from ${table} where id in (${ids.map(() => "?").join(",")})`,
    )
    .all(...ids);
  return rows.map((row) => ({ table, row }));
}

/** Runs a change and journals it in the same transaction; `describe` words it from the result. */
export function journaled<T>(
  user: Owner,
  channel: Channel,
  before: () => Reversal["before"],
  change: () => T,
  describe: (result: T) => (Partial<Omit<Reversal, "before">> & { summary: string }) | null,
  now = new Date(),
): { result: T; entryId: number | null } {
  return db.transaction(() => {
    const rows = before();
    const result = change();
    const words = describe(result);
    if (!words) return { result, entryId: null };
    const day = todayFor(user, now);
    // Only the day's changes can be undone: older rows go as new ones come.
    db.delete(changeJournal)
      .where(and(eq(changeJournal.userId, user.id), lt(changeJournal.day, day)))
      .run();
    const entry = db
      .insert(changeJournal)
      .values({
        userId: user.id,
        channel,
        day,
        summary: words.summary,
        reversal: {
          before: rows,
          created: words.created ?? [],
          outcomesSet: words.outcomesSet ?? [],
          ...(words.answered ? { answered: words.answered } : {}),
        },
        createdAt: now,
      })
      .returning({ id: changeJournal.id })
      .get();
    return { result, entryId: entry.id };
  });
}

function restoreRow(table: JournaledTable, row: Record<string, unknown>) {
  const known = columnsOf(table);
  const columns = Object.keys(row).filter((c) => known.has(c));
  const updates = columns.filter((c) => c !== "id").map((c) => `"${c}" = excluded."${c}"`);
  sqlite
    .prepare(
      `insert into ${table} (${columns.map((c) => `"${c}"`).join(",")})
       values (${columns.map((c) => `@${c}`).join(",")})
       on conflict(id) do update set ${updates.join(",")}`,
    )
    .run(Object.fromEntries(columns.map((c) => [c, row[c]])));
}

const goalExists = preparedQuery(() =>
  sqlite.prepare<[number], number>("select 1 from goals where id = ?").pluck(),
);

function reverse(userId: number, reversal: Reversal) {
  // Goals before habits when removing (a goal points at its habit), habits first when restoring.
  const order = (t: JournaledTable) => (t === "goals" ? 0 : 1);
  for (const { table, id } of [...reversal.created].sort((a, b) => order(a.table) - order(b.table)))
    sqlite.prepare(`delete from ${table} where id = ? and user_id = ?`).run(id, userId);
  for (const { table, row } of [...reversal.before].sort(
    (a, b) => order(b.table) - order(a.table),
  )) {
    if (row.user_id !== userId) continue;
    // A goal coming back takes a place on its day like any new one.
    if (table === "goals" && !goalExists().get(Number(row.id)))
      assertRoomOnDay(userId, new Date(Number(row.due_date)));
    try {
      restoreRow(table, row);
    } catch (error) {
      if (error instanceof Error && /UNIQUE constraint/.test(error.message))
        throw new GoalEditError(
          "That can't be undone: today's goal for that habit has been made again since.",
        );
      throw error;
    }
  }
}

function undoEntry(userId: number, entry: { id: number; reversal: Reversal }, now: Date) {
  reverse(userId, entry.reversal);
  forgetNotesSince(userId, entry.id);
  const { answered } = entry.reversal;
  if (answered) openPrompt(userId, answered.prompt, answered.day);
  db.update(changeJournal).set({ undoneAt: now }).where(eq(changeJournal.id, entry.id)).run();
}

/** "undo" by text: takes back the user's last change by text today; its words, or null if none. */
/** The user's changes by text today that have not been undone. */
function standingTextChangesToday(user: Owner, now: Date) {
  return and(
    eq(changeJournal.userId, user.id),
    eq(changeJournal.channel, "text"),
    eq(changeJournal.day, todayFor(user, now)),
    isNull(changeJournal.undoneAt),
  );
}

export function undoLastTextChange(user: Owner, now = new Date()): string | null {
  return db.transaction(() => {
    const entry = db
      .select()
      .from(changeJournal)
      .where(standingTextChangesToday(user, now))
      .orderBy(desc(changeJournal.id))
      .limit(1)
      .get();
    if (!entry) return null;
    undoEntry(user.id, entry, now);
    return entry.summary;
  });
}

/**
 * The toast's Undo on the dashboard: one web change of today, by its journal id. The ids of the goals
 * it put back, or null when there is no such change (not the user's, another day's, undone already).
 */
export function undoWebChange(user: Owner, entryId: number, now = new Date()): number[] | null {
  return db.transaction(() => {
    const entry = db
      .select()
      .from(changeJournal)
      .where(
        and(
          eq(changeJournal.id, entryId),
          eq(changeJournal.userId, user.id),
          eq(changeJournal.channel, "web"),
          eq(changeJournal.day, todayFor(user, now)),
          isNull(changeJournal.undoneAt),
        ),
      )
      .get();
    if (!entry) return null;
    undoEntry(user.id, entry, now);
    return entry.reversal.before.filter((b) => b.table === "goals").map((b) => Number(b.row.id));
  });
}

/** Ids of goals whose outcome a text set today and still stands (a later text may change those). */
export function goalsChangedByTextToday(user: Owner, now = new Date()): Set<number> {
  const entries = db
    .select({ reversal: changeJournal.reversal })
    .from(changeJournal)
    .where(standingTextChangesToday(user, now))
    .all();
  const ids = new Set<number>();
  for (const { reversal } of entries) for (const id of reversal.outcomesSet ?? []) ids.add(id);
  return ids;
}

/**
 * Changes older than every local day that could still undo them (48 hours covers every zone), with
 * the copies of deleted goals they keep, are forgotten: the scheduler's tick calls this.
 */
export function forgetOldChanges(now = new Date()) {
  return db
    .delete(changeJournal)
    .where(lt(changeJournal.createdAt, new Date(now.getTime() - 48 * 3_600_000)))
    .run().changes;
}
