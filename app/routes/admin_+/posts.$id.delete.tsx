import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import {
  CancelDeleteLink,
  DELETE_POST_WARNING,
  DeletePostForm,
} from "~/components/admin/delete-post-confirmation";
import { ErrorPage } from "~/components/error-page";
import { PageShell } from "~/components/page";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getPostById } from "~/blog/posts.server";
import { requireAdmin } from "~/http/session.server";

export const meta: MetaFunction = () => [{ title: "Delete blog post | StreakCoach" }];

/** The delete confirmation without JavaScript; with JavaScript the posts tab opens a dialog instead. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "/dashboard");
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  const post = id === null ? undefined : getPostById(id);
  if (!post) throw new Response("Not found", { status: 404 });
  return json({ post: { id: post.id, title: post.title } });
}

export default function DeletePostPage() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <PageShell title="Delete blog post">
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle className="text-xl">{post.title}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <p>{DELETE_POST_WARNING}</p>
          <DeletePostForm postId={post.id} cancel={<CancelDeleteLink />} />
        </CardContent>
      </Card>
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
