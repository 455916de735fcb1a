import * as messagesRoute from "~/routes/messages+/_layout";
import { call, makeRequest } from "./requests";

/** The web chat's form posted as a browser without JavaScript posts it (null: no message field). */
export function postChatMessage(message: string | null, cookie?: string) {
  const body = new URLSearchParams();
  if (message !== null) body.set("message", message);
  return call(
    messagesRoute.action,
    makeRequest("/messages", {
      method: "POST",
      body,
      cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );
}
