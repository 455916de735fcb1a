import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { openDatabase } from "../../db/connection";
import { runMigrations } from "../../db/migrate";
import * as schemaModule from "../../db/schema";
import journal from "../../db/migrations/meta/_journal.json";
import { createTestUser } from "../helpers/requests";
import { sqlite as appSqlite } from "~/utils/db/db.server";

type ColumnInfo = { name: string; type: string; notnull: 0 | 1; dflt_value: string | null };
type ForeignKeyInfo = { table: string; from: string; to: string; on_delete: string };

const dbFile = process.env.DATABASE_PATH!;

function freshFile() {
  return path.join(mkdtempSync(path.join(os.tmpdir(), "coach-migrate-")), "fresh.db");
}

function columns(db: Database.Database, table: string) {
  return db.prepare(`PRAGMA table_info(${table})`).all() as ColumnInfo[];
}

function foreignKeys(db: Database.Database, table: string) {
  return db.prepare(`PRAGMA foreign_key_list(${table})`).all() as ForeignKeyInfo[];
}

function tableNames(db: Database.Database) {
  return (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
}

/** The columns each table must have: the product's data model and what later features added. */
const EXPECTED: Record<string, string[]> = {
  users: [
    "id",
    "email",
    "password_hash",
    "phone",
    "phone_verified_at",
    "timezone",
    "preferred_check_in_time_morning",
    "preferred_check_in_time_evening",
    "send_check_in_reminders",
    "receive_weekly_summary",
    "roles",
    "created_at",
    "updated_at",
  ],
  sessions: ["id", "user_id", "data", "expires_at", "created_at"],
  consents: ["id", "user_id", "phone", "consent_text", "ip", "user_agent", "created_at"],
  goals: [
    "id",
    "user_id",
    "description",
    "created_at",
    "due_date",
    "completed_at",
    "proof_image_urls",
    "llm_feedback",
    "source_message_id",
  ],
  messages: [
    "id",
    "user_id",
    "from_system",
    "body",
    "media_urls",
    "source",
    "created_at",
    "linked_goal_ids",
  ],
  follow_up_tasks: ["id", "user_id", "goal_id", "follow_up_time", "sent", "sent_at"],
  blog_posts: [
    "id",
    "title",
    "slug",
    "content",
    "excerpt",
    "author_id",
    "featured_image_url",
    "published",
    "created_at",
    "updated_at",
    "published_at",
    "tags",
  ],
};

const schemaTables: SQLiteTable[] = (Object.values(schemaModule) as unknown[]).filter(
  (value): value is SQLiteTable => is(value, SQLiteTable),
);

describe("migrations", () => {
  let db: Database.Database;
  beforeAll(() => {
    db = openDatabase(dbFile);
  });
  afterAll(() => db.close());

  it.each(Object.entries(EXPECTED))("create the %s table with its columns", (table, expected) => {
    const names = columns(db, table).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(expected));
  });

  it("create every table of db/schema.ts with the same columns, nullability and indexes", () => {
    expect(schemaTables.length).toBeGreaterThanOrEqual(Object.keys(EXPECTED).length);
    const created = tableNames(db);
    for (const table of schemaTables) {
      const config = getTableConfig(table);
      expect(created, `table ${config.name}`).toContain(config.name);
      const actual = new Map(columns(db, config.name).map((c) => [c.name, c]));
      expect([...actual.keys()].sort(), `columns of ${config.name}`).toEqual(
        config.columns.map((c) => c.name).sort(),
      );
      for (const column of config.columns) {
        const info = actual.get(column.name)!;
        // A primary key column is NOT NULL in the schema even when SQLite reports notnull 0.
        if (!column.primary) {
          expect(Boolean(info.notnull), `${config.name}.${column.name} NOT NULL`).toBe(
            column.notNull,
          );
        }
      }
      const indexNames = (
        db.prepare(`PRAGMA index_list(${config.name})`).all() as { name: string }[]
      ).map((i) => i.name);
      for (const index of config.indexes) {
        expect(indexNames, `index on ${config.name}`).toContain(index.config.name);
      }
    }
  });

  it("record every migration of the journal", () => {
    const applied = db.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as {
      n: number;
    };
    expect(applied.n).toBe(journal.entries.length);
  });

  it("make emails and blog slugs unique", () => {
    const unique = (table: string) =>
      (db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; unique: number }[])
        .filter((i) => i.unique)
        .flatMap(
          (i) =>
            (db.prepare(`PRAGMA index_info(${i.name})`).all() as { name: string }[]).map(
              (c) => c.name,
            ) as string[],
        );
    expect(unique("users")).toContain("email");
    expect(unique("blog_posts")).toContain("slug");
  });

  it("give the account and message defaults", () => {
    const defaults = new Map(columns(db, "users").map((c) => [c.name, c.dflt_value]));
    expect(defaults.get("timezone")).toBe("'America/New_York'");
    expect(defaults.get("preferred_check_in_time_morning")).toBe("'08:00'");
    expect(defaults.get("preferred_check_in_time_evening")).toBe("'19:00'");
    expect(defaults.get("roles")).toBe("'[]'");
    const messageDefaults = new Map(columns(db, "messages").map((c) => [c.name, c.dflt_value]));
    expect(messageDefaults.get("source")).toBe("'sms'");
  });

  it("declare the cascade and set-null foreign keys", () => {
    const onDelete = (table: string, from: string) =>
      foreignKeys(db, table).find((fk) => fk.from === from)?.on_delete;
    expect(onDelete("sessions", "user_id")).toBe("CASCADE");
    expect(onDelete("goals", "user_id")).toBe("CASCADE");
    expect(onDelete("messages", "user_id")).toBe("CASCADE");
    expect(onDelete("follow_up_tasks", "user_id")).toBe("CASCADE");
    expect(onDelete("follow_up_tasks", "goal_id")).toBe("CASCADE");
    expect(onDelete("consents", "user_id")).toBe("SET NULL");
    expect(onDelete("blog_posts", "author_id")).toBe("SET NULL");
  });
});

