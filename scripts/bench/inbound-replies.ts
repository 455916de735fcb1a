import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import twilio from "twilio";
import { postAtConstantRate } from "./open-loop";

/**
 * Inbound replies for `npm run bench:fanout -- --inbound RPS`, in a process of their own so that the
 * fake Twilio's work does not delay the schedule: signed POSTs to /webhooks/twilio/messages at a
 * constant rate (open loop) from the seeded users' phones, in the order the tick texts them, each
 * answering the morning question with two goals. Runs until SIGTERM, then prints one line per answer:
 * `answer DUE_EPOCH_MS LATENCY_MS STATUS` (status 0: no answer).
 *
 * Usage: node --import tsx scripts/bench/inbound-replies.ts --url URL --signed-url URL --rate RPS
 *          --account SID --token TOKEN --to OUR_NUMBER --phones-file FILE (one phone a line)
 *          [--seconds S] (stop sending after S seconds instead of at SIGTERM)
 */

const arg = (name: string) => {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (!value) throw new Error(`inbound-replies: missing ${name}`);
  return value;
};
const url = arg("--url");
const signedUrl = arg("--signed-url");
const token = arg("--token");
const rate = Number(arg("--rate"));
const account = arg("--account");
const to = arg("--to");
const phones = readFileSync(arg("--phones-file"), "utf8").split("\n").filter(Boolean);

const stop = new AbortController();
process.once("SIGTERM", () => stop.abort());

let sent = 0;
const answers: string[] = [];
console.log("inbound-start");
await postAtConstantRate({
  url,
  rate,
  seconds: process.argv.includes("--seconds") ? Number(arg("--seconds")) : 3600,
  signal: stop.signal,
  onAnswer: (due, ms, status) =>
    answers.push(`answer ${due.toFixed(1)} ${ms.toFixed(2)} ${status}`),
  next: () => {
    const params = {
      MessageSid: `SM${randomBytes(16).toString("hex")}`,
      AccountSid: account,
      From: phones[sent++ % phones.length]!,
      To: to,
      Body: "Run 3 miles, read 20 pages",
      NumMedia: "0",
    };
    return {
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": twilio.getExpectedTwilioSignature(token, signedUrl, params),
      },
      body: new URLSearchParams(params).toString(),
    };
  },
});
process.stdout.write(`${answers.join("\n")}\ninbound-end\n`);
