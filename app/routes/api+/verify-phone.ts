import { codePurposeOf, confirmPhoneCode } from "~/account/phone-verification.server";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { checkFailureMessage, issueCode } from "~/verification/phone-codes.server";
import { CheckCodeSchema, SendCodeSchema } from "~/verification/verify-phone-schema";
import {
  apiError,
  methodNotAllowed,
  parseOrThrow,
  readJsonBody,
  requireApiWriter,
} from "~/http/api.server";
import { getClientIp } from "~/utils/requests/request.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/verify-phone. `{phone}` (the caller's own number, in any format) texts a code to it;
 * `{code}` checks that code and marks the number verified.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiWriter(request, { methods: ["POST"] });
  const body = await readJsonBody(request);

  if ("code" in body && "phone" in body) {
    return apiError(400, "Send either phone (to get a code) or code (to check it), not both");
  }

  if ("code" in body) {
    const { code } = parseOrThrow(CheckCodeSchema, body);
    const result = await confirmPhoneCode(user, code);
    if (result.ok && result.previousPhone) {
      return json({
        message: "Your account now uses the new phone number.",
        phone: user.pendingPhone,
        phoneVerifiedAt: result.phoneVerifiedAt,
      });
    }
    if (result.ok) {
      return json({
        message: "Your phone number has been verified successfully.",
        phoneVerifiedAt: result.phoneVerifiedAt,
      });
    }
    const { title, description } = checkFailureMessage(result);
    return json(
      {
        message: title,
        description,
        reason: result.reason,
        ...(result.reason === "invalid" ? { attemptsLeft: result.attemptsLeft } : {}),
      },
      { status: 400 },
    );
  }

  if ("phone" in body) {
    const input = parseOrThrow(SendCodeSchema, body);
    if (input.phone !== (user.pendingPhone ?? user.phone)) {
      return apiError(400, "This is not the phone number on your account", {
        phone: ["Enter the phone number saved in your settings"],
      });
    }
    const result = await issueCode(user, codePurposeOf(user), { clientIp: getClientIp(request) });
    if (result.sent) {
      return json({ message: result.message, expiresAt: result.expiresAt });
    }
    switch (result.reason) {
      case "already_verified":
        return json({ message: result.message, phoneVerifiedAt: user.phoneVerifiedAt });
      case "rate_limited":
        return json(
          { message: result.message },
          { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds ?? 3600) } },
        );
      case "failed":
        return apiError(502, result.message);
      default:
        return apiError(400, result.message);
    }
  }

  return apiError(400, "Send {phone} to get a verification code or {code} to check one", {
    body: ["Expected a phone or a code"],
  });
}
