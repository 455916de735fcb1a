import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WebhooksCard } from "~/components/webhooks/webhooks-card";
import { requireUser } from "~/http/session.server";
import { pageMeta } from "~/utils/page/meta";
import { formatDateTime } from "~/utils/time/format";
import { redirectWithToast } from "~/utils/toast/toast.server";
import {
  addWebhookEndpoint,
  removeWebhookEndpoint,
  sendTestEvent,
  WebhookError,
  webhooksForSettings,
} from "~/webhooks/webhook-endpoints.server";
import { readUserForm, unknownAction } from "~/http/user-form.server";

const PAGE = "/settings/webhooks";

export const meta: MetaFunction = () =>
  pageMeta(
    "Webhooks · Settings",
    "Signed JSON sent to your URL when your goals and habits change.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const when = (ms: number | null) => (ms ? formatDateTime(new Date(ms), user.timezone) : null);
  const webhooks = webhooksForSettings(user.id).map((endpoint) => ({
    id: endpoint.id,
    url: endpoint.url,
    secret: endpoint.secret,
    disabledAt: when(endpoint.disabledAt),
    disabledReason: endpoint.disabledReason,
    deliveries: endpoint.deliveries.map((d) => ({
      id: d.id,
      type: d.type,
      createdAt: when(d.createdAt)!,
      state: d.state,
      attempts: d.attempts,
      lastStatus: d.lastStatus,
      lastError: d.lastError,
    })),
  }));
  return json({ webhooks });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, formData } = await readUserForm(request);
  const intent = formData.get("intent");
  const endpointId = Number.parseInt(String(formData.get("endpointId")), 10) || 0;

  if (intent === "webhook-add") {
    const url = String(formData.get("url") ?? "").trim();
    try {
      addWebhookEndpoint(user.id, url);
    } catch (error) {
      if (!(error instanceof WebhookError)) throw error;
      return json({ error: error.message, url }, { status: 400 });
    }
    return redirectWithToast(PAGE, {
      title: "Webhook added",
      description: "Use its secret to check that deliveries come from us.",
    });
  }

  if (intent === "webhook-test") {
    return redirectWithToast(
      PAGE,
      sendTestEvent(user.id, endpointId)
        ? { title: "Test event queued", description: "It is sent within a minute." }
        : { title: "Error", description: "That webhook was not found.", type: "error" },
    );
  }

  if (intent === "webhook-remove") {
    return redirectWithToast(
      PAGE,
      removeWebhookEndpoint(user.id, endpointId)
        ? { title: "Webhook removed", description: "Nothing more is sent to it." }
        : { title: "Error", description: "That webhook was not found.", type: "error" },
    );
  }

  throw unknownAction();
}

export default function WebhooksSettingsPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <WebhooksCard webhooks={data.webhooks} addError={answer} />;
}
