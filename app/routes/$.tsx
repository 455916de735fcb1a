import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/error-page";

export const meta: MetaFunction = () => [{ title: "Page not found | StreakCoach" }];

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
