// The server build remix-serve loads: Remix's own build, with every route passed through the request
// guard (origin check, body limits, client address, security headers on resource routes).
import { routes as appRoutes } from "@remix-run/dev/server-build";
import { guardRoutes } from "~/http/request-guard.server";

export * from "@remix-run/dev/server-build";
export const routes = guardRoutes(appRoutes);
