import { json } from "@remix-run/node";
import { baseSecurityHeaders } from "~/http/security-headers.server";
import { openApiDocument } from "./openapi";

// Remix routes GET, HEAD, POST, PUT, PATCH and DELETE to a route's loader or action; any other method
// it answers itself, without an Allow header (a 405 saying "Unexpected Server Error"), and OPTIONS it
// answers with the loader's data. On /api they are answered here, with the methods the document lists.

const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

const apiPaths = Object.entries(openApiDocument().paths).map(([template, operations]) => ({
  pattern: new RegExp(`^${template.replace(/\./g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`),
  // As the routes' own 405s list them (methodNotAllowed): the document's methods, in its order.
  allow: Object.keys(operations)
    .map((method) => method.toUpperCase())
    .join(", "),
}));

/** The Allow header of an /api URL: the methods its calls have; null for a URL no call has. */
export function allowedApiMethods(pathname: string): string | null {
  return apiPaths.find(({ pattern }) => pattern.test(pathname))?.allow ?? null;
}

/** OPTIONS (204) and the methods Remix does not route (405) on an /api URL, both with Allow. */
export function answerUnroutedApiMethod(request: Request): Response | null {
  if (ROUTED_METHODS.has(request.method)) return null;
  const { pathname } = new URL(request.url);
  const allow = pathname.startsWith("/api/") ? allowedApiMethods(pathname) : null;
  if (!allow) return null;
  const headers = baseSecurityHeaders(
    new Headers({ Allow: allow, "Cache-Control": "private, no-store" }),
  );
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers });
  return json({ message: "Method not allowed" }, { status: 405, headers });
}
