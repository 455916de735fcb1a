import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import type { NewsletterReply } from "~/components/blog/newsletter-form";
import {
  consumeNewsletterAttempt,
  NEWSLETTER_RATE_LIMIT_MESSAGE,
} from "~/newsletter/newsletter-rate-limit.server";
import {
  NEWSLETTER_CONFIRMATION,
  NEWSLETTER_EMAIL_MESSAGE,
  NewsletterSchema,
  subscribeToNewsletter,
} from "~/newsletter/newsletter.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { getClientIp } from "~/utils/requests/request.server";
import { safeRedirect } from "~/http/safe-redirect";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { readFormData } from "~/utils/forms/forms.server";

export const NEWSLETTER_SUCCESS_TITLE = "You're subscribed";
export const NEWSLETTER_ERROR_TITLE = "Subscription failed";

/** Only back to a blog page: the form lives on /blog and /blog/<slug>. */
function backTo(value: FormDataEntryValue | null) {
  const to = safeRedirect(value, "/blog");
  return /^\/blog(?:[/?#]|$)/.test(to) ? to : "/blog";
}

export async function loader() {
  return redirect("/blog");
}

/**
 * POST /newsletter: stores a sign-up once per address. The answer is the same whether the address was
 * new or already on the list. Without JavaScript it redirects back with a toast; the JavaScript form
 * marks itself with inline=1 and gets JSON to show next to the field instead.
 */
export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  const form = await readFormData(request);
  const inline = form.get("inline") === "1";
  const redirectTo = backTo(form.get("redirectTo"));

  const answer = async (reply: NewsletterReply, status: number, headers?: HeadersInit) =>
    inline
      ? json(reply, { status, headers })
      : redirectWithToast(
          redirectTo,
          {
            title: reply.ok ? NEWSLETTER_SUCCESS_TITLE : NEWSLETTER_ERROR_TITLE,
            description: reply.message,
            type: reply.ok ? "success" : "error",
          },
          { headers },
        );

  const ip = getClientIp(request);
  const limit = await consumeNewsletterAttempt(ip);
  if (!limit.ok) {
    return answer({ ok: false, message: NEWSLETTER_RATE_LIMIT_MESSAGE }, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }

  const parsed = NewsletterSchema.safeParse({ email: form.get("email") ?? undefined });
  if (!parsed.success) return answer({ ok: false, message: NEWSLETTER_EMAIL_MESSAGE }, 400);

  subscribeToNewsletter(parsed.data.email, ip);
  return answer({ ok: true, message: NEWSLETTER_CONFIRMATION }, 200);
}
