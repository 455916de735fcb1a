import Database from "better-sqlite3";
import { inOneRead, sqlite } from "~/utils/db/db.server";

// The pages' reads share one read transaction: one snapshot, and no write lock taken or waited for.
describe("inOneRead", () => {
  const users = () => sqlite.prepare("select count(*) from users").pluck().get() as number;

  it("sees one snapshot while another connection writes, and holds no write lock", () => {
    const other = new Database(sqlite.name, { timeout: 100 });
    try {
      const before = users();
      const during = inOneRead(() => {
        const first = users();
        other
          .prepare("insert into users (email, password_hash, phone) values (?, 'x', ?)")
          .run(`one-read-${Date.now()}@example.com`, `+1212555${Date.now() % 10_000}`);
        return [first, users()];
      });
      expect(during).toEqual([before, before]);
      expect(users()).toBe(before + 1);
      expect(sqlite.inTransaction).toBe(false);
    } finally {
      other.close();
    }
  });

  it("ends its transaction when a read throws, and nests inside a transaction", () => {
    expect(() =>
      inOneRead(() => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(sqlite.inTransaction).toBe(false);
    const nested = sqlite.transaction(() => inOneRead(() => sqlite.inTransaction));
    expect(nested()).toBe(true);
  });
});
