type Download = {
  contentType: string;
  fileName: string;
  /** Text downloads forbid the browser from guessing another type from their content. */
  nosniff?: boolean;
};

/** A private file the browser saves under fileName rather than showing; never cached on the way. */
export function downloadResponse(body: BodyInit, { contentType, fileName, nosniff }: Download) {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      ...(nosniff ? { "X-Content-Type-Options": "nosniff" } : {}),
    },
  });
}
