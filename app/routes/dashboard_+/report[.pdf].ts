import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadResponse } from "~/http/download.server";
import { parseDateRange } from "~/goals/goal-rules";
import { progressReportPdf } from "~/report/report-pdf.server";
import { requireUser } from "~/http/session.server";
import { consumeReport, REPORTS_PER_HOUR } from "~/utils/rate-limits/rate-limit.server";

export const REPORTS_RATE_LIMITED = `You can download ${REPORTS_PER_HOUR} reports an hour. Please wait a while and try again.`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const range = parseDateRange(new URL(request.url).searchParams.get("range"));
  const allowed = await consumeReport(user.id);
  if (!allowed.ok) {
    throw new Response(REPORTS_RATE_LIMITED, {
      status: 429,
      headers: {
        "Retry-After": String(allowed.retryAfterSeconds),
        "Content-Type": "text/plain; charset=utf-8",
      },
    });
  }
  const pdf = await progressReportPdf(user, range);
  return downloadResponse(new Uint8Array(pdf), {
    contentType: "application/pdf",
    fileName: `streakcoach-report-${range}.pdf`,
  });
}
