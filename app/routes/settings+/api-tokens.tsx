import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  calendarFeedForSettings,
  createCalendarFeed,
  revokeCalendarFeed,
} from "~/calendar/calendar-feeds.server";
import { ApiTokensCard, CalendarFeedCard } from "~/components/settings/api-tokens-card";
import { requireUser } from "~/http/session.server";
import { ApiTokenFormSchema } from "~/users/api-token-schema";
import {
  ApiTokenError,
  apiTokensForSettings,
  createApiToken,
  revokeApiToken,
} from "~/users/api-tokens.server";
import { formReply, parseWithZod } from "~/utils/forms/forms.server";
import { pageMeta } from "~/utils/page/meta";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { readUserForm, unknownAction } from "~/http/user-form.server";

const PAGE = "/settings/api-tokens";
// The answer that shows a new token or link must not be kept by any cache or the back button.
const SHOWN_ONCE = { headers: { "Cache-Control": "no-store" } };

export const meta: MetaFunction = () =>
  pageMeta(
    "API tokens · Settings",
    "Tokens for scripts and a private calendar link, made and revoked here.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ tokens: apiTokensForSettings(user), feed: calendarFeedForSettings(user) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, formData } = await readUserForm(request);
  const intent = formData.get("intent");

  if (intent === "token-create") {
    const submission = parseWithZod(formData, { schema: ApiTokenFormSchema });
    if (submission.status !== "success") return formReply("token-create", submission.reply());
    try {
      const { token, row } = createApiToken(user.id, submission.value);
      return json(
        {
          intent,
          result: submission.reply({ resetForm: true }),
          created: { name: row.name, token },
        },
        SHOWN_ONCE,
      );
    } catch (error) {
      if (!(error instanceof ApiTokenError)) throw error;
      return formReply("token-create", submission.reply({ formErrors: [error.message] }), 409);
    }
  }

  if (intent === "token-revoke") {
    const revoked = revokeApiToken(user.id, Number(formData.get("tokenId")));
    return redirectWithToast(
      PAGE,
      revoked
        ? { title: "Token revoked", description: "It no longer works." }
        : { title: "Error", description: "That token was not found.", type: "error" },
    );
  }

  if (intent === "calendar-create") {
    return json({ intent, calendar: createCalendarFeed(user.id) }, SHOWN_ONCE);
  }

  if (intent === "calendar-revoke") {
    revokeCalendarFeed(user.id);
    return redirectWithToast(PAGE, {
      title: "Calendar link revoked",
      description: "Calendars subscribed to it get nothing more.",
    });
  }

  throw unknownAction();
}

export default function ApiTokensSettingsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const created = actionData && "created" in actionData ? actionData.created : undefined;
  const calendar = actionData && "calendar" in actionData ? actionData.calendar : undefined;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <div className="grid gap-6">
      <ApiTokensCard tokens={data.tokens} created={created} lastResult={result} />
      <CalendarFeedCard feed={data.feed} created={calendar} />
    </div>
  );
}
