import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { cn } from "~/utils/page/cn";
import { buttonClass } from "./ui/button";

type ToastData = {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
  /** Shows an Undo button that takes this change back (a plain form post). */
  undoEntryId?: number;
};

const TOAST_MS = 5000;
// Long enough to read the toast and reach its Undo.
const UNDO_TOAST_MS = 10000;

/** Shows the toast flashed by the last action; it is in the server HTML, so it shows without JavaScript too. */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), toast.undoEntryId ? UNDO_TOAST_MS : TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <section
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed bottom-0 right-0 z-[100] flex w-full flex-col p-4 md:max-w-[420px]"
    >
      <div role="status" aria-live="polite">
        {visible ? (
          <div
            data-testid="toast"
            className={cn(
              visible.undoEntryId ? "toast-auto-hide-slow" : "toast-auto-hide",
              "pointer-events-auto rounded-md border p-4 shadow-lg",
              visible.type === "error"
                ? "border-destructive bg-destructive text-destructive-foreground"
                : "bg-card text-card-foreground",
            )}
          >
            <p className="text-sm font-semibold">{visible.title}</p>
            {visible.description ? (
              <p className="mt-1 text-sm opacity-90">{visible.description}</p>
            ) : null}
            {visible.undoEntryId ? (
              <Form method="post" action="/dashboard" className="mt-2">
                <input type="hidden" name="entryId" value={visible.undoEntryId} />
                <button
                  type="submit"
                  name="intent"
                  value="restore-goal"
                  className={buttonClass("outline", "sm")}
                >
                  Undo
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
