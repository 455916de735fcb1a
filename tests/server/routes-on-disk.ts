import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  DEFAULT_BODY_LIMIT,
  IMAGE_UPLOAD_BODY_LIMIT,
  LOOP_UPLOAD_BODY_LIMIT,
  STRIPE_EVENT_BODY_LIMIT,
} from "~/utils/requests/body-limits";
import { routeManifest } from "../helpers/route-manifest";

// Every route file in app/routes, read the way the build reads it (remix-flat-routes), with what its
// source shows: whether it loads, acts, which methods and query parameters it reads, its body limit.

const root = path.resolve(import.meta.dirname, "..", "..");

export type RouteOnDisk = {
  id: string;
  file: string;
  /** The URL pattern, e.g. /api/goals/:id/complete. */
  pattern: string;
  params: string[];
  hasLoader: boolean;
  hasAction: boolean;
  /** The write methods its source names (POST when it names none). */
  writeMethods: string[];
  bodyLimit: number;
};

const BODY_LIMITS: Record<string, number> = {
  IMAGE_UPLOAD_BODY_LIMIT,
  LOOP_UPLOAD_BODY_LIMIT,
  STRIPE_EVENT_BODY_LIMIT,
};

const exported = (source: string, name: string) =>
  new RegExp(
    `export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`,
  ).test(source);

export function routesOnDisk(): RouteOnDisk[] {
  return routeManifest()
    .map(({ id, file, pattern }) => {
      const source = readFileSync(path.join(root, "app", file), "utf8");
      const limitName = /maxBodyBytes:\s*(\w+)/.exec(source)?.[1];
      const methods = ["POST", "PUT", "PATCH", "DELETE"].filter((method) =>
        source.includes(`"${method}"`),
      );
      return {
        id,
        file,
        pattern,
        params: [...pattern.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? "*"),
        hasLoader: exported(source, "loader"),
        hasAction: exported(source, "action"),
        writeMethods: methods.length ? methods : ["POST"],
        bodyLimit: (limitName && BODY_LIMITS[limitName]) || DEFAULT_BODY_LIMIT,
      };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The URL of a route with its parameters filled in. */
export function fillPattern(pattern: string, values: Record<string, string>) {
  return pattern.replace(/:(\w+)|\*/g, (_, name: string | undefined) => {
    const value = values[name ?? "*"];
    if (value === undefined) throw new Error(`no value for ${name ?? "*"} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** Every name the app reads with `.get("…")` (query parameters, form fields, headers alike). */
export function namesTheAppReads(): string[] {
  const names = new Set<string>();
  const files = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" });
  for (const file of files) {
    if (!/\.tsx?$/.test(file) || file.includes(".test.")) continue;
    const source = readFileSync(path.join(root, "app", file), "utf8");
    for (const match of source.matchAll(/\.get(?:All)?\("([A-Za-z][\w-]*)"\)/g))
      names.add(match[1]!);
  }
  return [...names].filter((name) => !/^(x-|content-|cookie|origin|referer)/i.test(name)).sort();
}
