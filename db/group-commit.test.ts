import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openDatabase } from "./connection";
import { createGroupCommit } from "./group-commit";

let dir: string;
let app: Database.Database;
/** Another connection to the same file, as a second process would see it. */
let other: Database.Database;
let inGroupCommit: ReturnType<typeof createGroupCommit>;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "group-commit-"));
  const file = path.join(dir, "app.db");
  app = openDatabase(file);
  app.pragma("journal_mode = WAL");
  app.exec(`
    create table parents (id integer primary key);
    create table notes (id integer primary key, text text not null,
      parent_id integer references parents (id) deferrable initially deferred);
  `);
  other = new Database(file, { readonly: true });
  inGroupCommit = createGroupCommit(app);
});
afterEach(() => {
  other.close();
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (text: string, parentId: number | null = null) =>
  Number(
    app.prepare("insert into notes (text, parent_id) values (?, ?)").run(text, parentId)
      .lastInsertRowid,
  );
const committedNotes = () => other.prepare("select text from notes order by id").pluck().all();

it("runs the writes asked for in one turn in one transaction, uncommitted until the last is done", async () => {
  const seen: { inTransaction: boolean; mine: unknown[]; committed: unknown[] }[] = [];
  const write = (text: string) =>
    inGroupCommit(() => {
      insert(text);
      seen.push({
        inTransaction: app.inTransaction,
        mine: app.prepare("select text from notes order by id").pluck().all(),
        committed: committedNotes(),
      });
    });
  await Promise.all([write("a"), write("b"), write("c")]);
  // The third write sees the first two, which nobody else sees yet: one transaction holds all three.
  expect(seen).toEqual([
    { inTransaction: true, mine: ["a"], committed: [] },
    { inTransaction: true, mine: ["a", "b"], committed: [] },
    { inTransaction: true, mine: ["a", "b", "c"], committed: [] },
  ]);
  expect(committedNotes()).toEqual(["a", "b", "c"]);
});

it("a write that throws undoes only its own changes and rejects only its own promise", async () => {
  const results = await Promise.allSettled([
    inGroupCommit(() => insert("kept 1")),
    inGroupCommit(() => {
      insert("undone");
      throw new Error("this request failed");
    }),
    inGroupCommit(() => insert("kept 2")),
  ]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error("this request failed"));
  expect(committedNotes()).toEqual(["kept 1", "kept 2"]);
});

it("runs the writes in the order they were asked for and gives each its own result", async () => {
  const ids = await Promise.all(
    ["one", "two", "three", "four"].map((t) => inGroupCommit(() => insert(t))),
  );
  expect(ids).toEqual([1, 2, 3, 4]);
  expect(committedNotes()).toEqual(["one", "two", "three", "four"]);
});

it("settles each promise only after the commit, when another connection sees every write", async () => {
  const seenWhenSettled: unknown[][] = [];
  await Promise.all(
    ["x", "y"].map((text) =>
      inGroupCommit(() => insert(text)).then(() => seenWhenSettled.push(committedNotes())),
    ),
  );
  expect(seenWhenSettled).toEqual([
    ["x", "y"],
    ["x", "y"],
  ]);
});

it("refuses every write of the batch, keeping none, when the commit fails", async () => {
  // A deferred foreign key is checked at COMMIT: the batch's commit fails, not the write.
  const results = await Promise.allSettled([
    inGroupCommit(() => insert("fine")),
    inGroupCommit(() => insert("orphan", 99)),
  ]);
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
  expect(app.inTransaction).toBe(false);
  expect(committedNotes()).toEqual([]);
  // The connection is usable again for the next batch.
  await inGroupCommit(() => insert("next"));
  expect(committedNotes()).toEqual(["next"]);
});

it("batches again after a batch has committed", async () => {
  await inGroupCommit(() => insert("first batch"));
  await Promise.all([
    inGroupCommit(() => insert("second 1")),
    inGroupCommit(() => insert("second 2")),
  ]);
  expect(committedNotes()).toEqual(["first batch", "second 1", "second 2"]);
});

it("inside a transaction already open, runs at once as part of it", async () => {
  let pending: Promise<number> | undefined;
  app.transaction(() => {
    pending = inGroupCommit(() => insert("inside"));
    expect(app.prepare("select count(*) from notes").pluck().get()).toBe(1);
  })();
  await expect(pending).resolves.toBe(1);
  expect(committedNotes()).toEqual(["inside"]);
});

it("refuses asynchronous work, whose writes would land outside the batch", async () => {
  await expect(inGroupCommit(async () => insert("late"))).rejects.toThrow(/synchronous/);
});

/** A clock by which every commit takes `commitMs`: it moves on that much each time it is read. */
function clockWithCommitsOf(commitMs: number) {
  let now = 0;
  return () => (now += commitMs);
}

it("with a window, writes asked for in later turns within it share the first one's commit", async () => {
  // Commits of 10 ms: after one, the window is min(50, 25 × 0.2 × 10) = 50 ms.
  const windowed = createGroupCommit(app, {
    maxWindowMs: 50,
    windowPerCommit: 25,
    clock: clockWithCommitsOf(10),
  });
  await windowed(() => insert("warm-up"));
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const first = windowed(() => insert("first"));
  await nextTurn();
  expect(committedNotes()).toEqual(["warm-up"]);
  const second = windowed(() => insert("second"));
  const inTransaction = await windowed(() => app.inTransaction);
  await Promise.all([first, second]);
  expect(committedNotes()).toEqual(["warm-up", "first", "second"]);
  expect(inTransaction).toBe(true);
});

it("adds no wait where commits are cheap: the batch closes at the end of the turn", async () => {
  // Commits that cost nothing measurable, whatever this machine's speed (`npm run bench:litefs`
  // prints what they cost on LiteFS).
  const windowed = createGroupCommit(app, { maxWindowMs: 50, clock: clockWithCommitsOf(0) });
  for (const text of ["a", "b", "c"]) await windowed(() => insert(text));
  const first = windowed(() => insert("first"));
  await new Promise((resolve) => setImmediate(resolve));
  expect(committedNotes()).toEqual(["a", "b", "c", "first"]);
  await first;
});
