import { getInstanceInfo } from "litefs-js";
import { env } from "../env/env.server";

/** Whether this node may write. Always true without LiteFS; read from LITEFS_DIR each call, never cached. */
export async function isPrimary() {
  if (!env.LITEFS_DIR) return true;
  return (await getInstanceInfo(env.LITEFS_DIR)).currentIsPrimary;
}

/** This node's part, for operators: "standalone" without LiteFS. */
export async function liteFsRole(): Promise<"primary" | "replica" | "standalone"> {
  if (!env.LITEFS_DIR) return "standalone";
  return (await isPrimary()) ? "primary" : "replica";
}

async function primaryInstance() {
  if (!env.LITEFS_DIR) return null;
  const info = await getInstanceInfo(env.LITEFS_DIR);
  return info.currentIsPrimary ? null : info.primaryInstance;
}

export function replayResponse(instance: string) {
  return new Response("This request is replayed on the primary.", {
    status: 409,
    headers: { "fly-replay": `instance=${instance}`, "Content-Type": "text/plain" },
  });
}

/** Call before any write: on a replica it throws a response that makes Fly's proxy replay the request on the primary. */
export async function ensurePrimary() {
  const instance = await primaryInstance();
  if (instance) throw replayResponse(instance);
}

/** The fly-replay instance for a non-GET request reaching a replica, or null. */
export async function replayTargetFor(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return null;
  return primaryInstance();
}
