import type { ThreadDay } from "~/conversation/thread.server";
import { MessageBubble } from "./message-bubble";

export const EMPTY_THREAD = "No messages yet. Start a conversation!";

/** The conversation by calendar day, read like a phone: oldest first, the newest message last. */
export function ChatThread({ days }: { days: ThreadDay[] }) {
  if (days.length === 0) {
    return <p className="py-10 text-center text-muted-foreground">{EMPTY_THREAD}</p>;
  }
  return (
    <div className="space-y-6">
      {days.map((day) => (
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
      ))}
    </div>
  );
}
