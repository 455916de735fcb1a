import { HONEYPOT_FIELD } from "~/utils/forms/honeypot-field";

export function isSpam(form: FormData) {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.length > 0;
}

export function spamResponse() {
  return new Response("Form submission rejected.", { status: 400 });
}
