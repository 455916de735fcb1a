import { Link } from "@remix-run/react";

/** Links to the pages of the latest weekly and monthly summaries. */
export function SummaryLinks({ weekly, monthly }: { weekly: string; monthly: string }) {
  return (
    <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <Link to={weekly} className="text-primary hover:underline">
        Weekly summary
      </Link>
      <Link to={monthly} className="text-primary hover:underline">
        Monthly summary
      </Link>
    </p>
  );
}
