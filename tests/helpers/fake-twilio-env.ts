import { startFakeTwilio } from "../fakes/twilio-server";
import { setAppEnv } from "./app-env";

export const TEST_APP_URL = "https://coach.example.test";

/**
 * Starts the fake Twilio REST API and points the app's environment at it: the twilio transport with
 * this account, webhooks signed for TEST_APP_URL (unless `env` says otherwise). Call it in a test
 * file's `vi.hoisted` block (see app-env.ts): the env module reads process.env once, when it loads.
 * `restore` stops the fake and puts the environment back as it was.
 */
export async function pointAppAtFakeTwilio(options: {
  accountSid: string;
  authToken: string;
  from: string;
  env?: Record<string, string>;
}) {
  const fake = await startFakeTwilio({
    accountSid: options.accountSid,
    authToken: options.authToken,
  });
  const appEnv = setAppEnv({
    SMS_TRANSPORT: "twilio",
    TWILIO_ACCOUNT_SID: options.accountSid,
    TWILIO_AUTH_TOKEN: options.authToken,
    TWILIO_FROM_NUMBER: options.from,
    TWILIO_API_URL: fake.url,
    APP_URL: TEST_APP_URL,
    // The fake answers at once: the tests are not about the carrier's pace (outbound-gate.test.ts is).
    SMS_MAX_PER_SECOND: "10000",
    SMS_MAX_CONCURRENCY: "100",
    TWILIO_MESSAGING_SERVICE_SID: undefined,
    ...options.env,
  });
  return {
    fake,
    async restore() {
      await fake.stop();
      appEnv.restore();
    },
  };
}
