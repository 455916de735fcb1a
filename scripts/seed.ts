/**
 * Fills a DEMO database: `npm run seed` (add `-- --force` to run with NODE_ENV=production).
 *
 * Creates demo@example.com (an admin, with a generated password printed once), goals over the past
 * days, the SMS and web-chat conversation that produced them, and two blog posts (one published).
 * Users and goals go through their domain modules; messages and posts are plain drizzle inserts.
 * Migrates the database first, and does nothing when the demo user already exists.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { env } from "../app/utils/env/env.server";

const DEMO_EMAIL = "demo@example.com";
const DEMO_PHONE = "+12015550123";
const TIME_ZONE = "America/New_York";

if (env.isProduction && !process.argv.includes("--force")) {
  console.error(
    "Refusing to seed demo data with NODE_ENV=production. Run `npm run seed -- --force` if you mean it.",
  );
  process.exit(1);
}

const { runMigrations } = await import("../db/migrate");
const { db, schema, sqlite } = await import("../app/utils/db/db.server");
// Domain modules prepare their statements when they load, so the tables must exist first.
runMigrations(sqlite);
const { createUser, getUserByEmail, setAdminRole } = await import("../app/users/users.server");
const { completeGoal, createGoal } = await import("../app/goals/goals.server");
const { createHabit } = await import("../app/habits/habits.server");
const { createHabitGoalsOfDay } = await import("../app/habits/habit-goals.server");
const { addDays, localDay, zonedInstant } = await import("../app/utils/time/local-time");

if (getUserByEmail(DEMO_EMAIL)) {
  console.log(`${DEMO_EMAIL} already exists in ${env.DATABASE_PATH}; nothing to do.`);
  process.exit(0);
}

const password = randomBytes(9).toString("base64url");
const user = await createUser(
  {
    email: DEMO_EMAIL,
    password,
    phone: DEMO_PHONE,
    timezone: TIME_ZONE,
    preferredCheckInTimeMorning: "08:00",
    preferredCheckInTimeEvening: "19:00",
    sendCheckInReminders: true,
    receiveWeeklySummary: true,
    terms: true,
  },
  { ip: "127.0.0.1", userAgent: "scripts/seed.ts" },
);
setAdminRole(user.id, true, user.id);

/** An instant at a wall-clock time on the local day `daysAgo` days before today, in the demo zone. */
const today = localDay(new Date(), TIME_ZONE);
function at(daysAgo: number, time: string) {
  return zonedInstant(addDays(today, -daysAgo), time, TIME_ZONE);
}

type DemoDay = {
  daysAgo: number;
  goals: { description: string; done: boolean }[];
  /** Channel of the evening check-in: the web chat shares the thread with SMS. */
  checkInSource: "sms" | "web";
  checkIn: string;
  feedback: string;
};

const pastDays: DemoDay[] = [
  {
    daysAgo: 4,
    goals: [
      { description: "Run 3 miles before work", done: true },
      { description: "Read 20 pages of Atomic Habits", done: true },
    ],
    checkInSource: "sms",
    checkIn: "1 2",
    feedback: "Both done. That's how a streak starts. See you tomorrow morning!",
  },
  {
    daysAgo: 3,
    goals: [
      { description: "Finish the quarterly report draft", done: true },
      { description: "Call mom", done: false },
      { description: "No sugar after 6pm", done: true },
    ],
    checkInSource: "sms",
    checkIn: "Finished the report and skipped dessert",
    feedback: "2 of 3 done. Calling mom can lead off tomorrow's list.",
  },
  {
    daysAgo: 2,
    goals: [
      { description: "Call mom", done: true },
      { description: "Meal prep lunches for the week", done: true },
    ],
    checkInSource: "sms",
    checkIn: "all done",
    feedback: "All done! Your streak is 3 days.",
  },
  {
    daysAgo: 1,
    goals: [
      { description: "Run 3 miles", done: true },
      { description: "Clean out the inbox", done: false },
      { description: "30 minutes of Spanish practice", done: true },
    ],
    checkInSource: "web",
    checkIn: "Did the run and the Spanish. Inbox will have to wait.",
    feedback: "2 of 3 done, and a 4-day streak. Nice consistency!",
  },
];

