import type { ImageRefusal } from "~/media/image-types";
import { WINDOW_FUTURE_YEARS } from "~/utils/time/date-window";
import { completionPhrase, rateSentence, type OutcomeCounts } from "~/goals/goal-numbers";
import { counted, pluralDays } from "~/utils/time/format";
import { segmentCount, toSmsText } from "~/sms/segments";
import { MESSAGE_FREQUENCY } from "~/users/consent";

// A text aims for two segments; a list that does not fit in two gets a third before any name is cut.
export const MAX_SEGMENTS = 2;
export const LIST_SEGMENTS = 3;

const BRAND = "StreakCoach";

// A run of letters longer than this is a link or a code, not a word: it alone may be cut.
const LONGEST_WORD = 20;

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** A name cut to about `max` characters between two words, never inside one, with "..." after it. */
export function shortenOnWord(text: string, max: number) {
  const whole = clean(text);
  if (whole.length <= max) return whole;
  const room = Math.max(1, max - 3);
  const space = whole.lastIndexOf(" ", room);
  const kept = space > 0 ? whole.slice(0, space).replace(/[\s.,;:!?-]+$/, "") : "";
  if (kept) return `${kept}...`;
  const first = whole.split(" ")[0]!;
  return `${first.length <= LONGEST_WORD ? first : first.slice(0, room)}...`;
}

/** How a template is to be worded: `short` drops fixed words; `more` goal names were left out. */
export type Wording = { short: boolean; more: number };
type Build = (names: string[], wording: Wording) => string;

// Three segments hold at most 459 characters, and every name a template lists adds at least one (its
// number or separator), so a text naming more names than that cannot fit: the search starts there,
// which keeps the work the same for 20 names and 20,000.
const MOST_NAMES_THAT_FIT = 459;

/**
 * Builds a text from names. In order, the first that fits: every name whole in two segments with the
 * template's full wording, then with its short wording; every name whole in three segments; names
 * shortened between words in three; the first names and "+N more". The text is sent as toSmsText gives
 * it, so it is measured that way.
 */
export function fitted(build: Build, names: string[]) {
  // A shortened name's "..." ends the sentence a list closes with a "." of its own.
  const text = (list: string[], short: boolean, more = 0) =>
    toSmsText(build(list, { short, more }).replace(/\.\.\.\.(?= |$)/g, "..."));
  if (names.length <= MOST_NAMES_THAT_FIT) {
    const whole = names.map(clean);
    for (const short of [false, true]) {
      const candidate = text(whole, short);
      if (segmentCount(candidate) <= MAX_SEGMENTS) return candidate;
    }
    const candidate = text(whole, true);
    if (segmentCount(candidate) <= LIST_SEGMENTS) return candidate;
    for (let max = 60; max >= 12; max -= 4) {
      const shortened = text(
        names.map((n) => shortenOnWord(n, max)),
        true,
      );
      if (segmentCount(shortened) <= LIST_SEGMENTS) return shortened;
    }
  }
  // Each name kept adds more than the shorter count of the rest saves, so the longest list that fits
  // is found by halving.
  const shortened = names.slice(0, MOST_NAMES_THAT_FIT).map((n) => shortenOnWord(n, 12));
  const keeping = (keep: number) => text(shortened.slice(0, keep), true, names.length - keep);
  let [fits, fitsNot] = [0, Math.min(names.length - 1, MOST_NAMES_THAT_FIT) + 1];
  while (fitsNot - fits > 1) {
    const keep = Math.floor((fits + fitsNot) / 2);
    if (segmentCount(keeping(keep)) <= LIST_SEGMENTS) fits = keep;
    else fitsNot = keep;
  }
  return keeping(fits);
}

// A sentence ends at a mark followed by a space, so "4.5 km" and "e.g." stay whole.
const sentences = (text: string) =>
  clean(text)
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);
const counts = (text: string) => new Set(text.match(/\b\d+ of \d+\b/g) ?? []);

/**
 * A check-in's answer with the coach's feedback after it: the reply whole, then as many whole sentences
 * of the feedback as fit in the segments the reply needs (two at least), leaving out any sentence that
 * says a count ("2 of 3") the reply already says.
 */
