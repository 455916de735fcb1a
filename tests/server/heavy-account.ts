import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { MAX_GOALS_PER_DAY } from "~/goals/goal-rules";
import { MAX_ACTIVE_HABITS, MAX_HABITS } from "~/habits/habit-schema";
import { MAX_ACTIVE_LINKS_PER_USER, MAX_PAST_LINKS_PER_USER } from "~/sharing/share-rules";

// The most a person can have accumulated: two years of goals every day, habits up to the caps, a long
// thread, share links, and an admin's view of many users, posts and sign-ups. Written straight into the
// database, as years of use would have left it.

export const HEAVY = {
  historyDays: 730,
  goalsPerPastDay: 4,
  goalsToday: MAX_GOALS_PER_DAY,
  activeHabits: MAX_ACTIVE_HABITS,
  habitsInAll: MAX_HABITS,
  messages: 5_000,
  shareLinks: MAX_ACTIVE_LINKS_PER_USER + MAX_PAST_LINKS_PER_USER,
  otherUsers: 1_000,
  posts: 300,
  newsletterSignups: 2_000,
} as const;

const DAY = 86_400_000;
/** As often as the daily text limit lets a thread grow: 150 texts in and 150 answers out a day. */
const MESSAGE_SPACING_MS = DAY / 300;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const longText = (length: number) =>
  "Practice guitar scales, then stretch 😀 and read 20 pages. "
    .repeat(Math.ceil(length / 58))
    .slice(0, length);

export type HeavySeed = {
  goalId: number;
  habitId: number;
  postId: number;
  postSlug: string;
  shareToken: string;
};

export function seedHeavyAccount(db: Database.Database, userId: number): HeavySeed {
  const now = Date.now();
  const today = Date.UTC(
    new Date().getUTCFullYear(),
    new Date().getUTCMonth(),
    new Date().getUTCDate(),
  );
  return db.transaction(() => {
    db.prepare("update users set roles = ?, phone_verified_at = ? where id = ?").run(
      JSON.stringify(["admin"]),
      now,
      userId,
    );

    const habit = db.prepare(
      "insert into habits (user_id, title, schedules, due_time, start_date, active, stopped_on, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    let habitId = 0;
    for (let i = 0; i < HEAVY.habitsInAll; i++) {
      const active = i < HEAVY.activeHabits;
      const start = isoDay(today - HEAVY.historyDays * DAY);
      const schedules = JSON.stringify([
        { from: start, days: [0, 1, 2, 3, 4, 5, 6] },
        { from: isoDay(today - 400 * DAY), timesPerWeek: 3 },
        { from: isoDay(today - 200 * DAY), days: [1, 3, 5] },
      ]);
      const result = habit.run(
        userId,
        `${longText(100)} ${i}`,
        schedules,
        i % 2 ? "07:30" : null,
        start,
        active ? 1 : 0,
        active ? null : isoDay(today - (i % 300) * DAY),
        now,
        now,
      );
      if (i === 0) habitId = Number(result.lastInsertRowid);
    }

    const goal = db.prepare(
      "insert into goals (user_id, description, created_at, due_date, completed_at, skipped_at, habit_id, habit_day) values (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    let goalId = 0;
    for (let day = HEAVY.historyDays; day >= 1; day--) {
      const due = today - day * DAY + 20 * 3_600_000;
      for (let n = 0; n < HEAVY.goalsPerPastDay; n++) {
        const outcome = (day + n) % 4;
        goal.run(
          userId,
          `${longText(180)} ${n}`,
          due - 10 * 3_600_000,
          due,
          outcome < 2 ? due - 3_600_000 : null,
          outcome === 2 ? due - 3_600_000 : null,
          n === 0 ? habitId : null,
          n === 0 ? isoDay(due) : null,
        );
      }
    }
    for (let n = 0; n < HEAVY.goalsToday; n++) {
      const result = goal.run(
        userId,
        `${longText(180)} ${n}`,
        now,
        now + 3_600_000,
        null,
        null,
        null,
        null,
      );
      goalId = Number(result.lastInsertRowid);
    }

    const message = db.prepare(
      "insert into messages (user_id, from_system, body, source, created_at, kind, status) values (?, ?, ?, ?, ?, 'conversation', 'received')",
    );
    for (let n = 0; n < HEAVY.messages; n++) {
      message.run(
        userId,
        n % 2,
        longText(300),
        n % 3 ? "sms" : "web",
        now - (HEAVY.messages - n) * MESSAGE_SPACING_MS,
      );
    }

    const link = db.prepare(
      "insert into share_links (user_id, token, label, owner_name, include_photos, include_habits, created_at, revoked_at) values (?, ?, ?, ?, 1, 1, ?, ?)",
    );
    let shareToken = "";
    for (let n = 0; n < HEAVY.shareLinks; n++) {
      shareToken = randomBytes(24).toString("base64url");
      const revoked = n < MAX_PAST_LINKS_PER_USER ? now : null;
      link.run(userId, shareToken, `Coach ${n}`, "Sam", now, revoked);
    }

    const user = db.prepare(
      "insert into users (email, password_hash, phone, timezone, roles, created_at, updated_at) values (?, 'x', ?, 'America/Chicago', '[]', ?, ?)",
    );
    for (let n = 0; n < HEAVY.otherUsers; n++) {
      user.run(
        `someone${n}-${randomBytes(3).toString("hex")}@example.com`,
        `+1312555${String(n).padStart(4, "0")}`,
        now,
        now,
      );
    }

    const post = db.prepare(
      "insert into blog_posts (title, slug, content, excerpt, author_id, published, published_at, created_at, updated_at, tags) values (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)",
    );
    let postId = 0;
    let postSlug = "";
    for (let n = 0; n < HEAVY.posts; n++) {
      postSlug = `post-${n}-${randomBytes(3).toString("hex")}`;
      const result = post.run(
        `${longText(200)} ${n}`,
        postSlug,
        `# Heading\n\n${longText(20_000)}\n\n- a\n- b\n`,
        longText(300),
        userId,
        now - n * DAY,
        now - n * DAY,
        now,
        JSON.stringify(["habits", "focus", `tag${n % 20}`]),
      );
      postId = Number(result.lastInsertRowid);
    }

    const signup = db.prepare("insert into newsletter_signups (email, created_at) values (?, ?)");
    for (let n = 0; n < HEAVY.newsletterSignups; n++) {
      signup.run(`reader${n}-${randomBytes(3).toString("hex")}@example.com`, now);
    }
    return { goalId, habitId, postId, postSlug, shareToken };
  })();
}
