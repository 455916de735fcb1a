import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import type { UploadHandler } from "@remix-run/node";
import {
  BLOG_IMAGE_MAX_BYTES,
  BlogImageError,
  checkBlogImage,
  deleteBlogImage,
  IMAGE_TOO_LARGE,
  storeBlogImage,
} from "~/blog/images.server";
import type { SubmissionResult } from "@conform-to/react";
import { appendFormat, isFormatId } from "~/blog/markdown-format";
import { renderMarkdown } from "~/blog/markdown.server";
import { CONTENT_MAX, EditPostSchema, NewPostSchema, POST_MESSAGES } from "~/blog/post-schema";
import { createPost, DuplicateSlugError, SlugChangeError, updatePost } from "~/blog/posts.server";
import type { NewPostInput } from "~/blog/post-schema";
import { parseWithZod, readFormData } from "~/utils/forms/forms.server";

export const IMAGE_FIELD = "image";

export type EditorForm = {
  formData: FormData;
  /** Errors by field name: a file that is no image we take, a part over the size limit. */
  fieldErrors: Record<string, string[]>;
  /** An uploaded image that may become the featured image, stored only with a saved post. */
  image: Uint8Array | null;
};

/**
 * Reads the editor's form (multipart when it carries the image input, urlencoded from a fetcher). A
 * part over the size limit is read to its end and dropped, so the other fields still arrive and the
 * editor can show a field error instead of failing. An uploaded image is checked here (size, type by
 * its bytes) but not stored: saveWithImage stores it once the post is valid.
 */
export async function readEditorForm(request: Request): Promise<EditorForm> {
  const fieldErrors: Record<string, string[]> = {};
  const contentType = request.headers.get("Content-Type") ?? "";
  let formData: FormData;
  if (contentType.startsWith("multipart/form-data")) {
    const memory = unstable_createMemoryUploadHandler({ maxPartSize: BLOG_IMAGE_MAX_BYTES });
    const handler: UploadHandler = async (part) => {
      try {
        return await memory(part);
      } catch (error) {
        if (!(error instanceof MaxPartSizeExceededError)) throw error;
        for await (const _chunk of part.data) {
          // Discarded: only the rest of the stream matters.
        }
        if (part.name === IMAGE_FIELD) {
          fieldErrors[part.name] = [IMAGE_TOO_LARGE];
          return undefined;
        }
        fieldErrors[part.name] = [
          part.name === "content" ? POST_MESSAGES.contentMax : "This field is too long",
        ];
        // Present but empty, so the form reports the field like any other invalid one.
        return "";
      }
    };
    try {
      formData = await unstable_parseMultipartFormData(request, handler);
    } catch (error) {
      if (error instanceof Response) throw error;
      throw new Response("The form could not be read.", { status: 400 });
    }
  } else {
    formData = await readFormData(request);
  }

  const file = formData.get(IMAGE_FIELD);
  formData.delete(IMAGE_FIELD);
  let image: Uint8Array | null = null;
  if (file instanceof File && file.size > 0 && !fieldErrors[IMAGE_FIELD]) {
    try {
      image = checkBlogImage(new Uint8Array(await file.arrayBuffer()));
      // The upload replaces the URL field, so what was typed there cannot fail the post.
      formData.delete("featuredImageUrl");
    } catch (error) {
      if (!(error instanceof BlogImageError)) throw error;
      fieldErrors[IMAGE_FIELD] = [error.message];
    }
  }
  return { formData, fieldErrors, image };
}

/**
 * A draft re-rendered without JavaScript (preview, a toolbar button) cannot send the chosen file back,
 * so the image is stored and its URL becomes the featured image URL: the choice is kept.
 */
export async function keepDraftImage(form: EditorForm, uploadedBy: number) {
  if (!form.image) return;
  try {
    form.formData.set("featuredImageUrl", await storeBlogImage(form.image, uploadedBy));
  } catch (error) {
    if (!(error instanceof BlogImageError)) throw error;
    form.fieldErrors[IMAGE_FIELD] = [error.message];
  }
}

