import { Link } from "@remix-run/react";
import type { Theme } from "~/utils/theme/theme.server";
import { ThemeSwitch } from "./theme-switch";

export function SiteFooter({ theme, year }: { theme: Theme; year: number }) {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap gap-4">
          <Link to="/blog" className="hover:underline">
            Blog
          </Link>
          <Link to="/faq" className="hover:underline">
            FAQ
          </Link>
          <Link to="/privacy-policy" className="hover:underline">
            Privacy Policy
          </Link>
          <Link to="/terms" className="hover:underline">
            Terms of Service
          </Link>
        </nav>
        <ThemeSwitch theme={theme} />
        <p className="text-muted-foreground">© {year} StreakCoach. All rights reserved.</p>
      </div>
    </footer>
  );
}
