import { flatRoutes } from "remix-flat-routes";

// Routes come from remix-flat-routes (the Epic Stack's layout): app/routes/<url>+/ folders, see
// docs/decisions/0018-route-folders.md. Files named __*, *.server.* or *.test.* beside a route are
// its helpers, not routes. Tests read the same options (tests/helpers/route-manifest.ts).
export const routeOptions = {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*", "**/*.server.*"],
};

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, routeOptions),
  serverModuleFormat: "esm",
  // Wraps the build's routes with the request guard (app/http/request-guard.server.ts).
  server: "./app/server-entry.ts",
  serverBuildPath: "build/index.js",
  serverDependenciesToBundle: [/^marked/],
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
