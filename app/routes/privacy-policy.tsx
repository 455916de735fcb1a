import type { MetaFunction } from "@remix-run/node";
import { PageShell } from "~/components/page";

export const meta: MetaFunction = () => [{ title: "Privacy Policy | StreakCoach" }];

export default function PrivacyPolicyPage() {
  return <PageShell title="Privacy Policy" />;
}
