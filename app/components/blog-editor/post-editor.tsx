import { getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent } from "react";
import type { z } from "zod";
import { slugify } from "~/blog/blog-rules";
import type { NewPostSchema } from "~/blog/post-schema";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { checkedFormProps } from "~/components/form-props";
import { PendingButton } from "~/components/pending-button";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FieldErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cn } from "~/utils/page/cn";
import { useHydrated } from "~/utils/hooks/use-hydrated";
import { applyFormat, type FormatId } from "~/blog/markdown-format";
import { MarkdownToolbar } from "./markdown-toolbar";
import { PostPreview } from "./post-preview";
import { CheckboxField } from "~/components/ui/checkbox-field";

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
export const PREVIEW_DELAY_MS = 1000;
/** Without JavaScript, a format or preview re-renders the page scrolled to the content. */
const CONTENT_ANCHOR = "post-content-editor";

export type EditablePost = {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  tags: string;
  content: string;
  published: boolean;
  featured: boolean;
};

export type EditorActionData = {
  intent: "draft" | "save";
  result: SubmissionResult<string[]>;
  previewHtml: string | null;
  failure: { title: string; message: string } | null;
};

const textareaClass =
  "flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 " +
  "aria-[invalid=true]:border-destructive";

/** Sets a field's value as typing would, so React and Conform both hear about it. */
function setFieldValue(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = Object.getPrototypeOf(element) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
  element.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Replaces the textarea's selection through the browser's editing commands (so Undo works). */
function applyToTextarea(textarea: HTMLTextAreaElement, id: FormatId) {
  const edit = applyFormat(textarea.value, textarea.selectionStart, textarea.selectionEnd, id);
  textarea.focus();
  textarea.setSelectionRange(edit.from, edit.to);
  const inserted = edit.insert
    ? document.execCommand("insertText", false, edit.insert)
    : edit.from === edit.to || document.execCommand("delete");
  if (!inserted || textarea.value !== edit.text) setFieldValue(textarea, edit.text);
  textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
}

export function PostEditor({
  post,
  actionData,
}: {
  post: EditablePost | null;
  actionData: EditorActionData | undefined;
}) {
  const isNew = post === null;
  const hydrated = useHydrated();
  const [form, fields] = useForm<z.input<typeof NewPostSchema>>({
    id: isNew ? "new-post" : `edit-post-${post.id}`,
    constraint: FORM_ATTRIBUTES.post,
    lastResult: actionData?.result,
    defaultValue: post
      ? {
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt ?? "",
          featuredImageUrl: post.featuredImageUrl ?? "",
          tags: post.tags,
          content: post.content,
          published: post.published ? "on" : undefined,
          featured: post.featured ? "on" : undefined,
        }
      : undefined,
  });
  const titleRef = useRef<HTMLInputElement>(null);
  const slugRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const autoSlug = useRef<string | null>(null);

  const preview = useFetcher<EditorActionData>();
  // Open already when the page is the answer to a Preview submitted before JavaScript was running.
  const [previewOpen, setPreviewOpen] = useState(typeof actionData?.previewHtml === "string");
  const previewTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(previewTimer.current), []);

  function requestPreview() {
    clearTimeout(previewTimer.current);
    preview.submit(
      { intent: "preview", content: contentRef.current?.value ?? "" },
      { method: "post" },
    );
  }

  function onPreviewClick(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    setPreviewOpen(true);
    requestPreview();
  }

  function onContentChange() {
    if (!previewOpen) return;
    clearTimeout(previewTimer.current);
    previewTimer.current = setTimeout(requestPreview, PREVIEW_DELAY_MS);
  }

  // On a new post, leaving the title fills an empty slug, or one it filled itself and nobody edited.
  function fillSlug(event: FocusEvent<HTMLInputElement>) {
    const title = titleRef.current;
    const slug = slugRef.current;
    if (!isNew || !title || !slug) return;
    if (slug.value.trim() !== "" && slug.value !== autoSlug.current) return;
    const next = slugify(title.value);
    autoSlug.current = next;
    if (slug.value === next) return;
    setFieldValue(slug, next);
    // Tabbing on to the slug selects it, as tabbing into a filled field does, so typing replaces it.
    if (event.relatedTarget === slug) slug.select();
  }

  const imageErrors = actionData?.result.error?.image ?? undefined;
  const previewHtml = hydrated
    ? previewOpen
      ? (preview.data?.previewHtml ?? actionData?.previewHtml ?? null)
      : null
    : (actionData?.previewHtml ?? null);
  const showPreview = hydrated ? previewOpen : previewHtml !== null;
  const currentImage = fields.featuredImageUrl.initialValue;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...checkedFormProps(form)}
      className="grid gap-6"
    >
      {/* Enter in a text field submits with the first submit button: saving, not a toolbar format. */}
      <button
        type="submit"
        name="intent"
        value="save"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
      >
        Save
      </button>
      {actionData?.failure ? (
        <div
          role="alert"
          className="rounded-md border border-destructive bg-destructive/10 p-4 text-sm"
        >
          <p className="font-semibold text-destructive">{actionData.failure.title}</p>
          <p className="mt-1">{actionData.failure.message}</p>
        </div>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Post Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Field id={fields.title.id} label="Title" errors={fields.title.errors}>
            <Input
              {...getInputProps(fields.title, { type: "text" })}
              ref={titleRef}
              onBlur={fillSlug}
              maxLength={255}
            />
          </Field>
          <Field
            id={fields.slug.id}
            label="Slug"
            hint={
              isNew
                ? "Lowercase letters, numbers and hyphens. Left empty, it is made from the title."
                : "The slug cannot be changed after a post is created."
            }
            errors={fields.slug.errors}
          >
            <Input
              {...getInputProps(fields.slug, {
                type: "text",
                ariaDescribedBy: `${fields.slug.id}-hint`,
              })}
              ref={slugRef}
              readOnly={!isNew}
              maxLength={255}
              className={cn(!isNew && "bg-muted text-muted-foreground")}
            />
          </Field>
          <Field
            id={fields.excerpt.id}
            label="Excerpt"
            hint="10 to 300 characters. Left empty, the list shows the start of the content."
            errors={fields.excerpt.errors}
          >
            <textarea
              {...getTextareaProps(fields.excerpt, {
                ariaDescribedBy: `${fields.excerpt.id}-hint`,
              })}
              rows={3}
              className={textareaClass}
            />
          </Field>
          <Field
            id={fields.featuredImageUrl.id}
            label="Featured Image URL"
            hint="An https:// address of an image, or upload one below."
            errors={fields.featuredImageUrl.errors}
          >
            <Input
              {...getInputProps(fields.featuredImageUrl, {
                type: "text",
                ariaDescribedBy: `${fields.featuredImageUrl.id}-hint`,
              })}
              inputMode="url"
              placeholder="https://"
            />
          </Field>
          {typeof currentImage === "string" && currentImage ? (
            <img
              src={currentImage}
              alt="Current featured image"
              className="h-32 w-auto max-w-full rounded-md border object-cover"
            />
          ) : null}
          <Field
            id="post-image"
            label="Upload a featured image"
            hint="JPEG, PNG, GIF or WebP, up to 5 MB. An uploaded image replaces the URL above."
            errors={imageErrors}
          >
            <input
              id="post-image"
              type="file"
              name="image"
              accept={IMAGE_ACCEPT}
              aria-describedby={
                imageErrors ? "post-image-hint post-image-error" : "post-image-hint"
              }
              aria-invalid={imageErrors ? true : undefined}
              className="block w-full text-sm file:mr-4 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
            />
          </Field>
          <Field
            id={fields.tags.id}
            label="Tags (comma separated)"
            hint="For example: habits, motivation, sleep"
            errors={fields.tags.errors}
          >
            <Input
              {...getInputProps(fields.tags, {
                type: "text",
                ariaDescribedBy: `${fields.tags.id}-hint`,
              })}
            />
          </Field>
          <div className="space-y-2" id={CONTENT_ANCHOR}>
            <label htmlFor={fields.content.id} className="text-sm font-medium leading-none">
              Content
            </label>
            <p id={`${fields.content.id}-hint`} className="text-sm text-muted-foreground">
              Written in Markdown. The toolbar adds formatting
              {hydrated ? " to the selected text" : " at the end of the content"}.
            </p>
            <div>
              <MarkdownToolbar
                controls={fields.content.id}
                returnTo={`#${CONTENT_ANCHOR}`}
                onFormat={
                  hydrated
                    ? (id) => {
                        if (contentRef.current) applyToTextarea(contentRef.current, id);
                      }
                    : undefined
                }
              />
              <textarea
                {...getTextareaProps(fields.content, {
                  ariaDescribedBy: `${fields.content.id}-hint`,
                })}
                ref={contentRef}
                onChange={onContentChange}
                className={cn(textareaClass, "min-h-[300px] rounded-t-none font-mono")}
              />
            </div>
            <FieldErrors id={fields.content.errorId} errors={fields.content.errors} />
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                name="intent"
                value="preview"
                formAction={`#${CONTENT_ANCHOR}`}
                formNoValidate
                variant="outline"
                onClick={hydrated ? onPreviewClick : undefined}
              >
                Preview
              </Button>
              {hydrated && previewOpen ? (
                <Button type="button" variant="ghost" onClick={() => setPreviewOpen(false)}>
                  Close preview
                </Button>
              ) : null}
            </div>
            {showPreview ? (
              <PostPreview html={previewHtml} loading={preview.state !== "idle"} />
            ) : null}
          </div>
          <CheckboxField
            {...getInputProps(fields.published, { type: "checkbox" })}
            label="Publish"
            note="When checked, this post will be visible to all users"
          />
          <CheckboxField
            {...getInputProps(fields.featured, { type: "checkbox" })}
            label="Feature this post on the blog"
            note="The blog's banner shows the newest featured post."
          />
          <div>
            <PendingButton
              name="intent"
              value="save"
              intent="save"
              pendingLabel={isNew ? "Creating..." : "Updating..."}
            >
              {isNew ? "Create Post" : "Update Post"}
            </PendingButton>
          </div>
        </CardContent>
      </Card>
    </Form>
  );
}
