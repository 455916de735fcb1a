import type { LoaderFunctionArgs } from "@remix-run/node";
import { backupState } from "~/backups/backups.server";
import { errorFields, logger } from "~/observability/logger.server";
import { sqlite } from "~/utils/db/db.server";
import { liteFsRole } from "~/utils/db/litefs.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * 200 when the database answers; with ?deep=1 also 503 when the last backup is too old, and the
 * answer names this node's LiteFS role (what the app believes; GET /litefs/health is LiteFS's own).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    sqlite.prepare("select 1").get();
  } catch (error) {
    logger.error({ err: errorFields(error) }, "healthz: database check failed");
    return new Response("database unavailable", { status: 503, headers: NO_STORE });
  }
  if (new URL(request.url).searchParams.get("deep") !== "1") {
    return new Response("OK", { headers: NO_STORE });
  }
  if (backupState().stale) {
    return new Response("last backup too old", { status: 503, headers: NO_STORE });
  }
  return new Response(`OK\nLiteFS role: ${await liteFsRole()}\n`, { headers: NO_STORE });
}
