import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/marketing/legal-page";
import { privacySections } from "~/components/marketing/privacy-sections";
import { useSiteFacts } from "~/root";
import { pageMeta } from "~/utils/page/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Privacy Policy",
    "What StreakCoach collects, how it is used and shared, the cookies we set, your rights to export, correct and delete your data, and how we protect it. We never sell your data.",
  );

export default function PrivacyPolicyPage() {
  const site = useSiteFacts();
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what information StreakCoach collects when you use our website, web
          app and text-message coaching service, how we use and protect it, and the choices you
          have. We keep it short and plain: we collect what we need to coach you, and we never sell
          it.
        </p>
      }
      sections={privacySections(site)}
    />
  );
}
