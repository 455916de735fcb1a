import type { MetaFunction } from "@remix-run/node";
import { LandingNav } from "~/components/marketing/landing-nav";
import {
  ClosingCallToAction,
  FeaturesSection,
  HeroSection,
  HowItWorksSection,
  SuccessStoriesSection,
} from "~/components/marketing/landing-sections";
import { useSiteFacts } from "~/root";
import { useRootData } from "~/components/root-data";
import type { AnchorsHandle } from "~/root";

export const meta: MetaFunction = () => [
  { title: "StreakCoach: daily goals by text" },
  {
    name: "description",
    content:
      "StreakCoach is an SMS accountability coach: a text every morning for your goals, an evening check-in with photo proof, streaks and AI feedback. Start with a free trial.",
  },
];

export const handle: AnchorsHandle = { smoothAnchors: true };

export default function LandingPage() {
  const site = useSiteFacts();
  // Signed-in users already have the app header from the root layout.
  const signedIn = Boolean(useRootData()?.user);
  return (
    <>
      {signedIn ? null : <LandingNav />}
      <HeroSection site={site} />
      <FeaturesSection />
      <HowItWorksSection />
      <SuccessStoriesSection />
      <ClosingCallToAction site={site} />
    </>
  );
}
