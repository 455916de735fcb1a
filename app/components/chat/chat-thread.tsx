import type { ThreadDay } from "~/conversation/thread.server";
import { EarlierMessagesLink, LaterMessagesLink } from "./day-pagination";
import { MessageBubble } from "./message-bubble";
import { PendingMessage } from "./pending-message";

export const EMPTY_THREAD = "No messages yet. Start a conversation!";
export const CHAT_LOG_ID = "chat-log";

/**
 * The conversation by calendar day, read like a phone: oldest first, the newest message last. It
 * scrolls inside a box no taller than the screen leaves room for; the reversed column makes the box
 * open at its bottom, on the newest message, without any JavaScript. A role="log" announces the
 * messages a send adds (the route keys it by page, so changing page is not read out).
 */
export function ChatThread({
  days,
  page,
  pages,
  before,
  earlierBefore,
}: {
  days: ThreadDay[];
  page: number;
  pages: number;
  before: number | null;
  earlierBefore: number | null;
}) {
  return (
    <div
      id={CHAT_LOG_ID}
      role="log"
      aria-label="Messages"
      tabIndex={days.length ? 0 : undefined}
      className="-mx-2 flex max-h-[max(14rem,calc(100dvh-20rem))] flex-col-reverse overflow-y-auto rounded-md px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="space-y-6 pb-1">
        <EarlierMessagesLink page={page} pages={pages} earlierBefore={earlierBefore} />
        {days.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">{EMPTY_THREAD}</p>
        ) : (
          days.map((day) => (
            <section key={day.day} aria-labelledby={`day-${day.day}`} data-testid="chat-day">
              <h2
                id={`day-${day.day}`}
                className="mb-3 text-center text-xs font-semibold text-muted-foreground"
              >
                {day.label}
              </h2>
              <ol className="space-y-2">
                {day.messages.map((message) => (
                  <MessageBubble key={message.id} message={message} />
                ))}
              </ol>
            </section>
          ))
        )}
        <LaterMessagesLink page={page} before={before} />
        <PendingMessage />
      </div>
    </div>
  );
}
