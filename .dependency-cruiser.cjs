/**
 * The layer rule (`npm run lint:layers`, part of `npm test`). Folders form layers and arrows point down:
 *
 *   app shell (root.tsx, entry.*, server-entry.ts, shutdown.server.ts) and routes
 *     → components
 *       → feature folders (goals, habits, conversation, sms, replies, …), no cycle between them
 *         → core: http (session, auth, API helpers, request guard, headers)
 *                   → users (the account record: who is asking) → observability → utils
 *           → db
 *
 * Only runtime imports count (tsPreCompilationDeps: false): `import type` and imports used only as
 * types are erased by the compiler, so they create no load order and no runtime coupling; a component
 * may name a server module's type without pulling it into the browser bundle.
 */
// The files right in app/ (root.tsx, the entries, shutdown) and the routes.
const shell = "^app/([^/]+$|routes/)";
const components = "^app/components/";
const core = "^app/(http|users|observability|utils)/";
const features = "^app/(?!(routes|components|http|users|observability|utils)/)[^/]+/";

module.exports = {
  forbidden: [
    {
      name: "no-folder-cycle",
      comment:
        "Two folders that import each other, directly or around a loop, are one knot: untangle them.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "shell-is-the-top",
      comment: "Nothing below the routes imports a route, root.tsx or an entry file.",
      severity: "error",
      from: { pathNot: shell },
      to: { path: shell },
    },
    {
      name: "components-above-features",
      comment: "Feature and core modules do not import components; move the shared piece down.",
      severity: "error",
      from: { path: `${features}|${core}|^db/` },
      to: { path: components },
    },
    {
      name: "core-below-features",
      comment:
        "The core (http, users, observability, utils) serves the features and never imports one.",
      severity: "error",
      from: { path: `${core}|^db/` },
      to: { path: features },
    },
    {
      name: "core-in-order",
      comment:
        "Inside the core, http reads users, users may log and count, and utils is the bottom.",
      severity: "error",
      from: { path: "^app/(users|observability|utils)/" },
      to: { path: "^app/http/" },
    },
    {
      name: "users-above-observability",
      severity: "error",
      from: { path: "^app/(observability|utils)/" },
      to: { path: "^app/users/" },
    },
    {
      name: "utils-import-no-app-folder",
      comment: "utils is pure helpers and configuration: it imports no other folder of app/.",
      severity: "error",
      from: { path: "^app/utils/" },
      to: { path: "^app/", pathNot: "^app/utils/" },
    },
    {
      name: "db-is-the-floor",
      comment: "db/ (schema and connection) imports nothing of app/.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^app/" },
    },
    {
      name: "only-the-sender-reaches-twilio",
      comment:
        "Every text goes through the outbox: only its sender (app/sms/sender.server.ts) imports the Twilio transport. Enqueue with ~/sms/outbound.server or send with ~/sms/sender.server.",
      severity: "error",
      from: { pathNot: "^app/sms/(sender|transport)\\.server\\.ts$" },
      to: { path: "^app/sms/transport\\.server\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests and fixtures are outside the layers. db/migrate.ts is also a command-line entry point
    // (npm run migrate) that reads the app's env when run, like scripts/.
    exclude: { path: "\\.test\\.tsx?$|/fixtures/|^db/migrate\\.ts$" },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"],
    },
  },
};
