import { NavLink } from "@remix-run/react";
import { cn } from "~/utils/page/cn";
import { SETTINGS_SECTIONS } from "./sections";

/**
 * The pages of Settings as real links; the current one is marked with aria-current="page". On a
 * phone the links wrap into rows of pills; from md up they stand in a column beside the page.
 */
export function SettingsNav() {
  return (
    <nav aria-label="Settings" className="md:sticky md:top-4 md:self-start">
      <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "block rounded-full border px-3 py-1.5 text-sm font-medium transition-colors md:rounded-md md:border-transparent md:px-3 md:py-2",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                  isActive
                    ? "border-primary bg-primary text-primary-foreground md:border-transparent"
                    : "bg-background hover:bg-accent hover:text-accent-foreground md:bg-transparent",
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
