import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageShell } from "~/components/page";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Settings | StreakCoach" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function SettingsPage() {
  return <PageShell title="Settings" />;
}
