import { sqlite } from "~/utils/db.server";
import { errorFields, logger } from "~/observability/logger.server";

export async function loader() {
  try {
    sqlite.prepare("select 1").get();
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: errorFields(error) }, "healthz: database check failed");
    return new Response("database unavailable", { status: 503 });
  }
}
