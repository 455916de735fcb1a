/** The caller's address: Fly's proxy sets Fly-Client-IP and clients cannot forge it there. */
export function getClientIp(request: Request) {
  const fly = request.headers.get("fly-client-ip");
  if (fly) return fly.trim();
  const forwarded = request.headers.get("x-forwarded-for");
  if (forwarded) return forwarded.split(",")[0]!.trim();
  return "local";
}

export function getUserAgent(request: Request) {
  return request.headers.get("user-agent")?.slice(0, 512) ?? null;
}
