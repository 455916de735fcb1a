import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "./env.server";

// A secret is always given unless a test is about the generated one, so nothing is written to ./data.
const SECRET = "a-long-enough-session-secret";
const base = { SESSION_SECRET: SECRET };

function errorOf(source: Record<string, string | undefined>) {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("parseEnv accepted the environment");
}

describe("parseEnv defaults", () => {
  const env = parseEnv(base);

  it("listens on port 3000", () => {
    expect(env.PORT).toBe(3000);
  });

  it("uses the local SMS transport, one 10DLC number's pace (4 texts a second, 10 in flight) and the real Twilio API URL", () => {
    expect(env.SMS_TRANSPORT).toBe("local");
    expect(env.SMS_MAX_PER_SECOND).toBe(4);
    expect(env.SMS_MAX_CONCURRENCY).toBe(10);
    expect(env.TWILIO_API_URL).toBe("https://api.twilio.com");
  });

  it("gives a 14-day trial and runs the cron", () => {
    expect(env.TRIAL_DAYS).toBe(14);
    expect(env.CRON_ENABLED).toBe(true);
  });

  it("builds APP_URL from the port", () => {
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(parseEnv({ ...base, PORT: "8080" }).APP_URL).toBe("http://localhost:8080");
  });

  it("runs in development with the database in ./data/app.db and LiteFS off", () => {
    expect(env.NODE_ENV).toBe("development");
    expect(env.isProduction).toBe(false);
    expect(env.DATABASE_PATH).toBe(path.resolve("data", "app.db"));
    expect(env.LITEFS_DIR).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    const blank = parseEnv({ ...base, PORT: "", SMS_TRANSPORT: "", TRIAL_DAYS: "", APP_URL: "" });
    expect(blank.PORT).toBe(3000);
    expect(blank.SMS_TRANSPORT).toBe("local");
    expect(blank.TRIAL_DAYS).toBe(14);
    expect(blank.APP_URL).toBe("http://localhost:3000");
  });
});

describe("parseEnv values", () => {
  it("reads numbers and flags", () => {
    const env = parseEnv({
      ...base,
      PORT: "8080",
      TRIAL_DAYS: "30",
      SMS_MAX_PER_SECOND: "5",
      CRON_ENABLED: "false",
    });
    expect(env).toMatchObject({ PORT: 8080, TRIAL_DAYS: 30, SMS_MAX_PER_SECOND: 5 });
    expect(env.CRON_ENABLED).toBe(false);
    expect(parseEnv({ ...base, CRON_ENABLED: "0" }).CRON_ENABLED).toBe(false);
    expect(parseEnv({ ...base, CRON_ENABLED: "1" }).CRON_ENABLED).toBe(true);
    expect(parseEnv({ ...base, CRON_ENABLED: "true" }).CRON_ENABLED).toBe(true);
  });

  it("keeps an explicit APP_URL without its trailing slash", () => {
    expect(parseEnv({ ...base, APP_URL: "https://coach.example.com/" }).APP_URL).toBe(
      "https://coach.example.com",
    );
  });

  it("points TWILIO_API_URL at a fake when told", () => {
    expect(parseEnv({ ...base, TWILIO_API_URL: "http://127.0.0.1:4010" }).TWILIO_API_URL).toBe(
      "http://127.0.0.1:4010",
    );
  });
});

describe("parseEnv refuses bad values with a message naming the variable", () => {
  it.each([
    ["PORT", "abc"],
    ["PORT", "0"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["SMS_TRANSPORT", "carrier-pigeon"],
    ["TRIAL_DAYS", "-1"],
    ["TRIAL_DAYS", "two weeks"],
    ["SMS_MAX_PER_SECOND", "0"],
    ["CRON_ENABLED", "yes"],
    ["APP_URL", "not a url"],
    ["APP_URL", "ftp://coach.example.com"],
    ["TWILIO_API_URL", "nope"],
    ["NODE_ENV", "staging"],
    ["SESSION_SECRET", "short"],
  ])("%s=%j", (name, value) => {
    const message = errorOf({ ...base, [name]: value });
    expect(message).toMatch(/^Invalid environment/);
    expect(message).toContain(`${name}:`);
  });

  it("lists every bad variable at once", () => {
    const message = errorOf({ ...base, PORT: "abc", SMS_TRANSPORT: "carrier-pigeon" });
    expect(message).toContain("PORT:");
    expect(message).toContain("SMS_TRANSPORT:");
  });
});

describe("SESSION_SECRET", () => {
  it("is required in production", () => {
    const message = errorOf({ NODE_ENV: "production" });
    expect(message).toContain("SESSION_SECRET");
    expect(message).toMatch(/required in production/);
  });

  it("is accepted in production when set", () => {
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET });
    expect(env.isProduction).toBe(true);
    expect(env.sessionSecrets).toEqual([SECRET]);
  });

  it("is split on commas (trimmed) for rotation, newest first", () => {
    const env = parseEnv({ SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789" });
    expect(env.sessionSecrets).toEqual(["new-secret-0123456789", "old-secret-0123456789"]);
  });

  it("is generated once and kept beside the database in development", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-env-"));
    const DATABASE_PATH = path.join(dir, "db", "app.db");
    const first = parseEnv({ DATABASE_PATH });
    const file = path.join(dir, "db", ".session-secret");
    expect(existsSync(file)).toBe(true);
    expect(first.sessionSecrets).toHaveLength(1);
    expect(first.sessionSecrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, "utf8").trim()).toBe(first.sessionSecrets[0]);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(parseEnv({ DATABASE_PATH }).sessionSecrets).toEqual(first.sessionSecrets);
  });
});

