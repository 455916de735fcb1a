import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { avatarInitials, displayName, isAdmin } from "~/users/user-options";
import { buttonClass } from "./ui/button";
import { MenuSummary } from "./ui/menu-summary";
import { cn } from "~/utils/page/cn";

type HeaderUser = { email: string; roles: string[] };

export const BRAND = "StreakCoach";

function appLinks(user: HeaderUser) {
  return [
    { to: "/dashboard", label: "Dashboard" },
    { to: "/habits", label: "Habits" },
    { to: "/messages", label: "Messages" },
    { to: "/faq", label: "FAQ" },
    { to: "/blog", label: "Blog" },
    { to: "/settings", label: "Settings" },
    ...(isAdmin(user) ? [{ to: "/admin", label: "Admin" }] : []),
  ];
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const { pathname } = useLocation();
  if (user) return <SignedInHeader user={user} />;
  if (pathname === "/") return null;
  if (pathname === "/login") return <AuthHeader to="/register" label="Sign up instead" />;
  if (pathname === "/register") return <AuthHeader to="/login" label="Log in instead" />;
  return <SignedOutHeader />;
}

/** Sign-in pages keep the way home and the way to the other form, and nothing else to distract. */
function AuthHeader({ to, label }: { to: string; label: string }) {
  return (
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Brand />
        <Link to={to} className={buttonClass("ghost")}>
          {label}
        </Link>
      </div>
    </header>
  );
}

function Brand() {
  return (
    <Link to="/" className="text-lg font-bold tracking-tight">
      {BRAND}
    </Link>
  );
}

/** The two ways in for a visitor; the log-in link recedes beside sign-up, as its variant says. */
export function SignInLinks({ logIn = "ghost" }: { logIn?: "ghost" | "outline" }) {
  return (
    <>
      <Link to="/login" className={buttonClass(logIn)}>
        Log in
      </Link>
      <Link to="/register" className={buttonClass("default")}>
        Sign up
      </Link>
    </>
  );
}

function SignedOutHeader() {
  return (
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Brand />
        <nav aria-label="Account" className="flex items-center gap-2">
          <SignInLinks />
        </nav>
      </div>
    </header>
  );
}

function SignedInHeader({ user }: { user: HeaderUser }) {
  const location = useLocation();
  const links = appLinks(user);
  return (
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        {/* Remounting on navigation closes the drawer and the menu after a link click. */}
        <MobileDrawer key={`drawer-${location.key}`} user={user} links={links} />
        <Brand />
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium hover:bg-accent",
                  isActive && "bg-accent",
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto">
          <UserMenu key={`menu-${location.key}`} user={user} />
        </div>
      </div>
    </header>
  );
}

function SignOutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Sign out
      </button>
    </Form>
  );
}

const menuItem = "block w-full rounded px-3 py-2 text-left text-sm hover:bg-accent";

function UserMenu({ user }: { user: HeaderUser }) {
  return (
    <details className="relative" data-testid="user-menu">
      <summary
        className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground [&::-webkit-details-marker]:hidden"
        aria-label={`Account menu for ${user.email}`}
      >
        {avatarInitials(user.email)}
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-56 rounded-md border bg-card p-1 shadow-lg">
        <p className="truncate px-3 py-2 text-sm text-muted-foreground">{user.email}</p>
        {isAdmin(user) ? (
          <Link to="/admin" className={menuItem}>
            Admin Dashboard
          </Link>
        ) : null}
        <Link to="/settings" className={menuItem}>
          Profile
        </Link>
        <Link to="/settings" className={menuItem}>
          Settings
        </Link>
        <SignOutButton className={menuItem} />
      </div>
    </details>
  );
}

function MobileDrawer({
  user,
  links,
}: {
  user: HeaderUser;
  links: { to: string; label: string }[];
}) {
  const { pathname, search } = useLocation();
  return (
    <details className="md:hidden" data-testid="mobile-drawer">
      <MenuSummary label="Open menu" />
      <div className="fixed inset-y-0 left-0 z-50 flex w-72 flex-col gap-1 border-r bg-card p-4 shadow-xl">
        <div className="mb-2 flex items-center justify-between">
          <p className="font-semibold" data-testid="drawer-display-name">
            {displayName(user.email)}
          </p>
          {/* Reloading the page closes the drawer without JavaScript; with it, navigation remounts it closed. */}
          <Link
            to={`${pathname}${search}`}
            replace
            preventScrollReset
            className="rounded px-2 py-1 text-sm hover:bg-accent"
          >
            Close<span className="sr-only"> menu</span>
          </Link>
        </div>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {links.map((link) => (
            <Link key={link.to} to={link.to} className={menuItem}>
              {link.label}
            </Link>
          ))}
        </nav>
        <SignOutButton className={menuItem} />
      </div>
    </details>
  );
}
