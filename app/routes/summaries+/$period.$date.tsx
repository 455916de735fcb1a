import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/page";
import { SummaryView } from "~/components/summaries/summary-view";
import { buttonClass } from "~/components/ui/button";
import { parseSummaryParams, summaryPageData } from "~/summaries/summaries.server";
import { requireUser } from "~/http/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Summary"} | StreakCoach` },
];

/** The page a weekly (Sunday) or monthly (1st) summary text links to. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { kind, date } = parseSummaryParams(params);
  return json(
    summaryPageData(
      user,
      kind,
      date,
      new Date(),
      (urls) => urls.filter((url) => url.startsWith("/media/")),
      new URL(request.url).searchParams.get("page"),
    ),
  );
}

export default function SummaryPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageShell
      title={data.title}
      actions={
        <Link to="/dashboard" className={buttonClass("outline")}>
          Back to Dashboard
        </Link>
      }
    >
      <SummaryView data={data} />
    </PageShell>
  );
}
