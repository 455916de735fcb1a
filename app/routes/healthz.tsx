import { sqlite } from "~/utils/db.server";

export async function loader() {
  try {
    sqlite.prepare("select 1").get();
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz: database check failed", error);
    return new Response("database unavailable", { status: 503 });
  }
}
