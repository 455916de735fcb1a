import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseDateRange } from "~/goals/goal-rules";
import { progressReportPdf } from "~/report/report-pdf.server";
import { requireUser } from "~/http/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const range = parseDateRange(new URL(request.url).searchParams.get("range"));
  const pdf = await progressReportPdf(user, range);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="streakcoach-report-${range}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
