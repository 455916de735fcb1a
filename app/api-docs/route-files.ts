import { readdirSync } from "node:fs";
import path from "node:path";

// For tests: the /api route files on disk and the URL each serves, to hold them against the document.

/** The /api route modules, relative to app/routes without .ts (app/routes/api+/*.ts). */
export function apiRouteFiles() {
  return readdirSync(path.resolve(import.meta.dirname, "..", "routes", "api+"))
    .filter((file) => file.endsWith(".ts") && !file.includes(".test."))
    .map((file) => `api+/${file.replace(/\.ts$/, "")}`);
}

/** api+/goals_.$id_.complete is /api/goals/{id}/complete; api+/openapi[.]json is /api/openapi.json. */
export function urlOfRouteFile(file: string) {
  return `/${file.replace(/\+\//g, ".")}`
    .replace(/\[\.\]/g, "\u0000")
    .replace(/_\./g, ".")
    .replace(/\./g, "/")
    .replace(/\$(\w+)/g, "{$1}")
    .replace(/\u0000/g, ".");
}
