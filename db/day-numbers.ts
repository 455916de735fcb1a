import type Database from "better-sqlite3";

// Goals written before day numbers (migration 0025), or around the domain, get theirs here: by due
// order on each local day of their user, after any number the day already gave. A migration's SQL
// cannot tell a local day (it needs the user's time zone), so runMigrations calls this after it; once
// every row has its number it reads one empty index and writes nothing.

type Unnumbered = { id: number; user_id: number; due_date: number; timezone: string | null };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function localDayOf(instant: number, timeZone: string) {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

function safeLocalDayOf(instant: number, timeZone: string | null) {
  try {
    return localDayOf(instant, timeZone ?? "UTC");
  } catch {
    return localDayOf(instant, "UTC");
  }
}

export function numberUnnumberedGoals(sqlite: Database.Database) {
  // The partial index holds only rows without a number: once they are numbered, this reads nothing.
  const anyLeft = sqlite
    .prepare(
      "select 1 from goals indexed by goals_day_number_missing_idx where day_number is null limit 1",
    )
    .get();
  if (!anyLeft) return 0;
  const rows = sqlite
    .prepare<[], Unnumbered>(
      `select g.id, g.user_id, g.due_date, u.timezone from goals g
       join users u on u.id = g.user_id
       where g.day_number is null order by g.user_id, g.due_date, g.id`,
    )
    .all();
  if (rows.length === 0) return 0;
  const takeNumber = sqlite
    .prepare<[number, string], number>(
      `insert into goal_day_numbers (user_id, day, last) values (?, ?, 1)
       on conflict (user_id, day) do update set last = last + 1 returning last`,
    )
    .pluck();
  const setNumber = sqlite.prepare<[number, number]>(
    "update goals set day_number = ? where id = ?",
  );
  sqlite.transaction(() => {
    for (const row of rows)
      setNumber.run(
        takeNumber.get(row.user_id, safeLocalDayOf(row.due_date, row.timezone))!,
        row.id,
      );
  })();
  return rows.length;
}
