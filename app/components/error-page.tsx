import { Link, isRouteErrorResponse } from "@remix-run/react";
import { buttonClass } from "./ui/button";

export function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonClass("outline")}>
        Go home
      </Link>
    </div>
  );
}

/** Expected failures show their message; anything else a friendly page and never a stack. */
export function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const expected = isRouteErrorResponse(error) && error.status < 500;
  const message =
    expected && typeof error.data === "string" && error.data
      ? error.data
      : "Something went wrong on our side. Please try again in a moment.";
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">
        {expected ? "We couldn't do that" : "Sorry, something went wrong"}
      </h1>
      <p className="text-muted-foreground">{message}</p>
      <Link to="/" className={buttonClass("outline")}>
        Go home
      </Link>
    </div>
  );
}
