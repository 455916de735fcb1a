import { CONSENT_TEXT, MESSAGE_FREQUENCY } from "~/users/consent";
import { numberedInOrder, templates } from "./templates";

// What a 10DLC campaign registration asks for, written from the product's own texts, so the
// registration (docs/operations.md) says what the service really sends.

const SUPPORT = "support@streakcoach.app";
const GOALS = ["Run 5k", "Read 30 pages", "Call mom"];

export const CAMPAIGN_START =
  "<!-- campaign-samples:start (npx tsx scripts/campaign-samples.ts) -->";
export const CAMPAIGN_END = "<!-- campaign-samples:end -->";

export function campaignSamples() {
  return [
    [
      "Opt-in confirmation (the first text after the number is verified)",
      templates.welcome("Thursday 7:00 AM", "morning"),
    ],
    ["Morning question", templates.morningQuestion()],
    ["Goals confirmed", templates.goalsSet(numberedInOrder(GOALS), "7:00 PM")],
    ["Evening question", templates.eveningQuestion(numberedInOrder(GOALS))],
    [
      "Check-in answer",
      templates.checkedIn(
        { done: GOALS.slice(0, 2), skipped: [], tomorrow: [], kept: [] },
        { completed: 2, total: 3 },
        4,
      ),
    ],
    ["HELP", templates.help(SUPPORT)],
    ["STOP", templates.stopConfirmed()],
    ["START", templates.startConfirmed()],
  ] as const;
}

/** The block of docs/operations.md between its markers. */
export function campaignSamplesMarkdown() {
  return [
    CAMPAIGN_START,
    "",
    "**Message frequency:** " +
      MESSAGE_FREQUENCY +
      " (a morning and an evening question, and the answers to the texts a user sends).",
    "",
    "**Opt-in flow (call to action):** a user signs up on the web at `/register`, gives a U.S. mobile",
    "number and ticks a consent box that is not pre-ticked and is required; it reads:",
    "",
    `> ${CONSENT_TEXT}`,
    "",
    "The consent text is stored with the time, IP address and user agent of each consent. The number is",
    "then confirmed with a one-time code texted to it and typed on the website, and the opt-in confirmation below is the",
    "first text of the service. STOP (and STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) opts out at any time;",
    "HELP answers with the support address.",
    "",
    "**Sample messages:**",
    "",
    ...campaignSamples().flatMap(([name, text]) => [`- ${name}: \`${text}\``]),
    "",
    CAMPAIGN_END,
  ].join("\n");
}
