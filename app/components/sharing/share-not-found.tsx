import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

/** The error boundary of share pages: a revoked, expired or unknown link, or a friendly failure. */
export function ShareNotFound() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing) console.error(error);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">
        {missing ? "Share link not available" : "Sorry, something went wrong"}
      </h1>
      <p className="text-muted-foreground">
        {missing
          ? "This share link is not available. It may have been revoked or expired."
          : "Something went wrong on our side. Please try again in a moment."}
      </p>
    </div>
  );
}
