import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/utils/page/cn";
import { useHydrated } from "~/utils/hooks/use-hydrated";

/** What /newsletter answers a JavaScript (fetcher) post with, to show inline. */
export type NewsletterReply = { ok: boolean; message: string };

/**
 * The newsletter sign-up. A plain form post to /newsletter that redirects back here with a toast;
 * with JavaScript the same form goes through a fetcher, so the page stays and the answer shows inline.
 */
export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterReply>();
  const location = useLocation();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const emailId = `${id}-email`;
  const messageId = `${id}-message`;
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const submitting = fetcher.state !== "idle";

  useEffect(() => {
    if (reply?.ok) form.current?.reset();
  }, [reply]);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-16 rounded-lg border bg-card p-8 text-card-foreground shadow-sm"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          Get habit-building tips in your inbox
        </h2>
        <p className="mt-2 text-muted-foreground">
          New articles and research-backed strategies, straight to your email. Unsubscribe anytime.
        </p>
        <fetcher.Form
          ref={form}
          method="post"
          action="/newsletter"
          className="mt-6 flex flex-col gap-2 sm:flex-row"
        >
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
          <label htmlFor={emailId} className="sr-only">
            Email address
          </label>
          <Input
            id={emailId}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="Enter your email"
            maxLength={254}
            aria-invalid={reply && !reply.ok ? true : undefined}
            aria-describedby={reply ? messageId : undefined}
            className="flex-1"
          />
          <Button type="submit" disabled={submitting}>
            {submitting ? "Subscribing..." : "Subscribe"}
          </Button>
        </fetcher.Form>
        <p
          id={messageId}
          role="status"
          className={cn(
            "mt-3 min-h-5 text-sm font-medium",
            reply?.ok ? "text-green-700 dark:text-green-400" : "text-destructive",
          )}
        >
          {reply?.message ?? ""}
        </p>
      </div>
    </section>
  );
}
