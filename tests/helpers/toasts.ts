import { getToast } from "~/utils/toast/toast.server";
import { cookieFrom, makeRequest } from "./requests";

/** The flash toast a response set, read back the way the next page reads it; null when it set none. */
export async function toastOf(response: Response) {
  const cookie = cookieFrom(response, "__toast");
  return cookie ? (await getToast(makeRequest("/", { cookie }))).toast : null;
}

/** The flash toast a response must have set: fails when it set no toast cookie. */
export async function requiredToastOf(response: Response) {
  expect(cookieFrom(response, "__toast"), "a toast cookie").not.toBeNull();
  return toastOf(response);
}
