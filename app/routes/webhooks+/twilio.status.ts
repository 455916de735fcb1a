import type { ActionFunctionArgs } from "@remix-run/node";
import { recordDeliveryStatus } from "~/sms/recorder.server";
import { readVerifiedTwilioForm } from "~/sms/webhook.server";
import { methodNotAllowed } from "~/http/api.server";
import { ensurePrimary } from "~/utils/db/litefs.server";

export const loader = () => methodNotAllowed(["POST"]);

const SID = /^[A-Za-z0-9_-]{2,64}$/;
/** Twilio's message statuses are short lower-case words (queued, sent, delivered, undelivered...). */
const STATUS = /^[a-z_]{1,32}$/;
const ERROR_CODE = /^\d{1,10}$/;
const MESSAGE_ID = /^[1-9]\d{0,14}$/;

function badRequest(message: string) {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * POST /webhooks/twilio/status: a delivery status callback for a text we sent (StatusCallback under
 * APP_URL). Signature-checked like the inbound webhook. The status of the stored message is updated
 * (and permanent error codes mark the number); a sid we do not know changes nothing and is still
 * answered 204, so Twilio has nothing to retry.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await ensurePrimary();
  const params = await readVerifiedTwilioForm(request);
  const sid = params.MessageSid?.trim() ?? "";
  const status = (params.MessageStatus ?? params.SmsStatus ?? "").trim().toLowerCase();
  if (!SID.test(sid)) return badRequest("MessageSid is required");
  if (!STATUS.test(status)) return badRequest("MessageStatus is required");
  const code = params.ErrorCode?.trim();
  // The scheduler names the stored text in the callback URL (signed by Twilio with the rest).
  const ref = new URL(request.url).searchParams.get("m") ?? "";
  const messageId = MESSAGE_ID.test(ref) ? Number(ref) : undefined;
  recordDeliveryStatus(sid, status, code && ERROR_CODE.test(code) ? code : null, messageId);
  return new Response(null, { status: 204 });
}