export function withFeedback(reply: string, feedback: string) {
  const unsaid = unsaidSentences(reply, feedback);
  const budget = Math.min(Math.max(MAX_SEGMENTS, segmentCount(toSmsText(reply))), LIST_SEGMENTS);
  let text = reply;
  for (const sentence of unsaid) {
    const longer = `${text} ${sentence.trim()}`;
    if (segmentCount(toSmsText(longer)) > budget) break;
    text = longer;
  }
  return toSmsText(text);
}

/** The feedback's sentences that say no count ("2 of 3") the reply already says. */
function unsaidSentences(reply: string, feedback: string) {
  const said = counts(reply);
  return sentences(feedback).filter((s) => ![...counts(s)].some((count) => said.has(count)));
}

/** The feedback as the day's note after a check-in: without a count its answer already gave. */
export function feedbackBeyond(reply: string, feedback: string) {
  return unsaidSentences(reply, feedback).join(" ");
}

/** What a user may answer a list of goals with, naming only numbers the list has. */
export function replyExample(numbers: number[]) {
  const [first = 1, , third] = numbers;
  return third === undefined ? `"${first}"` : `"${first} and ${third}"`;
}

const moreNote = (more: number) => (more ? ` +${more} more` : "");

const numbered = (names: string[], more = 0) =>
  names.map((n, i) => `${i + 1}) ${n}`).join(" ") + moreNote(more);
const withDayNumbers = (names: string[], goals: { number: number }[], separator: string) =>
  names.map((n, i) => `${goals[i]?.number ?? i + 1}) ${n}`).join(separator);

/** A goal as a text lists it: with its day number (conventions v4), the same in every text of the day. */
export type NumberedGoal = { number: number; description: string };

/** Goals numbered 1 to n in the order given: a day with no gaps. */
export const numberedInOrder = (names: string[]): NumberedGoal[] =>
  names.map((description, i) => ({ number: i + 1, description }));

/** "2) Finish slides 3) Call mom": the names a fitted text kept, each with its goal's own number. */
const numberedAs = (names: string[], goals: { number: number }[], more = 0) =>
  names.map((n, i) => `${goals[i]?.number ?? i + 1}) ${n}`).join(" ") + moreNote(more);
/** The numbers of the goals a fitted text kept: what its example may name. */
const shownNumbers = (names: string[], goals: { number: number }[]) =>
  goals.slice(0, names.length).map((g) => g.number);

export type ListedGoal = NumberedGoal & { state: "open" | "done" | "skipped" };

const eveningDoneQuestion = (goals: NumberedGoal[]) =>
  fitted(
    (names, { short, more }) =>
      short
        ? `Which goals did you finish? ${numberedAs(names, goals, more)}. Reply e.g. ${replyExample(shownNumbers(names, goals))}, "all" or "none".`
        : `Evening check-in: which goals did you finish? ${numberedAs(names, goals, more)}. Reply e.g. ${replyExample(shownNumbers(names, goals))}, "all" or "none". A photo as proof is welcome.`,
    goals.map((g) => g.description),
  );

const eveningSlipsQuestion = (goals: NumberedGoal[], avoid: NumberedGoal[]) =>
  fitted(
    (names, { short, more }) => {
      const done = numberedAs(names.slice(0, goals.length), goals);
      const slips = numberedAs(names.slice(goals.length), avoid, more);
      const example = `"slipped on ${avoid[0]!.number}"`;
      if (goals.length === 0)
        return short
          ? `Any slips today? ${slips}. Reply e.g. ${example}, or "none".`
          : `Evening check-in: any slips today? ${slips}. Reply e.g. ${example}, or "none" if you kept them all.`;
      const doneExample = replyExample(shownNumbers(names, goals));
      return short
        ? `Which goals did you finish? ${done}. Any slips? ${slips}. Reply e.g. ${doneExample} or ${example}.`
        : `Evening check-in: which goals did you finish? ${done}. Any slips? ${slips}. Reply e.g. ${doneExample} and ${example}.`;
    },
    [...goals, ...avoid].map((g) => g.description),
  );

const STATE_NOTE = { open: "", done: " (done)", skipped: " (skipped)" } as const;
const listed = (names: string[], goals: ListedGoal[], more = 0) =>
  names
    .map((n, i) => `${goals[i]?.number ?? i + 1}) ${n}${STATE_NOTE[goals[i]?.state ?? "open"]}`)
    .join(" ") + moreNote(more);

