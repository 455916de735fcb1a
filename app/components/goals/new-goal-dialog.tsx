import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { z } from "zod";
import type { NewGoalFormSchema } from "~/goals/goal-schema";
import { useEffect, useRef } from "react";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { checkedFormProps } from "~/components/form-props";
import { PendingButton } from "~/components/pending-button";
import { buttonClass } from "~/components/ui/button";
import { InputField } from "~/components/input-field";

/**
 * Without JavaScript the 'New Goal' link opens this as an inline dialog (?new-goal); with JavaScript it
 * is shown as a modal over the page.
 */
export function NewGoalDialog({
  open,
  onClose,
  lastResult,
  defaultDueTime,
}: {
  open: boolean;
  onClose?: () => void;
  lastResult?: SubmissionResult<string[]>;
  /** HH:MM; the user's evening check-in time. */
  defaultDueTime: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [form, fields] = useForm<z.input<typeof NewGoalFormSchema>>({
    id: "new-goal",
    constraint: FORM_ATTRIBUTES.newGoal,
    lastResult,
    defaultValue: { dueTime: defaultDueTime },
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !onClose) return;
    if (open && !dialog.open) {
      dialog.removeAttribute("open");
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, onClose]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      open={onClose ? undefined : true}
      aria-labelledby="new-goal-title"
      onClose={onClose}
      className="z-50 w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-xl backdrop:bg-black/50"
    >
      <h2 id="new-goal-title" className="text-lg font-semibold">
        Create a new goal
      </h2>
      <Form
        method="post"
        action="/dashboard"
        className="mt-4 space-y-4"
        {...checkedFormProps(form)}
      >
        <input type="hidden" name="intent" value="create" />
        {form.errors ? (
          <p id={form.errorId} role="alert" className="text-sm font-medium text-destructive">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <InputField
          field={fields.description}
          type="text"
          label="What's your goal?"
          placeholder="Run 5k"
          autoFocus
        />
        <InputField field={fields.dueTime} type="time" label="Due by" />
        <div className="flex justify-end gap-2">
          {onClose ? (
            <button type="button" className={buttonClass("outline")} onClick={onClose}>
              Cancel
            </button>
          ) : (
            <Link to="/dashboard" className={buttonClass("outline")}>
              Cancel
            </Link>
          )}
          <PendingButton pendingLabel="Creating..." formAction="/dashboard">
            Create Goal
          </PendingButton>
        </div>
      </Form>
    </dialog>
  );
}
