import type { ReactNode } from "react";

function Icon({ children, className = "h-6 w-6" }: { children: ReactNode; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}

export function MessageIcon(props: { className?: string }) {
  return (
    <Icon {...props}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      <path d="M8 9h8M8 13h5" />
    </Icon>
  );
}

export function CameraIcon(props: { className?: string }) {
  return (
    <Icon {...props}>
      <path d="M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3z" />
      <circle cx="12" cy="13" r="3.5" />
    </Icon>
  );
}

export function SparklesIcon(props: { className?: string }) {
  return (
    <Icon {...props}>
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
      <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
    </Icon>
  );
}

export function ChartIcon(props: { className?: string }) {
  return (
    <Icon {...props}>
      <path d="M3 3v18h18" />
      <path d="M7 15l4-4 3 3 6-6" />
    </Icon>
  );
}

export function FlameIcon(props: { className?: string }) {
  return (
    <Icon {...props}>
      <path d="M12 22c4 0 7-2.9 7-7 0-3.5-2.4-6.4-4.2-8.3-.5 2.3-1.8 3.8-3.3 4.3.3-3.4-1.2-6.5-3.5-8-.2 3.6-4 6.5-4 11 0 4.1 3.5 8 8 8z" />
    </Icon>
  );
}

export function CheckIcon(props: { className?: string }) {
  return (
    <Icon {...props}>
      <path d="M20 6L9 17l-5-5" />
    </Icon>
  );
}
