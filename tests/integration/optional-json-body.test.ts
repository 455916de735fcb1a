import { readOptionalJsonBody } from "~/http/api.server";

// POST /api/send-now/{morning,evening} takes an optional JSON body: none, or JSON saying so.
// A string body would be given a text/plain type: bodies here are bytes or streams, which have none.
const post = (body: string | ReadableStream | null, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/api/send-now/morning", {
    method: "POST",
    body: typeof body === "string" ? new TextEncoder().encode(body) : body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });

function streamOf(...chunks: string[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

async function statusOf(reading: Promise<unknown>) {
  try {
    await reading;
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("an optional JSON body", () => {
  it("reads no body, or a blank one, as {}", async () => {
    expect(await readOptionalJsonBody(post(null))).toEqual({});
    expect(await readOptionalJsonBody(post(" \n\t "))).toEqual({});
    expect(await readOptionalJsonBody(post(streamOf(" ", "\n")))).toEqual({});
  });

  it("reads a JSON body as JSON", async () => {
    const typed = post('{"userId": 7}', { "Content-Type": "application/json" });
    expect(await readOptionalJsonBody(typed)).toEqual({ userId: 7 });
  });

  it("refuses content without a type (415), however long, and a declared size too large (413)", async () => {
    expect(await statusOf(readOptionalJsonBody(post('{"userId": 7}')))).toBe(415);
    expect(await statusOf(readOptionalJsonBody(post(streamOf(" ", "x"))))).toBe(415);
    const long = streamOf(...Array.from({ length: 20 }, () => " ".repeat(8 * 1024)));
    expect(await statusOf(readOptionalJsonBody(post(long)))).toBe(415);
    const declared = post("", { "Content-Length": String(65 * 1024) });
    expect(await statusOf(readOptionalJsonBody(declared))).toBe(413);
  });
});
