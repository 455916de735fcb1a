import { buildRobots } from "~/blog/feeds";
import { env } from "~/utils/env/env.server";

export async function loader() {
  return new Response(buildRobots(env.APP_URL), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
