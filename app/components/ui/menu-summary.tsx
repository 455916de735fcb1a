/**
 * The button that opens a <details> menu: a hamburger, which turns into a cross when the <details>
 * carries the `group` class and is open.
 */
export function MenuSummary({ label }: { label: string }) {
  return (
    <summary
      aria-label={label}
      className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent [&::-webkit-details-marker]:hidden"
    >
      <svg
        aria-hidden="true"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path className="group-open:hidden" d="M4 6h16M4 12h16M4 18h16" />
        <path className="hidden group-open:block" d="M6 6l12 12M18 6L6 18" />
      </svg>
    </summary>
  );
}
