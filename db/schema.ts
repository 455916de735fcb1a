import { sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch('subsec') * 1000)`;
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
const jsonList = <T>(name: string) =>
  text(name, { mode: "json" })
    .$type<T[]>()
    .notNull()
    .default(sql`'[]'`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    /** E.164; one account per number, since inbound texts are routed by it. */
    /** Any account may hold a number; the account that verifies it owns it (one verified holder). */
    phone: text("phone").notNull(),
    phoneVerifiedAt: integer("phone_verified_at", { mode: "timestamp_ms" }),
    /** A new number asked for by a verified account: it replaces `phone` once its code is entered. */
    pendingPhone: text("pending_phone"),
    timezone: text("timezone").notNull().default("America/New_York"),
    preferredCheckInTimeMorning: text("preferred_check_in_time_morning").notNull().default("08:00"),
    preferredCheckInTimeEvening: text("preferred_check_in_time_evening").notNull().default("19:00"),
    sendCheckInReminders: integer("send_check_in_reminders", { mode: "boolean" })
      .notNull()
      .default(true),
    receiveWeeklySummary: integer("receive_weekly_summary", { mode: "boolean" })
      .notNull()
      .default(true),
    /** The first day of the user's weeks: calendar, heatmap, weekly counts, summaries and PDF. */
    weekStartsOn: text("week_starts_on", { enum: ["sunday", "monday"] })
      .notNull()
      .default("sunday"),
    roles: jsonList<string>("roles"),
    /** Set when check-ins are paused for some days by text; they resume by themselves after it. */
    pausedUntil: integer("paused_until", { mode: "timestamp_ms" }),
    /** The question last asked and still open, and the user's local day it was asked for. */
    pendingPrompt: text("pending_prompt", { enum: ["morning", "evening"] }),
    pendingPromptDay: text("pending_prompt_day"),
    /** A permanent carrier error (21211 invalid, 21614 not mobile) for the current number. */
    phoneUndeliverableCode: text("phone_undeliverable_code"),
    /** Billing (app/billing/entitlements.ts decides what these allow). The trial runs from sign-up. */
    trialEndsAt: integer("trial_ends_at", { mode: "timestamp_ms" }),
    plan: text("plan", { enum: ["basic", "premium"] }),
    /** Stripe's subscription status (active, trialing, past_due, canceled, unpaid...), as last heard. */
    subscriptionStatus: text("subscription_status"),
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" })
      .notNull()
      .default(false),
    stripeCustomerId: text("stripe_customer_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** The Stripe event time of the subscription state stored, so an older event never overwrites it. */
    subscriptionUpdatedAt: integer("subscription_updated_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  // The scheduler finds whose question is due by zone and chosen time.
  (t) => [
    index("users_morning_idx").on(t.timezone, t.preferredCheckInTimeMorning),
    index("users_evening_idx").on(t.timezone, t.preferredCheckInTimeEvening),
    index("users_phone_idx").on(t.phone),
    uniqueIndex("users_verified_phone_unique")
      .on(t.phone)
      .where(sql`${t.phoneVerifiedAt} is not null`),
  ],
);

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

/** A schedule from a day on: weekdays (0 = Sunday) or a number of times per week (the owner's weeks). */
export type HabitScheduleSpan = { from: string; days?: number[]; timesPerWeek?: number };

/**
 * A recurring commitment. On each local day it is due it becomes one goal of that day (goals.habitId),
 * created once whoever asks first; `schedules` keeps every schedule it has had, the last one current.
 */
export const habits = sqliteTable(
  "habits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    schedules: text("schedules", { mode: "json" }).$type<HabitScheduleSpan[]>().notNull(),
    /** 'HH:MM' local, or null for the user's evening check-in time. */
    dueTime: text("due_time"),
    /** The user's local day it started. */
    startDate: text("start_date").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** The local day it was stopped (no goals from then on); null while active. */
    stoppedOn: text("stopped_on"),
    /** A habit to avoid ("no sugar"): each day is kept unless the owner reports a slip. */
    avoid: integer("avoid", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
    /**
     * Raised by triggers (migration 0024) on every change to the habit or to one of its goals, never
     * lowered: numbers computed from its days hold for as long as it and the local day are the same.
     */
    version: integer("version").notNull().default(0),
    /** A measured habit's unit ("pages", "km"); null for a yes/no habit. */
    unit: text("unit"),
    /** The amount a day (or a week, see targetPer) must reach, or stay within when atMost. */
    target: real("target"),
    targetPer: text("target_per", { enum: ["day", "week"] }),
    atMost: integer("at_most", { mode: "boolean" }).notNull().default(false),
    /** The habit's id in Loop Habit Tracker, when it came from there: a second import finds it. */
    loopUuid: text("loop_uuid"),
  },
  (t) => [
    index("habits_user_active_idx").on(t.userId, t.active),
    uniqueIndex("habits_user_loop_uuid_unique")
      .on(t.userId, t.loopUuid)
      .where(sql`${t.loopUuid} is not null`),
  ],
);

/**
 * A person's pauses, on their local days: from `fromDay` to `toDay` inclusive, `toDay` null while the
 * pause lasts until they resume. Kept after a pause ends, so its days stay neither due nor missed in
 * every streak (app/users/pauses.server.ts writes them, with users.pausedUntil, in one place).
 */
export const pauses = sqliteTable(
  "pauses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromDay: text("from_day").notNull(),
    toDay: text("to_day"),
    createdAt: createdAt(),
  },
  (t) => [index("pauses_user_idx").on(t.userId, t.fromDay)],
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
    /** The user said they would not do it today (by text or on the dashboard); never with completedAt. */
    skippedAt: integer("skipped_at", { mode: "timestamp_ms" }),
    proofImageUrls: jsonList<string>("proof_image_urls"),
    llmFeedback: text("llm_feedback"),
    /** What a vision model saw in the proof photo (LLM_VISION), for the coach and the dashboard. */
    proofDescription: text("proof_description"),
    sourceMessageId: integer("source_message_id"),
    /** The habit this goal is the day's instance of, and that local day (one goal per habit and day). */
    habitId: integer("habit_id").references(() => habits.id, { onDelete: "set null" }),
    habitDay: text("habit_day"),
    /**
     * The goal's number on its local day (conventions v4): given when it is set, or lands on a day by a
     * move, from goal_day_numbers; every text and the dashboard show it. Null only for rows written
     * around the domain (benchmarks, old backups), which are numbered after the others as shown.
     */
    dayNumber: integer("day_number"),
    /** A measured habit's amount for the day (in the habit's unit); null when none was given. */
    value: real("value"),
    /** The user's note on a habit's day. */
    note: text("note"),
  },
  (t) => [
    // Covers the outcome counts of every dashboard view (no table reads), and every day range.
    index("goals_user_due_outcome_idx").on(t.userId, t.dueDate, t.completedAt, t.skippedAt),
    index("goals_user_completed_idx").on(t.userId, t.completedAt),
    uniqueIndex("goals_habit_day_unique")
      .on(t.habitId, t.habitDay)
      .where(sql`${t.habitId} is not null`),
    // Rows still to number (db/day-numbers.ts, after each migration): empty once they are.
    index("goals_day_number_missing_idx")
      .on(t.userId)
      .where(sql`${t.dayNumber} is null`),
    // Covers a habit's history of days and outcomes (habit-history.server.ts): no table reads.
    index("goals_habit_day_outcome_idx")
      .on(t.habitId, t.habitDay, t.completedAt, t.skippedAt)
      .where(sql`${t.habitId} is not null`),
  ],
);

/**
 * A user's goals counted per quarter hour of their due time (slot = floor(due_date / 900,000)), kept
 * by triggers on goals (migration 0021), so no write path can forget them. Every zone's midnight
 * falls on a quarter hour, so slots add up to exact local days in whatever zone the user has now:
 * the dashboard's outcome counts and calendar read a few rows a day instead of every goal.
 * `completed` has completed_at; `skipped` has skipped_at and no completed_at.
 */
export const goalDueSlots = sqliteTable(
  "goal_due_slots",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slot: integer("slot").notNull(),
    goals: integer("goals").notNull(),
    completed: integer("completed").notNull(),
    skipped: integer("skipped").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] })],
);

/**
 * A user's goal_due_slots summed: one row kept by triggers on goal_due_slots (migration 0023), so the
 * outcome counts and the previous goals' total read today's and later slots only, not every slot.
 */
export const goalDueTotals = sqliteTable("goal_due_totals", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  goals: integer("goals").notNull(),
  completed: integer("completed").notNull(),
  skipped: integer("skipped").notNull(),
});

/**
 * The last day number given on a user's local day: numbers are never given twice on a day, so a
 * removed goal leaves a gap and its undo finds its number free.
 */
export const goalDayNumbers = sqliteTable(
  "goal_day_numbers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Completed goals per quarter hour of their completion (floor(completed_at / 900,000)), for the streak. */
export const goalCompletionSlots = sqliteTable(
  "goal_completion_slots",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slot: integer("slot").notNull(),
    goals: integer("goals").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] })],
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
  (t) => [
    index("messages_user_created_idx").on(t.userId, t.createdAt),
    // The admin System tab counts today's texts across all users.
    index("messages_created_idx").on(t.createdAt),
  ],
);

/**
 * The outbox's rows for texts to a number with no account behind it (a stranger's pointer to the
 * website, a STOP confirmation, a partner's invitation, a code to a new number): stored queued before
 * they are sent, like a user's texts, and kept by number since they belong to no thread.
 */
export const numberTexts = sqliteTable("number_texts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  phone: text("phone").notNull(),
  body: text("body").notNull(),
  kind: text("kind").notNull(),
  providerSid: text("provider_sid").unique(),
  /** queued, sent, delivered, undelivered, failed */
  status: text("status").notNull().default("queued"),
  errorCode: text("error_code"),
  createdAt: createdAt(),
});

/** Numbers that texted STOP (or that Twilio reports as unsubscribed); kept by number, beyond accounts. */
export const smsOptOuts = sqliteTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: integer("opted_out_at", { mode: "timestamp_ms" }).notNull().default(now),
  reason: text("reason").notNull(),
});

/** Every inbound MessageSid once: Twilio retries webhooks, and a retry must change nothing. */
export const inboundReceipts = sqliteTable(
  "inbound_receipts",
  {
    messageSid: text("message_sid").primaryKey(),
    fromPhone: text("from_phone").notNull(),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  // A stranger is answered once a day: the earlier texts of a number are looked up by it.
  (t) => [index("inbound_receipts_from_idx").on(t.fromPhone, t.receivedAt)],
);

export const phoneCodes = sqliteTable(
  "phone_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", {
      enum: ["verify_phone", "reset_password", "change_phone"],
    }).notNull(),
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
    /** Bytes of a photo stored before object storage; `npm run media:migrate` moves them out. */
    data: blob("data", { mode: "buffer" }),
    /** The photo's key in the object store (EXIF stripped) and its thumbnail's. */
    storageKey: text("storage_key"),
    thumbKey: text("thumb_key"),
    /** Hex SHA-256 of the stored bytes: the strong ETag. */
    sha256: text("sha256"),
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

/** What phones without an account texted through the development phone (local transport only). */
export const localInbox = sqliteTable(
  "local_inbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromPhone: text("from_phone").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("local_inbox_from_idx").on(t.fromPhone, t.createdAt)],
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
  (t) => [
    index("follow_up_tasks_due_idx").on(t.sent, t.followUpTime),
    uniqueIndex("follow_up_tasks_goal_unique").on(t.goalId),
  ],
);

/**
 * The scheduler's ledger: one row per (user, kind, local date), inserted before a text is sent. The
 * unique key is the claim: only the tick that inserts the row sends, and on a replica the insert fails.
 */
export const scheduledSends = sqliteTable(
  "scheduled_sends",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: [
        "morning",
        "evening",
        "follow_up",
        "weekly_summary",
        "monthly_summary",
        "access_ended",
        "partner_weekly",
        "partner_monthly",
      ],
    }).notNull(),
    /** The user's local date the send belongs to; for follow-ups, "date:goalId"; for access_ended, the end instant. */
    localDate: text("local_date").notNull(),
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    /** Where the text goes when it is not the user's own phone (a partner's summary). */
    toPhone: text("to_phone"),
    /** claimed → sent | failed | skipped | expired; retry waits for nextAttemptAt. */
    status: text("status", {
      enum: ["claimed", "sent", "failed", "skipped", "expired", "retry"],
    }).notNull(),
    claimedBy: text("claimed_by"),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    messageId: integer("message_id"),
    providerSid: text("provider_sid"),
    errorCode: text("error_code"),
    note: text("note"),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("scheduled_sends_key").on(t.userId, t.kind, t.localDate),
    index("scheduled_sends_open_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** One row per scheduler tick: what it did, for the admin System tab and for catch-up after restarts. */
export const schedulerTicks = sqliteTable("scheduler_ticks", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tickAt: integer("tick_at", { mode: "timestamp_ms" }).notNull(),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
  finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  claimed: integer("claimed").notNull().default(0),
  sent: integer("sent").notNull().default(0),
  skipped: integer("skipped").notNull().default(0),
  expired: integer("expired").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  reconciled: integer("reconciled").notNull().default(0),
});

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title", { length: 255 }).notNull(),
    slug: text("slug", { length: 255 }).notNull().unique(),
    /** Markdown; rendered with marked and cleaned with sanitize-html on the way out. */
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    featuredImageUrl: text("featured_image_url"),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    /** The blog's banner shows the newest published post marked featured (else the newest). */
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
    /** Set on first publish and kept through unpublishing. */
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    tags: jsonList<string>("tags"),
  },
  (t) => [index("blog_posts_published_idx").on(t.published, t.publishedAt)],
);

/** Every Stripe webhook event once: Stripe retries, and a replay must change nothing. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/** Featured images uploaded in the blog editor; public once referenced by a post. */
export const blogImages = sqliteTable("blog_images", {
  id: text("id").primaryKey(),
  uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  /** Bytes of an image uploaded before object storage; `npm run media:migrate` moves them out. */
  data: blob("data", { mode: "buffer" }),
  /** The image's key in the object store (EXIF stripped) and its card-sized WebP's. */
  storageKey: text("storage_key"),
  cardKey: text("card_key"),
  /** Hex SHA-256 of the stored bytes: the strong ETag. */
  sha256: text("sha256"),
  createdAt: createdAt(),
});

/** Newsletter sign-ups from the blog; one row per address (stored lower-cased). */
export const newsletterSignups = sqliteTable("newsletter_signups", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
  ip: text("ip"),
});

/**
 * Read-only links to a user's progress (/share/{token}). The token is the capability: 128 random bits
 * or more, unique; a revoked or expired link answers 404.
 */
export const shareLinks = sqliteTable(
  "share_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    /** The owner's own note of who the link is for; not shown on the page. */
    label: text("label").notNull(),
    /** How the page names the owner (never the email or phone). */
    ownerName: text("owner_name").notNull(),
    includePhotos: integer("include_photos", { mode: "boolean" }).notNull().default(false),
    /** Show the owner's habits (schedule, streaks, strength) on the page. */
    includeHabits: integer("include_habits", { mode: "boolean" }).notNull().default(false),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("share_links_user_idx").on(t.userId)],
);

/**
 * Coaches and accountability partners a user shares with. Nothing but the invitation reaches the
 * number until it replies YES (status active); STOP from it is kept in sms_opt_outs like any number.
 */
export const partners = sqliteTable(
  "partners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** E.164 US mobile number. */
    phone: text("phone").notNull(),
    role: text("role", { enum: ["coach", "partner"] }).notNull(),
    /** How the invitation and summaries name the user to this person. */
    inviterName: text("inviter_name").notNull(),
    weeklySummary: integer("weekly_summary", { mode: "boolean" }).notNull().default(true),
    monthlySummary: integer("monthly_summary", { mode: "boolean" }).notNull().default(false),
    eveningNotes: integer("evening_notes", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: ["invited", "active", "declined"] })
      .notNull()
      .default("invited"),
    invitedAt: integer("invited_at", { mode: "timestamp_ms" }),
    respondedAt: integer("responded_at", { mode: "timestamp_ms" }),
    /** The read-only link their summary texts carry. */
    shareLinkId: integer("share_link_id").references(() => shareLinks.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("partners_user_phone_unique").on(t.userId, t.phone),
    index("partners_phone_idx").on(t.phone, t.status),
  ],
);

/** Every invitation sent, kept after a partner is removed: a number is invited by few users a day. */
export const partnerInvitations = sqliteTable(
  "partner_invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    phone: text("phone").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("partner_invitations_phone_idx").on(t.phone, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Goal = typeof goals.$inferSelect;
export type Habit = typeof habits.$inferSelect;
export type Pause = typeof pauses.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type NewsletterSignup = typeof newsletterSignups.$inferSelect;
export type ShareLink = typeof shareLinks.$inferSelect;
export type Partner = typeof partners.$inferSelect;

/** Each scheduled database backup: where it went, how big, or why it failed. */
export const backupRuns = sqliteTable("backup_runs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
  finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  /** The object's key in the store ("backups/2026-11-24T21-00-00Z.db.gz"). */
  key: text("key"),
  bytes: integer("bytes"),
  ok: integer("ok", { mode: "boolean" }).notNull().default(false),
  error: text("error"),
});

/**
 * Changes a person can take back: each text change of the day (undo by text) and a goal deleted on
 * the dashboard (Undo in its toast). `reversal` holds the rows as they were before and the ids the
 * change created, enough to put everything back in one transaction.
 */
export const changeJournal = sqliteTable(
  "change_journal",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["text", "web"] }).notNull(),
    /** The user's local day of the change; only that day's changes can be undone. */
    day: text("day").notNull(),
    /** The change in plain words, e.g. "Done: run 5k. Moved to tomorrow: call mom." */
    summary: text("summary").notNull(),
    reversal: text("reversal", { mode: "json" }).$type<Reversal>().notNull(),
    createdAt: createdAt(),
    undoneAt: integer("undone_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("change_journal_user_day_idx").on(t.userId, t.channel, t.day)],
);

export type JournaledTable = "goals" | "habits";
/** Raw rows as stored before the change (restored as they were) and ids it created (removed). */
export type Reversal = {
  before: { table: JournaledTable; row: Record<string, unknown> }[];
  created: { table: JournaledTable; id: number }[];
  /** Goals whose outcome (done, skipped) the change set: a later text may still change those. */
  outcomesSet?: number[];
  /** The question the change answered (a check-in answers the evening's): undo leaves it open again. */
  answered?: { prompt: "morning" | "evening"; day: string };
};

/**
 * The question back the service last asked a user ("Which one did you mean: 2) … or 3) …?"), one at
 * a time: the next text is read as its answer until it expires. Stored, never in memory: the primary
 * that reads the answer may not be the one that asked.
 */
export const openQuestions = sqliteTable("open_questions", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The text that asked. */
  asked: text("asked").notNull(),
  /** The goals offered, by id, in the order the question listed them. */
  goalIds: jsonList<number>("goal_ids"),
  /** What the chosen goals get. */
  verdict: text("verdict", { enum: ["completed", "skipped", "tomorrow"] }).notNull(),
  /** The phase the question was asked in: a text that is not an answer is read in it. */
  after: text("after", { enum: ["evening", "none"] }).notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  createdAt: createdAt(),
});

export type OpenQuestion = typeof openQuestions.$inferSelect;

/**
 * The coach's note on a user's day, one per check-in that wrote one; the day shows the latest that
 * stands. `afterEntryId` is the user's last change-journal entry when it was written: undoing that
 * change (or an earlier one) removes the note, which spoke of a day that no longer is.
 */
export const dayNotes = sqliteTable(
  "day_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    note: text("note").notNull(),
    afterEntryId: integer("after_entry_id").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("day_notes_user_day_idx").on(t.userId, t.day)],
);

export type DayNote = typeof dayNotes.$inferSelect;

/**
 * Personal access tokens for /api (Authorization: Bearer). Only the SHA-256 of the token is kept: it is
 * shown once, when made. `flaggedAt` marks a token seen in a URL or from many addresses at once.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    scopes: jsonList<"read" | "write">("scopes"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    lastUsedFrom: text("last_used_from"),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    flaggedAt: integer("flagged_at", { mode: "timestamp_ms" }),
    flagReason: text("flag_reason"),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);

export type ApiToken = typeof apiTokens.$inferSelect;

/** A user's private calendar link (/calendar/{token}.ics); the token is kept as its SHA-256 only. */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    lastFetchedAt: integer("last_fetched_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("calendar_feeds_user_idx").on(t.userId)],
);

export type CalendarFeed = typeof calendarFeeds.$inferSelect;

/**
 * A URL of the user's that receives signed JSON for their events (docs/api.md, Webhooks). The secret
 * signs every delivery and is shown to the user to check it. Failing since `firstFailureAt` for a day,
 * the endpoint is disabled with the reason shown on Settings → Webhooks.
 */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    secret: text("secret").notNull(),
    createdAt: createdAt(),
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
    disabledReason: text("disabled_reason"),
    firstFailureAt: integer("first_failure_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/**
 * The durable queue of webhooks out: one row per event and endpoint, written in the transaction of the
 * change it tells of, taken by the scheduler when `nextAttemptAt` has come, until delivered.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_unique").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
    // Delivered rows past the retention are deleted by age (webhook-delivery.server.ts).
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
