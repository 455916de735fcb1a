import { sendNowAction } from "~/conversation/send-now.server";
import { methodNotAllowed } from "~/http/api.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = sendNowAction("morning");
