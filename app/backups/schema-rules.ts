// What a database restored from a backup may hold: exactly the tables, indexes, columns, triggers
// and views our migrations create, at the migration level its own journal names. Anything else
// (a trigger that makes every new session an admin, a file with some other schema) is refused.

export type SchemaEntry = { type: string; name: string; tblName: string; sql: string | null };
export type JournalRow = { hash: string; createdAt: number };
export type Migration = { hash: string; folderMillis: number };

/** SQL as SQLite keeps it, with runs of whitespace made one space. */
export function normalizeSql(sql: string | null) {
  return sql === null ? null : sql.replace(/\s+/g, " ").trim();
}

/**
 * How many of our migrations the journal says were applied, or null when it is not a prefix of ours
 * (a database made by another program, or by a newer version of this one).
 */
export function journalLevel(rows: JournalRow[], migrations: Migration[]) {
  if (rows.length === 0 || rows.length > migrations.length) return null;
  const matches = rows.every(
    (row, i) => row.hash === migrations[i]!.hash && row.createdAt === migrations[i]!.folderMillis,
  );
  return matches ? rows.length : null;
}

const describe = (e: SchemaEntry) =>
  e.type === "table" || e.type === "view"
    ? `${e.type} ${e.name}`
    : `${e.type} ${e.name} on ${e.tblName}`;

/** Each way `actual` differs from `expected`, in words; empty when they are the same. */
export function schemaDifferences(expected: SchemaEntry[], actual: SchemaEntry[]) {
  const key = (e: SchemaEntry) => `${e.type}\0${e.name}`;
  const wanted = new Map(expected.map((e) => [key(e), e]));
  const found = new Map(actual.map((e) => [key(e), e]));
  const differences: string[] = [];
  for (const [k, e] of wanted) {
    const other = found.get(k);
    if (!other) differences.push(`missing ${describe(e)}`);
    else if (other.tblName !== e.tblName || normalizeSql(other.sql) !== normalizeSql(e.sql)) {
      differences.push(`${describe(e)} is not as the migrations create it`);
    }
  }
  for (const [k, e] of found) if (!wanted.has(k)) differences.push(`unexpected ${describe(e)}`);
  return differences;
}
