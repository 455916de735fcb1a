import { useRef, useState, type KeyboardEvent } from "react";
import { cn } from "~/utils/page/cn";
import { MARKDOWN_FORMATS, type FormatId } from "~/blog/markdown-format";

const glyphStyle: Partial<Record<FormatId, string>> = {
  bold: "font-bold",
  italic: "italic font-serif",
  underline: "underline",
  strike: "line-through",
};

/**
 * The formatting buttons above the content. Each is a real submit button (intent=format:<id>) that
 * posts the draft as it is, past the browser's checks for saving: without JavaScript the server
 * appends the format's snippet; with JavaScript `onFormat` formats the selection instead and the
 * toolbar is one tab stop, moved through with the arrow keys.
 */
export function MarkdownToolbar({
  controls,
  returnTo,
  onFormat,
}: {
  controls: string;
  /** Where the page scrolls after a format without JavaScript (a "#id" of the editor). */
  returnTo?: string;
  onFormat?: (id: FormatId) => void;
}) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const roving = Boolean(onFormat);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!roving) return;
    const last = MARKDOWN_FORMATS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? active === last
          ? 0
          : active + 1
        : event.key === "ArrowLeft"
          ? active === 0
            ? last
            : active - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 rounded-t-md border border-b-0 bg-muted/50 p-1"
    >
      {MARKDOWN_FORMATS.map((format, index) => (
        <button
          key={format.id}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          type="submit"
          name="intent"
          value={`format:${format.id}`}
          formAction={returnTo}
          formNoValidate
          aria-label={format.label}
          title={format.label}
          tabIndex={roving ? (index === active ? 0 : -1) : undefined}
          onFocus={() => setActive(index)}
          onClick={
            onFormat
              ? (event) => {
                  event.preventDefault();
                  onFormat(format.id);
                }
              : undefined
          }
          className={cn(
            "inline-flex h-8 min-w-8 items-center justify-center rounded px-2 text-sm hover:bg-accent hover:text-accent-foreground",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            glyphStyle[format.id],
          )}
        >
          <span aria-hidden="true">{format.glyph}</span>
        </button>
      ))}
    </div>
  );
}
