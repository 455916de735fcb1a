import { json, type ActionFunctionArgs } from "@remix-run/node";
import { LastAdminError, toggleAdminRole, toPublicUser } from "~/users/users.server";
import { apiError, methodNotAllowed, parseId, requireApiAdminWriter } from "~/http/api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdminWriter(request, { methods: ["POST"] });
  const id = parseId(params.id);
  try {
    const result = toggleAdminRole(id, admin.id);
    if (!result) return apiError(404, "User not found");
    return json({ message: result.message, user: toPublicUser(result.user) });
  } catch (error) {
    if (error instanceof LastAdminError) return apiError(409, error.message);
    throw error;
  }
}
