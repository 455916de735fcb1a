/**
 * A request body's bytes, or null as soon as they pass `limit` (the rest is never read). Rejects when
 * the body breaks off mid-way (a client gone, malformed chunking): callers answer that as a 400.
 */
export async function readBytesWithin(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Buffer<ArrayBuffer> | null> {
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A request's body of at most `limit` bytes, or the caller's answer thrown: 413 when it declares or
 * sends more, 400 when it breaks off mid-way (a client gone, malformed chunking: not our bug).
 */
export async function readBodyWithin(
  request: Request,
  limit: number,
  refuse: (status: 400 | 413, message: string) => Response,
): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) throw refuse(413, "Request body is too large");
  const bytes = await readBytesWithin(request.body, limit).catch(() => {
    throw refuse(400, "The request body could not be read");
  });
  if (!bytes) throw refuse(413, "Request body is too large");
  return bytes;
}
