import { Link } from "@remix-run/react";
import { cn } from "~/utils/page/cn";

export const ADMIN_TABS = [
  { id: "users", label: "Users" },
  { id: "posts", label: "Blog Posts" },
  { id: "system", label: "System" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["id"];

export function parseAdminTab(raw: string | null): AdminTab {
  return ADMIN_TABS.find((t) => t.id === raw)?.id ?? "users";
}

/** The tabs are links (?tab=), so each one is a page that works without JavaScript. */
export function AdminTabs({ current }: { current: AdminTab }) {
  return (
    <nav aria-label="Admin sections" className="mb-6">
      <ul className="inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground">
        {ADMIN_TABS.map((tab) => {
          const selected = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={`/admin?tab=${tab.id}`}
                aria-current={selected ? "page" : undefined}
                className={cn(
                  "inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                  selected ? "bg-background text-foreground shadow-sm" : "hover:text-foreground",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
