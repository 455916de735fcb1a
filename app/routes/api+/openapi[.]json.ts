import { json } from "@remix-run/node";
import { openApiDocument } from "~/api-docs/openapi";
import { methodNotAllowed } from "~/http/api.server";

/** GET /api/openapi.json: public, as docs/openapi.json is; it names no data, only the calls. */
export const loader = () => json(openApiDocument());

export const action = () => methodNotAllowed(["GET"]);
