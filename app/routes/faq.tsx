import type { MetaFunction } from "@remix-run/node";
import { PageShell } from "~/components/page";

export const meta: MetaFunction = () => [{ title: "Frequently Asked Questions | StreakCoach" }];

export default function FaqPage() {
  return <PageShell title="Frequently Asked Questions" />;
}
