import { json, type ActionFunctionArgs } from "@remix-run/node";
import { handleIncomingText } from "~/conversation/inbound.server";
import {
  DailyTextLimitError,
  secondsUntilTomorrow,
  TEXTS_READ_PER_DAY,
} from "~/conversation/reading.server";
import { rateLimitedJson } from "~/utils/rate-limits/rate-limit.server";
import { ChatApiSchema } from "~/conversation/chat-schema";
import { attachMediaToMessage, ownMediaIds } from "~/conversation/message-media.server";
import { getUserById } from "~/users/users.server";
import {
  apiError,
  methodNotAllowed,
  parseOrThrow,
  readJsonBody,
  requireApiWriter,
} from "~/http/api.server";
import { errorFields, logger } from "~/observability/logger.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/chat (also at /api/mock/reply-to-sms) {userId?, body, mediaUrls?, source?}: the web chat's path. The message
 * goes through the same conversation engine as a text, with source web, and the coach's reply is
 * stored in the thread (nothing is texted). Answers {reply, intent, messageId}.
 *
 * Only as yourself: a message acts for its author (it can set goals, complete them, opt the number
 * out or back in), so naming another user is 403 for everyone, admins included. mediaUrls must be
 * /media/{id} URLs of the caller's own stored photos; anything else is refused with 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  const caller = await requireApiWriter(request, { methods: ["POST"] });
  const input = parseOrThrow(ChatApiSchema, await readJsonBody(request));
  if (input.userId !== undefined && input.userId !== caller.id) {
    return apiError(403, "You can only send messages as yourself");
  }
  const media = ownMediaIds(caller.id, input.mediaUrls);
  if (!media.ok) {
    return apiError(400, "Please correct the highlighted fields", {
      mediaUrls: media.refused.map((url) => `Not one of your images: ${url.slice(0, 200)}`),
    });
  }
  const user = getUserById(caller.id);
  if (!user) return apiError(401, "Not authenticated");
  try {
    const result = await handleIncomingText(user, {
      text: input.body,
      mediaIds: media.ids,
      source: "web",
    });
    attachMediaToMessage(user.id, media.ids, result.messageId);
    return json({ reply: result.reply, intent: result.intent, messageId: result.messageId });
  } catch (error) {
    if (error instanceof DailyTextLimitError) {
      return rateLimitedJson(
        secondsUntilTomorrow(user, new Date()),
        `You've sent ${TEXTS_READ_PER_DAY} messages today, the most we read in a day.`,
      );
    }
    logger.error({ err: errorFields(error) }, `web chat message of user ${user.id} failed`);
    return apiError(500, "Failed to send message");
  }
}
