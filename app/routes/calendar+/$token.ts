import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  calendarText,
  findCalendarFeed,
  noteCalendarFetched,
} from "~/calendar/calendar-feeds.server";
import { calendarFeedRequests } from "~/observability/metrics.server";
import { getUserById, toPublicUser } from "~/users/users.server";
import { isPrimary } from "~/utils/db/litefs.server";
import { consumeLimit } from "~/utils/rate-limits/rate-limit.server";

/**
 * GET /calendar/{token}.ics: the user's plan as an iCalendar feed, for whoever holds the private link
 * (the token is the capability, as a share link's is). A revoked or unknown link is 404.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const limit = await consumeLimit("calendar-feed", token);
  if (!limit.ok) {
    calendarFeedRequests.inc({ result: "limited" });
    throw new Response("Too many requests for this calendar. Try again later.", {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": String(limit.retryAfterSeconds),
      },
    });
  }
  const feed = findCalendarFeed(token);
  const user = feed && getUserById(feed.userId);
  if (!feed || !user) {
    calendarFeedRequests.inc({ result: "not-found" });
    throw new Response("No such calendar.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  if (await isPrimary()) noteCalendarFetched(feed);
  calendarFeedRequests.inc({ result: "ok" });
  return new Response(calendarText(toPublicUser(user)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="streakcoach.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
