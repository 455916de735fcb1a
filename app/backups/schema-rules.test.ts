import { journalLevel, normalizeSql, schemaDifferences, type SchemaEntry } from "./schema-rules";

const users: SchemaEntry = {
  type: "table",
  name: "users",
  tblName: "users",
  sql: "CREATE TABLE `users` (\n\t`id` integer PRIMARY KEY NOT NULL\n)",
};
const index: SchemaEntry = {
  type: "index",
  name: "users_email",
  tblName: "users",
  sql: "CREATE UNIQUE INDEX `users_email` ON `users` (`email`)",
};

test("whitespace does not make two statements differ", () => {
  expect(normalizeSql(" CREATE TABLE t (\n\tx\n) ")).toBe("CREATE TABLE t ( x )");
  expect(normalizeSql(null)).toBeNull();
  expect(schemaDifferences([users], [{ ...users, sql: users.sql!.replace(/\s+/g, "  ") }])).toEqual(
    [],
  );
});

test("names every missing, changed and unexpected entry", () => {
  const trigger: SchemaEntry = {
    type: "trigger",
    name: "make_admin",
    tblName: "sessions",
    sql: "CREATE TRIGGER make_admin AFTER INSERT ON sessions BEGIN UPDATE users SET is_admin = 1; END",
  };
  const changed = { ...users, sql: "CREATE TABLE `users` (`id` integer, `extra` text)" };
  expect(schemaDifferences([users, index], [changed, trigger])).toEqual([
    "table users is not as the migrations create it",
    "missing index users_email on users",
    "unexpected trigger make_admin on sessions",
  ]);
  expect(
    schemaDifferences(
      [users],
      [users, { type: "table", name: "t", tblName: "t", sql: "CREATE TABLE t(x)" }],
    ),
  ).toEqual(["unexpected table t"]);
});

test("a journal is a level of ours only when it is a prefix of our migrations", () => {
  const migrations = [
    { hash: "a", folderMillis: 1 },
    { hash: "b", folderMillis: 2 },
    { hash: "c", folderMillis: 3 },
  ];
  const row = (hash: string, createdAt: number) => ({ hash, createdAt });
  expect(journalLevel([row("a", 1), row("b", 2), row("c", 3)], migrations)).toBe(3);
  expect(journalLevel([row("a", 1), row("b", 2)], migrations)).toBe(2);
  expect(journalLevel([], migrations)).toBeNull();
  expect(journalLevel([row("a", 1), row("x", 2)], migrations)).toBeNull();
  expect(journalLevel([row("a", 1), row("b", 5)], migrations)).toBeNull();
  expect(journalLevel([row("a", 1), row("b", 2), row("c", 3), row("d", 4)], migrations)).toBeNull();
});
