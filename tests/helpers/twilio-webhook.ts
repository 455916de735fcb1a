import twilio from "twilio";
import { TEST_APP_URL } from "./app-env";
import { makeRequest } from "./requests";

/** A POST to a Twilio webhook as Twilio makes it: a form body signed over TEST_APP_URL + `url`. */
export function signedTwilioPost(url: string, params: Record<string, string>, authToken: string) {
  return makeRequest(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
        authToken,
        `${TEST_APP_URL}${url}`,
        params,
      ),
    },
    body: new URLSearchParams(params).toString(),
  });
}
