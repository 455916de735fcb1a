import { NewPostSchema } from "~/blog/post-schema";
import { NewGoalFormSchema } from "~/goals/goal-schema";
import { PartnerFormSchema } from "~/partners/partner-schema";
import { ShareLinkFormSchema } from "~/sharing/share-schema";
import { RequestResetSchema, ResetSchema } from "~/account/password-reset-schema.server";
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  LoginSchema,
  PhoneFormSchema,
  ProfileFormSchema,
  RegisterSchema,
} from "~/users/user-schema";
import { ApiTokenFormSchema } from "~/users/api-token-schema";
import { fieldAttributes } from "~/utils/forms/field-attributes.server";

/**
 * Each page form's field attributes, read from the schema its action parses; written out as plain
 * data to `form-attributes.generated.ts` by `form-attributes.server.test.ts` (`--update`).
 *
 * Where a check is left out, the page answers that case with its own words, which the user should read
 * rather than the browser's: a short login password, an unticked consent or confirmation box.
 */
export function formAttributes() {
  return {
    login: fieldAttributes(LoginSchema, { password: ["minLength"] }),
    register: fieldAttributes(RegisterSchema, { terms: ["required"] }),
    forgotPasswordRequest: fieldAttributes(RequestResetSchema),
    forgotPasswordReset: fieldAttributes(ResetSchema),
    profile: fieldAttributes(ProfileFormSchema),
    phone: fieldAttributes(PhoneFormSchema),
    changePassword: fieldAttributes(ChangePasswordSchema),
    deleteAccount: fieldAttributes(DeleteAccountSchema, { confirm: ["required"] }),
    shareLink: fieldAttributes(ShareLinkFormSchema),
    apiToken: fieldAttributes(ApiTokenFormSchema),
    partner: fieldAttributes(PartnerFormSchema),
    // An existing post's schema has the same checks (its slug cannot change): see the unit test.
    post: fieldAttributes(NewPostSchema),
    newGoal: fieldAttributes(NewGoalFormSchema),
  };
}
