import { cn } from "~/utils/page/cn";

/** Strength 0–100 as a bar, readable as a meter by screen readers. */
export function StrengthBar({
  value,
  label,
  className = "mt-3",
}: {
  value: number;
  label: string;
  className?: string;
}) {
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn("h-2 overflow-hidden rounded-full bg-muted", className)}
    >
      <div className="h-full rounded-full bg-green-600" style={{ width: `${value}%` }} />
    </div>
  );
}
