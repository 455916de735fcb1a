import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { legalLink, LegalPage } from "~/components/marketing/legal-page";
import { termsSections } from "~/components/marketing/terms-sections";
import { useSiteFacts } from "~/root";
import { pageMeta } from "~/utils/page/meta";
import type { AnchorsHandle } from "~/root";

export const meta: MetaFunction = () =>
  pageMeta(
    "Terms of Service",
    "The terms for using StreakCoach: eligibility, subscriptions and the free trial, SMS consent and opt-out (STOP and HELP), your content, liability and governing law.",
  );

export const handle: AnchorsHandle = { smoothAnchors: true };

export default function TermsPage() {
  const site = useSiteFacts();
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms are an agreement between you and StreakCoach about your use of our website,
          web app and text-message coaching service. Please read them carefully, especially the{" "}
          <Link to="#sms" className={legalLink}>
            SMS consent and opt-out terms
          </Link>
          . By creating an account or using StreakCoach, you agree to them.
        </p>
      }
      sections={termsSections(site)}
    />
  );
}
