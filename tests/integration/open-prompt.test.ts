import {
  closePrompt,
  closePromptIfStill,
  openPrompt,
  openPromptToday,
} from "~/users/open-prompt.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { createTestUser } from "../helpers/requests";

// The open question has one owner: the conversation, undo and the scheduler (inside its own
// transaction) all write it here.
describe("the open question", () => {
  const NOON_NY = new Date("2026-06-15T16:00:00Z");
  const fresh = (id: number) => getUserById(id)!;

  it("is open for the local day it was asked for, and over on the next", async () => {
    const user = await createTestUser();
    expect(openPromptToday(fresh(user.id), NOON_NY)).toBe("none");
    openPrompt(user.id, "morning", "2026-06-15");
    expect(openPromptToday(fresh(user.id), NOON_NY)).toBe("morning");
    expect(openPromptToday(fresh(user.id), new Date("2026-06-16T16:00:00Z"))).toBe("none");
    closePrompt(user.id);
    expect(fresh(user.id)).toMatchObject({ pendingPrompt: null, pendingPromptDay: null });
  });

  it("is closed only if still the same question for the same day", async () => {
    const user = await createTestUser();
    openPrompt(user.id, "evening", "2026-06-15");
    closePromptIfStill(user.id, "morning", "2026-06-15");
    closePromptIfStill(user.id, "evening", "2026-06-14");
    expect(openPromptToday(fresh(user.id), NOON_NY)).toBe("evening");
    closePromptIfStill(user.id, "evening", "2026-06-15");
    expect(openPromptToday(fresh(user.id), NOON_NY)).toBe("none");
  });

  it("is written inside the caller's transaction, which a rollback undoes", async () => {
    const user = await createTestUser();
    expect(() =>
      sqlite.transaction(() => {
        openPrompt(user.id, "morning", "2026-06-15");
        throw new Error("the batch failed");
      })(),
    ).toThrow("the batch failed");
    expect(openPromptToday(fresh(user.id), NOON_NY)).toBe("none");
  });
});
