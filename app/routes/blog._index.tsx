import type { MetaFunction } from "@remix-run/node";
import { PageShell } from "~/components/page";

export const meta: MetaFunction = () => [{ title: "Blog | StreakCoach" }];

export default function BlogPage() {
  return <PageShell title="Blog" />;
}
