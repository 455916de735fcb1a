import { asc, count, or, sql, type SQL } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";

const { users } = schema;

export const USERS_PER_PAGE = 50;
export const SEARCH_MAX_LENGTH = 200;

export type AdminUserRow = { id: number; email: string; phone: string; roles: string[] };

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Only digits and the punctuation people type in phone numbers, e.g. "(555) 123-45". */
const PHONE_LIKE = /^[\d\s().+-]+$/;

/**
 * The users whose email or phone contains the search, case-insensitively. Phones are stored as
 * E.164 (+15551234567), so a search that looks like a phone number is also compared digits only:
 * "(555) 123" finds +15551234567. An email search with a digit in it stays an email search.
 */
function searchFilter(search: string): SQL | undefined {
  const term = search.trim().slice(0, SEARCH_MAX_LENGTH).toLowerCase();
  if (!term) return undefined;
  const pattern = likePattern(term);
  const conditions = [
    sql`lower(${users.email}) like ${pattern} escape '\\'`,
    sql`${users.phone} like ${pattern} escape '\\'`,
  ];
  const digits = term.replace(/\D/g, "");
  if (digits && PHONE_LIKE.test(term)) {
    conditions.push(sql`replace(${users.phone}, '+', '') like ${`%${digits}%`}`);
  }
  return or(...conditions);
}

/** One page of the admin's user table (oldest account first) and how many users match in all. */
export function searchUsers({ search, page }: { search: string; page: number }) {
  const where = searchFilter(search);
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / USERS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows: AdminUserRow[] = db
    .select({ id: users.id, email: users.email, phone: users.phone, roles: users.roles })
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(USERS_PER_PAGE)
    .offset((current - 1) * USERS_PER_PAGE)
    .all();
  return { users: rows, total, page: current, pageCount };
}
