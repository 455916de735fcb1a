import type { ThreadMessage } from "~/conversation/thread.server";
import { thumbnailUrl } from "~/components/goals/proof-thumbnails";
import { cn } from "~/utils/page/cn";

/** One text: ours on the left in grey, the user's on the right in blue with its channel badge. */
export function MessageBubble({ message }: { message: ThreadMessage }) {
  const mine = message.side === "user";
  return (
    <li
      className={cn("flex", mine ? "justify-end" : "justify-start")}
      data-testid="chat-message"
      data-side={message.side}
    >
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-4 py-2 shadow-sm sm:max-w-[70%]",
          mine
            ? "rounded-br-sm bg-blue-700 text-white"
            : "rounded-bl-sm bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100",
        )}
      >
        <span className="sr-only">{mine ? "You:" : "StreakCoach:"} </span>
        {message.body ? (
          <p className="user-text whitespace-pre-wrap text-sm">{message.body}</p>
        ) : null}
        {message.images.length ? (
          <ul className="mt-1 flex flex-wrap gap-1.5 text-sm">
            {message.images.map((image, i) => (
              <li key={`${i}-${image.label}`}>
                {image.href ? (
                  <a
                    href={image.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                  >
                    <img
                      src={thumbnailUrl(image.href)}
                      alt={image.label}
                      width={80}
                      height={80}
                      loading="lazy"
                      decoding="async"
                      className="h-20 w-20 rounded-lg bg-black/10 object-cover"
                    />
                  </a>
                ) : (
                  <span className="break-all italic">{image.label}</span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <div
          className={cn(
            "mt-1 flex items-center gap-2 text-xs",
            mine ? "justify-end text-white" : "text-gray-700 dark:text-gray-300",
          )}
        >
          {message.badge ? (
            <span
              className="rounded bg-blue-950 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide"
              data-testid="source-badge"
              title={message.badge === "WEB" ? "Sent from the web chat" : "Sent by text message"}
            >
              {message.badge}
            </span>
          ) : null}
          <time dateTime={message.createdAt}>{message.time}</time>
          {message.undelivered ? (
            <span className="font-medium text-red-700 dark:text-red-300">Not delivered</span>
          ) : null}
        </div>
      </div>
    </li>
  );
}
