import { eq } from "drizzle-orm";
import {
  askEveningQuestion,
  handleIncomingText,
  readBeforeWriting,
  readIncomingText,
} from "~/conversation/inbound.server";
import { createGoal, listTodayGoals } from "~/goals/goals.server";
import * as interpret from "~/replies/interpret";
import { getUserById } from "~/users/users.server";
import { db, inGroupCommit, schema, sqlite } from "~/utils/db/db.server";
import { createTestUser, markPhoneVerified } from "../helpers/requests";

// Reading a text is pure and may take milliseconds; SQLite's write lock is held by the group commit
// for everyone, so a text is read before its write begins and the write only re-checks its input.

vi.mock("~/replies/interpret", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/replies/interpret")>();
  return {
    ...original,
    interpretInConversation: vi.fn(original.interpretInConversation),
  };
});

const EVENING = new Date("2026-11-22T00:30:00Z"); // 19:30 on Saturday 2026-11-21 in New York
const read = vi.mocked(interpret.interpretInConversation);
const original = read.getMockImplementation()!;
let inWriteWhileReading: boolean[] = [];

beforeEach(() => {
  inWriteWhileReading = [];
  read.mockClear();
  read.mockImplementation((input) => {
    inWriteWhileReading.push(sqlite.inTransaction);
    return original(input);
  });
});

async function userWithGoals(descriptions: string[]) {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  for (const description of descriptions) {
    createGoal(created.id, { description, dueDate: new Date(EVENING.getTime() + 60 * 60_000) });
  }
  const user = getUserById(created.id)!;
  await askEveningQuestion(user, EVENING);
  return getUserById(created.id)!;
}

it("reads a text once, outside the write transaction", async () => {
  const user = await userWithGoals(["Run 5k", "Read 20 pages"]);
  const result = await handleIncomingText(user, { text: "ran the 5k", source: "web" }, EVENING);

  expect(result.intent).toBe("check_in");
  expect(inWriteWhileReading).toEqual([false]);
  const done = listTodayGoals(getUserById(user.id)!, EVENING).filter((g) => g.completedAt);
  expect(done.map((g) => g.description)).toEqual(["Run 5k"]);
});

it("reads the text again inside the write when its goals changed after the first reading", async () => {
  const user = await userWithGoals(["Run 5k", "Read 20 pages"]);
  const incoming = { text: "reading done", source: "web" as const };
  const early = readBeforeWriting(user, incoming, EVENING);
  expect(early?.reading).toEqual({ intent: "check_in", completed: [2], skipped: [], tomorrow: [] });

  // Between the reading and the write, the reading becomes goal 1 and goal 2 something else.
  const rename = (from: string, to: string) =>
    db
      .update(schema.goals)
      .set({ description: to })
      .where(eq(schema.goals.description, from))
      .run();
  rename("Run 5k", "Reading club");
  rename("Read 20 pages", "Call mom");
  const written = await inGroupCommit(() => readIncomingText(user, incoming, EVENING, early));

  expect(inWriteWhileReading).toEqual([false, true]);
  expect(written.intent).toBe("check_in");
  const done = listTodayGoals(getUserById(user.id)!, EVENING).filter((g) => g.completedAt);
  expect(done.map((g) => g.description)).toEqual(["Reading club"]);
});
