import { limiterFor, limitSpent, RATE_LIMITS } from "~/utils/rate-limits/rate-limit.server";
import { waitTime } from "~/utils/rate-limits/wait-time";

// "This email already has an account" is what a person who forgot signing up needs to read, and what
// someone testing a list of emails or numbers wants. A handful of such answers per address and hour is
// plenty for the first; after that, every request that could give one (a sign-up, a change of email or
// phone) waits, whether or not it would have found an account, so the answers stop telling anything.
// In memory, per machine: these requests are writes, and writes run on the primary only.
export const ACCOUNT_EXISTS_ANSWERS_PER_HOUR = RATE_LIMITS["account-exists-answers"].points;

/** What a request is counted against: the client's address, and the signed-in account if any. */
export type AnswerKeys = { ip: string; userId?: number };

const keysOf = ({ ip, userId }: AnswerKeys) =>
  userId === undefined ? [`ip:${ip}`] : [`ip:${ip}`, `user:${userId}`];

/** Seconds to wait when the address or the account has had its answers for the hour, else null. */
export async function existsAnswersSpent(who: AnswerKeys): Promise<number | null> {
  for (const key of keysOf(who)) {
    const wait = await limitSpent("account-exists-answers", key);
    if (wait !== null) return wait;
  }
  return null;
}

/** Counts one answer that said an email or a number already has an account. */
export async function countExistsAnswer(who: AnswerKeys) {
  for (const key of keysOf(who)) await limiterFor("account-exists-answers").penalty(key, 1);
}

export function existsAnswersSpentMessage(retryAfterSeconds: number) {
  return `Too many attempts. Please wait ${waitTime(retryAfterSeconds)} and try again.`;
}