describe("SMS_TRANSPORT=twilio", () => {
  it("requires the account SID, the auth token and a sender", () => {
    const message = errorOf({ ...base, SMS_TRANSPORT: "twilio" });
    expect(message).toContain("TWILIO_ACCOUNT_SID");
    expect(message).toContain("TWILIO_AUTH_TOKEN");
    expect(message).toMatch(/TWILIO_FROM_NUMBER.*TWILIO_MESSAGING_SERVICE_SID/);
  });

  it("requires a sender even with credentials", () => {
    const message = errorOf({
      ...base,
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: "AC123",
      TWILIO_AUTH_TOKEN: "token",
    });
    expect(message).not.toContain("TWILIO_ACCOUNT_SID:");
    expect(message).toContain("TWILIO_FROM_NUMBER");
  });

  it("accepts a from number or a messaging service", () => {
    const creds = {
      ...base,
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
    };
    expect(parseEnv({ ...creds, TWILIO_FROM_NUMBER: "+12015550100" }).SMS_TRANSPORT).toBe("twilio");
    expect(parseEnv({ ...creds, TWILIO_MESSAGING_SERVICE_SID: "MG1" }).SMS_TRANSPORT).toBe(
      "twilio",
    );
  });

  it("does not require Twilio credentials for the local transport", () => {
    expect(parseEnv({ ...base, SMS_TRANSPORT: "local" }).SMS_TRANSPORT).toBe("local");
  });
});

describe("DATABASE_PATH", () => {
  it("lies under LITEFS_DIR when LiteFS is on", () => {
    expect(parseEnv({ ...base, LITEFS_DIR: "/litefs" }).DATABASE_PATH).toBe(
      path.join("/litefs", "app.db"),
    );
  });

  it("uses DATABASE_FILENAME under LITEFS_DIR", () => {
    expect(
      parseEnv({ ...base, LITEFS_DIR: "/litefs", DATABASE_FILENAME: "coach.db" }).DATABASE_PATH,
    ).toBe(path.join("/litefs", "coach.db"));
  });

  it("is taken as given when set explicitly", () => {
    expect(
      parseEnv({ ...base, LITEFS_DIR: "/litefs", DATABASE_PATH: "/var/data/x.db" }).DATABASE_PATH,
    ).toBe("/var/data/x.db");
  });
});

describe("STRIPE_API_URL (tests only)", () => {
  it("is refused in production unless it names this machine, so no test origin reaches a real CSP", () => {
    expect(
      errorOf({ ...base, NODE_ENV: "production", STRIPE_API_URL: "https://stripe.evil.example" }),
    ).toMatch(/STRIPE_API_URL: is for tests only/);
    expect(
      parseEnv({ ...base, NODE_ENV: "production", STRIPE_API_URL: "http://127.0.0.1:4242" })
        .STRIPE_API_URL,
    ).toBe("http://127.0.0.1:4242");
  });

  it("may name any host outside production", () => {
    expect(parseEnv({ ...base, STRIPE_API_URL: "http://stripe-mock:12111" }).STRIPE_API_URL).toBe(
      "http://stripe-mock:12111",
    );
  });
});

describe("FLY_APP_NAME", () => {
  it("is read, so the client address comes from Fly-Client-IP only on Fly", () => {
    expect(parseEnv({ ...base, FLY_APP_NAME: "streakcoach" }).FLY_APP_NAME).toBe("streakcoach");
    expect(parseEnv(base).FLY_APP_NAME).toBeUndefined();
  });
});

describe("webhook settings", () => {
  it("refuse webhooks to private addresses in production, and take them elsewhere", () => {
    expect(
      errorOf({ ...base, NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE_URLS: "true" }),
    ).toMatch(/WEBHOOK_ALLOW_PRIVATE_URLS: is for tests and development only/);
    expect(parseEnv({ ...base, NODE_ENV: "production" }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(false);
    expect(parseEnv({ ...base, WEBHOOK_ALLOW_PRIVATE_URLS: "1" }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(
      true,
    );
  });

  it("bound a delivery's time, 5 s unless set", () => {
    expect(parseEnv(base).WEBHOOK_TIMEOUT_MS).toBe(5000);
    expect(parseEnv({ ...base, WEBHOOK_TIMEOUT_MS: "800" }).WEBHOOK_TIMEOUT_MS).toBe(800);
    expect(errorOf({ ...base, WEBHOOK_TIMEOUT_MS: "60000" })).toMatch(/WEBHOOK_TIMEOUT_MS/);
  });
});
