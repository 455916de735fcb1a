import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { listAdminPosts } from "~/admin/admin-posts.server";
import { SEARCH_MAX_LENGTH, searchUsers, USERS_PER_PAGE } from "~/admin/admin-users.server";
import { getSystemStatus } from "~/admin/system-status.server";
import { AdminTabs, parseAdminTab } from "~/components/admin/admin-tabs";
import { PostsTab } from "~/components/admin/posts-tab";
import { SystemTab } from "~/components/admin/system-tab";
import { UsersTab } from "~/components/admin/users-tab";
import { ErrorPage } from "~/components/error-page";
import { PageShell } from "~/components/page";
import { parsePageParam } from "~/blog/blog-rules";
import { deletePost, setPostPublished } from "~/blog/posts.server";
import { countNewsletterSignups } from "~/newsletter/newsletter.server";
import { LastAdminError, toggleAdminRole } from "~/users/users.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { requireAdmin } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { pageMeta } from "~/utils/page/meta";
import { readFormData } from "~/utils/forms/forms.server";
import { errorFields, logger } from "~/observability/logger.server";

export const meta: MetaFunction = () =>
  pageMeta("Admin Dashboard", "Manage StreakCoach users and blog posts, and check the system.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "/dashboard");
  const params = new URL(request.url).searchParams;
  const tab = parseAdminTab(params.get("tab"));
  // Only the selected tab's data is read.
  if (tab === "posts") {
    return json({
      tab,
      posts: { posts: listAdminPosts(), newsletterSignups: countNewsletterSignups() },
    } as const);
  }
  if (tab === "system") {
    return json({ tab, system: await getSystemStatus() } as const);
  }
  const search = (params.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH);
  const result = searchUsers({ search, page: parsePageParam(params.get("page")) });
  return json({
    tab,
    users: { search, pageSize: USERS_PER_PAGE, ...result },
  } as const);
}

/** Back to the tab the form was on, keeping the users search and page. */
function backTo(request: Request, tab: "users" | "posts") {
  const from = new URL(request.url).searchParams;
  const params = new URLSearchParams({ tab });
  if (tab === "users") {
    for (const key of ["q", "page"]) {
      const value = from.get(key);
      if (value) params.set(key, value.slice(0, SEARCH_MAX_LENGTH));
    }
  }
  return `/admin?${params}`;
}

function idFrom(formData: FormData, key: string) {
  const raw = formData.get(key);
  return typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  const admin = await requireAdmin(request, "/dashboard");
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "toggle-admin") {
    const to = backTo(request, "users");
    const failed = (message: string) =>
      redirectWithToast(to, {
        title: "Error",
        description: `Failed to update user role: ${message}`,
        type: "error",
      });
    const userId = idFrom(formData, "userId");
    if (userId === null) return failed("User not found");
    try {
      const result = toggleAdminRole(userId, admin.id);
      if (!result) return failed("User not found");
      return redirectWithToast(to, { title: "Role updated", description: result.message });
    } catch (error) {
      if (error instanceof LastAdminError) return failed(error.message);
      throw error;
    }
  }

  if (intent === "publish" || intent === "unpublish") {
    const to = backTo(request, "posts");
    const postId = idFrom(formData, "postId");
    const post = postId === null ? undefined : setPostPublished(postId, intent === "publish");
    if (!post) {
      return redirectWithToast(to, {
        title: "Error",
        description: "Failed to update post status: Post not found",
        type: "error",
      });
    }
    return redirectWithToast(to, {
      title: intent === "publish" ? "Post published successfully" : "Post unpublished successfully",
    });
  }

  if (intent === "delete") {
    const to = backTo(request, "posts");
    const postId = idFrom(formData, "postId");
    let deleted = false;
    let failure = "Post not found";
    try {
      deleted = postId !== null && deletePost(postId);
    } catch (error) {
      logger.error({ err: errorFields(error) }, "deleting a blog post failed");
      failure = messageOf(error);
    }
    if (!deleted) {
      return redirectWithToast(to, {
        title: "Error",
        description: `Failed to delete post: ${failure}`,
        type: "error",
      });
    }
    return redirectWithToast(to, { title: "Blog post deleted successfully" });
  }

  throw new Response("Unknown action.", { status: 400 });
}

export default function AdminPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageShell title="Admin Dashboard">
      <AdminTabs current={data.tab} />
      <div id="admin-panel">
        {data.tab === "users" ? <UsersTab data={data.users} /> : null}
        {data.tab === "posts" ? <PostsTab data={data.posts} /> : null}
        {data.tab === "system" ? <SystemTab data={data.system} /> : null}
      </div>
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
