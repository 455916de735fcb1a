import type { InputHTMLAttributes } from "react";

/** A checkbox with its label and a note under the label that describes it. */
export function CheckboxField({
  label,
  note,
  ...props
}: { label: string; note: string; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex items-start gap-3">
      <input
        {...props}
        className="mt-1 h-4 w-4 accent-[hsl(var(--primary))]"
        aria-describedby={`${props.id}-note`}
      />
      <div>
        <label htmlFor={props.id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${props.id}-note`} className="text-sm text-muted-foreground">
          {note}
        </p>
      </div>
    </div>
  );
}
