import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isAdmin } from "~/users/user-options";
import {
  applySettings,
  ContactChangeError,
  ContactChangeLimitError,
} from "~/account/contact-change.server";
import { SettingsApiSchema } from "~/users/user-schema";
import {
  DuplicateEmailError,
  DuplicatePhoneError,
  getUserById,
  toPublicUser,
} from "~/users/users.server";
import {
  apiError,
  parseId,
  parseOrThrow,
  readJsonBody,
  requireApiUser,
  requireApiWriter,
} from "~/http/api.server";
import { rateLimitedJson } from "~/utils/rate-limits/rate-limit.server";
import { getClientIp } from "~/utils/requests/request.server";

/** The record the caller may see: their own, or anyone's for an admin; others are simply not found. */
async function requireVisibleUser(request: Request, rawId: string | undefined) {
  const caller = await requireApiUser(request);
  const id = parseId(rawId);
  if (id !== caller.id && !isAdmin(caller)) throw apiError(404, "User not found");
  const user = getUserById(id);
  if (!user) throw apiError(404, "User not found");
  return user;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(toPublicUser(await requireVisibleUser(request, params.id)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const caller = await requireApiWriter(request, { methods: ["PATCH"], allow: ["GET", "PATCH"] });
  const user = await requireVisibleUser(request, params.id);
  const { currentPassword, ...patch } = parseOrThrow(
    SettingsApiSchema,
    await readJsonBody(request),
  );
  try {
    const actor = { id: caller.id, ip: getClientIp(request) };
    const outcome = await applySettings(actor, user, patch, currentPassword);
    return json(toPublicUser(outcome.user));
  } catch (error) {
    if (error instanceof ContactChangeError) {
      throw apiError(400, "Please correct the highlighted fields", {
        currentPassword: [error.message],
      });
    }
    if (error instanceof ContactChangeLimitError) {
      return rateLimitedJson(error.retryAfterSeconds, error.message);
    }
    if (error instanceof DuplicateEmailError || error instanceof DuplicatePhoneError) {
      return apiError(409, error.message);
    }
    throw error;
  }
}
