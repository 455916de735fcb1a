import type { ImageRefusal } from "~/media/image-types";
import { WINDOW_FUTURE_YEARS } from "~/utils/date-window";
import { completionPhrase, rateSentence, type OutcomeCounts } from "~/goals/goal-numbers";
import { counted, pluralDays } from "~/utils/format";
import { segmentCount } from "~/sms/segments";

// Every text fits in two segments: long goal names are shortened, never the instructions.
export const MAX_SEGMENTS = 2;

const BRAND = "StreakCoach";

function shorten(text: string, max: number) {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, Math.max(1, max - 3)).trimEnd()}...`;
}

// Two segments hold at most 306 characters, and every name a template lists adds at least one (its
// number or separator), so a text naming more names than that cannot fit: the search starts there,
// which keeps the work the same for 20 names and 20,000.
const MOST_NAMES_THAT_FIT = 306;

/** Builds a text from goal names, shortening the names until it fits in two segments. */
export function fitted(build: (names: string[]) => string, names: string[]) {
  if (names.length <= MOST_NAMES_THAT_FIT) {
    for (let max = 60; max >= 8; max -= 4) {
      const text = build(names.map((n) => shorten(n, max)));
      if (segmentCount(text) <= MAX_SEGMENTS) return text;
    }
  }
  const shortened = names.slice(0, MOST_NAMES_THAT_FIT).map((n) => shorten(n, 8));
  for (let keep = Math.min(names.length - 1, MOST_NAMES_THAT_FIT); keep >= 0; keep--) {
    const text = build([...shortened.slice(0, keep), `+${names.length - keep} more`]);
    if (segmentCount(text) <= MAX_SEGMENTS) return text;
  }
  return build([]);
}

/**
 * A check-in's answer with the coach's feedback after it, in two segments: the reply is kept whole and
 * the feedback shortened on a word boundary ("..." keeps a GSM-7 text GSM-7), or left out if no word of
 * it fits.
 */
export function withFeedback(reply: string, feedback: string) {
  const whole = `${reply} ${feedback}`;
  if (segmentCount(whole) <= MAX_SEGMENTS) return whole;
  const words = feedback.split(/\s+/);
  for (let keep = words.length - 1; keep > 0; keep--) {
    const cut = words
      .slice(0, keep)
      .join(" ")
      .replace(/[\s.,;:!?-]+$/, "");
    if (!cut) continue;
    const text = `${reply} ${cut}...`;
    if (segmentCount(text) <= MAX_SEGMENTS) return text;
  }
  return reply;
}

const numbered = (names: string[]) => names.map((n, i) => `${i + 1}) ${n}`).join(" ");

export type ListedGoal = { description: string; state: "open" | "done" | "skipped" };
const STATE_NOTE = { open: "", done: " (done)", skipped: " (skipped)" } as const;
const listed = (names: string[], goals: ListedGoal[]) =>
  names.map((n, i) => `${i + 1}) ${n}${STATE_NOTE[goals[i]?.state ?? "open"]}`).join(" ");

/** A confirmation followed by today's list as it now stands, both fitted to two segments. */
function withList(lead: (name: string) => string, name: string, goals: ListedGoal[]) {
  return fitted(
    ([first = "", ...names]) =>
      `${lead(first)} ${goals.length ? `Today: ${listed(names, goals)}` : "No goals left for today."}`,
    [name, ...goals.map((g) => g.description)],
  );
}
const ONE_PHOTO_REFUSED: Record<ImageRefusal, string> = {
  not_an_image: "it isn't a JPEG, PNG, WebP, GIF or HEIC image",
  too_large: "it has too many pixels",
  unreadable: "it could not be read",
};
const PHOTOS_REFUSED: Record<ImageRefusal, string> = {
  not_an_image: "not a JPEG, PNG, WebP, GIF or HEIC image",
  too_large: "too many pixels",
  unreadable: "unreadable",
};
const habitsDone = (habits: { done: number; due: number }[] = []) =>
  habits.length
    ? ` Habits: ${habits.reduce((n, h) => n + h.done, 0)} of ${habits.reduce((n, h) => n + h.due, 0)} done.`
    : "";

/** Names split into consecutive groups of the given sizes, the rest last. */
function splitNames(names: string[], sizes: number[]) {
  const groups: string[][] = [];
  let at = 0;
  for (const size of sizes) groups.push(names.slice(at, (at += size)));
  groups.push(names.slice(at));
  return groups as [string[], string[], string[], string[]];
}

export type CheckInChanges = {
  done: string[];
  skipped: string[];
  tomorrow: string[];
  kept: { description: string; state: "done" | "skipped" }[];
};

/** A check-in's changes in plain words: "Done: run 5k. Skipped: read 20 pages. Moved to tomorrow: call mom." */
export function changeEcho(
  changes: { done: string[]; skipped: string[]; tomorrow: string[] },
  lead = "",
) {
  return [
    changes.done.length ? `Done: ${changes.done.join(", ")}.` : "",
    changes.skipped.length ? `Skipped: ${changes.skipped.join(", ")}.` : "",
    changes.tomorrow.length ? `Moved to tomorrow: ${changes.tomorrow.join(", ")}.` : "",
  ]
    .filter(Boolean)
    .map((part) => lead + part)
    .join("");
}

/** Goals a set_goals text named but that were not kept as they came. */
export type GoalsSetNotes = {
  /** Goals already past their due time when set: their number in the day's list and that time. */
  passed?: { number: number; time: string }[];
  /** Goals refused for being longer than the limit. */
  tooLong?: { count: number; max: number };
};

const tooLongNote = (tooLong: GoalsSetNotes["tooLong"]) =>
  tooLong && tooLong.count > 0
    ? ` Not added: ${tooLong.count === 1 ? "1 goal" : `${tooLong.count} goals`} over ${tooLong.max} characters, the most a goal can have.`
    : "";

const passedNote = (passed: GoalsSetNotes["passed"] = []) => {
  const [first] = passed;
  if (!first) return "";
  if (passed.length === 1)
    return ` Note: ${first.time} has already passed today, so ${first.number} shows as overdue; text "move ${first.number} to tomorrow" to push it.`;
  const numbers = passed.map((p) => p.number);
  return ` Note: the times of ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)} have already passed today, so they show as overdue; text "move ${first.number} to tomorrow" to push one.`;
};

export const templates = {
  morningQuestion: (habits: string[] = [], carriedOver: string[] = []) => {
    if (carriedOver.length === 0 && habits.length === 0)
      return `Good morning! What are your goals for today? Reply with 1-3 goals, e.g. "1. Run 5k 2. Read 30 pages". No goals today means no evening check-in.`;
    if (carriedOver.length === 0)
      return fitted(
        (names) =>
          `Good morning! Today's habits: ${numbered(names)}. Anything else today? Reply with your goals, or "ok" to keep just the habits.`,
        habits,
      );
    return fitted(
      (names) => {
        const carried = `Carried over to today: ${names.slice(habits.length).join(", ")}.`;
        return habits.length === 0
          ? `Good morning! ${carried} Any other goals for today? Reply with them, e.g. "1. Run 5k 2. Read 30 pages".`
          : `Good morning! Today's habits: ${numbered(names.slice(0, habits.length))}. ${carried} Anything else today? Reply with your goals, or "ok" if that's all.`;
      },
      [...habits, ...carriedOver],
    );
  },
  welcome: (when: string, kind: "morning" | "evening") =>
    `You're all set! Your first question comes ${when}, ${
      kind === "morning" ? "asking for the day's goals" : "asking how today's goals went"
    }. You can text your goals now, e.g. "1. Run 5k 2. Read 30 pages". Reply HELP for help, STOP to stop.`,
  justHabits: (habits: string[], checkInTime: string | null) =>
    fitted(
      (names) =>
        `OK, today is your habits: ${numbered(names)}. ${checkInTime ? `I'll check in at ${checkInTime}.` : "Reply with the numbers you finish today."}`,
      habits,
    ),
  habitAdded: (title: string, schedule: string) =>
    fitted(
      ([name]) =>
        `New habit: "${name}", ${schedule}. It joins your list on those days; text "my habits" to see them all.`,
      [title],
    ),
  habitStopped: (title: string) =>
    fitted(
      ([name]) =>
        `Stopped "${name}". Its history stays on your habits page; restart it there any time.`,
      [title],
    ),
  habitNotFound: (words: string, habits: string[]) =>
    fitted(
      ([name = "", ...names]) =>
        `No active habit matches "${name}".${names.length ? ` Your habits: ${numbered(names)}` : " You have no active habits."}`,
      [words, ...habits],
    ),
  habitList: (habits: { title: string; schedule: string }[]) =>
    habits.length === 0
      ? `No habits yet. Text one with its days, e.g. "gym every Mon, Wed and Fri" or "read 3x a week".`
      : fitted(
          (names) =>
            `Your habits: ${names.map((n, i) => `${i + 1}) ${n} (${habits[i]?.schedule ?? ""})`).join(" ")}. Text "stop habit NAME" to stop one.`,
          habits.map((h) => h.title),
        ),
  eveningQuestion: (goals: string[]) =>
    fitted(
      (names) =>
        `Evening check-in: which goals did you finish? ${numbered(names)}. Reply e.g. "1 and 3", "all" or "none". A photo as proof is welcome.`,
      goals,
    ),
  goalsSet: (goals: string[], checkInTime: string | null, notes: GoalsSetNotes = {}) =>
    fitted(
      (names) =>
        `Got it: ${goals.length} ${goals.length === 1 ? "goal" : "goals"} for today: ${numbered(names)}.${tooLongNote(notes.tooLong)}${passedNote(notes.passed)} ${
          checkInTime
            ? `I'll check in at ${checkInTime}.`
            : "Reply with the numbers you finish today."
        }`,
      goals,
    ),
  goalsTooLong: (count: number, max: number) =>
    `${count === 1 ? "That goal is" : "Those goals are"} too long: a goal can have at most ${max} characters. Please text a shorter version.`,
  checkedIn: (
    changes: CheckInChanges,
    today: { completed: number; total: number },
    streak: number,
  ) => {
    const { done, skipped, tomorrow, kept } = changes;
    const lead =
      done.length === 0
        ? "Thanks for checking in."
        : today.completed === today.total
          ? "All done, great work!"
          : "Nice work!";
    const counts = today.total
      ? `${today.completed} of ${today.total} done today.`
      : "No goals left for today.";
    const nothing = done.length + skipped.length + tomorrow.length + kept.length === 0;
    const fresh =
      nothing && today.completed === 0
        ? " Nothing done today is OK: tomorrow is a fresh start."
        : "";
    return fitted(
      (names) => {
        const [d, s, t, k] = splitNames(names, [done.length, skipped.length, tomorrow.length]);
        const keptNotes = k.map(
          (n, i) => ` ${n} was already marked ${kept[i]?.state ?? "done"} on the web: kept.`,
        );
        return `${lead} ${counts}${changeEcho({ done: d, skipped: s, tomorrow: t }, " ")}${keptNotes.join("")}${fresh} Streak: ${pluralDays(streak)}.`;
      },
      [...done, ...skipped, ...tomorrow, ...kept.map((g) => g.description)],
    );
  },
  goalEdited: (before: string, after: string, goals: ListedGoal[]) =>
    fitted(
      ([was = "", now = "", ...names]) =>
        `Changed "${was}" to "${now}". ${goals.length ? `Today: ${listed(names, goals)}` : ""}`.trim(),
      [before, after, ...goals.map((g) => g.description)],
    ),
  undone: (change: string, goals: ListedGoal[]) => {
    // The words of the change are kept whole when the list can make room for them.
    const whole = fitted(
      (names) =>
        `Undone: ${change}. ${goals.length ? `Today: ${listed(names, goals)}` : "No goals left for today."}`,
      goals.map((g) => g.description),
    );
    if (segmentCount(whole) <= MAX_SEGMENTS) return whole;
    return withList((words) => `Undone: ${words}.`, change, goals);
  },
  nothingToUndo: () => `Nothing to undo: you have made no changes by text today.`,
  goalRemoved: (goal: string, goals: ListedGoal[]) =>
    withList((name) => `Removed "${name}".`, goal, goals),
  goalMoved: (goal: string, goals: ListedGoal[]) =>
    withList((name) => `Moved "${name}" to tomorrow.`, goal, goals),
  goalNotMovable: () =>
    `That goal is done. Undo it on your dashboard first if you want to move it.`,
  photosRefused: (refusals: ImageRefusal[], checkIn: boolean) => {
    const why =
      refusals.length === 1
        ? `that photo (${ONE_PHOTO_REFUSED[refusals[0]!]})`
        : `${refusals.length} of your photos (${(Object.keys(PHOTOS_REFUSED) as ImageRefusal[])
            .filter((reason) => refusals.includes(reason))
            .map((reason) => PHOTOS_REFUSED[reason])
            .join("; ")})`;
    return `We couldn't use ${why}.${checkIn ? " Your check-in still counts." : ""}`;
  },
  proofAttached: (goal: string) =>
    fitted((names) => `Photo saved as proof for "${names[0] ?? ""}".`, [goal]),
  noGoalsToCheck: () =>
    `You have no goals for today yet. Text your goals any time, e.g. "goal: Run 5k".`,
  listGoals: (goals: { description: string; done: boolean }[]) =>
    goals.length === 0
      ? `No goals for today yet. Text them any time, e.g. "goal: Run 5k".`
      : fitted(
          (names) =>
            `Today's goals: ${names.map((n, i) => `${i + 1}) ${n}${goals[i]?.done ? " (done)" : ""}`).join(" ")}`,
          goals.map((g) => g.description),
        ),
  stats: (streak: number, counts: OutcomeCounts) =>
    `Your streak: ${pluralDays(streak)}. Completion rate: ${rateSentence(counts)}. Keep going!`,
  paused: (daysPaused: number | null) =>
    daysPaused === null
      ? `Check-ins paused. Reply RESUME when you're ready to start again.`
      : `Check-ins paused for ${pluralDays(daysPaused)}. They restart by themselves; reply RESUME to start sooner.`,
  pauseTooLong: () =>
    `I can pause check-ins for up to ${WINDOW_FUTURE_YEARS} years. Send a shorter pause (e.g. "pause 2 weeks"), or PAUSE to stop them until you reply RESUME.`,
  resumed: () => `Welcome back! Check-ins are on again. Text your goals for today any time.`,
  whichGoalNumber: (number: number, goals: string[]) =>
    fitted(
      (names) =>
        `Which goal is ${number}? You have ${goals.length} today: ${numbered(names)}. Reply e.g. "1 done".`,
      goals,
    ),
  whichGoalOf: (goals: { number: number; description: string }[]) =>
    fitted(
      (names) =>
        `Which one did you mean: ${names.map((n, i) => `${goals[i]?.number ?? i + 1}) ${n}`).join(" or ")}? Reply e.g. "${goals[0]?.number ?? 1} done".`,
      goals.map((g) => g.description),
    ),
  unknown: () =>
    `Sorry, I didn't get that. Text your goals (e.g. "goal: Run 5k"), reply with the numbers you finished, or HELP.`,
  stopConfirmed: () =>
    `${BRAND}: You are unsubscribed and will receive no more messages. Reply START to resubscribe.`,
  startConfirmed: () =>
    `${BRAND}: You are subscribed again to daily goal check-ins (about 2 msgs/day). Msg & data rates may apply. Reply HELP for help, STOP to cancel.`,
  unverifiedKeyword: () =>
    `${BRAND}: your number isn't verified yet, so we don't text it and nothing changed. Verify it on your dashboard to get check-in texts.`,
  emailChanged: (supportEmail: string) =>
    `${BRAND}: the email address on your account was just changed. If this wasn't you, reset your password and write to ${supportEmail}.`,
  phoneChangeRequested: (lastDigits: string, supportEmail: string) =>
    `${BRAND}: someone asked to move your account to a number ending in ${lastDigits}. Nothing changes until that number confirms. Not you? Write to ${supportEmail}.`,
  phoneChanged: (lastDigits: string, supportEmail: string) =>
    `${BRAND}: your account now uses the number ending in ${lastDigits}; this number gets no more texts from us. Not you? Write to ${supportEmail}.`,
  help: (supportEmail: string) =>
    `${BRAND} goal check-ins: about 2 msgs/day. Msg & data rates may apply. Reply STOP to cancel. Help: ${supportEmail}`,
  accessEnded: (what: "trial" | "plan", appUrl: string) =>
    `${BRAND}: your ${what === "trial" ? "free trial" : "plan"} has ended, so your daily check-in texts are paused. Your goals and streaks are saved. Choose a plan to continue: ${appUrl}/settings/billing`,
  partnerInvitation: (inviter: string, role: "coach" | "partner") =>
    fitted(
      ([name]) =>
        `${BRAND}: ${name} invited you to be their ${role === "coach" ? "coach" : "accountability partner"} and get their progress updates by text. Reply YES to accept or NO to decline. Msg & data rates may apply. Reply STOP to opt out.`,
      [inviter],
    ),
  partnerAccepted: (inviters: string[]) =>
    fitted(
      (names) =>
        `${BRAND}: thanks! You'll get progress updates from ${names.join(", ")}. Reply STOP any time to stop them.`,
      inviters,
    ),
  partnerDeclined: (inviters: string[]) =>
    fitted(
      (names) =>
        `${BRAND}: OK, you won't get updates from ${names.join(", ")}. Reply YES if you change your mind, STOP to opt out.`,
      inviters,
    ),
  partnerInfo: (inviters: string[]) =>
    fitted(
      (names) =>
        `${BRAND}: you get progress updates from ${names.join(", ")}. Reply STOP to stop them, HELP for help.`,
      inviters,
    ),
  partnerSummary: (
    inviter: string,
    kind: "weekly_summary" | "monthly_summary",
    figures: {
      set: number;
      counts: OutcomeCounts;
      streak: number;
      habits?: { done: number; due: number }[];
    },
    url: string,
  ) =>
    fitted(
      ([name]) =>
        `${name}'s ${kind === "weekly_summary" ? "week" : "month"}: ${counted(figures.set, "goal")} set; ${completionPhrase(figures.counts)}.${habitsDone(figures.habits)} Streak: ${pluralDays(figures.streak)}. Details: ${url} Reply STOP to opt out.`,
      [inviter],
    ),
  partnerEveningNote: (inviter: string, done: number, total: number, streak: number) =>
    fitted(
      ([name]) =>
        `${BRAND}: ${name} checked in tonight: ${done} of ${total} ${total === 1 ? "goal" : "goals"} done. Streak: ${pluralDays(streak)}. Reply STOP to opt out.`,
      [inviter],
    ),
  unknownNumber: (appUrl: string) =>
    `${BRAND}: this number isn't linked to an account. Sign up at ${appUrl}/register. Reply STOP to opt out.`,
  dailyTextLimit: (limit: number) =>
    `${BRAND}: that's ${limit} texts today, the most we read in a day. We'll read your texts again tomorrow. STOP and HELP still work.`,
};

export type TemplateName = keyof typeof templates;
