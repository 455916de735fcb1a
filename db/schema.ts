import { sql } from "drizzle-orm";
import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
  /** E.164; one account per number, since inbound texts are routed by it. */
  phone: text("phone").notNull().unique(),
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
  /** Set when check-ins are paused for some days by text; they resume by themselves after it. */
  pausedUntil: integer("paused_until", { mode: "timestamp_ms" }),
  /** The question last asked and still open, and the user's local day it was asked for. */
  pendingPrompt: text("pending_prompt", { enum: ["morning", "evening"] }),
  pendingPromptDay: text("pending_prompt_day"),
  /** A permanent carrier error (21211 invalid, 21614 not mobile) for the current number. */
  phoneUndeliverableCode: text("phone_undeliverable_code"),
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
    /** What the text was for: a reply, a scheduled question, a verification code... */
    kind: text("kind").notNull().default("conversation"),
    providerSid: text("provider_sid").unique(),
    /** queued, sent, delivered, undelivered, failed, received, blocked */
    status: text("status").notNull().default("received"),
    errorCode: text("error_code"),
  },
  (t) => [index("messages_user_created_idx").on(t.userId, t.createdAt)],
);

/** Numbers that texted STOP (or that Twilio reports as unsubscribed); kept by number, beyond accounts. */
export const smsOptOuts = sqliteTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: integer("opted_out_at", { mode: "timestamp_ms" }).notNull().default(now),
  reason: text("reason").notNull(),
});

/** Every inbound MessageSid once: Twilio retries webhooks, and a retry must change nothing. */
export const inboundReceipts = sqliteTable("inbound_receipts", {
  messageSid: text("message_sid").primaryKey(),
  fromPhone: text("from_phone").notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull().default(now),
});

export const phoneCodes = sqliteTable(
  "phone_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_phone", "reset_password"] }).notNull(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("phone_codes_user_idx").on(t.userId, t.purpose)],
);

/** Proof photos and other media, kept in our database so they stay private and available. */
export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: integer("message_id").references(() => messages.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: blob("data", { mode: "buffer" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("media_user_idx").on(t.userId)],
);

/** What the local transport "sent": read by /dev/phone; nothing leaves the machine. */
export const localOutbox = sqliteTable(
  "local_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sid: text("sid").notNull().unique(),
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("local_outbox_to_idx").on(t.toPhone, t.createdAt)],
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
