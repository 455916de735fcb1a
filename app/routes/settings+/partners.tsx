import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PartnersCard } from "~/components/sharing/partners-card";
import { MAX_PARTNERS_PER_USER } from "~/partners/partner-state";
import { PartnerFormSchema } from "~/partners/partner-schema";
import {
  addPartner,
  PartnerError,
  partnersForSettings,
  removePartner,
} from "~/partners/partners.server";
import { ShareLinkError } from "~/sharing/share-links.server";
import { formReply, parseWithZod } from "~/utils/forms/forms.server";
import { pageMeta } from "~/utils/page/meta";
import { requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { readUserForm, unknownAction } from "~/http/user-form.server";

const PAGE = "/settings/partners";

export const meta: MetaFunction = () =>
  pageMeta(
    "Coaches & partners · Settings",
    "Share your summaries with a coach or an accountability partner by text.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ partners: partnersForSettings(user.id), maxPartners: MAX_PARTNERS_PER_USER });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, formData } = await readUserForm(request);
  const intent = formData.get("intent");

  if (intent === "partner-add") {
    const submission = parseWithZod(formData, { schema: PartnerFormSchema });
    if (submission.status !== "success") return formReply("partner-add", submission.reply());
    try {
      const { partner, invitationSent } = await addPartner(user.id, submission.value);
      return redirectWithToast(
        PAGE,
        invitationSent
          ? {
              title: "Invitation sent",
              description: `We texted ${partner.name} an invitation. They get nothing else until they reply YES.`,
            }
          : {
              title: "Partner added",
              description: `We could not text ${partner.name} the invitation: the number may have opted out of our texts.`,
              type: "info",
            },
      );
    } catch (error) {
      // Each partner gets a share link of their own, so the cap on active links applies too.
      if (!(error instanceof PartnerError || error instanceof ShareLinkError)) throw error;
      return formReply("partner-add", submission.reply({ formErrors: [error.message] }), 409);
    }
  }

  if (intent === "partner-remove") {
    const removed = removePartner(user.id, Number(formData.get("partnerId")));
    return redirectWithToast(
      PAGE,
      removed
        ? { title: "Removed", description: "They will get nothing more from us about you." }
        : { title: "Error", description: "That partner was not found.", type: "error" },
    );
  }

  throw unknownAction();
}

export default function PartnersSettingsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PartnersCard
      partners={data.partners}
      max={data.maxPartners}
      lastResult={useActionData<typeof action>()?.result}
    />
  );
}
