import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import {
  BLOG_IMAGE_MAX_BYTES,
  BlogImageError,
  IMAGE_TOO_LARGE,
  storeBlogImage,
} from "~/blog/images.server";
import { POST_MESSAGES } from "~/blog/post-schema";
import { readFormData } from "~/utils/forms.server";

export const IMAGE_FIELD = "image";

export type EditorForm = {
  formData: FormData;
  /** Errors by field name: an image that could not be stored, a part over the size limit. */
  fieldErrors: Record<string, string[]>;
};

/**
 * Reads the editor's form (multipart when it carries the image input, urlencoded from a fetcher). A
 * part over the size limit is read to its end and dropped, so the other fields still arrive and the
 * editor can show a field error instead of failing. An uploaded image is stored right away and its
 * URL becomes the featured image URL, so it is kept even when the form is only re-rendered.
 */
export async function readEditorForm(request: Request, uploadedBy: number): Promise<EditorForm> {
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
  if (file instanceof File && file.size > 0 && !fieldErrors[IMAGE_FIELD]) {
    try {
      const url = await storeBlogImage(new Uint8Array(await file.arrayBuffer()), uploadedBy);
      formData.set("featuredImageUrl", url);
    } catch (error) {
      if (!(error instanceof BlogImageError)) throw error;
      fieldErrors[IMAGE_FIELD] = [error.message];
    }
  }
  return { formData, fieldErrors };
}