const morningPrompt =
  "Good morning! What are your goals for today? Reply with one goal per line. Reply HELP for help, STOP to opt out.";
const eveningPrompt = (list: string) =>
  `Evening check-in: which goals did you finish?\n${list}\nReply with the numbers, or send a photo as proof.`;

/** The demo's habits are this many days old, so their heatmaps, streaks and strength have a history. */
const HABIT_DAYS = 42;
const demoHabits = [
  { title: "Meditate 10 minutes", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, keptOneIn: 1.15 },
  { title: "Gym", schedule: { days: [1, 3, 5] }, keptOneIn: 1.3 },
  { title: "Read 20 pages", schedule: { timesPerWeek: 3 }, keptOneIn: 2 },
];

let goalCount = 0;
let messageCount = 0;

db.transaction((tx) => {
  const { goals, messages, users } = schema;
  // The account dates from before the first demo day (and its habits), with its number verified.
  tx.update(users)
    .set({
      createdAt: at(HABIT_DAYS + 1, "20:00"),
      updatedAt: at(HABIT_DAYS + 1, "20:05"),
      phoneVerifiedAt: at(HABIT_DAYS + 1, "20:05"),
    })
    .where(eq(users.id, user.id))
    .run();
  tx.update(schema.consents)
    .set({ createdAt: at(HABIT_DAYS + 1, "20:00") })
    .where(eq(schema.consents.userId, user.id))
    .run();
  const say = (
    createdAt: Date,
    fromSystem: boolean,
    body: string,
    source: "sms" | "web",
    linkedGoalIds: number[] = [],
  ) => {
    messageCount += 1;
    return tx
      .insert(messages)
      .values({ userId: user.id, fromSystem, body, source, createdAt, linkedGoalIds })
      .returning({ id: messages.id })
      .get().id;
  };
  const addGoals = (
    daysAgo: number,
    list: { description: string; done: boolean }[],
    replyId: number,
  ) =>
    list.map((goal, i) => {
      goalCount += 1;
      const { id } = createGoal(user.id, {
        description: goal.description,
        dueDate: at(daysAgo, "19:00"),
        sourceMessageId: replyId,
      });
      // Goals are created "now"; the demo backdates them to the morning they were texted in.
      tx.update(goals)
        .set({ createdAt: at(daysAgo, "08:05") })
        .where(eq(goals.id, id))
        .run();
      if (goal.done) {
        completeGoal(user.id, id, {}, at(daysAgo, `18:${String(10 + i * 5).padStart(2, "0")}`));
      }
      return id;
    });
  const numbered = (list: { description: string }[]) =>
    list.map((g, i) => `${i + 1}. ${g.description}`).join("\n");

  for (const day of pastDays) {
    say(at(day.daysAgo, "08:00"), true, morningPrompt, "sms");
    const replyId = say(
      at(day.daysAgo, "08:04"),
      false,
      day.goals.map((g) => g.description).join("\n"),
      "sms",
    );
    const ids = addGoals(day.daysAgo, day.goals, replyId);
    tx.update(messages).set({ linkedGoalIds: ids }).where(eq(messages.id, replyId)).run();
    say(
      at(day.daysAgo, "08:05"),
      true,
      `Got it! ${ids.length} goals for today. You've got this.`,
      "sms",
      ids,
    );
    say(at(day.daysAgo, "19:00"), true, eveningPrompt(numbered(day.goals)), "sms", ids);
    const done = ids.filter((_, i) => day.goals[i]!.done);
    say(at(day.daysAgo, "19:12"), false, day.checkIn, day.checkInSource, done);
    say(at(day.daysAgo, "19:13"), true, day.feedback, day.checkInSource, done);
  }

  // Today: the morning exchange, once the morning prompt time has passed; the goals are still open.
  if (Date.now() > at(0, "08:10").getTime()) {
    const todayGoals = [
      { description: "Run 3 miles", done: false },
      { description: "Clean out the inbox", done: false },
    ];
    say(at(0, "08:00"), true, morningPrompt, "sms");
    const replyId = say(at(0, "08:06"), false, "Run 3 miles\nClean out the inbox", "sms");
    const ids = addGoals(0, todayGoals, replyId);
    say(
      at(0, "08:07"),
      true,
      `Got it! ${ids.length} goals for today. You've got this.`,
      "sms",
      ids,
    );
  }

  const now = new Date();
  tx.insert(schema.blogPosts)
    .values([
      {
        title: "Five habits that make a streak stick",
        slug: "five-habits-that-make-a-streak-stick",
        excerpt: "Small, specific, and said out loud: what keeps people checking in day after day.",
        content: [
          "Streaks are not about willpower. They are about making the next step obvious.",
          "",
          "## 1. Make the goal small",
          "",
          '"Run 3 miles" beats "get fit". You can check it off tonight.',
          "",
          "## 2. Say it in the morning",
          "",
          "Writing today's goals down when the day starts turns intentions into a plan.",
          "",
          "## 3. Check in every evening",
          "",
          "An honest *2 of 3* keeps the streak honest too.",
          "",
          "## 4. Keep proof",
          "",
          "A photo of the finished run or the clean desk is a reward of its own.",
          "",
          "## 5. Share the summary",
          "",
          "Send your weekly summary to a friend or coach. Someone is counting on you.",
        ].join("\n"),
        tags: ["habits", "streaks"],
        authorId: user.id,
        published: true,
        publishedAt: at(2, "10:00"),
        createdAt: at(3, "16:00"),
        updatedAt: at(2, "10:00"),
      },
      {
        title: "Why we text you instead of sending a notification",
        slug: "why-we-text-you",
        excerpt: "A draft on why SMS still gets answered.",
        content:
          "Notifications pile up; texts get read. *Draft: add the numbers from the reply-rate study.*",
        tags: ["product"],
        authorId: user.id,
        published: false,
        createdAt: now,
        updatedAt: now,
      },
    ])
    .run();
});

