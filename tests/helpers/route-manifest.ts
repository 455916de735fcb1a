import { createRequire } from "node:module";
import path from "node:path";
import { flatRoutes } from "remix-flat-routes";
import { routeOptions } from "../../remix.config.js";

// The app's routes as the build reads them (remix.config.js's remix-flat-routes options), for tests
// that walk every route: file, id and the full URL pattern of each.

const root = path.resolve(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);
const { defineRoutes } = require("@remix-run/dev/dist/config/routes.js") as {
  defineRoutes: Parameters<typeof flatRoutes>[1];
};

export type ManifestEntry = { id: string; file: string; pattern: string; index: boolean };

/** Every route but root, with its URL pattern (e.g. /api/goals/:id/complete), sorted by pattern. */
export function routeManifest(): ManifestEntry[] {
  const manifest = flatRoutes("routes", defineRoutes, {
    ...routeOptions,
    appDir: path.join(root, "app"),
  });
  const fullPath = (id: string | undefined): string => {
    const route = id ? manifest[id] : undefined;
    if (!route) return "";
    return [fullPath(route.parentId), route.path].filter(Boolean).join("/");
  };
  return Object.values(manifest)
    .filter((route) => route.id !== "root")
    .map((route) => ({
      id: route.id,
      file: route.file,
      pattern: `/${fullPath(route.id)}`,
      index: Boolean(route.index),
    }))
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}
