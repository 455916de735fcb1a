// The check-in reader held to its properties rather than to examples: replies generated from
// templates over random goal lists, each with the record its template means.
import fc from "fast-check";
import { falseRecord } from "../../tests/helpers/reply-score";
import { interpretReply } from "./interpret";
import { isRealWord } from "./interpret-text";

const SEED = 20261128;
const RUNS = { seed: SEED, numRuns: 200 };

/** A realistic goal: its name, a word that names it alone, and how people say they did it. */
interface PoolGoal {
  name: string;
  word: string;
  did: string;
  didNot: string;
}

// No two goals share a word, so every reference names one goal.
const POOL: PoolGoal[] = [
  { name: "Run 5k", word: "the 5k", did: "ran the 5k", didNot: "didn't run the 5k" },
  { name: "Call mom", word: "mom", did: "called mom", didNot: "didn't call mom" },
  {
    name: "Finish the report",
    word: "the report",
    did: "finished the report",
    didNot: "didn't finish the report",
  },
  { name: "Walk the dog", word: "the dog", did: "walked the dog", didNot: "didn't walk the dog" },
  { name: "Gym", word: "gym", did: "did gym", didNot: "no gym" },
  { name: "Floss", word: "floss", did: "flossed", didNot: "didn't floss" },
  {
    name: "Clean the kitchen",
    word: "the kitchen",
    did: "cleaned the kitchen",
    didNot: "didn't clean the kitchen",
  },
  { name: "Pay rent", word: "rent", did: "paid rent", didNot: "didn't pay rent" },
  { name: "Email Jess", word: "jess", did: "emailed jess", didNot: "didn't email jess" },
  {
    name: "Water the plants",
    word: "the plants",
    did: "watered the plants",
    didNot: "never got to the plants",
  },
  { name: "Meditate 10 min", word: "meditation", did: "meditated", didNot: "didn't meditate" },
  {
    name: "Read 30 pages",
    word: "reading",
    did: "did the reading",
    didNot: "didn't do the reading",
  },
];
// Emoji that are not marks: they add nothing to a reply (conventions v3).
const PLAIN_EMOJI = ["🙂", "😅", "🙌", "💀", "🤷", "😩", "📞", "🐕", "🌱", "💪", "🧘", "🎉"];
const ORDINALS = ["first", "second", "third", "fourth", "fifth"];

type Outcome = "done" | "open" | "skip" | "tomorrow";

// Each template names one goal (`R`); a done template has its negation beside it.
const DONE: [string, string][] = [
  ["did R", "didn't do R"],
  ["R done", "R not done"],
  ["finished R", "didn't finish R"],
  ["completed R", "never got to R"],
  ["R ✅", "R ❌"],
  ["yes to R", "no to R"],
  ["got R done", "no time for R"],
  ["DID", "DIDNOT"],
];
const OTHER: Record<Exclude<Outcome, "done">, string[]> = {
  open: ["didn't do R", "R not done", "no time for R", "no to R", "R ❌", "DIDNOT"],
  skip: ["skipped R", "R skipped", "skipping R"],
  tomorrow: ["R tomorrow", "will do R tomorrow"],
};
// Command words a typo may land on, and the fillers people put before a reply.
const TYPO_TARGETS = ["done", "finished", "completed", "skipped", "skipping", "tomorrow"];
const FILLERS = ["ok so", "oops", "hmm,", "lol", "btw", "um", "actually", "so"];
const JOINERS = [", ", ". ", "; ", "\n", " ", " and "];

interface Clause {
  /** The goals the clause names: one, or all those left ("the rest", "the other two"). */
  goals: number[];
  outcome: Outcome;
  template: string;
  negation?: string;
  ref: string;
}

interface Reply {
  goals: string[];
  clauses: Clause[];
  joiner: string;
}

const goalName = (goal: PoolGoal, emoji: string | null, upper: boolean) => {
  const name = upper ? goal.name : goal.name.toLowerCase();
  return emoji ? `${name} ${emoji}` : name;
};

/** How a clause names its goal: by number, by order word, or by one of its words. */
function refText(kind: number, goal: number, count: number, pool: PoolGoal) {
  if (kind === 0) return String(goal);
  if (kind === 1) return `#${goal}`;
  if (kind === 2)
    return goal === count && count > 1 ? "the last one" : `the ${ORDINALS[goal - 1]} one`;
  return pool.word;
}

function clauseText(template: string, ref: string, pool: PoolGoal, byWord: boolean) {
  if (template === "DID") return byWord ? pool.did : `did ${ref}`;
  if (template === "DIDNOT") return byWord ? pool.didNot : `didn't do ${ref}`;
  return template.replace("R", ref);
}

