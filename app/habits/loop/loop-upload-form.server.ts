// The import form's upload, read as a stream: a file that does not open as Loop's does is known by its
// first bytes and not read further, and one past the size limit is dropped as it comes, so a large
// upload of anything else never sits in the server's memory.
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { isSqliteFile } from "./loop-backup.server";
import { isZipFile } from "./loop-csv";
import { LOOP_FILE_MAX_BYTES, LOOP_FILE_TOO_BIG } from "./loop-habits";

/** Enough of a file to tell Loop's backup (SQLite's header) or CSV zip (a zip's) from anything else. */
const HEAD_BYTES = 16;

export type LoopUploadForm = { file: File | null } | { refusal: string };

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    // Discarded: the rest of the part is not needed.
  }
}

function joined(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The form's `file` part: whole if it may be Loop's, its first bytes alone if it cannot be. */
export async function readLoopUploadForm(request: Request): Promise<LoopUploadForm> {
  let tooBig = false;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "file" || !filename) return drain(data).then(() => undefined);
    const chunks: Uint8Array[] = [];
    let size = 0;
    let head: Uint8Array<ArrayBuffer> | null = null;
    for await (const chunk of data) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (!head && size >= HEAD_BYTES) {
        head = joined(chunks, size).slice(0, HEAD_BYTES);
        if (!isZipFile(head) && !isSqliteFile(head)) {
          await drain(data);
          return new File([head], filename);
        }
      }
      if (size > LOOP_FILE_MAX_BYTES) {
        tooBig = true;
        await drain(data);
        return undefined;
      }
    }
    return new File([joined(chunks, size)], filename);
  };
  try {
    const form = await unstable_parseMultipartFormData(request, handler);
    if (tooBig) return { refusal: LOOP_FILE_TOO_BIG };
    const file = form.get("file");
    return { file: file instanceof File ? file : null };
  } catch {
    throw new Response("The form could not be read.", { status: 400 });
  }
}
