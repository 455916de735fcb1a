import { useEffect, useRef } from "react";
import { FieldErrors } from "./ui/field";

/**
 * A form's own errors, at the top of the form. After a submission that failed, the alert is brought
 * into view and focused: on a phone the submit button is a screen below it. (Without JavaScript the
 * answer is a new page, which opens at the top, where the alert is.)
 */
export function FormErrorAlert({
  title,
  id,
  errors,
  result,
}: {
  title: string;
  id: string;
  errors: string[] | undefined;
  /** The action's answer: a new one (even with the same words) brings the alert back into view. */
  result: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(errors?.length);
  useEffect(() => {
    if (!shown || !ref.current) return;
    ref.current.scrollIntoView({ block: "center" });
    ref.current.focus({ preventScroll: true });
  }, [shown, result]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-md border border-destructive p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p className="text-sm font-semibold text-destructive">{title}</p>
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}
