import { Link, useLocation } from "@remix-run/react";
import { BRAND, SignInLinks } from "~/components/site-header";
import { MenuSummary } from "~/components/ui/menu-summary";

const SECTION_LINKS = [
  { to: "#features", label: "Features" },
  { to: "#how-it-works", label: "How It Works" },
  { to: "/faq", label: "FAQ" },
  { to: "/blog", label: "Blog" },
];

const menuItem = "block rounded-md px-3 py-2 text-base font-medium hover:bg-accent";

/**
 * The visitors' top navigation of the landing page. Section links are router links, so with
 * JavaScript the router scrolls to the section (smoothly, see tailwind.css) and, as the location
 * changes, the menu below remounts closed; without JavaScript they are plain same-page anchors.
 */
export function LandingNav() {
  const location = useLocation();
  return (
    <header className="relative z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:sticky md:top-0">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <BrandMark />
          {BRAND}
        </Link>
        <nav aria-label="Landing" className="hidden items-center gap-1 md:flex">
          {SECTION_LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              {link.label}
            </Link>
          ))}
          <span className="mx-2 h-6 w-px bg-border" aria-hidden="true" />
          <SignInLinks />
        </nav>
        <LandingMenu key={location.key} />
      </div>
    </header>
  );
}

function LandingMenu() {
  return (
    <details className="group md:hidden" data-testid="landing-menu">
      <MenuSummary label="Menu" />
      <nav
        aria-label="Landing menu"
        className="absolute inset-x-0 top-16 z-40 flex flex-col gap-1 border-b bg-background p-4 shadow-lg"
      >
        {SECTION_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className={menuItem}>
            {link.label}
          </Link>
        ))}
        <div className="mt-2 grid grid-cols-2 gap-2 border-t pt-4">
          <SignInLinks logIn="outline" />
        </div>
      </nav>
    </details>
  );
}

export function BrandMark({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9 11.5a3.5 3.5 0 0 1 3.5-3.5h7a3.5 3.5 0 0 1 3.5 3.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4 3.5V20a3.5 3.5 0 0 1-2-3.2z"
        className="fill-primary-foreground"
      />
      <path
        d="M12.5 14l2.2 2.2 4.8-4.7"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-primary"
      />
    </svg>
  );
}
