import { writeFileSync } from "node:fs";
import path from "node:path";
import { openApiDocument } from "~/api-docs/openapi";
import { openApiText } from "~/api-docs/openapi-text";

// Usage: npm run openapi   (writes docs/openapi.json from the zod schemas; commit the result)
const target = path.resolve(import.meta.dirname, "..", "docs", "openapi.json");
writeFileSync(target, await openApiText(openApiDocument(), target));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
