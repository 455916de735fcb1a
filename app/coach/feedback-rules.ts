/**
 * Rule-based feedback after an evening check-in: what everyone gets without AI feedback, and what
 * Premium gets when the LLM is off or fails. Pure: no I/O, no clock, no randomness (the day picks the
 * phrasing, so a retry of the same day reads the same).
 */

/** How a past local day went: every goal done, some, none, or no goals set. */
export type DayPattern = "all" | "some" | "none" | "no_goals";

export type FeedbackFacts = {
  /** Today's goals done so far, and all of today's goals (at least one). */
  done: number;
  total: number;
  /** The streak in days, today's completions included. */
  streak: number;
  /** The local days before today, oldest first (usually seven). */
  week: DayPattern[];
  /** The last feedback the user got, so no sentence of it is said again. */
  previous: string | null;
  /** The local day (YYYY-MM-DD) the check-in is for. */
  dayKey: string;
};

export function dayPattern(total: number, completed: number): DayPattern {
  if (total === 0) return "no_goals";
  if (completed === 0) return "none";
  return completed >= total ? "all" : "some";
}

const NAMED_MILESTONES: Record<number, string> = {
  7: "One full week",
  14: "Two full weeks",
  21: "Three full weeks",
  30: "A whole month",
  365: "A whole year",
};
const MILESTONES = [3, 7, 14, 21, 30, 50, 75, 100, 150, 200, 250, 300, 365];

export function isMilestone(streak: number) {
  return (
    MILESTONES.includes(streak) || (streak > 365 && (streak % 100 === 0 || streak % 365 === 0))
  );
}