const replyArb: fc.Arbitrary<Reply> = fc
  .record({
    picked: fc.shuffledSubarray(POOL, { minLength: 2, maxLength: 5 }),
    emoji: fc.array(fc.option(fc.constantFrom(...PLAIN_EMOJI), { freq: 3 }), {
      minLength: 5,
      maxLength: 5,
    }),
    upper: fc.boolean(),
    joiner: fc.constantFrom(...JOINERS),
    seeds: fc.array(fc.nat(1000), { minLength: 20, maxLength: 20 }),
  })
  .chain(({ picked, emoji, upper, joiner, seeds }) =>
    fc
      .shuffledSubarray(
        picked.map((_, i) => i + 1),
        { minLength: 1, maxLength: picked.length },
      )
      .map((named) => {
        const goals = picked.map((g, i) => goalName(g, emoji[i] ?? null, upper));
        const clauses = named.map((goal, k): Clause => {
          const pool = picked[goal - 1]!;
          const seed = seeds[k] ?? 0;
          const outcomes: Outcome[] = ["done", "done", "open", "skip", "tomorrow"];
          const outcome = outcomes[seed % outcomes.length]!;
          const kind = Math.floor(seed / 5) % 4;
          const ref = refText(kind, goal, picked.length, pool);
          if (outcome === "done") {
            const [template, negation] = DONE[Math.floor(seed / 20) % DONE.length]!;
            return {
              goals: [goal],
              outcome,
              template: clauseText(template, ref, pool, kind === 3),
              negation: clauseText(negation, ref, pool, kind === 3),
              ref,
            };
          }
          const list = OTHER[outcome];
          const template = list[Math.floor(seed / 20) % list.length]!;
          return {
            goals: [goal],
            outcome,
            template: clauseText(template, ref, pool, kind === 3),
            ref,
          };
        });
        const left = picked.map((_, i) => i + 1).filter((g) => !named.includes(g));
        const rest = restClause(left, seeds[19] ?? 0);
        const joined = joinedPair(clauses, seeds[18] ?? 0);
        return { goals, clauses: rest ? [...joined, rest] : joined, joiner };
      }),
  );

// Verbs said once for two goals: "did 1 and 3", "skipped the dog and rent".
const PAIR_VERBS: Partial<Record<Outcome, string[]>> = {
  done: ["did", "finished", "completed"],
  skip: ["skipped", "skipping"],
};

/** Now and then the first two clauses said with one verb: "did 1 and 3" (then "skipped 2"). */
function joinedPair(clauses: Clause[], seed: number): Clause[] {
  const [a, b, ...others] = clauses;
  const verbs = a && PAIR_VERBS[a.outcome];
  if (seed % 3 !== 0 || !a || !b || !verbs) return clauses;
  const ref = `${a.ref} and ${b.ref}`;
  const verb = verbs[seed % verbs.length]!;
  return [
    { goals: [...a.goals, ...b.goals], outcome: a.outcome, template: `${verb} ${ref}`, ref },
    ...others,
  ];
}

const COUNT_WORDS = ["one", "two", "three", "four"];

/** Now and then a last clause on the goals not named: "rest done", "the other two not done". */
function restClause(left: number[], seed: number): Clause | null {
  if (left.length === 0 || seed % 3 !== 0) return null;
  const counted = left.length === 1 ? "the other one" : `the other ${COUNT_WORDS[left.length - 1]}`;
  const templates: [string, Outcome][] = [
    ["rest done", "done"],
    ["the rest tomorrow", "tomorrow"],
    ["everything else skipped", "skip"],
    [`${counted} not done`, "open"],
    ["all the others ✅", "done"],
  ];
  const [template, outcome] = templates[Math.floor(seed / 3) % templates.length]!;
  return { goals: left, outcome, template, ref: template };
}

const textOf = ({ clauses, joiner }: Reply) => clauses.map((c) => c.template).join(joiner);

/** The record the reply's templates mean; a reply that only moves one goal is a move (v2). */
function meant({ clauses }: Reply) {
  const [only] = clauses;
  if (clauses.length === 1 && only?.outcome === "tomorrow")
    return { intent: "move_goal", goal: only.goals[0] };
  const with_ = (outcome: Outcome) =>
    clauses
      .filter((c) => c.outcome === outcome)
      .flatMap((c) => c.goals)
      .sort((a, b) => a - b);
  return {
    intent: "check_in",
    completed: with_("done"),
    skipped: with_("skip"),
    tomorrow: with_("tomorrow"),
  };
}

const read = (goals: string[], text: string) =>
  interpretReply({ phase: "evening", goals, text, media: 0 });

/** One typo: a letter missing, added, changed, or two swapped (missing and changed only from 5 letters). */
const typoArb = fc.record({
  kind: fc.constantFrom("missing", "added", "changed", "swapped"),
  at: fc.nat(20),
  letter: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"),
});

