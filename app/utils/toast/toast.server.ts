import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { env } from "../env/env.server";

export const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]).default("success"),
  /** A change the toast's Undo button takes back (a change journal entry of the web). */
  undoEntryId: z.number().int().positive().optional(),
});
export type Toast = z.input<typeof ToastSchema>;

// Toasts live in their own short cookie so that reading one never writes the database.
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "__toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.isProduction,
    secrets: env.sessionSecrets,
  },
});

const KEY = "toast";

export async function toastHeader(toast: Toast) {
  const session = await toastStorage.getSession();
  session.flash(KEY, ToastSchema.parse(toast));
  return toastStorage.commitSession(session);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

export async function getToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get(KEY));
  const setCookie = parsed.success ? await toastStorage.destroySession(session) : null;
  return { toast: parsed.success ? parsed.data : null, setCookie };
}
