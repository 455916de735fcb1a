/** Strength 0–100 as a bar, readable as a meter by screen readers. */
export function StrengthBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="mt-3 h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-green-600" style={{ width: `${value}%` }} />
    </div>
  );
}
