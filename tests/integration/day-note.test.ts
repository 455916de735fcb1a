import { askEveningQuestion, handleIncomingText } from "~/conversation/inbound.server";
import { dayNote } from "~/goals/day-notes.server";
import { listTodayGoals } from "~/goals/goals.server";
import { getUserById } from "~/users/users.server";
import { createTestUser, markPhoneVerified } from "../helpers/requests";

// Saturday 2026-11-21 in New York; the evening question is at 19:00.
const MORNING = new Date("2026-11-21T14:00:00Z");
const EVENING = new Date("2026-11-22T00:30:00Z");
const DAY = "2026-11-21";
const later = (minutes: number) => new Date(EVENING.getTime() + minutes * 60_000);

async function userWithThreeGoals() {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  const user = getUserById(created.id)!;
  await handleIncomingText(user, { text: "1. run 5k 2. read 3. call mom", source: "sms" }, MORNING);
  expect((await askEveningQuestion(getUserById(user.id)!, EVENING)).sent).toBe(true);
  return user;
}

const text = (userId: number, body: string, at: Date) =>
  handleIncomingText(getUserById(userId)!, { text: body, source: "sms" }, at);

/** The feedback's sentences that say no count the answer gave ("1 of 3"). */
const beyond = (feedback: string, count: string) =>
  feedback
    .split(/(?<=[.!?])\s+/)
    .filter((s) => !s.includes(count))
    .join(" ");

describe("the coach's note of the day", () => {
  it("is stored once for the day, not on each goal, and leaves out the count the answer gave", async () => {
    const user = await userWithThreeGoals();
    const checkIn = await text(user.id, "1", EVENING);
    expect(checkIn.reply).toContain("1 of 3 done today.");
    const note = dayNote(user.id, DAY);
    expect(note).toBe(beyond(checkIn.feedback!, "1 of 3"));
    expect(note).not.toContain("1 of 3");
    expect(listTodayGoals(getUserById(user.id)!, EVENING).map((g) => g.llmFeedback)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("is replaced by the next check-in's note, and undo of that check-in takes it away", async () => {
    const user = await userWithThreeGoals();
    const first = await text(user.id, "1", EVENING);
    const firstNote = dayNote(user.id, DAY);
    expect(firstNote).toBe(beyond(first.feedback!, "1 of 3"));

    const second = await text(user.id, "2 and 3", later(1));
    expect(second.reply).toContain("3 of 3 done today.");
    const secondNote = beyond(second.feedback!, "3 of 3");
    expect(dayNote(user.id, DAY)).toBe(secondNote);
    expect(secondNote).not.toBe(firstNote);

    // Undo of the second check-in: its note goes; the first check-in's, which still holds, is back.
    const undone = await text(user.id, "undo", later(2));
    expect(undone.intent).toBe("undo");
    expect(dayNote(user.id, DAY)).toBe(firstNote);

    // Undo of the first: the day has no note left that speaks of a check-in that is gone.
    await text(user.id, "undo", later(3));
    expect(dayNote(user.id, DAY)).toBeNull();
    expect(listTodayGoals(getUserById(user.id)!, EVENING).every((g) => !g.completedAt)).toBe(true);
  });
});
