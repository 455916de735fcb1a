import { execFileSync } from "node:child_process";
import path from "node:path";

// The URLs the app's route manifest serves, independent of where the route files live: a route's id
// and file change when it moves folders, its URL, its index flag and the layouts it renders in must not.

type ManifestRoute = { path?: string; index?: boolean; children?: ManifestRoute[] };

function join(parent: string, segment: string | undefined) {
  if (!segment) return parent;
  return parent === "/" ? `/${segment}` : `${parent}/${segment}`;
}

/** One line per route: "<url>[ (index)] in <layout urls, outermost first>". */
export function routeUrlsOf(manifest: ManifestRoute[]) {
  const lines: string[] = [];
  const walk = (routes: ManifestRoute[], parentUrl: string, layouts: string[]) => {
    for (const route of routes) {
      const url = join(parentUrl, route.path);
      lines.push(`${url}${route.index ? " (index)" : ""} in ${layouts.join(" > ")}`);
      walk(route.children ?? [], url, [...layouts, url]);
    }
  };
  for (const root of manifest) walk(root.children ?? [], join("/", root.path), ["root"]);
  return lines.sort();
}

/** Asks the Remix CLI for the manifest the app's config produces today. */
export function currentRouteManifest(): ManifestRoute[] {
  const root = path.resolve(import.meta.dirname, "..", "..");
  const out = execFileSync(path.join(root, "node_modules", ".bin", "remix"), ["routes", "--json"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return JSON.parse(out) as ManifestRoute[];
}