/**
 * Saves a valid post with its uploaded image, if any: the image is stored first (a BlogImageError when
 * it cannot be used) and `save` gets its URL; when `save` throws, the image is removed again, so a
 * post that is not saved leaves nothing in the store.
 */
export async function saveWithImage<T>(
  image: Uint8Array | null,
  uploadedBy: number,
  save: (uploadedImageUrl: string | null) => T,
): Promise<T> {
  if (!image) return save(null);
  const path = await storeBlogImage(image, uploadedBy);
  try {
    return save(path);
  } catch (error) {
    await deleteBlogImage(path);
    throw error;
  }
}

export const FIX_FIELDS = "Please correct the fields marked below.";

/**
 * Preview and the toolbar without JavaScript: the form drawn again with every value kept (the chosen
 * image stored, so it is not lost), the preview or the formatted content; no post is saved.
 */
export async function redrawDraft(
  form: EditorForm,
  intent: string,
  uploadedBy: number,
  isNew: boolean,
) {
  const content = String(form.formData.get("content") ?? "");
  let previewHtml: string | null = null;
  if (intent === "preview") {
    previewHtml = renderMarkdown(content.slice(0, CONTENT_MAX));
  } else {
    const format = intent.slice("format:".length);
    if (!isFormatId(format)) throw new Response("Unknown format.", { status: 400 });
    form.formData.set("content", appendFormat(content, format));
  }
  await keepDraftImage(form, uploadedBy);
  const hasFieldErrors = Object.keys(form.fieldErrors).length > 0;
  const reply = parseWithZod(form.formData, {
    schema: isNew ? NewPostSchema : EditPostSchema,
  }).reply();
  return {
    result: { ...reply, status: undefined, error: hasFieldErrors ? form.fieldErrors : undefined },
    previewHtml,
  };
}

export type SaveOutcome =
  | { saved: true }
  | { saved: false; result: SubmissionResult<string[]>; message: string; status: number };

/**
 * Creates the post, or updates `existing`, from the editor's form with its uploaded image. Invalid
 * fields, an image we cannot use and a slug that is taken or may not change come back as field errors;
 * a post deleted meanwhile (in another tab) is a 404.
 */
export async function savePostFromForm(
  existing: { id: number } | null,
  form: EditorForm,
  authorId: number,
): Promise<SaveOutcome> {
  const { formData, fieldErrors, image } = form;
  const submission = existing
    ? parseWithZod(formData, { schema: EditPostSchema })
    : parseWithZod(formData, { schema: NewPostSchema });
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0) {
    return {
      saved: false,
      result: submission.reply({ fieldErrors }),
      message: FIX_FIELDS,
      status: 400,
    };
  }
  const post = submission.value;
  try {
    await saveWithImage(image, authorId, (uploaded) => {
      const featuredImageUrl = uploaded ?? post.featuredImageUrl;
      if (!existing) return createPost(authorId, { ...(post as NewPostInput), featuredImageUrl });
      if (!updatePost(existing.id, { ...post, featuredImageUrl }))
        throw new Response("Not found", { status: 404 });
    });
  } catch (error) {
    const refused = refusedField(error);
    if (!refused) throw error;
    return {
      saved: false,
      result: submission.reply({ fieldErrors: { [refused.field]: [refused.message] } }),
      message: refused.field === IMAGE_FIELD ? FIX_FIELDS : refused.message,
      status: error instanceof DuplicateSlugError ? 409 : 400,
    };
  }
  return { saved: true };
}

function refusedField(error: unknown) {
  if (error instanceof BlogImageError) return { field: IMAGE_FIELD, message: error.message };
  if (error instanceof SlugChangeError || error instanceof DuplicateSlugError)
    return { field: "slug", message: error.message };
  return null;
}
