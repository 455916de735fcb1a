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
