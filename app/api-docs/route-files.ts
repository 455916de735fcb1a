import { readdirSync } from "node:fs";
import path from "node:path";

// For tests: the /api route files on disk and the URL each serves, to hold them against the document.

/** The /api route modules' names (app/routes/api+/*.ts, without .ts). */
export function apiRouteFiles() {
  return readdirSync(path.resolve(import.meta.dirname, "..", "routes", "api+"))
    .filter((file) => file.endsWith(".ts") && !file.includes(".test."))
    .map((file) => file.replace(/\.ts$/, ""));
}

/** goals_.$id_.complete is /api/goals/{id}/complete; openapi[.]json is /api/openapi.json. */
export function urlOfRouteFile(file: string) {
  return `/api/${file}`
    .replace(/\[\.\]/g, "\u0000")
    .replace(/_\./g, ".")
    .replace(/\./g, "/")
    .replace(/\$(\w+)/g, "{$1}")
    .replace(/\u0000/g, ".");
}
