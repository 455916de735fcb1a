import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { localDay } from "~/utils/time/local-time";

// The question asked by text and still awaiting its answer (users.pending_prompt and its local day).
// Every writer goes through here: the conversation, undo, and the scheduler inside its own transaction.
// Synchronous, so any caller's transaction (a group commit, the scheduler's batch) holds the change.

export type Prompt = "morning" | "evening";

type PromptHolder = {
  timezone: string;
  pendingPrompt: Prompt | null;
  pendingPromptDay: string | null;
};

const statements = {
  open: preparedQuery(() =>
    sqlite.prepare<[Prompt, string, number]>(
      "update users set pending_prompt = ?, pending_prompt_day = ? where id = ?",
    ),
  ),
  close: preparedQuery(() =>
    sqlite.prepare<[number]>(
      "update users set pending_prompt = null, pending_prompt_day = null where id = ?",
    ),
  ),
  closeIfStill: preparedQuery(() =>
    sqlite.prepare<[number, Prompt, string]>(
      `update users set pending_prompt = null, pending_prompt_day = null
       where id = ? and pending_prompt = ? and pending_prompt_day = ?`,
    ),
  ),
};

/** The question still open for the user today; one asked for an earlier local day is over. */
export function openPromptToday(user: PromptHolder, now = new Date()): Prompt | "none" {
  if (!user.pendingPrompt || user.pendingPromptDay !== localDay(now, user.timezone)) return "none";
  return user.pendingPrompt;
}

/** The question is asked (or claimed to be sent) for the user's local day; it replaces any other. */
export function openPrompt(userId: number, prompt: Prompt, day: string) {
  statements.open().run(prompt, day, userId);
}

/** The open question is answered (or its answer is no longer awaited). */
export function closePrompt(userId: number) {
  statements.close().run(userId);
}

/** Closes the question only while it is still this one for this day: a later one stays open. */
export function closePromptIfStill(userId: number, prompt: Prompt, day: string) {
  statements.closeIfStill().run(userId, prompt, day);
}
