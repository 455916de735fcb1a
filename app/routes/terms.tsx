import type { MetaFunction } from "@remix-run/node";
import { PageShell } from "~/components/page";

export const meta: MetaFunction = () => [{ title: "Terms of Service | StreakCoach" }];

export default function TermsPage() {
  return <PageShell title="Terms of Service" />;
}
