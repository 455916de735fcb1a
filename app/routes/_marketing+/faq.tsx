import type { MetaFunction } from "@remix-run/node";
import { faqItems } from "~/components/marketing/faq-items";
import { useSiteFacts } from "~/root";
import { pageMeta } from "~/utils/page/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Frequently Asked Questions",
    "How StreakCoach's SMS check-ins work, when texts arrive, photo proof, pricing and the free trial, data security, cancelling and where the service is available.",
  );

export default function FaqPage() {
  const site = useSiteFacts();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Frequently Asked Questions</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Everything you need to know about your SMS accountability coach.
      </p>
      {/* details[name] makes the list single-open in the browser itself, with no script. */}
      <div className="mt-10 divide-y rounded-lg border bg-card" data-testid="faq-list">
        {faqItems(site).map((item) => (
          <details key={item.id} name="faq" id={item.id} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-accent/50 [&::-webkit-details-marker]:hidden">
              <h2 className="text-base font-semibold">{item.question}</h2>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 9l6 6 6-6" />
              </svg>
            </summary>
            <div className="space-y-3 px-5 pb-5 text-muted-foreground">{item.answer}</div>
          </details>
        ))}
      </div>
      <p className="mt-10 text-center text-muted-foreground" data-testid="faq-contact">
        Still have questions? Email us at{" "}
        <a
          href={`mailto:${site.supportEmail}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {site.supportEmail}
        </a>{" "}
        and we&apos;ll be glad to help.
      </p>
    </div>
  );
}
