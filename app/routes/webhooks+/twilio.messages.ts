import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveInboundSms, type InboundSms } from "~/conversation/inbound.server";
import { emptyTwiml, readVerifiedTwilioForm, type TwilioParams } from "~/sms/webhook.server";
import { methodNotAllowed } from "~/http/api.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { errorFields, logger } from "~/observability/logger.server";

/** Twilio sends at most 10 media per MMS; more is not Twilio and is ignored. */
const MAX_MEDIA = 10;

export const loader = () => methodNotAllowed(["POST"]);

function badRequest(message: string) {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

const SID = /^[A-Za-z0-9_-]{2,64}$/;

/** The media Twilio lists (NumMedia, MediaUrlN, MediaContentTypeN); garbage entries are skipped. */
function mediaOf(params: TwilioParams): InboundSms["media"] {
  const declared = /^\d{1,4}$/.test(params.NumMedia ?? "") ? Number(params.NumMedia) : 0;
  const media: InboundSms["media"] = [];
  for (let i = 0; i < Math.min(declared, MAX_MEDIA); i++) {
    const url = params[`MediaUrl${i}`]?.trim();
    if (!url || url.length > 2048 || !/^https?:\/\//i.test(url) || !URL.canParse(url)) continue;
    const contentType = (params[`MediaContentType${i}`] ?? "").trim().toLowerCase().slice(0, 100);
    media.push({ url, contentType });
  }
  return media;
}

/**
 * POST /webhooks/twilio/messages: an inbound SMS/MMS. Only Twilio may call it (X-Twilio-Signature over
 * APP_URL, else 403 and nothing is processed). Answers an empty TwiML document: replies go out through
 * the REST API from the conversation engine, so they are stored and status-tracked like every text.
 *
 * Status policy: odd input is a 4xx (wrong body 400/413, missing From or MessageSid 400), every expected
 * outcome is 200 (handled, duplicate MessageSid, number with no account). Only a truly unexpected error
 * inside receiveInboundSms is a 500: Twilio may then retry, and the retry is safe because
 * receiveInboundSms releases the MessageSid claim when it fails and de-duplicates on it otherwise.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await ensurePrimary();
  const params = await readVerifiedTwilioForm(request);
  const from = params.From?.trim() ?? "";
  const messageSid = params.MessageSid?.trim() ?? "";
  if (!from || from.length > 64) return badRequest("From is required");
  if (!SID.test(messageSid)) return badRequest("MessageSid is required");
  try {
    await receiveInboundSms({ from, body: params.Body ?? "", messageSid, media: mediaOf(params) });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: errorFields(error) }, `inbound SMS ${messageSid} failed`);
    return new Response("Internal error", {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return emptyTwiml();
}
