import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Login, sign-up and code attempts per client address and 15 minutes (docs/security.md lists it). */
export const AUTH_RATE_LIMIT_PER_IP_DEFAULT = 30;
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true" || v === "1"));

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_PATH: z.string().min(1).optional(),
    DATABASE_FILENAME: z.string().min(1).default("app.db"),
    SESSION_SECRET: z
      .string()
      .refine(
        (v) => v.split(",").every((s) => s.trim().length >= 16),
        "each secret must be at least 16 characters",
      )
      .optional(),
    APP_URL: optionalUrl,
    SMS_TRANSPORT: z.enum(["local", "twilio"]).default("local"),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
    TWILIO_FROM_NUMBER: z.string().optional(),
    TWILIO_API_URL: z.url().default("https://api.twilio.com"),
    /** The most one call to Twilio (a send, a media download, a list) may take, its whole answer read. */
    TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * Texts started a second, every kind together: what one standard-brand 10DLC number may send
     * (Twilio queues what is above, behind which a reply would wait). README, Configuration: toll-free, short code.
     */
    SMS_MAX_PER_SECOND: z.coerce.number().int().min(1).max(10000).default(4),
    /** Sends in flight at once; Twilio answers 429 past 100 concurrent requests per account. */
    SMS_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(10),
    LLM_API_URL: optionalUrl,
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().optional(),
    /**
     * The coach's time for the model's answer to one check-in, retries and the body read included; the
     * check-in's answer (a Twilio webhook too, timed out by Twilio at 15 s) waits for it.
     */
    LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(8000),
    /** The model at LLM_API_URL can read images: proof photos are described for the coach. */
    LLM_VISION: flag(false),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PRICE_BASIC: z.string().optional(),
    STRIPE_PRICE_PREMIUM: z.string().optional(),
    STRIPE_API_URL: optionalUrl,
    /**
     * The most one Stripe API call may take, body included; a stalled or dripping answer is cut off
     * then (and retried, see stripe.server.ts). Tests lower it to try every fault quickly.
     */
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
    CRON_ENABLED: flag(true),
    LITEFS_DIR: z.string().min(1).optional(),
    /** Set by Fly.io on its machines: the client address is then read from Fly-Client-IP. */
    FLY_APP_NAME: z.string().optional(),
    /** Set by Fly.io on its machines; shown on the admin System tab. */
    FLY_REGION: z.string().optional(),
    FLY_MACHINE_ID: z.string().optional(),
    FLY_IMAGE_REF: z.string().optional(),
    SUPPORT_EMAIL: z.email().default("support@streakcoach.app"),
    DEV_PHONE_ENABLED: flag(false),
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(AUTH_RATE_LIMIT_PER_IP_DEFAULT),
    /** S3-compatible object storage, as `fly storage create` (Tigris) sets it; unset: a local directory. */
    AWS_ENDPOINT_URL_S3: optionalUrl,
    AWS_ACCESS_KEY_ID: z.string().optional(),
    AWS_SECRET_ACCESS_KEY: z.string().optional(),
    AWS_REGION: z.string().default("auto"),
    BUCKET_NAME: z.string().optional(),
    /** Path-style bucket URLs (a local S3 server); Tigris and AWS take either. */
    AWS_S3_FORCE_PATH_STYLE: flag(false),
    /** The most one object-store operation may take, retries and its whole body included. */
    S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** Hours between database backups to the object storage; 0 turns them off. */
    BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(168).default(6),
    /** Prometheus metrics on their own port, never the public one; 0 turns them off. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9091),
    /** The most one webhook delivery may take, its answer included; a slower endpoint is retried later. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
    /**
     * Webhooks may go to http URLs and to private, loopback and link-local addresses: for tests and
     * development only, refused in production (docs/api.md, Webhooks).
     */
    WEBHOOK_ALLOW_PRIVATE_URLS: flag(false),
    /** pino's level; unset: info in production, debug in development, silent under tests. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production",
      });
    }
    if (env.NODE_ENV === "production" && env.STRIPE_API_URL && !isLoopbackUrl(env.STRIPE_API_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_API_URL"],
        message:
          "is for tests only: in production it may name a fake on this machine (loopback) only",
      });
    }
    if (env.NODE_ENV === "production" && env.WEBHOOK_ALLOW_PRIVATE_URLS) {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOK_ALLOW_PRIVATE_URLS"],
        message: "is for tests and development only",
      });
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const key of [
        "STRIPE_WEBHOOK_SECRET",
        "STRIPE_PRICE_BASIC",
        "STRIPE_PRICE_PREMIUM",
      ] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when STRIPE_SECRET_KEY is set",
          });
      }
    }
    if (env.BUCKET_NAME && !(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["AWS_ACCESS_KEY_ID"],
        message: "and AWS_SECRET_ACCESS_KEY are required when BUCKET_NAME is set",
      });
    }
    if (env.SMS_TRANSPORT === "twilio") {
      for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when SMS_TRANSPORT=twilio",
          });
      }
      if (!env.TWILIO_MESSAGING_SERVICE_SID && !env.TWILIO_FROM_NUMBER) {
        ctx.addIssue({
          code: "custom",
          path: ["TWILIO_FROM_NUMBER"],
          message: "or TWILIO_MESSAGING_SERVICE_SID is required when SMS_TRANSPORT=twilio",
        });
      }
    }
  });

export type Env = ReturnType<typeof parseEnv>;

export function isLoopbackUrl(url: string) {
  return ["127.0.0.1", "[::1]", "localhost"].includes(new URL(url).hostname);
}

export function parseEnv(source: Record<string, string | undefined>) {
  const cleaned = Object.fromEntries(
    Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const raw = result.data;
  const databasePath =
    raw.DATABASE_PATH ??
    (raw.LITEFS_DIR
      ? path.join(raw.LITEFS_DIR, raw.DATABASE_FILENAME)
      : path.resolve("data", "app.db"));
  return {
    ...raw,
    isProduction: raw.NODE_ENV === "production",
    // The development phone needs the local transport; in a production build only with an explicit flag.
    devPhoneEnabled:
      raw.SMS_TRANSPORT === "local" && (raw.NODE_ENV !== "production" || raw.DEV_PHONE_ENABLED),
    DATABASE_PATH: databasePath,
    APP_URL: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    sessionSecrets: raw.SESSION_SECRET
      ? raw.SESSION_SECRET.split(",").map((s) => s.trim())
      : [devSecret(databasePath)],
  };
}

function devSecret(databasePath: string) {
  const file = path.join(path.dirname(databasePath), ".session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function loadEnv() {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export const env = loadEnv();