describe("connections (db/connection.ts openDatabase)", () => {
  it("turn foreign keys on and set a busy timeout on every new connection", () => {
    const a = openDatabase(dbFile);
    const b = openDatabase(dbFile);
    try {
      for (const conn of [a, b]) {
        expect(conn.pragma("foreign_keys", { simple: true })).toBe(1);
        expect(conn.pragma("busy_timeout", { simple: true })).toBeGreaterThanOrEqual(1000);
      }
    } finally {
      a.close();
      b.close();
    }
  });

  it("configure the app's own connection the same way", () => {
    expect(appSqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(appSqlite.pragma("busy_timeout", { simple: true })).toBeGreaterThanOrEqual(1000);
  });

  it("enforce foreign keys (a goal for a missing user is refused)", () => {
    const conn = openDatabase(dbFile);
    try {
      expect(() =>
        conn
          .prepare("INSERT INTO goals (user_id, description, due_date) VALUES (?, ?, ?)")
          .run(987654, "orphan", Date.now()),
      ).toThrow(/FOREIGN KEY/);
    } finally {
      conn.close();
    }
  });

  it("create the parent folder of a new database file", () => {
    const file = path.join(freshFile(), "..", "nested", "deeper", "app.db");
    const conn = openDatabase(file);
    conn.close();
    const reopened = new Database(file, { fileMustExist: true });
    reopened.close();
  });
});

describe("runMigrations", () => {
  it("switch a new database file to WAL", () => {
    const conn = openDatabase(freshFile());
    try {
      expect(conn.pragma("journal_mode", { simple: true })).not.toBe("wal");
      runMigrations(conn);
      expect(conn.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      conn.close();
    }
  });

  it("leave the test database in WAL (a property of the file, seen by later connections)", () => {
    const conn = new Database(dbFile);
    try {
      expect(conn.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      conn.close();
    }
  });

  it("are harmless when run twice: same tables, data kept, no duplicate journal rows", () => {
    const conn = openDatabase(freshFile());
    try {
      runMigrations(conn);
      const tablesBefore = tableNames(conn).sort();
      conn
        .prepare("INSERT INTO users (email, password_hash, phone) VALUES (?, ?, ?)")
        .run("keep@example.com", "x", "+12015550123");
      runMigrations(conn);
      runMigrations(conn);
      expect(tableNames(conn).sort()).toEqual(tablesBefore);
      expect(conn.prepare("SELECT email FROM users").all()).toEqual([
        { email: "keep@example.com" },
      ]);
      const applied = conn.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as {
        n: number;
      };
      expect(applied.n).toBe(journal.entries.length);
    } finally {
      conn.close();
    }
  });
});

describe("deleting a user", () => {
  it("cascades to goals, messages, follow-ups and sessions, and keeps consents with user_id null", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const conn = openDatabase(dbFile);
    try {
      const insertGoal = conn.prepare(
        "INSERT INTO goals (user_id, description, due_date) VALUES (?, ?, ?) RETURNING id",
      );
      const goal = insertGoal.get(user.id, "Run 5k", Date.now()) as { id: number };
      insertGoal.get(other.id, "Read", Date.now());
      conn
        .prepare("INSERT INTO messages (user_id, from_system, body) VALUES (?, ?, ?)")
        .run(user.id, 1, "Good morning!");
      conn
        .prepare("INSERT INTO follow_up_tasks (user_id, goal_id, follow_up_time) VALUES (?, ?, ?)")
        .run(user.id, goal.id, Date.now());
      conn
        .prepare("INSERT INTO sessions (id, user_id, data, expires_at) VALUES (?, ?, ?, ?)")
        .run(`s-${user.id}`, user.id, JSON.stringify({ userId: user.id }), Date.now() + 60_000);
      conn
        .prepare(
          "INSERT INTO blog_posts (title, slug, content, author_id) VALUES (?, ?, ?, ?) RETURNING id",
        )
        .run("A post title", `post-${user.id}`, "content", user.id);

      const countFor = (table: string, id: number) =>
        (
          conn.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).get(id) as {
            n: number;
          }
        ).n;
      expect(countFor("consents", user.id)).toBe(1);

      conn.prepare("DELETE FROM users WHERE id = ?").run(user.id);

      for (const table of ["goals", "messages", "follow_up_tasks", "sessions"]) {
        expect(countFor(table, user.id), table).toBe(0);
      }
      const consent = conn
        .prepare("SELECT user_id, phone, consent_text FROM consents WHERE phone = ?")
        .all(user.phone) as { user_id: number | null; phone: string; consent_text: string }[];
      expect(consent).toHaveLength(1);
      expect(consent[0]!.user_id).toBeNull();
      expect(consent[0]!.consent_text).toMatch(/STOP/);
      const post = conn
        .prepare("SELECT author_id FROM blog_posts WHERE slug = ?")
        .get(`post-${user.id}`) as { author_id: number | null };
      expect(post.author_id).toBeNull();
      // The other user's rows are untouched.
      expect(countFor("goals", other.id)).toBe(1);
      expect(countFor("consents", other.id)).toBe(1);
    } finally {
      conn.close();
    }
  });
});
