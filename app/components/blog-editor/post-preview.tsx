/** Styles for rendered post HTML (headings, lists, links, images) without a typography plugin. */
export const POST_HTML_CLASS = [
  "space-y-4 leading-7",
  "[&_h1]:text-3xl [&_h1]:font-bold [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold",
  "[&_h4]:text-lg [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold [&_h6]:text-muted-foreground",
  "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_a]:text-primary [&_a]:underline [&_img]:max-w-full [&_img]:rounded-md",
  "[&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-4 [&_code]:font-mono [&_code]:text-sm",
].join(" ");

/**
 * The content as readers will see it: HTML rendered and sanitized on the server by the same code as
 * the public post page.
 */
export function PostPreview({ html, loading }: { html: string | null; loading: boolean }) {
  return (
    <section
      aria-labelledby="post-preview-heading"
      aria-busy={loading}
      className="rounded-md border bg-background p-4"
    >
      <h3 id="post-preview-heading" className="mb-3 text-sm font-semibold text-muted-foreground">
        Preview
      </h3>
      {html === null ? (
        <p className="text-sm text-muted-foreground">Rendering preview...</p>
      ) : html ? (
        <div
          data-testid="post-preview"
          className={POST_HTML_CLASS}
          // Sanitized on the server with the blog's allow-list (renderMarkdown).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
      )}
    </section>
  );
}
