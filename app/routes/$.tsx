import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/error-page";
import { pageMeta } from "~/utils/page/meta";

export const meta: MetaFunction = () => pageMeta("Page not found", "This page does not exist.");

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
