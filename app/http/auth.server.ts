import { AuthorizationError, Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin } from "~/users/users.server";
import { sessionStorage } from "./session.server";

export const INVALID_LOGIN = "Invalid email or password";

export const authenticator = new Authenticator<number>(sessionStorage);

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const user = await verifyLogin(
      String(form.get("email") ?? ""),
      String(form.get("password") ?? ""),
    );
    if (!user) throw new AuthorizationError(INVALID_LOGIN);
    return user.id;
  }),
  "form",
);

/** Checks the submitted credentials; returns the user id or null without saying which part was wrong. */
export async function authenticateForm(request: Request): Promise<number | null> {
  try {
    return await authenticator.authenticate("form", request, { throwOnError: true });
  } catch (error) {
    if (error instanceof AuthorizationError) return null;
    throw error;
  }
}
