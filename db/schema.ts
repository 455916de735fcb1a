import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch('subsec') * 1000)`;
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
const jsonList = <T>(name: string) =>
  text(name, { mode: "json" })
    .$type<T[]>()
    .notNull()
    .default(sql`'[]'`);

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  phone: text("phone").notNull(),
  phoneVerifiedAt: integer("phone_verified_at", { mode: "timestamp_ms" }),
  timezone: text("timezone").notNull().default("America/New_York"),
  preferredCheckInTimeMorning: text("preferred_check_in_time_morning").notNull().default("08:00"),
  preferredCheckInTimeEvening: text("preferred_check_in_time_evening").notNull().default("19:00"),
  sendCheckInReminders: integer("send_check_in_reminders", { mode: "boolean" })
    .notNull()
    .default(true),
  receiveWeeklySummary: integer("receive_weekly_summary", { mode: "boolean" })
    .notNull()
    .default(true),
  roles: jsonList<string>("roles"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const consents = sqliteTable(
  "consents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    consentText: text("consent_text").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("consents_phone_idx").on(t.phone)],
);

export const goals = sqliteTable(
  "goals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    createdAt: createdAt(),
    dueDate: integer("due_date", { mode: "timestamp_ms" }).notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    proofImageUrls: jsonList<string>("proof_image_urls"),
    llmFeedback: text("llm_feedback"),
    sourceMessageId: integer("source_message_id"),
  },
  (t) => [
    index("goals_user_due_idx").on(t.userId, t.dueDate),
    index("goals_user_completed_idx").on(t.userId, t.completedAt),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromSystem: integer("from_system", { mode: "boolean" }).notNull(),
    body: text("body").notNull(),
    mediaUrls: jsonList<string>("media_urls"),
    source: text("source", { enum: ["sms", "web"] })
      .notNull()
      .default("sms"),
    createdAt: createdAt(),
    linkedGoalIds: jsonList<number>("linked_goal_ids"),
  },
  (t) => [index("messages_user_created_idx").on(t.userId, t.createdAt)],
);

export const followUpTasks = sqliteTable(
  "follow_up_tasks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    goalId: integer("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    followUpTime: integer("follow_up_time", { mode: "timestamp_ms" }).notNull(),
    sent: integer("sent", { mode: "boolean" }).notNull().default(false),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("follow_up_tasks_due_idx").on(t.sent, t.followUpTime)],
);

export const blogPosts = sqliteTable("blog_posts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title", { length: 255 }).notNull(),
  slug: text("slug", { length: 255 }).notNull().unique(),
  content: text("content").notNull(),
  excerpt: text("excerpt"),
  authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
  featuredImageUrl: text("featured_image_url"),
  published: integer("published", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  publishedAt: integer("published_at", { mode: "timestamp_ms" }),
  tags: jsonList<string>("tags"),
});

export type User = typeof users.$inferSelect;
export type Goal = typeof goals.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
