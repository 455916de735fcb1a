import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShareLinksCard } from "~/components/sharing/share-links-card";
import {
  createShareLink,
  revokeShareLink,
  ShareLinkError,
  shareLinksForSettings,
} from "~/sharing/share-links.server";
import { ShareLinkFormSchema } from "~/sharing/share-schema";
import { formReply, parseWithZod } from "~/utils/forms/forms.server";
import { pageMeta } from "~/utils/page/meta";
import { requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { readUserForm, unknownAction } from "~/http/user-form.server";

const PAGE = "/settings/share-links";

export const meta: MetaFunction = () =>
  pageMeta("Share links · Settings", "Read-only links to your progress, created and revoked here.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ shareLinks: shareLinksForSettings(user) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, formData } = await readUserForm(request);
  const intent = formData.get("intent");

  if (intent === "share-create") {
    const submission = parseWithZod(formData, { schema: ShareLinkFormSchema });
    if (submission.status !== "success") return formReply("share-create", submission.reply());
    try {
      createShareLink(user.id, submission.value);
    } catch (error) {
      if (!(error instanceof ShareLinkError)) throw error;
      return formReply("share-create", submission.reply({ formErrors: [error.message] }), 409);
    }
    return redirectWithToast(PAGE, {
      title: "Share link created",
      description: "Copy the link from the list and send it to whoever you like.",
    });
  }

  if (intent === "share-revoke") {
    const revoked = revokeShareLink(user.id, Number(formData.get("linkId")));
    return redirectWithToast(
      PAGE,
      revoked
        ? { title: "Share link revoked", description: "The link no longer works." }
        : { title: "Error", description: "That link was not found.", type: "error" },
    );
  }

  throw unknownAction();
}

export default function ShareLinksSettingsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ShareLinksCard links={data.shareLinks} lastResult={useActionData<typeof action>()?.result} />
  );
}
