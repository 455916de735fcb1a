import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** The second step of a delete, a page state of its own so it asks without JavaScript too. */
export function DeleteHabitConfirmation({ habitId, title }: { habitId: number; title: string }) {
  return (
    <Form
      method="post"
      id="delete-habit"
      role="alertdialog"
      aria-labelledby="delete-habit-title"
      aria-describedby="delete-habit-warning"
      className="scroll-mt-24 space-y-3 rounded-md border border-destructive p-4"
    >
      <h3 id="delete-habit-title" className="font-semibold">
        Delete &ldquo;{title}&rdquo;?
      </h3>
      <p id="delete-habit-warning" className="text-sm text-muted-foreground">
        Its history and streak go for good; this cannot be undone. The goals it made stay, as
        ordinary goals of their days. To keep its history, stop it instead.
      </p>
      <input type="hidden" name="confirm" value="yes" />
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="delete" className={buttonClass("destructive")}>
          Yes, delete it
        </button>
        <Link to={`/habits/${habitId}`} preventScrollReset className={buttonClass("outline")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
