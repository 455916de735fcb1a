import { Link } from "@remix-run/react";
import type { SiteFacts } from "~/site/site-facts.server";
import { legalLink, type LegalSection } from "./legal-page";

/** The Terms of Service, point by point in the order the page shows them. */
export function termsSections(site: SiteFacts): LegalSection[] {
  const mail = (
    <a href={`mailto:${site.supportEmail}`} className={legalLink}>
      {site.supportEmail}
    </a>
  );
  return [
    {
      id: "service",
      title: "The service",
      body: (
        <>
          <p>
            StreakCoach is an accountability service for daily goals and habits, delivered by text
            message with a web app beside it. We text you in the morning to ask for your goals and
            in the evening to ask you to check in, with a photo or a description as proof if you
            like. We track your goals, streaks and completion rates, send weekly progress summaries
            you can share with a coach or partner, and, on the Premium plan, give AI-generated
            feedback on your check-ins.
          </p>
          <p>
            StreakCoach is a motivational tool. It is not medical, psychological, fitness or
            financial advice; talk to a qualified professional before making decisions about your
            health or money.
          </p>
        </>
      ),
    },
    {
      id: "eligibility",
      title: "Eligibility",
      body: (
        <>
          <p>To use StreakCoach you must:</p>
          <ul>
            <li>be at least 18 years old;</li>
            <li>
              have a U.S. mobile phone number that you own or are authorized to use (numbers from
              other countries are not supported);
            </li>
            <li>give accurate information when you sign up and keep it up to date.</li>
          </ul>
          <p>
            You are responsible for keeping your password safe and for everything that happens under
            your account.
          </p>
        </>
      ),
    },
    {
      id: "subscriptions",
      title: "Subscriptions, free trial and billing",
      body: (
        <>
          <p>StreakCoach offers these plans:</p>
          <ul>
            {site.plans.map((plan) => (
              <li key={plan.id}>
                <strong>
                  {plan.name}, {plan.price}
                </strong>
                : {plan.summary}.
              </li>
            ))}
          </ul>
          <p>
            New accounts start with a {site.trialDays}-day free trial. If you cancel before the
            trial ends, you will not be charged.
          </p>
          <p>
            Paid plans renew automatically each month at the then-current price until you cancel.
            You can cancel anytime; there is no cancellation fee, and you keep access until the end
            of the period you have already paid for. Except where the law requires otherwise,
            payments already made are not refunded. If we change a price, we will tell you before it
            applies to your next renewal.
          </p>
        </>
      ),
    },
    {
      id: "sms",
      title: "SMS consent and opt-out",
      body: (
        <>
          <p>
            By giving us your mobile number and ticking the consent box when you sign up, you agree
            to receive recurring automated, non-promotional text messages from StreakCoach at that
            number: goal check-ins, reminders, progress summaries and replies to your messages, and
            account messages such as verification codes.
          </p>
          <ul>
            <li>
              <strong>Message frequency:</strong> about 2 messages a day (a morning and an evening
              check-in), plus replies to the messages you send, an optional weekly summary and
              occasional account messages.
            </li>
            <li>
              <strong>Msg &amp; data rates may apply</strong>, according to your mobile plan.
            </li>
            <li>
              <strong>Opt out:</strong> reply STOP to any message to cancel. We will send one text
              confirming that you are unsubscribed and nothing after it. Reply START to subscribe
              again.
            </li>
            <li>
              <strong>Help:</strong> reply HELP to any message for help, or email {mail}.
            </li>
            <li>Consent to receive text messages is not a condition of any purchase.</li>
            <li>
              Carriers are not liable for delayed or undelivered messages. Delivery depends on your
              carrier and coverage.
            </li>
            <li>
              Your mobile number and SMS opt-in data are never shared with or sold to third parties
              or affiliates for their marketing or promotional purposes.
            </li>
          </ul>
          <p>
            You can also pause check-ins in Settings, or by replying PAUSE and later RESUME, without
            opting out.
          </p>
        </>
      ),
    },
    {
      id: "your-content",
      title: "Your content",
      body: (
        <>
          <p>
            Your goals, replies, photos and other content remain yours. You give StreakCoach a
            limited, non-exclusive, royalty-free licence to store, process, display and transmit
            that content only as needed to run the service for you, for example to show your
            progress, send your summaries, and produce AI feedback if you are on Premium. The
            licence ends when you delete the content or your account, except for copies we must keep
            by law.
          </p>
          <p>
            You promise that you have the right to share what you send us and that it does not break
            the law or anyone else&apos;s rights.
          </p>
        </>
      ),
    },
    {
      id: "prohibited",
      title: "Prohibited activities",
      body: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>use a phone number that is not yours or sign someone else up without consent;</li>
            <li>send unlawful, harassing, hateful, sexually explicit or infringing content;</li>
            <li>use StreakCoach to send spam or to contact people who have not agreed to it;</li>
            <li>
              try to get into other accounts or our systems, probe them for weaknesses, or disrupt
              them;
            </li>
            <li>scrape, copy or resell the service, or use bots to create accounts;</li>
            <li>reverse-engineer the service except where the law allows it.</li>
          </ul>
        </>
      ),
    },
    {
      id: "privacy",
      title: "Privacy",
      body: (
        <p>
          Our{" "}
          <Link to="/privacy-policy" className={legalLink}>
            Privacy Policy
          </Link>{" "}
          explains what we collect, how we use it and the choices you have. It is part of these
          terms.
        </p>
      ),
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      body: (
        <p>
          The StreakCoach name, logo, website, app, software, texts and blog content belong to
          StreakCoach or its licensors and are protected by law. We give you a personal,
          non-transferable right to use the service under these terms; nothing else is licensed to
          you.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Disclaimers and limitation of liability",
      body: (
        <>
          <p>
            The service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. We work hard
            to deliver every message on time, but we cannot promise that the service will always be
            uninterrupted, error-free or that every text will arrive.
          </p>
          <p>
            To the fullest extent the law allows, StreakCoach is not liable for indirect,
            incidental, special or consequential damages, and our total liability for any claim
            about the service is limited to the amounts you paid us in the 12 months before the
            claim arose.
          </p>
        </>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      body: (
        <p>
          We may update these terms. When we make a material change, we will tell you by email, by
          text or on the website before it takes effect, and update the date at the top of this
          page. If you keep using StreakCoach after a change takes effect, you accept the new terms;
          if you do not agree, you can cancel your account.
        </p>
      ),
    },
    {
      id: "termination",
      title: "Termination",
      body: (
        <p>
          You can stop using StreakCoach and delete your account at any time in Settings. We may
          suspend or close an account that breaks these terms, puts others at risk, or is needed to
          comply with the law; where reasonable we will tell you first. Sections that by their
          nature should survive termination (such as content licences already used, disclaimers, the
          limitation of liability and governing law) continue to apply.
        </p>
      ),
    },
    {
      id: "governing-law",
      title: "Governing law and arbitration",
      body: (
        <>
          <p>
            These terms are governed by the laws of the State of New York, without regard to its
            conflict-of-law rules.
          </p>
          <p>
            Before filing a claim, please contact us so we can try to resolve it informally. Any
            dispute we cannot resolve will be settled by binding individual arbitration in New York,
            rather than in court, except that either of us may bring a claim in small-claims court
            or seek an injunction to protect intellectual property. Claims may be brought only on an
            individual basis, not as part of a class or representative action.
          </p>
        </>
      ),
    },
    {
      id: "contact",
      title: "Contact us",
      body: <p>Questions about these terms? Email us at {mail}, or reply HELP to any text.</p>,
    },
  ];
}
