import { createCookie } from "@remix-run/node";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

export function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : "light";
}

export function serializeTheme(theme: Theme) {
  return themeCookie.serialize(theme);
}
