import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { PendingButton } from "./pending-button";

/** A small button beside one item of a list that posts its intent and the item's id. */
export function RowActionForm({
  intent,
  idName,
  id,
  pendingLabel,
  label,
  children,
}: {
  intent: string;
  idName: string;
  id: number;
  pendingLabel: string;
  /** The button's accessible name, naming the item, when its text alone does not. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
      <PendingButton
        intent={intent}
        variant="outline"
        size="sm"
        pendingLabel={pendingLabel}
        aria-label={label}
      >
        {children}
      </PendingButton>
    </Form>
  );
}
