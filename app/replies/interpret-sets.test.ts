// The reply sets (the shared dev sets, copied into tests/replies, and our own held-out sets with
// other wording) scored the way their scorer (app/sms/fixtures/replies/score.mjs) scores them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { falseRecord, matches } from "../../tests/helpers/reply-score";
import { interpretReply, type ReplyInput } from "./interpret";

const SETS_DIR = path.resolve(import.meta.dirname, "../../tests/replies");

type Row = Record<string, unknown> & { id: string };

function readJsonl(file: string): Row[] {
  const full = path.join(SETS_DIR, file);
  if (!existsSync(full)) throw new Error(`reply set ${full} is missing`);
  return readFileSync(full, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Row);
}

function score(set: string) {
  const expected = readJsonl(`${set}.expected.jsonl`);
  const inputs = new Map(readJsonl(`${set}.jsonl`).map((row) => [row.id, row]));
  const falseRecords: string[] = [];
  const misses = expected.filter((exp) => {
    const row = inputs.get(exp.id) as (Row & ReplyInput) | undefined;
    if (!row) throw new Error(`${set}: no input line for ${exp.id}`);
    const got = interpretReply({ ...row, media: row.media ?? 0, optedOut: row.optedOut === true });
    if (matches(exp, got)) return false;
    if (falseRecord(exp, got)) falseRecords.push(exp.id);
    return true;
  });
  return { total: expected.length, misses: misses.map((m) => m.id), falseRecords };
}

describe("reply sets", () => {
  it("scores a wrong answer as a miss", () => {
    const exp = { id: "x", intent: "check_in", completed: [1], skipped: [2] };
    expect(matches(exp, { intent: "check_in", completed: [1], skipped: [2] })).toBe(true);
    expect(matches(exp, { intent: "check_in", completed: [1, 2], skipped: [] })).toBe(false);
    expect(matches({ id: "y", intent: "undo" }, { intent: "stop" })).toBe(false);
    const choose = { id: "z", intent: "choose", goals: [2, 3] };
    expect(matches(choose, { intent: "choose", goals: [3, 2] })).toBe(true);
    expect(matches(choose, { intent: "choose", goals: [2] })).toBe(false);
    const on = { id: "w", intent: "set_goals", goals: ["dinner on friday"], on: [5] };
    expect(matches(on, { intent: "set_goals", goals: ["dinner on friday"], on: [5] })).toBe(true);
    expect(matches(on, { intent: "set_goals", goals: ["dinner on friday"], on: [null] })).toBe(
      false,
    );
  });

  it("compares version 5's values, slips, notes and habit amounts", () => {
    const exp = { id: "v", intent: "check_in", completed: [2], values: [{ goal: 1, value: 35 }] };
    const got = { intent: "check_in", completed: [2], values: [{ goal: 1, value: 35 }] };
    expect(matches(exp, got)).toBe(true);
    expect(matches(exp, { ...got, values: [{ goal: 1, value: 3.5 }] })).toBe(false);
    expect(falseRecord(exp, { ...got, values: [{ goal: 1, value: 3.5 }] })).toBe(true);
    expect(falseRecord(exp, { ...got, values: [] })).toBe(false);
    expect(matches(exp, { ...got, slipped: [1] })).toBe(false);
    expect(falseRecord(exp, { ...got, slipped: [1] })).toBe(true);
    const noted = { ...exp, notes: [{ goal: 1, note: "great chapter" }] };
    expect(matches(noted, { ...got, notes: [{ goal: 1, note: "Great chapter!" }] })).toBe(true);
    expect(falseRecord(noted, { ...got, notes: [{ goal: 2, note: "great chapter" }] })).toBe(true);
    const habit = {
      id: "h",
      intent: "add_habit",
      habit: "run 15k",
      target: 15,
      unit: "km",
      per: "week",
    };
    expect(
      matches(habit, {
        intent: "add_habit",
        habit: "run 15k",
        target: 15,
        unit: "km",
        per: "week",
      }),
    ).toBe(true);
    expect(
      matches(habit, { intent: "add_habit", habit: "run 15k", days: [0, 1, 2, 3, 4, 5, 6] }),
    ).toBe(false);
  });

  it("counts a miss that writes what the user did not say as a false record, and a question as none", () => {
    const exp = { id: "x", intent: "check_in", completed: [1], skipped: [2] };
    expect(falseRecord(exp, { intent: "check_in", completed: [1, 2], skipped: [] })).toBe(true);
    expect(falseRecord(exp, { intent: "check_in", completed: [1], skipped: [3] })).toBe(true);
    expect(falseRecord(exp, { intent: "check_in", completed: [], skipped: [] })).toBe(false);
    expect(falseRecord(exp, { intent: "unknown", question: "Which goal is 5?" })).toBe(false);
    expect(falseRecord({ id: "y", intent: "undo" }, { intent: "stop" })).toBe(true);
    expect(
      falseRecord({ id: "z", intent: "remove_goal", goal: 2 }, { intent: "remove_goal", goal: 3 }),
    ).toBe(true);
  });

  it.each([
    ["dev", 1],
    ["dev2", 1],
    ["dev3", 1],
    ["dev4", 1],
    ["heldout1", 1],
    ["heldout2", 1],
    ["heldout3", 1],
    ["dev5", 1],
    ["dev5b", 1],
  ] as const)("%s scores at least %s with no false record", (set, threshold) => {
    const { total, misses, falseRecords } = score(set);
    expect(falseRecords, "false records").toEqual([]);
    expect(total).toBeGreaterThanOrEqual(18);
    expect((total - misses.length) / total, `misses: ${misses.join(", ")}`).toBeGreaterThanOrEqual(
      threshold,
    );
  });
});
