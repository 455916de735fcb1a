import { Form, useLocation } from "@remix-run/react";
import type { Theme } from "~/utils/theme/theme.server";
import { cn } from "~/utils/page/cn";

const LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

export function ThemeSwitch({ theme }: { theme: Theme }) {
  const location = useLocation();
  return (
    <Form method="post" action="/theme" className="flex items-center gap-1" aria-label="Theme">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <span className="mr-1 text-sm text-muted-foreground">Theme:</span>
      {(Object.keys(LABELS) as Theme[]).map((value) => (
        <button
          key={value}
          type="submit"
          name="theme"
          value={value}
          aria-pressed={theme === value}
          className={cn(
            "rounded px-2 py-1 text-sm",
            theme === value ? "bg-primary text-primary-foreground" : "hover:bg-accent",
          )}
        >
          {LABELS[value]}
        </button>
      ))}
    </Form>
  );
}
