import { Link } from "@remix-run/react";
import type { SiteFacts } from "~/site/site-facts.server";
import { legalLink, type LegalSection } from "./legal-page";

/** The Privacy Policy, point by point in the order the page shows them. */
export function privacySections(site: SiteFacts): LegalSection[] {
  const mail = (
    <a href={`mailto:${site.supportEmail}`} className={legalLink}>
      {site.supportEmail}
    </a>
  );
  return [
    {
      id: "data-we-collect",
      title: "Information we collect",
      body: (
        <>
          <p>We collect only what we need to run your coaching:</p>
          <ul>
            <li>
              <strong>Account details:</strong> your email address, a securely hashed password, your
              mobile phone number, your time zone and your preferred check-in times.
            </li>
            <li>
              <strong>Your coaching content:</strong> the goals you set, your progress and
              check-ins, and the proof you send, whether photos or text descriptions, along with the
              text messages and web chat messages you exchange with StreakCoach.
            </li>
            <li>
              <strong>Consent records:</strong> when you agreed to receive texts, the consent text
              you saw, and the IP address and browser you used, plus any STOP or START requests.
            </li>
            <li>
              <strong>Usage data:</strong> which pages you visit, when texts are sent and delivered,
              and similar logs that keep the service running.
            </li>
            <li>
              <strong>Device information:</strong> your browser type, operating system and IP
              address.
            </li>
            <li>
              <strong>Cookies:</strong> we set only the cookies the site needs: a session cookie
              that keeps you signed in, a theme cookie that remembers light, dark or system mode,
              and a short-lived notification cookie that carries a one-time message (such as
              &ldquo;Settings updated&rdquo;) to the next page. We use no advertising or third-party
              tracking cookies.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "how-we-use",
      title: "How we use your information",
      body: (
        <ul>
          <li>to send your morning and evening check-ins, reminders and summaries;</li>
          <li>
            to record your goals and check-ins and calculate your streaks and completion rates;
          </li>
          <li>to give feedback on your check-ins, including AI feedback on Premium;</li>
          <li>to verify your phone number, secure your account and prevent abuse;</li>
          <li>to handle billing, answer support requests and honour STOP and HELP requests;</li>
          <li>to understand how the service is used and improve it.</li>
        </ul>
      ),
    },
    {
      id: "sharing",
      title: "How we share information",
      body: (
        <>
          <p>
            We share information only with companies that help us run StreakCoach, under contracts
            that let them use it only to provide their service to us:
          </p>
          <ul>
            <li>
              <strong>Service providers:</strong> our SMS delivery provider (to send and receive
              your texts), our payment processor (to handle subscriptions; we never see or store
              your full card number) and our hosting provider (to store data and run the service).
            </li>
            <li>
              <strong>AI processing partners:</strong> if you are on Premium, the text of your goals
              and check-ins is sent to an AI provider to generate your feedback. It is used only to
              produce that feedback.
            </li>
          </ul>
          <p>
            We may also disclose information when the law requires it, to protect someone&apos;s
            safety, or as part of a merger or sale of the business, in which case this policy
            continues to protect it.
          </p>
        </>
      ),
    },
    {
      id: "no-selling",
      title: "We do not sell your data",
      body: (
        <>
          <p>We do not sell or rent your personal information to anyone.</p>
          <p>
            Your mobile number and SMS opt-in data (your consent to receive texts) are never shared
            with or sold to third parties or affiliates for marketing or promotional purposes.
          </p>
        </>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights and choices",
      body: (
        <ul>
          <li>
            <strong>Access and export:</strong> download a copy of your data at any time from the
            Settings page.
          </li>
          <li>
            <strong>Correction:</strong> update your email, phone number, time zone and check-in
            times in Settings, or ask us to correct anything else.
          </li>
          <li>
            <strong>Deletion:</strong> delete your account in Settings; your goals, messages and
            proof are deleted with it. We keep only the record of your SMS consent and of any
            opt-out, as carrier rules require, so that we can show consent and never text a number
            that said STOP.
          </li>
          <li>
            <strong>Texts:</strong> reply STOP to stop all texts, or pause check-ins in Settings.
          </li>
        </ul>
      ),
    },
    {
      id: "security",
      title: "Security",
      body: (
        <p>
          We protect your information with encrypted connections, hashed passwords, private storage
          of your photos and access controls on our systems. No system is perfectly secure, so
          please use a strong, unique password and tell us at {mail} if you suspect anyone has
          accessed your account.
        </p>
      ),
    },
    {
      id: "international",
      title: "International transfers",
      body: (
        <p>
          StreakCoach is run from the United States, and our providers may process data in the
          United States or other countries. Wherever your data is processed, we protect it as this
          policy describes.
        </p>
      ),
    },
    {
      id: "children",
      title: "Children's privacy",
      body: (
        <p>
          StreakCoach is not directed to children under 13, and we do not knowingly collect personal
          information from children under 13. Our Terms require users to be at least 18. If you
          believe a child has given us personal information, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: (
        <p>
          We may update this policy. If we make a material change, we will tell you by email, by
          text or on the website before it takes effect, and update the date at the top of this
          page. See also our{" "}
          <Link to="/terms" className={legalLink}>
            Terms of Service
          </Link>
          .
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact us",
      body: <p>Questions or requests about your privacy? Email us at {mail}.</p>,
    },
  ];
}
