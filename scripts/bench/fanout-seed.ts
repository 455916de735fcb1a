import { openDatabase } from "../../db/connection";
import { runMigrations } from "../../db/migrate";
import { TIME_ZONES } from "../../app/users/user-options";
import { dayOfWeek, localDay, localTime } from "../../app/utils/time/local-time";

// The morning fan-out's seeded world, shared by `npm run bench:fanout` and `npm run bench:litefs`.

// SPEC's six zones (Eastern to Hawaii): five hours apart in winter, so one instant is a morning option
// in all of them. Puerto Rico's Atlantic time is a sixth hour away, so it is not seeded.
export const ZONES = TIME_ZONES.slice(0, 6);

/** N users with verified phones, check-ins on, spread evenly over the zones, all due at T. */
export function seedUsers(file: string, count: number, at: Date) {
  const sqlite = openDatabase(file);
  runMigrations(sqlite);
  sqlite.pragma("synchronous = OFF");
  const ROWS = 500;
  const columns =
    "email, password_hash, phone, phone_verified_at, timezone, preferred_check_in_time_morning, " +
    "preferred_check_in_time_evening, send_check_in_reminders, receive_weekly_summary, created_at, updated_at";
  const width = columns.split(",").length;
  const statement = (rows: number) =>
    sqlite.prepare(
      `insert into users (${columns}) values ${Array(rows)
        .fill(`(${Array(width).fill("?").join(",")})`)
        .join(",")}`,
    );
  const full = statement(ROWS);
  const morning = ZONES.map((z) => `${localHour(at, z.value)}:00`);
  const created = at.getTime() - 30 * 86_400_000;
  const phones = new Set<string>();
  sqlite.transaction(() => {
    for (let first = 0; first < count; first += ROWS) {
      const rows = Math.min(ROWS, count - first);
      const values: unknown[] = [];
      for (let i = first; i < first + rows; i++) {
        const zone = i % ZONES.length;
        const phone = phoneOf(i);
        phones.add(phone);
        values.push(
          `bench${i}@example.com`,
          "not-a-real-hash",
          phone,
          created,
          ZONES[zone]!.value,
          morning[zone],
          "19:00",
          1,
          1,
          created,
          created,
        );
      }
      (rows === ROWS ? full : statement(rows)).run(...values);
    }
  })();
  sqlite.close();
  return phones;
}

export function phoneOf(i: number) {
  return `+1201${String(i).padStart(7, "0")}`;
}

export function checkDatabase(file: string) {
  const sqlite = openDatabase(file);
  try {
    const statuses = Object.fromEntries(
      sqlite
        .prepare<[], { status: string; n: number }>(
          "select status, count(*) as n from scheduled_sends group by status",
        )
        .all()
        .map((r) => [r.status, r.n]),
    ) as Record<string, number>;
    const one = (sql: string) => (sqlite.prepare(sql).pluck().get() as number) ?? 0;
    return {
      statuses,
      morningMessages: one("select count(*) from messages where kind = 'morning'"),
      sentWithSid: one(
        "select count(*) from scheduled_sends where status = 'sent' and provider_sid is not null",
      ),
      ticks: one("select count(*) from scheduler_ticks"),
      inboundTexts: one("select count(*) from messages where from_system = 0"),
      answers: one("select count(*) from messages where from_system = 1 and kind = 'conversation'"),
      // Every inbound text gets one answer: a user whose answers and texts differ in number had one
      // answered twice or not at all.
      usersAnsweredWrong: one(
        `select count(*) from (
           select user_id, sum(from_system = 0) as texts,
                  sum(from_system = 1 and kind = 'conversation') as answers
           from messages group by user_id having texts != answers)`,
      ),
    };
  } finally {
    sqlite.close();
  }
}

/** The zone's local hour ("HH") at an instant. */
export function localHour(at: Date, timeZone: string) {
  return localTime(at, timeZone).slice(0, 2);
}

/**
 * A whole-hour UTC instant that is a morning option (06:00 to 11:00) in every zone at once, on a local
 * day that is neither a Sunday nor the first of the month anywhere (so no summary falls in the tick).
 * The zones span five hours in winter and six in summer, so this is a winter date.
 */
export function findInstant() {
  const start = Date.UTC(2026, 0, 1);
  for (let hour = 0; hour < 366 * 24; hour++) {
    const at = new Date(start + hour * 3_600_000);
    const fits = ZONES.every((z) => {
      const [hour, minute] = localTime(at, z.value).split(":").map(Number);
      const day = localDay(at, z.value);
      return (
        minute === 0 && hour! >= 6 && hour! <= 11 && dayOfWeek(day) !== 0 && !day.endsWith("-01")
      );
    });
    if (fits) return at;
  }
  throw new Error("no UTC instant is a morning option in every zone");
}
