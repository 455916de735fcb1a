import { json, type ActionFunctionArgs } from "@remix-run/node";
import {
  handleStripeEvent,
  isWellFormedStripeEvent,
  StripeSignatureError,
  verifyStripeEvent,
} from "~/billing/subscriptions.server";
import { methodNotAllowed, readLimited } from "~/http/api.server";
import { STRIPE_EVENT_BODY_LIMIT, type BodyLimitHandle } from "~/utils/requests/body-limits";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { errorFields, logger } from "~/observability/logger.server";

const MAX_EVENT_BYTES = STRIPE_EVENT_BODY_LIMIT;

export const handle: BodyLimitHandle = { maxBodyBytes: STRIPE_EVENT_BODY_LIMIT };

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /webhooks/stripe: subscription news from Stripe. Only a body signed with STRIPE_WEBHOOK_SECRET
 * is read (else 400, nothing changes), and only an event of the shape we expect (else 400 too); each
 * event applies once. A failure to apply answers 500 so Stripe retries it later.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await ensurePrimary();
  if (Number(request.headers.get("content-length") ?? 0) > MAX_EVENT_BYTES) {
    return text("Payload too large", 413);
  }
  const payload = await readLimited(request, MAX_EVENT_BYTES).catch(() => null);
  if (payload === null) return text("Payload too large", 413);
  let event;
  try {
    event = verifyStripeEvent(payload, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof StripeSignatureError) return text("Invalid signature", 400);
    throw error;
  }
  if (!isWellFormedStripeEvent(event)) return text("Malformed event", 400);
  let outcome;
  try {
    outcome = await handleStripeEvent(event);
  } catch (error) {
    logger.error({ err: errorFields(error) }, `Stripe event ${event.id} (${event.type}) failed`);
    return text("Internal error", 500);
  }
  return json({ received: true, outcome });
}
