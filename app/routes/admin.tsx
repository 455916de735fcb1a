import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageShell } from "~/components/page";
import { requireAdmin } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard | StreakCoach" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "/dashboard");
  return null;
}

export default function AdminPage() {
  return <PageShell title="Admin Dashboard" />;
}
