// The reader of version 5 (values, slips, notes) held to its properties: random goal lists of every
// kind, shown with random day numbers, and replies put together from phrases of known meaning.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { interpretReply, type ReplyInput } from "./interpret";
import type { GoalKind } from "./interpret-check-in-kinds";

const RUNS = { seed: 20261128, numRuns: 300 };

interface PoolGoal {
  name: string;
  kind: GoalKind;
  /** Phrases that say the goal was done, without an amount. */
  did: string[];
}

const pages = { unit: "pages", target: 30, atMost: false, per: "day" } as const;
const km = { unit: "km", target: 15, atMost: false, per: "week" } as const;
const coffees = { unit: "coffees", target: 2, atMost: true, per: "day" } as const;

// No two goals share a word.
const MEASURED: PoolGoal[] = [
  { name: "Read 30 pages", kind: pages, did: ["read ✅", "reading done"] },
  { name: "Run 15k", kind: km, did: ["ran ✅", "run done"] },
  { name: "At most 2 coffees", kind: coffees, did: ["coffee ✅"] },
];
const AVOID: PoolGoal[] = [
  { name: "No sugar", kind: "avoid", did: [] },
  { name: "Stay off twitter", kind: "avoid", did: [] },
  { name: "Quit vaping", kind: "avoid", did: [] },
];
const YES_NO: PoolGoal[] = [
  { name: "Call mom", kind: null, did: ["called mom", "mom done"] },
  { name: "Pushups", kind: null, did: ["did 50 pushups", "pushups ✅"] },
  { name: "Floss", kind: null, did: ["flossed", "floss done"] },
  { name: "Pay rent", kind: null, did: ["paid rent", "rent ✅"] },
];

// An avoided thing negated, or a word of the day that says no slip.
const NOT_A_SLIP: Record<string, string[]> = {
  "No sugar": ["didn't have sugar", "no sugar today", "had water instead of sugar", "zero sugar"],
  "Stay off twitter": ["stayed off twitter", "no twitter today", "didn't open twitter"],
  "Quit vaping": ["didn't vape", "no vaping today", "never vaped"],
};
const PLAIN = ["ugh", "long day", "🙂", "😅", "lol", "tired", "all done", "yes", "100%", "done"];
const JOINERS = [", ", " and ", ". ", "; ", " "];

const goalsArb = fc
  .record({
    measured: fc.subarray(MEASURED),
    avoid: fc.subarray(AVOID),
    yesNo: fc.subarray(YES_NO, { minLength: 1 }),
    firstNumber: fc.integer({ min: 1, max: 4 }),
    gaps: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 10, maxLength: 10 }),
  })
  .chain(({ measured, avoid, yesNo, firstNumber, gaps }) =>
    fc.shuffledSubarray([...measured, ...avoid, ...yesNo], { minLength: 1 }).map((goals) => {
      let number = firstNumber;
      const numbers = goals.map((_, i) => (i === 0 ? number : (number += gaps[i] ?? 1)));
      return { goals, numbers };
    }),
  );

const inputOf = (goals: PoolGoal[], numbers: number[], text: string): ReplyInput => ({
  phase: "evening",
  goals: goals.map((g) => g.name),
  numbers,
  kinds: goals.map((g) => g.kind),
  text,
  media: 0,
});

const dayNumbersOfKind = (goals: PoolGoal[], numbers: number[], test: (k: GoalKind) => boolean) =>
  goals.flatMap((g, i) => (test(g.kind) ? [numbers[i]!] : []));

