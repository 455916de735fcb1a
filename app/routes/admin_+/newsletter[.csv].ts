import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadResponse } from "~/http/download.server";
import { newsletterSignups } from "~/newsletter/newsletter.server";
import { requireAdmin } from "~/http/session.server";
import { csvText, mapBatches, textStream } from "~/utils/requests/streamed-download.server";

/** GET /admin/newsletter.csv: every newsletter sign-up (email, signed up at as an ISO instant), newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "/dashboard");
  const rows = mapBatches(newsletterSignups(), (batch) =>
    batch.map((s) => [s.email, s.createdAt.toISOString()]),
  );
  const day = new Date().toISOString().slice(0, 10);
  return downloadResponse(textStream(csvText(["email", "signed_up_at"], rows)), {
    contentType: "text/csv; charset=utf-8",
    fileName: `newsletter-signups-${day}.csv`,
    nosniff: true,
  });
}
