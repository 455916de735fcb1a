import type { LoaderFunctionArgs } from "@remix-run/node";
import { listNewsletterSignups } from "~/newsletter/newsletter.server";
import { csvLine } from "~/utils/csv";
import { requireAdmin } from "~/utils/session.server";

/** GET /admin/newsletter.csv: every newsletter sign-up (email, signed up at as an ISO instant), newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "/dashboard");
  const lines = [
    csvLine(["email", "signed_up_at"]),
    ...listNewsletterSignups().map((s) => csvLine([s.email, s.createdAt.toISOString()])),
  ];
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-signups-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
