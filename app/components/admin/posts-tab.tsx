import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useHydrated } from "~/utils/hooks/use-hydrated";
import { AdminTable } from "./admin-table";
import { Badge } from "./badge";
import { DeletePostDialog } from "./delete-post-confirmation";

export type PostsTabData = {
  posts: {
    id: number;
    title: string;
    slug: string;
    published: boolean;
    publishedDate: string | null;
  }[];
  newsletterSignups: number;
};

type PostRow = PostsTabData["posts"][number];

export function PostsTab({ data }: { data: PostsTabData }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [confirming, setConfirming] = useState<PostRow | null>(null);
  // A finished delete (or any navigation) closes the dialog.
  useEffect(() => setConfirming(null), [location.key]);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between sm:space-y-0">
          <CardTitle className="text-xl">Blog Posts</CardTitle>
          <Link to="/blog/edit/new" className={buttonClass()}>
            Create New Blog Post
          </Link>
        </CardHeader>
        <CardContent>
          <AdminTable
            caption="Blog posts"
            columns={["Title", "Slug", "Status", "Published Date", "Actions"]}
            empty={data.posts.length === 0 ? "No blog posts found. Create your first post!" : null}
          >
            {data.posts.map((post) => (
              <PostTableRow
                key={post.id}
                post={post}
                onDelete={hydrated ? () => setConfirming(post) : undefined}
              />
            ))}
          </AdminTable>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Newsletter</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-sm">Newsletter sign-ups: {data.newsletterSignups}</p>
          <a href="/admin/newsletter.csv" download className={buttonClass("outline")}>
            Export sign-ups (CSV)
          </a>
        </CardContent>
      </Card>
      {hydrated ? <DeletePostDialog post={confirming} onClose={() => setConfirming(null)} /> : null}
    </div>
  );
}

function PostTableRow({ post, onDelete }: { post: PostRow; onDelete?: () => void }) {
  const navigation = useNavigation();
  const nextIntent = post.published ? "unpublish" : "publish";
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === nextIntent &&
    navigation.formData?.get("postId") === String(post.id);
  return (
    <tr className="border-b last:border-0" data-testid="post-row">
      <td className="px-3 py-2 font-medium">{post.title}</td>
      <td className="px-3 py-2 break-all text-muted-foreground">{post.slug}</td>
      <td className="px-3 py-2">
        {post.published ? (
          <Badge tone="success">Published</Badge>
        ) : (
          <Badge tone="secondary">Draft</Badge>
        )}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{post.publishedDate ?? "Not published"}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/blog/edit/${post.id}`} className={buttonClass("outline", "sm")}>
            Edit
          </Link>
          <Form method="post">
            <input type="hidden" name="postId" value={post.id} />
            <Button
              type="submit"
              name="intent"
              value={nextIntent}
              size="sm"
              variant="secondary"
              disabled={pending}
              aria-disabled={pending}
            >
              {post.published ? "Unpublish" : "Publish"}
            </Button>
          </Form>
          {onDelete ? (
            <Button type="button" size="sm" variant="destructive" onClick={onDelete}>
              Delete
            </Button>
          ) : (
            <Link
              to={`/admin/posts/${post.id}/delete`}
              className={buttonClass("destructive", "sm")}
            >
              Delete
            </Link>
          )}
        </div>
      </td>
    </tr>
  );
}
