import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openDatabase } from "./connection";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "connection-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("holds the write lock from BEGIN, so a read-then-write transaction is never overtaken", () => {
  const file = path.join(dir, "app.db");
  const app = openDatabase(file);
  app.pragma("journal_mode = WAL");
  app.exec("create table counter (n integer not null); insert into counter values (0)");
  const script = new Database(file, { timeout: 0 });
  let scriptWrote = true;
  app.transaction(() => {
    const { n } = app.prepare("select n from counter").get() as { n: number };
    try {
      script.prepare("update counter set n = n + 10").run();
    } catch {
      scriptWrote = false;
    }
    // Had the script's write gone in, this one would fail with "database is locked".
    app.prepare("update counter set n = ?").run(n + 1);
  })();
  expect(scriptWrote).toBe(false);
  expect(app.prepare("select n from counter").get()).toEqual({ n: 1 });
  script.close();
  app.close();
});
