import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import {
  BLOG_IMAGE_MAX_BYTES,
  BlogImageError,
  checkBlogImage,
  deleteBlogImage,
  IMAGE_TOO_LARGE,
  storeBlogImage,
} from "~/blog/images.server";
import { POST_MESSAGES } from "~/blog/post-schema";
import { readFormData } from "~/utils/forms/forms.server";

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
