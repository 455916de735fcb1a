import { format, resolveConfig } from "prettier";

/** The document as `file` (docs/openapi.json) holds it: formatted as `npm run format:check` wants. */
export async function openApiText(document: unknown, file: string) {
  const options = await resolveConfig(file);
  return format(JSON.stringify(document), { ...options, filepath: file });
}
