import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useParams } from "@remix-run/react";
import { PageShell } from "~/components/page";
import { requireAdmin } from "~/utils/session.server";

export const meta: MetaFunction = ({ params }) => [
  { title: `${params.id === "new" ? "Create New Blog Post" : "Edit Blog Post"} | StreakCoach` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "/");
  return null;
}

export default function BlogEditorPage() {
  const { id } = useParams();
  return <PageShell title={id === "new" ? "Create New Blog Post" : "Edit Blog Post"} />;
}
