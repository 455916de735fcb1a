import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SiteFacts } from "~/site/site-facts.server";
import { CHECK_IN_TIMES } from "./check-in-times";

export type FaqItem = { id: string; question: string; answer: ReactNode };

const link = "font-medium text-primary underline-offset-4 hover:underline";

/** The eight questions of the FAQ page, in the order the page shows them. */
export function faqItems(site: SiteFacts): FaqItem[] {
  return [
    {
      id: "how-it-works",
      question: "How does StreakCoach work?",
      answer: (
        <>
          <p>
            StreakCoach is an accountability coach that lives in your text messages. Each morning we
            text you to ask for your goals for the day, and you reply in plain words. Each evening
            we text again to ask which goals you finished; reply with the numbers (or
            &ldquo;all&rdquo;) and, if you like, a photo as proof.
          </p>
          <p>
            Your streak, completion rate and goal history are on your dashboard, where you can also
            chat with your coach on the web. Reply HELP to any text for help, or STOP to stop
            receiving texts at any time.
          </p>
        </>
      ),
    },
    {
      id: "photo-proof",
      question: "Do I have to send photo proof?",
      answer: (
        <p>
          No, photo proof is optional. A quick photo (your running watch, a finished page, a healthy
          meal) makes a check-in feel more real and is saved privately with the goal, but a plain
          text reply such as &ldquo;done&rdquo; or &ldquo;1 and 3&rdquo; counts just the same.
        </p>
      ),
    },
    {
      id: "message-times",
      question: "When will I receive messages?",
      answer: (
        <>
          <p>
            By default we text you at {CHECK_IN_TIMES.morning} and {CHECK_IN_TIMES.evening} in your
            local time zone. You can choose a morning time from {CHECK_IN_TIMES.morningFirst} to{" "}
            {CHECK_IN_TIMES.morningLast} and an evening time from {CHECK_IN_TIMES.eveningFirst} to{" "}
            {CHECK_IN_TIMES.eveningLast} when you sign up, and change them any time in Settings.
          </p>
          <p>
            Taking a break? Turn off check-ins in Settings or reply PAUSE, then RESUME when
            you&apos;re back. Reply STOP to stop all texts, or HELP for help.
          </p>
        </>
      ),
    },
    {
      id: "pricing",
      question: "How much does it cost?",
      answer: (
        <>
          <p>
            Every account starts with a {site.trialDays}-day free trial with every Premium feature.
            Choose a plan any time; if you subscribe during the trial, the first charge comes only
            when the trial ends:
          </p>
          <ul className="list-disc space-y-1 pl-6">
            {site.plans.map((plan) => (
              <li key={plan.id}>
                <strong>
                  {plan.name}, {plan.price}:
                </strong>{" "}
                {plan.summary}.
              </li>
            ))}
          </ul>
          <p>AI-powered feedback is a Premium feature. Message and data rates may apply.</p>
        </>
      ),
    },
    {
      id: "multiple-goals",
      question: "Can I set more than one goal a day?",
      answer: (
        <p>
          Yes. We recommend 2-3 goals a day: enough to make real progress, few enough to actually
          finish. Reply to the morning text with a numbered list, like &ldquo;1. Run 5k 2. Read 30
          pages&rdquo;, and add another later by texting &ldquo;goal: call Mom&rdquo;.
        </p>
      ),
    },
    {
      id: "data-security",
      question: "Is my data secure?",
      answer: (
        <p>
          Yes. Everything travels over encrypted connections, passwords are stored only as salted
          hashes, and your photo proof is private to your account. We never sell your data, and your
          phone number and SMS opt-in data are never shared with third parties for marketing. You
          can download your data or delete your account from Settings at any time. Read the{" "}
          <Link to="/privacy-policy" className={link}>
            Privacy Policy
          </Link>{" "}
          for the details.
        </p>
      ),
    },
    {
      id: "cancellation",
      question: "Can I cancel anytime?",
      answer: (
        <p>
          Yes, with no cancellation fee or penalty. If you cancel a paid plan, you keep access until
          the end of the period you have already paid for. If you cancel during your free trial, you
          won&apos;t be charged at all.
        </p>
      ),
    },
    {
      id: "availability",
      question: "Where is StreakCoach available?",
      answer: (
        <p>
          StreakCoach is available in {site.availability.summary}; you need a US mobile number to
          sign up and receive texts. Numbers from other countries, Canada included, can&apos;t be
          used yet.
        </p>
      ),
    },
  ];
}
