import { publicationAction } from "~/blog/post-api.server";
import { methodNotAllowed } from "~/http/api.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = publicationAction(false);
