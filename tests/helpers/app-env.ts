import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeStripe } from "../fakes/stripe-server";
import { startFakeTwilio } from "../fakes/twilio-server";

// What a vi.hoisted block starts before the app loads, from this one module.
export { startFakeLlm } from "../fakes/llm-server";
export { startS3FaultProxy } from "../fakes/s3-fault-proxy";
export { startFakeStripe } from "../fakes/stripe-server";
export { startFakeTwilio } from "../fakes/twilio-server";
export { startS3 } from "./s3-server";

/**
 * The app's env module reads process.env once, when it loads (app/utils/env/env.server.ts). A test file
 * that needs other settings (a fake server's URL, a flag) sets them in a `vi.hoisted` block, which
 * vitest runs before any of the file's imports, so the file imports app modules statically:
 *
 *   const appEnv = await vi.hoisted(async () => {
 *     const { setAppEnv } = await import("../helpers/app-env");
 *     return setAppEnv({ AUTH_RATE_LIMIT_PER_IP: "3" });
 *   });
 *   import { action } from "~/routes/_auth+/login";
 *
 * The block imports what it needs itself: the file's own imports are not evaluated when it runs.
 * A fake server is started there too (pointAppAtFakeTwilio below), its URL known before the app loads.
 */
export function setAppEnv(values: Record<string, string | undefined>) {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  assignEnv(values);
  return {
    /** Puts back what the keys held before. */
    restore: () => assignEnv(saved),
  };
}

function assignEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

/** A temporary folder standing in for LiteFS's mount (LITEFS_DIR), for tests of replicas. */
export function makeLitefsDir(prefix: string) {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export const TEST_APP_URL = "https://coach.example.test";

/**
 * Starts the fake Twilio REST API and points the app's environment at it: the twilio transport with
 * this account, webhooks signed for TEST_APP_URL (unless `env` says otherwise). Call it in a test
 * file's `vi.hoisted` block (see setAppEnv): the env module reads process.env once, when it loads.
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

/**
 * pointAppAtFakeTwilio with a temporary LiteFS mount (LITEFS_DIR) named after `litefsPrefix`, for
 * files that also act as a replica. `restore` removes the mount too.
 */
export async function pointAppAtFakeTwilioOnLitefs(
  litefsPrefix: string,
  account: { accountSid: string; authToken: string; from: string },
) {
  const litefsDir = makeLitefsDir(litefsPrefix);
  const twilioEnv = await pointAppAtFakeTwilio({ ...account, env: { LITEFS_DIR: litefsDir } });
  return {
    ...account,
    fake: twilioEnv.fake,
    litefsDir,
    async restore() {
      await twilioEnv.restore();
      rmSync(litefsDir, { recursive: true, force: true });
    },
  };
}

/**
 * A LiteFS mount simulated by a temporary folder (LITEFS_DIR): the node is the primary until
 * `becomeReplica` writes the `.primary` file naming `primaryHost`. Call it in a `vi.hoisted` block.
 * `restore` makes the node primary again, removes the folder and puts the environment back.
 */
export function simulateLitefs(prefix: string, primaryHost = "primary-host") {
  const litefsDir = makeLitefsDir(prefix);
  const appEnv = setAppEnv({ LITEFS_DIR: litefsDir });
  const primaryFile = path.join(litefsDir, ".primary");
  const becomePrimary = () => rmSync(primaryFile, { force: true });
  return {
    litefsDir,
    becomeReplica: () => writeFileSync(primaryFile, `${primaryHost}\n`),
    becomePrimary,
    restore() {
      becomePrimary();
      rmSync(litefsDir, { recursive: true, force: true });
      appEnv.restore();
    },
  };
}

/**
 * Starts the fake Stripe API with the basic and premium prices and points the app's environment at
 * it, plus `env`. Call it in a test file's `vi.hoisted` block (see setAppEnv). `restore` stops the
 * fake and puts the environment back as it was.
 */
export async function pointAppAtFakeStripe(
  account: { secretKey: string; webhookSecret: string; priceBasic: string; pricePremium: string },
  env: Record<string, string> = {},
) {
  const fake = await startFakeStripe({
    secretKey: account.secretKey,
    prices: [account.priceBasic, account.pricePremium],
  });
  const appEnv = setAppEnv({
    STRIPE_SECRET_KEY: account.secretKey,
    STRIPE_WEBHOOK_SECRET: account.webhookSecret,
    STRIPE_PRICE_BASIC: account.priceBasic,
    STRIPE_PRICE_PREMIUM: account.pricePremium,
    STRIPE_API_URL: fake.url,
    APP_URL: TEST_APP_URL,
    ...env,
  });
  return {
    ...account,
    fake,
    async restore() {
      await fake.close();
      appEnv.restore();
    },
  };
}