function nextMilestone(streak: number) {
  return MILESTONES.find((m) => m > streak) ?? (Math.floor(streak / 100) + 1) * 100;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

type Pool = string[];

function milestoneOpeners(n: number): Pool {
  const named = NAMED_MILESTONES[n];
  return [
    `${n} days in a row! That is a real milestone.`,
    `Milestone reached: a ${n}-day streak!`,
    `${n}-day streak! You earned this one.`,
    `That makes ${n} days straight. What a milestone!`,
    ...(named ? [`${named} of daily wins: ${n} days in a row!`] : []),
  ];
}

function fullOpeners(total: number): Pool {
  return [
    total === 1
      ? `Your goal is done today. Excellent work!`
      : `All ${total} done today. Excellent work!`,
    `Every goal checked off. That is how it is done!`,
    `A perfect day: ${total} of ${total} finished.`,
    `Clean sweep today. Well done!`,
    `You did everything you set out to do today.`,
  ];
}

function partialOpeners(done: number, total: number): Pool {
  return [
    `${done} of ${total} done. Solid progress!`,
    `Good effort today: ${done} of ${total} finished.`,
    `Progress beats perfection, and ${done} of ${total} is progress.`,
    `You moved the needle today with ${done} of ${total} done.`,
    `Nice, ${plural(done, "goal")} down today.`,
  ];
}

const COMEBACK_OPENERS: Pool = [
  `Welcome back! Getting going again is the hardest part.`,
  `Great comeback today after a missed day.`,
  `You bounced back today. That takes grit.`,
  `Back on track! One good day starts the next streak.`,
];

const MISSED_OPENERS: Pool = [
  `No goals done today, and that is OK.`,
  `Some days do not go to plan.`,
  `Thanks for being honest about today.`,
  `A missed day is just one day.`,
  `Not every day is a win, and that is fine.`,
];

const MISSED_AGAIN_OPENERS: Pool = [
  `A few tough days in a row. Try one small goal tomorrow.`,
  `It has been a rough stretch. Pick the easiest goal first tomorrow.`,
  `Still here and still checking in, which counts.`,
  `Reset time: choose one goal you can finish in 10 minutes tomorrow.`,
];

function streakClosers(n: number): Pool {
  const next = nextMilestone(n);
  const gap = next - n;
  return [
    `Your streak is now ${n} days.`,
    `That is ${n} days in a row.`,
    `Keep the ${n}-day streak rolling tomorrow.`,
    `${n} straight days and counting.`,
    ...(gap <= 3 ? [`Only ${plural(gap, "more day")} to reach ${next}.`] : []),
  ];
}

const NEW_STREAK_CLOSERS: Pool = [
  `A new streak starts today.`,
  `That is day one of a fresh streak.`,
  `Do it again tomorrow to grow your streak.`,
  `Every streak starts with day one.`,
];

const STRONG_WEEK_CLOSERS: Pool = [
  `What a week you are having.`,
  `Your week looks strong.`,
  `This week is shaping up nicely.`,
  `You have been consistent all week.`,
];

function keepStreakClosers(n: number): Pool {
  return [
    `Finish any one goal before bed to keep your ${n}-day streak.`,
    `Your ${n}-day streak is still alive until midnight.`,
    `One small win tonight keeps your ${n}-day streak going.`,
  ];
}

const GENTLE_CLOSERS: Pool = [
  `Tomorrow is a fresh start.`,
  `Set one small goal tomorrow morning.`,
  `Small steps still count.`,
  `Be kind to yourself tonight.`,
  `Rest up and go again tomorrow.`,
];

const GENERAL_CLOSERS: Pool = [
  `Keep it up!`,
  `See you tomorrow.`,
  `One day at a time.`,
  `You are building something good.`,
  `Keep showing up.`,
];

/** The rule-based feedback text: one or two short sentences, GSM-7, at most two SMS segments. */
export function ruleFeedback(facts: FeedbackFacts): string {
  const { done, total, streak, week } = facts;
  const lastWithGoals = [...week].reverse().find((d) => d !== "no_goals");
  const missedLastTime = lastWithGoals === "none";
  const strongWeek = week.filter((d) => d === "all").length >= 5;

  let situation: string;
  let openers: Pool;
  let closers: Pool;
  if (done === 0) {
    situation = missedLastTime ? "missed_again" : "missed";
    openers = missedLastTime ? MISSED_AGAIN_OPENERS : MISSED_OPENERS;
    closers = streak > 0 ? keepStreakClosers(streak) : GENTLE_CLOSERS;
  } else if (isMilestone(streak)) {
    situation = "milestone";
    openers = milestoneOpeners(streak);
    closers = strongWeek ? STRONG_WEEK_CLOSERS : GENERAL_CLOSERS;
  } else {
    situation = missedLastTime ? "comeback" : done >= total ? "full" : "partial";
    openers = missedLastTime
      ? COMEBACK_OPENERS
      : done >= total
        ? fullOpeners(total)
        : partialOpeners(done, total);
    closers =
      streak >= 2
        ? strongWeek && done >= total
          ? [...streakClosers(streak), ...STRONG_WEEK_CLOSERS]
          : streakClosers(streak)
        : NEW_STREAK_CLOSERS;
  }

  const said = new Set(sentencesOf(facts.previous ?? ""));
  const seed = hash(`${facts.dayKey}:${situation}`);
  const opener = pick(openers, seed, said) ?? pick(GENERAL_CLOSERS, seed, said);
  for (const sentence of sentencesOf(opener ?? "")) said.add(sentence);
  const closer = pick(closers, seed >>> 3, said) ?? pick(GENERAL_CLOSERS, seed >>> 5, said);
  return [opener, closer].filter(Boolean).join(" ") || `Check-in saved: ${done} of ${total} done.`;
}

/** A text's sentences, normalized for comparison (case, spacing and end punctuation ignored). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) =>
      s
        .toLowerCase()
        .replace(/[.!?]+$/, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
}

/** The first phrasing from the seeded position on whose sentences were not said last time. */
function pick(pool: Pool, seed: number, said: Set<string>): string | null {
  for (let i = 0; i < pool.length; i++) {
    const candidate = pool[(seed + i) % pool.length]!;
    if (sentencesOf(candidate).every((s) => !said.has(s))) return candidate;
  }
  return null;
}

/** FNV-1a: a stable number from the day, so each day starts at its own phrasing. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