/** A confirmation followed by today's list as it now stands, fitted together. */
function withList(lead: (name: string) => string, name: string, goals: ListedGoal[]) {
  return fitted(
    ([first = "", ...names], { short, more }) =>
      `${lead(first)} ${goals.length ? `${short ? "" : "Today: "}${listed(names, goals, more)}` : "No goals left for today."}`,
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

/** " Rest days left this month: 2." or, for habits none were left for, that they stay open. */
function restNote(rest: { left: number; refused: string[] } | null, refused: string[]) {
  if (!rest) return "";
  if (rest.refused.length === 0) return ` Rest days left this month: ${rest.left}.`;
  return ` No rest days left this month: ${refused.join(", ")} ${rest.refused.length === 1 ? "stays" : "stay"} open.`;
}

export type CheckInChanges = {
  done: string[];
  skipped: string[];
  tomorrow: string[];
  /** Measured goals' values as recorded: "Read: 35 of 30 pages ✓". */
  recorded?: string[];
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
  /** Goals already past their due time when set: their day number and that time. */
  passed?: { number: number; time: string }[];
  /** Goals set for a later day by its weekday ("dinner with jess on friday"): that day's name. */
  planned?: { description: string; weekday: string }[];
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

/** The passed note in a text's short wording: the numbers alone, so names need not be cut for it. */
const shortPassedNote = (passed: GoalsSetNotes["passed"] = []) =>
  passed.length ? ` Overdue already: ${passed.map((p) => p.number).join(", ")}.` : "";

export type Greeting = "Good morning!" | "Good afternoon!" | "Good evening!";

/** The greeting of a question asked at this local hour (0-23): a question sent by hand at 5 PM is not "Good morning!". */
export function greetingAt(localHour: number): Greeting {
  if (localHour >= 4 && localHour < 12) return "Good morning!";
  if (localHour >= 12 && localHour < 17) return "Good afternoon!";
  return "Good evening!";
}

/** "Planned for Friday: dinner with jess on friday.": goals set for a later day, by that day. */
const plannedNote = (planned: GoalsSetNotes["planned"] = []) => {
  const days = [...new Set(planned.map((p) => p.weekday))];
  return days
    .map(
      (day) =>
        ` ${planned
          .filter((p) => p.weekday === day)
          .map((p) => p.description)
          .join(", ")}: planned for ${day}.`,
    )
    .join("");
};

export const templates = {
  morningQuestion: (
    habits: NumberedGoal[] = [],
    carriedOver: NumberedGoal[] = [],
    greeting: Greeting = "Good morning!",
  ) => {
    if (carriedOver.length === 0 && habits.length === 0)
      return `${greeting} What are your goals for today? Reply with 1-3 goals, e.g. "1. Run 5k 2. Read 30 pages". No goals today means no evening check-in.`;
    if (carriedOver.length === 0)
      return fitted(
        (names, { short, more }) =>
          short
            ? `${greeting} Habits today: ${numberedAs(names, habits, more)}. Other goals? Reply with them, or "ok".`
            : `${greeting} Today's habits: ${numberedAs(names, habits, more)}. Anything else today? Reply with your goals, or "ok" to keep just the habits.`,
        habits.map((h) => h.description),
      );
    return fitted(
      (names, { short, more }) => {
        const shown = numberedAs(names.slice(habits.length), carriedOver, more);
        const habitList = numberedAs(names.slice(0, habits.length), habits);
        if (short)
          return habits.length === 0
            ? `${greeting} Carried over: ${shown}. Other goals today? Reply with them.`
            : `${greeting} Habits: ${habitList}. Carried over: ${shown}. Other goals? Reply with them, or "ok".`;
        const carried = `Carried over to today: ${shown}.`;
        return habits.length === 0
          ? `${greeting} ${carried} Any other goals for today? Reply with them, e.g. "1. Run 5k 2. Read 30 pages".`
          : `${greeting} Today's habits: ${habitList}. ${carried} Anything else today? Reply with your goals, or "ok" if that's all.`;
      },
      [...habits, ...carriedOver].map((g) => g.description),
    );
  },
  // The first text after opt-in, which a 10DLC review reads: brand, frequency, rates, HELP and STOP.
  welcome: (when: string, kind: "morning" | "evening") =>
    `${BRAND}: you're all set for goal check-ins, ${MESSAGE_FREQUENCY}. Msg & data rates may apply. Your first question comes ${when}, ${
      kind === "morning" ? "asking for the day's goals" : "asking how today's goals went"
    }. You can text your goals now, e.g. "1. Run 5k 2. Read 30 pages". Reply HELP for help, STOP to opt out.`,
  justHabits: (habits: NumberedGoal[], checkInTime: string | null) =>
    fitted(
      (names, { short, more }) =>
        short
          ? `OK, today: ${numberedAs(names, habits, more)}. ${checkInTime ? `Check-in at ${checkInTime}.` : "Reply with the numbers you finish."}`
          : `OK, today is your habits: ${numberedAs(names, habits, more)}. ${checkInTime ? `I'll check in at ${checkInTime}.` : "Reply with the numbers you finish today."}`,
      habits.map((h) => h.description),
    ),
  habitAdded: (title: string, schedule: string) =>
    fitted(
      ([name]) =>
        `New habit: "${name}", ${schedule}. It joins your list on those days; text "my habits" to see them all.`,
      [title],
    ),
  habitRestarted: (title: string, schedule: string) =>
    fitted(
      ([name]) =>
        `Restarted your habit "${name}", ${schedule}. Its history and best streak carry on; text "my habits" to see them all.`,
      [title],
    ),
  habitExists: (title: string, schedule: string) =>
    fitted(
      ([name]) =>
        `You already have the habit "${name}" (${schedule}). Text "my habits" to see them all.`,
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
      ([name = "", ...names], { short, more }) =>
        `No active habit matches "${name}".${names.length || more ? ` ${short ? "Habits" : "Your habits"}: ${numbered(names, more)}` : " You have no active habits."}`,
      [words, ...habits],
    ),
  habitList: (habits: { title: string; schedule: string }[]) =>
    habits.length === 0
      ? `No habits yet. Text one with its days, e.g. "gym every Mon, Wed and Fri" or "read 3x a week".`
      : fitted(
          (names, { short, more }) =>
            `Your habits: ${names.map((n, i) => `${i + 1}) ${n} (${habits[i]?.schedule ?? ""})`).join(" ")}${moreNote(more)}.${short ? "" : ` Text "stop habit NAME" to stop one.`}`,
          habits.map((h) => h.title),
        ),
  /** `avoid`: habits to avoid kept so far today, asked "Any slips?" rather than "done?". */
  eveningQuestion: (goals: NumberedGoal[], avoid: NumberedGoal[] = []) =>
    avoid.length === 0 ? eveningDoneQuestion(goals) : eveningSlipsQuestion(goals, avoid),
  /** `goals`: today's whole list; goals planned for a later day are named in `notes.planned`. */
  goalsSet: (goals: NumberedGoal[], checkInTime: string | null, notes: GoalsSetNotes = {}) => {
    const planned = notes.planned ?? [];
    // Goals planned for a later day are fitted with today's, after them: names cut alike.
    return fitted(
      (names, { short, more }) => {
        const later = plannedNote(
          names
            .slice(goals.length)
            .map((description, i) => ({ description, weekday: planned[i]?.weekday ?? "" })),
        );
        const tooLong = tooLongNote(notes.tooLong);
        if (goals.length === 0)
          return `Got it:${later}${moreNote(more)}${tooLong} I'll ask about ${planned.length === 1 ? "it" : "them"} that day.`;
        const list = numberedAs(names.slice(0, goals.length), goals, more);
        return short
          ? `Got it: ${list}.${later}${tooLong}${shortPassedNote(notes.passed)} ${checkInTime ? `Check-in at ${checkInTime}.` : "Reply with the numbers you finish."}`
          : `Got it: ${goals.length} ${goals.length === 1 ? "goal" : "goals"} for today: ${list}.${later}${tooLong}${passedNote(notes.passed)} ${
              checkInTime
                ? `I'll check in at ${checkInTime}.`
                : "Reply with the numbers you finish today."
            }`;
      },
      [...goals, ...planned].map((g) => g.description),
    );
  },
  goalsTooLong: (count: number, max: number) =>
    `${count === 1 ? "That goal is" : "Those goals are"} too long: a goal can have at most ${max} characters. Please text a shorter version.`,
  checkedIn: (
    changes: CheckInChanges,
    today: { completed: number; total: number },
    streak: number,
    /** Rest days: what is left after habits' days skipped, and the habits none were left for. */
    rest: { left: number; refused: string[] } | null = null,
    /** Habits to avoid the reply reports a slip on: their day counts as missed. */
    slipped: string[] = [],
  ) => {
    const { done, skipped, tomorrow, kept } = changes;
    const recorded = changes.recorded ?? [];
    const values = recorded.map((r) => ` ${r}.`).join("");
    const lead =
      done.length === 0 && recorded.length === 0
        ? "Thanks for checking in."
        : today.completed === today.total
          ? "All done, great work!"
          : "Nice work!";
    const counts = today.total
      ? `${today.completed} of ${today.total} done today.`
      : "No goals left for today.";
    const nothing =
      done.length +
        skipped.length +
        tomorrow.length +
        kept.length +
        recorded.length +
        slipped.length ===
      0;
    const fresh =
      nothing && today.completed === 0
        ? " Nothing done today is OK: tomorrow is a fresh start."
        : "";
    return fitted(
      (names, { short, more }) => {
        const [d, s, t, rest5] = splitNames(names, [done.length, skipped.length, tomorrow.length]);
        const refusedCount = rest?.refused.length ?? 0;
        const k = rest5.slice(0, kept.length);
        const r = rest5.slice(kept.length, kept.length + refusedCount);
        const sl = rest5.slice(kept.length + refusedCount);
        const slipNote = sl.length ? ` Slip noted: ${sl.join(", ")}. Tomorrow is a new day.` : "";
        const keptNotes = k.map(
          (n, i) => ` ${n} was already marked ${kept[i]?.state ?? "done"} on the web: kept.`,
        );
        return `${short ? "" : `${lead} `}${counts}${values}${changeEcho({ done: d, skipped: s, tomorrow: t }, " ")}${keptNotes.join("")}${more ? ` (+${more} more)` : ""}${restNote(rest, r)}${slipNote}${fresh} Streak: ${pluralDays(streak)}.`;
      },
      [
        ...done,
        ...skipped,
        ...tomorrow,
        ...kept.map((g) => g.description),
        ...(rest?.refused ?? []),
        ...slipped,
      ],
    );
  },
  goalEdited: (before: string, after: string, goals: ListedGoal[]) =>
    fitted(
      ([was = "", now = "", ...names], { short, more }) =>
        `Changed "${was}" to "${now}". ${goals.length ? `${short ? "" : "Today: "}${listed(names, goals, more)}` : ""}`.trim(),
      [before, after, ...goals.map((g) => g.description)],
    ),
  undone: (change: string, goals: ListedGoal[]) => {
    // The words of the change are kept whole when the list can make room for them.
    const whole = fitted(
      (names, { short, more }) =>
        `Undone: ${change}. ${goals.length ? `${short ? "" : "Today: "}${listed(names, goals, more)}` : "No goals left for today."}`,
      goals.map((g) => g.description),
    );
    if (segmentCount(whole) <= LIST_SEGMENTS && !/\+\d+ more$/.test(whole)) return whole;
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
  listGoals: (goals: ListedGoal[]) =>
    goals.length === 0
      ? `No goals for today yet. Text them any time, e.g. "goal: Run 5k".`
      : fitted(
          (names, { short, more }) =>
            `${short ? "Today" : "Today's goals"}: ${listed(names, goals, more)}`,
          goals.map((g) => g.description),
        ),
  stats: (streak: number, counts: OutcomeCounts) =>
    `Your streak: ${pluralDays(streak)}. Completion rate: ${rateSentence(counts)}. Keep going!`,
  paused: (daysPaused: number | null) =>
    daysPaused === null
      ? `Check-ins paused, streaks frozen. Reply RESUME when you're ready to start again.`
      : `Check-ins paused for ${pluralDays(daysPaused)}, streaks frozen. They restart by themselves; reply RESUME to start sooner.`,
  pauseTooLong: () =>
    `I can pause check-ins for up to ${WINDOW_FUTURE_YEARS} years. Send a shorter pause (e.g. "pause 2 weeks"), or PAUSE to stop them until you reply RESUME.`,
  resumed: () => `Welcome back! Check-ins are on again. Text your goals for today any time.`,
  /** A goal number that is not today's; `goals` with their day numbers. */
  whichGoalNumber: (number: number, goals: { number: number; description: string }[]) =>
    fitted(
      (names, { short, more }) => {
        const list = withDayNumbers(names, goals, " ") + moreNote(more);
        const example = `Reply e.g. "${goals[0]?.number ?? 1} done".`;
        return short
          ? `No goal ${number} today: ${list}. ${example}`
          : `Which goal is ${number}? You have ${goals.length} today: ${list}. ${example}`;
      },
      goals.map((g) => g.description),
    ),
  /** A question among goals, with their day numbers; the answer is read in phase clarify. */
  whichGoalOf: (goals: { number: number; description: string }[]) =>
    fitted(
      (names, { short, more }) =>
        `${short ? "Which one" : "Which one did you mean"}: ${withDayNumbers(names, goals, " or ")}${moreNote(more)}? Reply e.g. "${goals[0]?.number ?? 1}".`,
      goals.map((g) => g.description),
    ),
  /** One goal the reply says two things of ("didn't skip the run", "not sure I finished it"). */
  isItDone: (goal: { number: number; description: string }) =>
    fitted(
      (names, { short }) =>
        `${short ? "Is" : "Just to be sure: is"} ${goal.number}) ${names[0]} done? Reply "yes", "no", or e.g. "${goal.number} skipped".`,
      [goal.description],
    ),
  unknown: () =>
    `Sorry, I didn't get that. Text your goals (e.g. "goal: Run 5k"), reply with the numbers you finished, or HELP.`,
  stopConfirmed: () =>
    `${BRAND}: You are unsubscribed and will receive no more messages. Reply START to resubscribe.`,
  startConfirmed: () =>
    `${BRAND}: You are subscribed again to daily goal check-ins (${MESSAGE_FREQUENCY}). Msg & data rates may apply. Reply HELP for help, STOP to cancel.`,
  unverifiedKeyword: () =>
    `${BRAND}: your number isn't verified yet, so we don't text it and nothing changed. Verify it on your dashboard to get check-in texts.`,
  emailChanged: (supportEmail: string) =>
    `${BRAND}: the email address on your account was just changed. If this wasn't you, reset your password and write to ${supportEmail}.`,
  phoneChangeRequested: (lastDigits: string, supportEmail: string) =>
    `${BRAND}: someone asked to move your account to a number ending in ${lastDigits}. Nothing changes until that number confirms. Not you? Write to ${supportEmail}.`,
  phoneChanged: (lastDigits: string, supportEmail: string) =>
    `${BRAND}: your account now uses the number ending in ${lastDigits}; this number gets no more texts from us. Not you? Write to ${supportEmail}.`,
  help: (supportEmail: string) =>
    `${BRAND} goal check-ins: ${MESSAGE_FREQUENCY}. Msg & data rates may apply. Reply STOP to cancel. Help: ${supportEmail}`,
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
  /** A check-in that left one thing to ask: what it recorded, then the question. */
  recordedThenAsked: (
    changes: { done: string[]; skipped: string[]; tomorrow: string[]; recorded?: string[] },
    question: string,
  ) => {
    const { done, skipped, tomorrow } = changes;
    const values = (changes.recorded ?? []).map((r) => ` ${r}.`).join("");
    const echoed = fitted(
      (names, { more }) => {
        const [d, s, t] = splitNames(names, [done.length, skipped.length]);
        const echo = changeEcho({ done: d, skipped: s, tomorrow: t }, " ");
        return `Got it.${values}${echo}${more ? ` (+${more} more)` : ""} ${question}`;
      },
      [...done, ...skipped, ...tomorrow],
    );
    // The question is what must arrive whole; the echo gives way to it.
    if (segmentCount(echoed) <= LIST_SEGMENTS) return echoed;
    const short = toSmsText(`Got it. ${question}`);
    return segmentCount(short) <= LIST_SEGMENTS ? short : question;
  },
  /** "neither" to a question back: the goals it offered stay as they were. */
  noneChosen: (offered: string[]) =>
    fitted(
      (names, { short, more }) =>
        `${short ? "OK" : "OK, nothing more recorded"}: ${names.join(", ")}${moreNote(more)} ${names.length + more === 1 ? "stays" : "stay"} as ${names.length + more === 1 ? "it was" : "they were"}.`,
      offered,
    ),
};

export type TemplateName = keyof typeof templates;
