import { RateLimiterMemory } from "rate-limiter-flexible";
import { waitTime } from "~/utils/wait-time";

// "This email already has an account" is what a person who forgot signing up needs to read, and what
// someone testing a list of emails or numbers wants. A handful of such answers per address and hour is
// plenty for the first; after that, every request that could give one (a sign-up, a change of email or
// phone) waits, whether or not it would have found an account, so the answers stop telling anything.
// In memory, per machine: these requests are writes, and writes run on the primary only.
export const ACCOUNT_EXISTS_ANSWERS_PER_HOUR = 5;

const answers = new RateLimiterMemory({
  keyPrefix: "account-exists-answers",
  points: ACCOUNT_EXISTS_ANSWERS_PER_HOUR,
  duration: 60 * 60,
});

/** What a request is counted against: the client's address, and the signed-in account if any. */
export type AnswerKeys = { ip: string; userId?: number };

const keysOf = ({ ip, userId }: AnswerKeys) =>
  userId === undefined ? [`ip:${ip}`] : [`ip:${ip}`, `user:${userId}`];

/** Seconds to wait when the address or the account has had its answers for the hour, else null. */
export async function existsAnswersSpent(who: AnswerKeys): Promise<number | null> {
  for (const key of keysOf(who)) {
    const spent = await answers.get(key);
    if (spent && spent.consumedPoints >= ACCOUNT_EXISTS_ANSWERS_PER_HOUR) {
      return Math.ceil(spent.msBeforeNext / 1000);
    }
  }
  return null;
}

/** Counts one answer that said an email or a number already has an account. */
export async function countExistsAnswer(who: AnswerKeys) {
  for (const key of keysOf(who)) await answers.penalty(key, 1);
}

export function existsAnswersSpentMessage(retryAfterSeconds: number) {
  return `Too many attempts. Please wait ${waitTime(retryAfterSeconds)} and try again.`;
}
