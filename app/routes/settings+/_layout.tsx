import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { PageShell } from "~/components/page";
import { LEGACY_INTENT_PAGES } from "~/components/settings/sections";
import { SettingsNav } from "~/components/settings/settings-nav";
import { readFormData } from "~/utils/forms/forms.server";
import { pageMeta } from "~/utils/page/meta";
import { requireUser } from "~/http/session.server";

// Settings: the heading, the sub-navigation of its pages, and the page (a child route with its own
// loader and action). Each page is its own URL, /settings being Profile & check-ins.

export const meta: MetaFunction = () =>
  pageMeta(
    "Settings",
    "Your account, check-in times, plan, coaches and partners, and share links.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/**
 * A form post to /settings itself (not /settings?index) comes from the single Settings page this
 * replaced: a tab opened before a deploy, or a stale script. Its intent now lives on a page of its
 * own; 307 sends the same post there (method and body kept), so nothing typed is lost.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const intent = (await readFormData(request)).get("intent");
  const page =
    typeof intent === "string" && Object.hasOwn(LEGACY_INTENT_PAGES, intent)
      ? LEGACY_INTENT_PAGES[intent]
      : undefined;
  if (!page) throw new Response("Unknown action.", { status: 400 });
  return redirect(page, 307);
}

export default function SettingsLayout() {
  return (
    <PageShell title="Settings">
      <div className="grid gap-6 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
        <SettingsNav />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </PageShell>
  );
}
