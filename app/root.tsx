import { json } from "@remix-run/node";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { ErrorPage } from "~/components/error-page";
import { getSiteFacts, type SiteFacts } from "~/site/site-facts.server";
import { getUser } from "~/http/session.server";
import { getTheme } from "~/utils/theme/theme.server";
import { getToast } from "~/utils/toast/toast.server";
import { useNonce } from "~/utils/page/nonce-provider";
import { useRootData } from "~/components/root-data";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "StreakCoach: daily goals by text" },
  {
    name: "description",
    content:
      "An SMS accountability coach: set daily goals by text, check in with proof, grow your streak.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, theme, { toast, setCookie }] = await Promise.all([
    getUser(request),
    getTheme(request),
    getToast(request),
  ]);
  return json(
    {
      user: user ? { id: user.id, email: user.email, roles: user.roles } : null,
      theme,
      toast,
      year: new Date().getFullYear(),
      site: getSiteFacts(),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

/** Trial length, prices, availability and support contact, as configured (see site-facts.server). */
export function useSiteFacts(): SiteFacts {
  const data = useRootData();
  if (!data) throw new Error("useSiteFacts needs the root loader's data");
  return data.site;
}

/**
 * A page whose links lead to its own sections says so in its route's `handle`; only there do anchors
 * glide (tailwind.css). Elsewhere the router's scroll to the top, or back to where a reloaded page
 * was, is instant rather than a glide from wherever the page before had been scrolled.
 */
export type AnchorsHandle = { smoothAnchors?: boolean };

function useSmoothAnchors() {
  return useMatches().some((m) => (m.handle as AnchorsHandle | undefined)?.smoothAnchors);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const theme = data?.theme ?? "light";
  const nonce = useNonce();
  const smoothAnchors = useSmoothAnchors();
  return (
    <html lang="en" className={theme} data-anchors={smoothAnchors ? "smooth" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[200] focus:rounded focus:bg-card focus:p-2"
        >
          Skip to content
        </a>
        <SiteHeader user={data?.user ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter theme={theme} year={data?.year ?? new Date().getFullYear()} />
        <Toaster toast={data?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage error={error} />;
}
