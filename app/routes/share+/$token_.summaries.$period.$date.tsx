import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useParams } from "@remix-run/react";
import { PageShell } from "~/components/page";
import { ShareNotFound } from "~/components/sharing/share-not-found";
import { SummaryView } from "~/components/summaries/summary-view";
import { buttonClass } from "~/components/ui/button";
import { parseSummaryParams, summaryPageData } from "~/summaries/summaries.server";
import { requireActiveShareLink, SHARE_HEADERS, shareNotFound } from "~/sharing/share-page.server";
import { shareOwner, sharedPhotoUrls } from "~/sharing/share-view.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.ownerName}: ${data.title} | StreakCoach` : "Share link | StreakCoach" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = () => SHARE_HEADERS;

/** The summary a partner's text links to, through the share link the partner was given. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const link = requireActiveShareLink(params.token);
  const { kind, date } = parseSummaryParams(params);
  const owner = shareOwner(link);
  if (!owner) throw shareNotFound();
  const data = summaryPageData(
    owner,
    kind,
    date,
    new Date(),
    (urls) => sharedPhotoUrls(link, urls),
    new URL(request.url).searchParams.get("page"),
  );
  return json({ ...data, ownerName: link.ownerName }, { headers: SHARE_HEADERS });
}

export default function SharedSummaryPage() {
  const data = useLoaderData<typeof loader>();
  const { token } = useParams();
  return (
    <PageShell
      title={`${data.ownerName}: ${data.title}`}
      actions={
        <Link to={`/share/${token}`} className={buttonClass("outline")}>
          See all progress
        </Link>
      }
    >
      <SummaryView data={data} />
    </PageShell>
  );
}

export const ErrorBoundary = ShareNotFound;
