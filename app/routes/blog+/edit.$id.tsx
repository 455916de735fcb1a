import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { readEditorForm, redrawDraft, savePostFromForm } from "~/admin/post-editor.server";
import { PostEditor, type EditorActionData } from "~/components/blog-editor/post-editor";
import { ErrorPage } from "~/components/error-page";
import { PageShell } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { getPostById } from "~/blog/posts.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { requireAdmin } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { IMAGE_UPLOAD_BODY_LIMIT, type BodyLimitHandle } from "~/utils/requests/body-limits";

export const handle: BodyLimitHandle = { maxBodyBytes: IMAGE_UPLOAD_BODY_LIMIT };

export const meta: MetaFunction = ({ params }) => [
  { title: `${params.id === "new" ? "Create New Blog Post" : "Edit Blog Post"} | StreakCoach` },
];

/** The post being edited, or null for "new"; any other id is a 404. */
function editedPost(id: string | undefined) {
  if (id === "new") return null;
  const post = id && /^\d{1,15}$/.test(id) ? getPostById(Number(id)) : undefined;
  if (!post) throw new Response("Not found", { status: 404 });
  return post;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "/");
  const post = editedPost(params.id);
  return json({
    post: post && {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      featuredImageUrl: post.featuredImageUrl,
      tags: post.tags.join(", "),
      content: post.content,
      published: post.published,
      featured: post.featured,
    },
  });
}

const ADMIN_POSTS = "/admin?tab=posts";

export async function action({ request, params }: ActionFunctionArgs) {
  await ensurePrimary();
  const admin = await requireAdmin(request, "/");
  const existing = editedPost(params.id);
  const form = await readEditorForm(request);
  const intent = form.formData.get("intent") ?? "save";

  if (intent === "preview" || (typeof intent === "string" && intent.startsWith("format:"))) {
    const draft = await redrawDraft(form, intent, admin.id, !existing);
    return json<EditorActionData>({ intent: "draft", ...draft, failure: null });
  }
  if (intent !== "save") throw new Response("Unknown action.", { status: 400 });

  const outcome = await savePostFromForm(existing, form, admin.id);
  if (!outcome.saved) {
    const title = existing ? "Failed to update post" : "Failed to create post";
    return json<EditorActionData>(
      {
        intent: "save",
        result: outcome.result,
        previewHtml: null,
        failure: { title, message: outcome.message },
      },
      { status: outcome.status },
    );
  }
  return redirectWithToast(ADMIN_POSTS, {
    title: existing ? "Blog post updated successfully" : "Blog post created successfully",
  });
}

/** A preview changes nothing, so the page's data need not be read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("intent") === "preview" ? false : defaultShouldRevalidate);

export default function BlogEditorPage() {
  const { post } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <PageShell
      title={post ? "Edit Blog Post" : "Create New Blog Post"}
      actions={
        <Link to={ADMIN_POSTS} className={buttonClass("outline")}>
          Back to Admin
        </Link>
      }
    >
      <PostEditor key={post?.id ?? "new"} post={post} actionData={actionData} />
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