function withTypo(
  word: string,
  { kind, at, letter }: { kind: string; at: number; letter: string },
) {
  const i = at % word.length;
  if (kind === "missing" && word.length >= 5) return word.slice(0, i) + word.slice(i + 1);
  if (kind === "changed" && word.length >= 5 && word[i] !== letter)
    return word.slice(0, i) + letter + word.slice(i + 1);
  if (kind === "swapped" && i + 1 < word.length && word[i] !== word[i + 1])
    return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  return word.slice(0, i) + letter + word.slice(i);
}

describe("the check-in reader's properties", () => {
  it("reads every generated reply as its templates mean", () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        expect(read(reply.goals, textOf(reply))).toEqual(meant(reply));
      }),
      RUNS,
    );
  });

  it("reads the same record when the clauses are reordered", () => {
    fc.assert(
      fc.property(replyArb, fc.nat(), (reply, rotate) => {
        const r = rotate % reply.clauses.length;
        const clauses = [...reply.clauses.slice(r), ...reply.clauses.slice(0, r)].reverse();
        const reordered = textOf({ ...reply, clauses });
        expect(read(reply.goals, reordered)).toEqual(read(reply.goals, textOf(reply)));
      }),
      RUNS,
    );
  });

  it("reads the same record when punctuation is dropped or spoken", () => {
    const spoken = [" ", " period ", " comma ", " new line ", " full stop "];
    fc.assert(
      fc.property(replyArb, fc.constantFrom(...spoken), (reply, joiner) => {
        const dictated = textOf({ ...reply, joiner });
        expect(read(reply.goals, dictated)).toEqual(read(reply.goals, textOf(reply)));
      }),
      RUNS,
    );
  });

  it("reads the same record when a command word carries one typo", () => {
    fc.assert(
      fc.property(replyArb, typoArb, fc.nat(), (reply, typo, pick) => {
        const text = textOf(reply);
        const targets = text.split(/\b/).filter((w) => TYPO_TARGETS.includes(w));
        fc.pre(targets.length > 0);
        const target = targets[pick % targets.length]!;
        const typed = withTypo(target, typo);
        fc.pre(typed !== target && !isRealWord(typed));
        const misspelt = text.replace(new RegExp(`\\b${target}\\b`), typed);
        expect(read(reply.goals, misspelt), misspelt).toEqual(read(reply.goals, text));
      }),
      RUNS,
    );
  });

  it("reads the same record with fillers before it and plain emoji anywhere between clauses", () => {
    fc.assert(
      fc.property(
        replyArb,
        fc.constantFrom(...FILLERS),
        fc.array(fc.option(fc.constantFrom(...PLAIN_EMOJI)), { minLength: 6, maxLength: 6 }),
        (reply, filler, emoji) => {
          const clauses = reply.clauses.map((c, k) => ({
            ...c,
            template: emoji[k] ? `${c.template} ${emoji[k]}` : c.template,
          }));
          const padded = `${filler} ${textOf({ ...reply, clauses })}${emoji[5] ? ` ${emoji[5]}` : ""}`;
          expect(read(reply.goals, padded), padded).toEqual(read(reply.goals, textOf(reply)));
        },
      ),
      RUNS,
    );
  });

  it("changes the record for exactly one goal when that goal's clause is negated", () => {
    fc.assert(
      fc.property(replyArb, fc.nat(), (reply, pick) => {
        const done = reply.clauses.filter((c) => c.negation);
        fc.pre(done.length > 0);
        const target = done[pick % done.length]!;
        const clauses = reply.clauses.map((c) =>
          c === target ? { ...c, template: c.negation!, outcome: "open" as const } : c,
        );
        const before = read(reply.goals, textOf(reply));
        const after = read(reply.goals, textOf({ ...reply, clauses }));
        const expected = before.intent === "check_in" && {
          ...before,
          completed: before.completed.filter((g) => g !== target.goals[0]),
        };
        expect(after, textOf({ ...reply, clauses })).toEqual(expected);
      }),
      RUNS,
    );
  });

  it("never writes a record its template did not mean, however the reply is typed", () => {
    fc.assert(
      fc.property(
        replyArb,
        fc.constantFrom(...JOINERS, " period ", " comma ", " new line "),
        fc.constantFrom("", ...FILLERS),
        typoArb,
        fc.boolean(),
        (reply, joiner, filler, typo, reorder) => {
          const clauses = reorder ? [...reply.clauses].reverse() : reply.clauses;
          let text = `${filler} ${textOf({ ...reply, clauses, joiner })}`.trim();
          const target = text.split(/\b/).find((w) => TYPO_TARGETS.includes(w));
          // A typo that makes another real word ("sipped") is that word, not a typo.
          const typed = target && withTypo(target, typo);
          if (target && typed && !isRealWord(typed))
            text = text.replace(new RegExp(`\\b${target}\\b`), typed);
          const got = read(reply.goals, text);
          expect(
            falseRecord({ id: "generated", ...meant(reply) }, got),
            `${text} -> ${JSON.stringify(got)}`,
          ).toBe(false);
        },
      ),
      { seed: SEED, numRuns: 400 },
    );
  });
});