// Habits: made HABIT_DAYS ago, each due day's goal created as the morning question would, and kept
// on most of those days (a fixed pattern, so every seeded demo looks the same).
const owner = db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!;
for (const habit of demoHabits)
  createHabit(
    owner,
    { title: habit.title, schedule: habit.schedule, time: null },
    at(HABIT_DAYS, "07:00"),
  );
for (let daysAgo = HABIT_DAYS; daysAgo >= 0; daysAgo -= 1) {
  createHabitGoalsOfDay(owner, at(daysAgo, "08:00"));
  if (daysAgo === 0) break;
  const day = localDay(at(daysAgo, "08:00"), TIME_ZONE);
  const dayGoals = db
    .select()
    .from(schema.goals)
    .where(and(eq(schema.goals.userId, user.id), eq(schema.goals.habitDay, day)))
    .all();
  for (const goal of dayGoals) {
    const habit = demoHabits.find((h) => h.title === goal.description)!;
    goalCount += 1;
    if ((daysAgo * 7 + goal.habitId!) % Math.round(habit.keptOneIn * 10) < 10)
      completeGoal(user.id, goal.id, {}, at(daysAgo, "18:30"));
  }
}

console.log(`Seeded ${env.DATABASE_PATH}:`);
console.log(`  user     ${DEMO_EMAIL} (admin), phone ${DEMO_PHONE}, time zone ${TIME_ZONE}`);
console.log(`  password ${password}   (shown once)`);
console.log(
  `  ${goalCount} goals, ${demoHabits.length} habits, ${messageCount} messages, 2 blog posts (1 published)`,
);
