import { parseWithZod } from "~/utils/forms/forms.server";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { keepDraftImage, readEditorForm, saveWithImage } from "~/admin/post-editor.server";
import { BlogImageError } from "~/blog/images.server";
import { appendFormat, isFormatId } from "~/components/blog-editor/markdown-format";
import { PostEditor, type EditorActionData } from "~/components/blog-editor/post-editor";
import { ErrorPage } from "~/components/error-page";
import { PageShell } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { renderMarkdown } from "~/blog/markdown.server";
import { CONTENT_MAX, EditPostSchema, NewPostSchema } from "~/blog/post-schema";
import {
  createPost,
  DuplicateSlugError,
  getPostById,
  SlugChangeError,
  updatePost,
} from "~/blog/posts.server";
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
const FIX_FIELDS = "Please correct the fields marked below.";

export async function action({ request, params }: ActionFunctionArgs) {
  await ensurePrimary();
  const admin = await requireAdmin(request, "/");
  const existing = editedPost(params.id);
  const form = await readEditorForm(request);
  const { formData, fieldErrors, image } = form;
  const intent = formData.get("intent") ?? "save";
  const schema = existing ? EditPostSchema : NewPostSchema;

  // Preview and the toolbar without JavaScript re-render the form with every value kept; no post is saved.
  if (intent === "preview" || (typeof intent === "string" && intent.startsWith("format:"))) {
    const content = String(formData.get("content") ?? "");
    let previewHtml: string | null = null;
    if (intent === "preview") {
      previewHtml = renderMarkdown(content.slice(0, CONTENT_MAX));
    } else {
      const format = intent.slice("format:".length);
      if (!isFormatId(format)) throw new Response("Unknown format.", { status: 400 });
      formData.set("content", appendFormat(content, format));
    }
    await keepDraftImage(form, admin.id);
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    const reply = parseWithZod(formData, { schema }).reply();
    return json<EditorActionData>({
      intent: "draft",
      result: { ...reply, status: undefined, error: hasFieldErrors ? fieldErrors : undefined },
      previewHtml,
      failure: null,
    });
  }
  if (intent !== "save") throw new Response("Unknown action.", { status: 400 });
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;

  const failureTitle = existing ? "Failed to update post" : "Failed to create post";
  const fail = (reply: EditorActionData["result"], message: string, status: number) =>
    json<EditorActionData>(
      {
        intent: "save",
        result: reply,
        previewHtml: null,
        failure: { title: failureTitle, message },
      },
      { status },
    );

  if (existing) {
    const submission = parseWithZod(formData, { schema: EditPostSchema });
    if (submission.status !== "success" || hasFieldErrors) {
      return fail(submission.reply({ fieldErrors }), FIX_FIELDS, 400);
    }
    const post = submission.value;
    try {
      await saveWithImage(image, admin.id, (uploaded) => {
        // Deleted meanwhile (in another tab): nothing to update.
        if (
          !updatePost(existing.id, { ...post, featuredImageUrl: uploaded ?? post.featuredImageUrl })
        ) {
          throw new Response("Not found", { status: 404 });
        }
      });
    } catch (error) {
      if (error instanceof BlogImageError) {
        return fail(submission.reply({ fieldErrors: { image: [error.message] } }), FIX_FIELDS, 400);
      }
      if (error instanceof SlugChangeError || error instanceof DuplicateSlugError) {
        const status = error instanceof DuplicateSlugError ? 409 : 400;
        return fail(
          submission.reply({ fieldErrors: { slug: [error.message] } }),
          error.message,
          status,
        );
      }
      throw error;
    }
    return redirectWithToast(ADMIN_POSTS, { title: "Blog post updated successfully" });
  }

  const submission = parseWithZod(formData, { schema: NewPostSchema });
  if (submission.status !== "success" || hasFieldErrors) {
    return fail(submission.reply({ fieldErrors }), FIX_FIELDS, 400);
  }
  const post = submission.value;
  try {
    await saveWithImage(image, admin.id, (uploaded) =>
      createPost(admin.id, { ...post, featuredImageUrl: uploaded ?? post.featuredImageUrl }),
    );
  } catch (error) {
    if (error instanceof BlogImageError) {
      return fail(submission.reply({ fieldErrors: { image: [error.message] } }), FIX_FIELDS, 400);
    }
    if (!(error instanceof DuplicateSlugError)) throw error;
    return fail(submission.reply({ fieldErrors: { slug: [error.message] } }), error.message, 409);
  }
  return redirectWithToast(ADMIN_POSTS, { title: "Blog post created successfully" });
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