describe("the version 5 reader's properties", () => {
  it("never reads a value from a bare number that is a day number", () => {
    const verdicts = ["N done", "N ✅", "did N", "N skipped", "#N done", "N tomorrow", "N ❌"];
    fc.assert(
      fc.property(
        goalsArb,
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...verdicts)), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...JOINERS),
        ({ goals, numbers }, picks, joiner) => {
          const text = picks
            .map(([k, verdict]) => verdict.replace("N", String(numbers[k % numbers.length])))
            .join(joiner);
          const got = interpretReply(inputOf(goals, numbers, text));
          if (got.intent !== "check_in") return;
          expect(got.values ?? [], text).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it("reads no slip without an avoided thing's words and a doing-verb, or a not-done mark on it", () => {
    fc.assert(
      fc.property(
        goalsArb,
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...JOINERS),
        ({ goals, numbers }, picks, joiner) => {
          const phrases = [
            ...PLAIN,
            ...goals.flatMap((g, i) => [
              ...(NOT_A_SLIP[g.name] ?? []),
              ...g.did,
              `${numbers[i]} ✅`,
              `${numbers[i]} done`,
            ]),
          ];
          const text = picks.map((k) => phrases[k % phrases.length]).join(joiner);
          const got = interpretReply(inputOf(goals, numbers, text));
          if (got.intent === "check_in") expect(got.slipped ?? [], text).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it("reads a slip only on a habit to avoid, and reads the one a reply names", () => {
    const slips: Record<string, string[]> = {
      "No sugar": ["had sugar 😩", "ate sugar", "slipped on the sugar"],
      "Stay off twitter": ["was on twitter all night", "scrolled twitter"],
      "Quit vaping": ["vaped once", "caved and vaped"],
    };
    fc.assert(
      fc.property(goalsArb, fc.nat(), fc.nat(), ({ goals, numbers }, pick, how) => {
        const avoid = goals.filter((g) => g.kind === "avoid");
        fc.pre(avoid.length > 0);
        const goal = avoid[pick % avoid.length]!;
        const said = slips[goal.name]!;
        const text = said[how % said.length]!;
        const got = interpretReply(inputOf(goals, numbers, text));
        const at = numbers[goals.indexOf(goal)]!;
        expect(got, text).toMatchObject({ intent: "check_in", slipped: [at], completed: [] });
      }),
      RUNS,
    );
  });

  it("gives values only to measured goals, each a number the reply wrote", () => {
    const amounts = ["read 35", "35 pages", "ran 3.2", "3,2k", "2 coffees", "did 50 pushups"];
    fc.assert(
      fc.property(
        goalsArb,
        fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        ({ goals, numbers }, picks) => {
          const did = goals.flatMap((g) => g.did);
          const phrases = [...amounts, ...did];
          const text = picks.map((k) => phrases[k % phrases.length]).join(", ");
          const got = interpretReply(inputOf(goals, numbers, text));
          if (got.intent !== "check_in") return;
          const measured = dayNumbersOfKind(goals, numbers, (k) => typeof k === "object" && !!k);
          const written = (text.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) =>
            Number(n.replace(",", ".")),
          );
          for (const v of got.values ?? []) {
            expect(measured, text).toContain(v.goal);
            expect(written, text).toContain(v.value);
          }
          // A value does not complete its goal.
          const valued = (got.values ?? []).map((v) => v.goal);
          expect(
            got.completed.filter((g) => valued.includes(g)),
            text,
          ).toEqual([]);
          // A habit to avoid is never completed: it is kept unless the user slips.
          const avoid = dayNumbersOfKind(goals, numbers, (k) => k === "avoid");
          expect(
            got.completed.filter((g) => avoid.includes(g)),
            text,
          ).toEqual([]);
        },
      ),
      RUNS,
    );
  });
});

describe("version 5 leaves versions 1 to 4 as they were", () => {
  const SETS = ["dev", "dev2", "dev3", "dev4", "heldout1", "heldout2", "heldout3"];
  const rows = SETS.flatMap((set) =>
    readFileSync(path.resolve(import.meta.dirname, `../../tests/replies/${set}.jsonl`), "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => ({ set, ...(JSON.parse(line) as ReplyInput & { id: string }) })),
  );

  it("reads every v1-v4 reply with yes/no kinds as it reads it without kinds", () => {
    for (const row of rows) {
      const input = { ...row, media: row.media ?? 0 };
      const without = interpretReply(input);
      const withKinds = interpretReply({ ...input, kinds: input.goals.map(() => null) });
      if (withKinds.intent !== "check_in") {
        expect(withKinds, `${row.set} ${row.id}: ${row.text}`).toEqual(without);
        continue;
      }
      const { values = [], slipped = [], notes: _notes, ...rest } = withKinds;
      expect(rest, `${row.set} ${row.id}: ${row.text}`).toEqual(without);
      expect([...values, ...slipped], `${row.set} ${row.id}`).toEqual([]);
    }
  });

  it("gives no version 5 field without kinds", () => {
    for (const row of rows) {
      const got = interpretReply({ ...row, media: row.media ?? 0 });
      expect(Object.keys(got), `${row.set} ${row.id}`).not.toContain("values");
      expect(Object.keys(got)).not.toContain("slipped");
      expect(Object.keys(got)).not.toContain("notes");
    }
  });
});
