import type { ShareLink } from "../../db/schema";
import { GOAL_STATE_LABELS, goalState } from "~/goals/goal-rules";
import { goalsBetween, goalStats, recentCalendar, todayFor } from "~/goals/goals.server";
import { getUserById } from "~/users/users.server";
import { formatDateTime } from "~/utils/time/format";
import { habitSummaries } from "~/habits/habit-api.server";
import { listHabits } from "~/habits/habits.server";
import { addDays } from "~/utils/time/local-time";

const RECENT_DAYS = 14;

/** A share link's owner, as the goal functions need them; gone with the account. */
export function shareOwner(link: ShareLink) {
  const user = getUserById(link.userId);
  return user
    ? { id: user.id, timezone: user.timezone, weekStartsOn: user.weekStartsOn }
    : undefined;
}

/** Photo URLs as the share page serves them: only the link's own media route, and only when ticked. */
export function sharedPhotoUrls(link: ShareLink, proofImageUrls: string[]) {
  if (!link.includePhotos) return [];
  return proofImageUrls
    .filter((url) => url.startsWith("/media/"))
    .map((url) => `/share/${link.token}${url}`);
}

/** The owner's active habits with their numbers, for a link that includes them. */
function sharedHabits(owner: { id: number }, today: string) {
  const active = listHabits(owner.id).filter((h) => h.active);
  return habitSummaries(active, today).map((h) => ({
    id: h.id,
    title: h.title,
    schedule: h.schedule,
    streak: h.streak,
    streakUnit: h.streakUnit,
    strength: h.strength,
  }));
}

/**
 * What a share page shows: the name the owner chose, streak, completion, the calendar picture and the
 * last two weeks of goals. Never the email or phone; photos only when the link includes them.
 */
export function shareView(link: ShareLink, now = new Date()) {
  const owner = shareOwner(link);
  if (!owner) return undefined;
  const today = todayFor(owner, now);
  const recent = goalsBetween(owner, addDays(today, -(RECENT_DAYS - 1)), today).reverse();
  return {
    ownerName: link.ownerName,
    includePhotos: link.includePhotos,
    stats: goalStats(owner, now),
    calendar: recentCalendar(owner, 12, now),
    weekStartsOn: owner.weekStartsOn,
    habits: link.includeHabits ? sharedHabits(owner, today) : null,
    goals: recent.map((goal) => ({
      id: goal.id,
      description: goal.description,
      dueLabel: formatDateTime(goal.dueDate, owner.timezone),
      status: GOAL_STATE_LABELS[goalState(goal, now, owner.timezone)],
      photos: sharedPhotoUrls(link, goal.proofImageUrls),
    })),
  };
}
