import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { PendingButton } from "~/components/pending-button";
import { Button, buttonClass } from "~/components/ui/button";

export const DELETE_POST_WARNING =
  "Are you sure you want to delete this post? This action cannot be undone.";

/** The form that deletes a post through the admin page's action; used by the dialog and the page. */
export function DeletePostForm({ postId, cancel }: { postId: number; cancel: ReactNode }) {
  return (
    <Form method="post" action="/admin?tab=posts" className="flex justify-end gap-2">
      <input type="hidden" name="postId" value={postId} />
      {cancel}
      <PendingButton
        intent="delete"
        variant="destructive"
        pendingLabel="Deleting..."
        name="intent"
        value="delete"
      >
        Delete
      </PendingButton>
    </Form>
  );
}

/** With JavaScript: the confirmation as a modal dialog over the posts table (Escape closes it). */
export function DeletePostDialog({
  post,
  onClose,
}: {
  post: { id: number; title: string } | null;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (post && !dialog.open) dialog.showModal();
    if (!post && dialog.open) dialog.close();
  }, [post]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="delete-post-title"
      aria-describedby="delete-post-warning"
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-xl backdrop:bg-black/50"
    >
      {post ? (
        <>
          <h2 id="delete-post-title" className="text-lg font-semibold">
            Delete &ldquo;{post.title}&rdquo;
          </h2>
          <p id="delete-post-warning" className="mt-2 text-sm text-muted-foreground">
            {DELETE_POST_WARNING}
          </p>
          <div className="mt-6">
            <DeletePostForm
              postId={post.id}
              cancel={
                <Button type="button" variant="outline" onClick={onClose} autoFocus>
                  Cancel
                </Button>
              }
            />
          </div>
        </>
      ) : null}
    </dialog>
  );
}

export function CancelDeleteLink() {
  return (
    <Link to="/admin?tab=posts" className={buttonClass("outline")}>
      Cancel
    </Link>
  );
}
