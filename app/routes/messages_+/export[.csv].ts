import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadResponse } from "~/http/download.server";
import { conversationCsv } from "~/conversation/message-history.server";
import { localDay } from "~/utils/time/local-time";
import { textStream } from "~/utils/requests/streamed-download.server";
import { requireUser } from "~/http/session.server";

/**
 * GET /messages/export.csv: the signed-in user's whole conversation, oldest first, with date and time
 * in their time zone, who wrote it (You / StreakCoach), the channel, the text and the image names.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const day = localDay(new Date(), user.timezone);
  return downloadResponse(textStream(conversationCsv(user)), {
    contentType: "text/csv; charset=utf-8",
    fileName: `streakcoach-conversation-${day}.csv`,
    nosniff: true,
  });
}
