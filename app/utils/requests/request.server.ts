import { env } from "../env/env.server";

// Remix hands actions a Request, not the socket: the request guard records the socket's address here
// (from the load context our patch of @remix-run/express provides) for the request it passes on.
const socketAddresses = new WeakMap<Request, string>();

export function rememberClientAddress(request: Request, context: unknown) {
  const address = (context as { clientAddress?: unknown } | undefined)?.clientAddress;
  if (typeof address === "string" && address) socketAddresses.set(request, address);
}

/**
 * The caller's address. On Fly.io its proxy sets Fly-Client-IP and replaces any the client sent; off
 * Fly, every such header is the client's own claim, so only the socket's address counts.
 */
export function clientIpOf(
  request: Request,
  { onFly, socketAddress }: { onFly: boolean; socketAddress: string | undefined },
) {
  if (onFly) {
    const fly = request.headers.get("fly-client-ip")?.trim();
    if (fly) return fly;
  }
  return socketAddress ?? "unknown";
}

export function getClientIp(request: Request) {
  return clientIpOf(request, {
    onFly: Boolean(env.FLY_APP_NAME),
    socketAddress: socketAddresses.get(request),
  });
}

export function getUserAgent(request: Request) {
  return request.headers.get("user-agent")?.slice(0, 512) ?? null;
}
