import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageShell } from "~/components/page";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "SMS Conversation | StreakCoach" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function MessagesPage() {
  return <PageShell title="SMS Conversation" />;
}
