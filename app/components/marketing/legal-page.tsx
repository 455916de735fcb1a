import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export type LegalSection = { id: string; title: string; body: ReactNode };

/** The date the current Terms and Privacy Policy took effect (and were last updated). */
export const LEGAL_EFFECTIVE_DATE = "April 21, 2025";

export const legalLink = "font-medium text-primary underline underline-offset-4";

/** Terms and Privacy: a title, the dates, a table of contents and numbered sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>Effective date:</dt>
            <dd>{LEGAL_EFFECTIVE_DATE}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Last updated:</dt>
            <dd>{LEGAL_EFFECTIVE_DATE}</dd>
          </div>
        </dl>
        <div className="mt-6 space-y-4 leading-7">{intro}</div>
      </header>
      <nav aria-label="Contents" className="mt-8 rounded-lg border bg-card p-5">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
          Contents
        </h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <Link
                to={`#${section.id}`}
                className="text-primary underline-offset-4 hover:underline"
              >
                {section.title}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="mt-10 scroll-mt-6"
        >
          <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-4 leading-7 text-foreground/90 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  );
}
