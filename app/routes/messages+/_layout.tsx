import { parseWithZod, readFormData } from "~/utils/forms/forms.server";
import { json, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatForm } from "~/components/chat/chat-form";
import { ChatThread } from "~/components/chat/chat-thread";
import { DaySummary } from "~/components/chat/day-pagination";
import { PageShell } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { handleIncomingText } from "~/conversation/inbound.server";
import { DailyTextLimitError, TEXTS_READ_PER_DAY } from "~/conversation/reading.server";
import { ChatMessageSchema, MESSAGE_MAX_LENGTH } from "~/conversation/chat-schema";
import { threadPage } from "~/conversation/thread.server";
import { getUserById } from "~/users/users.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { pageMeta } from "~/utils/page/meta";
import { errorFields, logger } from "~/observability/logger.server";

export const meta: MetaFunction = () =>
  pageMeta("SMS Conversation", "Your conversation with StreakCoach, by text and on the web.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = new URL(request.url).searchParams;
  return json({
    thread: threadPage(user, query.get("page"), new Date(), query.get("before")),
    maxLength: MESSAGE_MAX_LENGTH,
  });
}

/**
 * Sends one chat message through the same engine as a text (source web): the user's message and the
 * coach's answer are both stored in the thread.
 */
export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  const viewer = await requireUser(request);
  const formData = await readFormData(request);
  // A blank message sends nothing: the schema's error marks the box, with JavaScript as without.
  const submission = parseWithZod(formData, { schema: ChatMessageSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const user = getUserById(viewer.id);
  if (!user) throw redirect("/login");
  try {
    await handleIncomingText(user, { text: submission.value.message, source: "web" });
  } catch (error) {
    if (error instanceof DailyTextLimitError) {
      return redirectWithToast("/messages#latest", {
        title: "Daily limit reached",
        description: `You've sent ${TEXTS_READ_PER_DAY} messages today, the most we read in a day. Your coach will read you again tomorrow.`,
        type: "error",
      });
    }
    logger.error({ err: errorFields(error) }, `web chat message of user ${user.id} failed`);
    return redirectWithToast("/messages#latest", {
      title: "Error",
      description: "Failed to send message",
      type: "error",
    });
  }
  // Without JavaScript the page comes back at the newest message, where the answer is.
  return redirect("/messages#latest");
}

export default function MessagesPage() {
  const { thread, maxLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <PageShell
      title="SMS Conversation"
      actions={
        <a href="/messages/export.csv" className={buttonClass("outline")} download>
          Download
        </a>
      }
    >
      <Card>
        <div className="space-y-4 p-4 sm:space-y-6 sm:p-6">
          <ChatThread
            key={`${thread.page}-${thread.before}`}
            days={thread.days}
            page={thread.page}
            pages={thread.pages}
            before={thread.before}
            earlierBefore={thread.earlierBefore}
          />
          <ChatForm lastResult={actionData?.result} maxLength={maxLength} />
          {thread.totalDays > 0 ? <DaySummary summary={thread.summary} /> : null}
        </div>
      </Card>
    </PageShell>
  );
}
