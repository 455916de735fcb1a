// The words a text is answered by whatever the conversation was about: the carrier keywords (STOP,
// START, HELP, and YES from an opted-out number) and a partner's YES or NO to an invitation.
import { keywordForm, normalize } from "./interpret-text";

const POLITE =
  "(?: (?:please|pls|plz|now|thanks|thank you|thx|immediately|asap|it|already|again))*";

// Carrier keywords: the whole message is the keyword, give or take punctuation and politeness.
const STOP_KEYWORD = new RegExp(
  `^(?:please |pls |plz )?(?:stop|stopall|stop all|unsubscribe|cancel|end|quit|revoke|optout|opt out|opt-out)${POLITE}$`,
);
const STOP_LEADING = /^(?:stop|stopall|unsubscribe|optout|revoke)\s*[.!,\n]/;
const START_KEYWORD = new RegExp(
  `^(?:start|unstop|resubscribe|subscribe|opt in|opt-in|optin)(?: (?:texts|messages|me))?${POLITE}$`,
);
/** YES from an opted-out number texts it again; only a plain yes counts, never "ok" or "sure". */
const YES_TO_RESUBSCRIBE = /^(?:yes|y|yes please|yes pls)$/;
const HELP_KEYWORD = new RegExp(
  `^(?:please |pls )?(?:i need |need )?(?:help|info|information|commands|menu)(?: me)?${POLITE}$`,
);
const HELP_QUESTION =
  /^(?:how does this work|how do(?:es)? (?:this|it) work|how do i use (?:this|it)|what can i (?:text|say|send|do)|what are the commands|what is this|what's this|who is this|who's this)\b/;

export type CommandIntent = "stop" | "start" | "help";

/** Compliance keywords win over everything else, in every phase. */
export function complianceIntent(text: string, optedOut: boolean): CommandIntent | null {
  const key = keywordForm(text);
  if (STOP_KEYWORD.test(key) || STOP_LEADING.test(normalize(text))) return "stop";
  if (START_KEYWORD.test(key)) return "start";
  if (optedOut && YES_TO_RESUBSCRIBE.test(key)) return "start";
  if (HELP_KEYWORD.test(key) || HELP_QUESTION.test(key)) return "help";
  return null;
}

/** An invited partner may accept with a looser yes than the one that re-subscribes a number. */
const YES_TO_INVITATION = new Set([
  "yes",
  "y",
  "yes!",
  "yeah",
  "yep",
  "sure",
  "ok",
  "okay",
  "accept",
  "i accept",
]);
const NO = new Set(["no", "n", "nope", "no thanks", "decline", "no thank you"]);

/** A partner's answer to the invitation, or null when the text is not one. */
export function readPartnerAnswer(text: string): "yes" | "no" | null {
  const clean = text
    .trim()
    .toLowerCase()
    .replace(/[.!\s]+$/g, "")
    .replace(/\s+/g, " ");
  if (YES_TO_INVITATION.has(clean)) return "yes";
  if (NO.has(clean)) return "no";
  return null;
}
