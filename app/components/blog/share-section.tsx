import { useRef, useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/utils/hooks/use-hydrated";
import { shareLinks } from "./blog-links";

type CopyState = "idle" | "copied" | "failed";

/**
 * Real share links and the post's URL. Without JavaScript the URL sits in a read-only field to select
 * and copy; with JavaScript a button copies it.
 */
export function ShareSection({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>("idle");

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopy("copied");
    } catch {
      // No clipboard permission: leave the link selected for Ctrl+C.
      input.current?.select();
      setCopy("failed");
    }
  }

  return (
    <section aria-labelledby="share-title" className="mt-12 border-t pt-8">
      <h2 id="share-title" className="mb-4 text-xl font-semibold">
        Share this article
      </h2>
      <ul className="mb-4 flex flex-wrap gap-2">
        {shareLinks(url, title).map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("outline")}
            >
              {link.label}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="flex max-w-xl flex-wrap items-center gap-2">
        <Input
          ref={input}
          type="text"
          readOnly
          value={url}
          aria-label="Post link"
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1"
        />
        {hydrated ? (
          <Button variant="outline" onClick={copyLink}>
            {copy === "copied" ? "Link copied" : "Copy Link"}
          </Button>
        ) : null}
      </div>
      <p role="status" className="mt-2 text-sm text-muted-foreground">
        {copy === "failed" ? "Press Ctrl+C (or Cmd+C) to copy the selected link." : ""}
      </p>
    </section>
  );
}
