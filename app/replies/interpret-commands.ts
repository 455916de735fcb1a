// Commands that mean the same in every phase: the carrier keywords (STOP, START, HELP, and YES from
// an opted-out number), a partner's YES or NO, plain opt-outs, pause/resume, questions, small talk.
import { keywordForm, normalize, NUMBER_WORDS, wordCount } from "./interpret-text";

// Plain-language opt-outs. Each names the texts or the person, so "stop eating sugar" stays a goal.
const PLAIN_STOP = [
  /\b(?:stop|quit|cease|end)\s+(?:all\s+)?(?:texting|messaging|txting|sending|contacting|spamming|bothering|messages|texts|msgs|these|the texts|your texts|the messages|this service|reminders|the reminders|notifications)\b/,
  /\bunsubscribe\b/,
  /\bopt(?:\s|-)?(?:me\s)?out\b/,
  /\bremove (?:me|my number)\b/,
  /\btake (?:me|my number) off\b/,
  /\b(?:delete|lose|forget) my (?:number|phone|info)\b/,
  /\b(?:don'?t|do not|never|dont) (?:text|message|msg|contact|sms|txt) me\b/,
  /\b(?:don'?t|do not|dont) want (?:these|the|your|any|any more|anymore|more)? ?(?:texts|messages|msgs|reminders)\b/,
  /\b(?:don'?t|do not|dont) want to (?:receive|get) (?:these|this|your|any|texts|messages)\b/,
  /^i want out\b/,
  /\bno more (?:texts|messages|msgs|reminders|sms|texting)\b/,
  /\bleave me alone\b/,
  /\bwrong number\b/,
  /\bi (?:want|wanna|would like|'d like|need) to (?:unsubscribe|opt out)\b/,
  /\bi (?:want|wanna|would like|'d like|need) to (?:stop|quit|cancel)(?:$| (?:receiving|getting|(?:these|the|your|all) (?:texts|messages)|texts|messages|this|the service|the program))/,
  /\bcancel (?:my|this|the) (?:subscription|service|texts|messages|account)\b/,
];
// "stop texting me for a week" is a pause, "stop texting me for good" is not.
const TEMPORARY =
  /\b(?:for (?:now|a|an|today|tonight|the|\d+|one|two|three|four|five|six|seven|eight|nine|ten|couple|few|several|awhile)|until|till|til|today|tonight|tomorrow|this (?:week|weekend|month)|next)\b/;
const PERMANENT = /\b(?:for good|forever|for ever|permanently|ever again)\b/;

/** A plain request to stop texting, unless it is limited in time (then it is a pause). */
export function isPlainStop(text: string): boolean {
  const t = normalize(text);
  if (!PLAIN_STOP.some((re) => re.test(t))) return false;
  return PERMANENT.test(t) || !TEMPORARY.test(t);
}

const PAUSE_TRIGGERS = [
  /\b(?:pause|paused|pausing|snooze|snoozed|snoozing|hiatus)\b/,
  /^(?:(?:i'?m|i am|we'?re|going|gone|off|heading|leaving)\s+(?:on\s+)?)?(?:vacation|vacay|holiday|holidays)\b/,
  /\bon (?:vacation|vacay|holiday|holidays|leave|a trip|(?:a )?break)\b/,
  /\b(?:vacation|holiday|break) mode\b/,
  /^(?:on |a )?(?:break|vacation|vacay|holiday) (?:for|until|till|next|this)\b/,
  /\b(?:day|days|week|weekend|night|evening) off\b/,
  /\b(?:rest|sick|off|lazy|mental health|recovery|cheat) day\b/,
  /^(?:i'?m |im )?rest(?:ing)? (?:today|tonight)$/,
  /\btime off\b/,
  /\bhold off\b/,
  /\bon hold\b/,
  /\bnot today\b/,
  /\bnot this (?:week|weekend)\b/,
  /^(?:break|mute|hold|snooze)(?: (?:for|until|till|today|tonight|tomorrow|this|next|\d).*)?$/,
  /\b(?:i'?m|i am|im|feeling|i feel) (?:sick|ill|unwell|under the weather|out sick)\b/,
  /(?:^|\b(?:be|am|i'?m|im|we'?re|are) )(?:away|traveling|travelling|out of town|offline|off the grid)\b/,
  /\b(?:today|tomorrow|tonight) off\b/,
  /^(?:out |home |off )?sick\b/,
  /^off (?:today|tonight|tomorrow|for|until|till|this)\b/,
  /\bhold (?:my |the |all |your )?(?:texts|messages|reminders)\b/,
  /^mute\b.*\b(?:for|until|till|today|tonight|tomorrow)\b/,
  /\b(?:don'?t|do not|dont|no need to) (?:text|message|ping|remind|bother) me (?:today|tonight|tomorrow|this|for|until|till|next)\b/,
  /^(?:please )?(?:stop|no texts|no messages|quiet|silence)\s+(?:for|until|till|today|tonight|tomorrow|this|next)\b/,
  /\b(?:stop|no more) (?:texting|texts|messages|reminders|msgs)(?: me)? (?:today|tonight|tomorrow|for|until|till|this|next)\b/,
  /\bleave me alone (?:today|tonight|for|until|till|this)\b/,
];
// Outside the evening "nothing today" is skipping the day; in the evening it reports no goals done.
const SKIP_DAY_OUTSIDE_EVENING =
  /^(?:(?:no|nothing|none|zero) (?:goals? )?(?:for )?(?:today|tonight|this morning)|no goals)\b/;
// "skip" or "take a break" is a pause only when what follows is about time ("skip today",
// "taking a break this week"), not a goal ("skip dessert", "take a break every hour").
const TIMED_TRIGGER =
  /^(?:can (?:we|i|you) |let'?s |please |(?:i'?m |i am )?going to |i(?:'m| am|'ll| will| want to| wanna| need to)? ?)?(?:skip(?:ping)?|(?:take|taking|need|needing|want|wanna|having) (?:a|the|some) (?:break|breather|rest|day|week|few days|couple (?:of )?days))\b(.*)$/;
const TIME_WORDS =
  /\b(?:today'?s|today|tonight|tomorrow|this|the|a|an|for|now|day|days|week|weeks|weekend|morning|evening|night|it|me|please|pls|one|goals?|check-?ins?|texts?|messages?|reminders?|two|three|four|five|six|seven|couple|few|of|next|until|till|again|time|off|from|coaching|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d+)\b/g;

// Triggers that on their own mean "just today".
const ONE_DAY_TRIGGER =
  /\b(?:skip|skipping|not today|day off|off today|sick|ill|unwell|rest day|sick day|off day|lazy day|mental health day|no goals|nothing today|none today)\b/;

const SKIP_GOAL_NUMBER = /^\s*\d+\b(?!\s*(?:d|days?|nights?|w|wks?|weeks?|months?)\b)/;

/** Pause length in days, null for "until resumed", undefined when the text is not a pause. */
export function pauseRequest(text: string, phase: string): number | null | undefined {
  const t = normalize(text).replace(/\s+/g, " ");
  const timed = TIMED_TRIGGER.exec(t);
  const rest = timed?.[1] ?? "";
  // In the evening "skip 2" (and "skip 2 today, did 1") reports goal 2 as skipped; "skip 2 days" pauses.
  const isTimed =
    timed !== null && isTimeOnly(rest) && !(phase === "evening" && SKIP_GOAL_NUMBER.test(rest));
  const isPause =
    isTimed ||
    PAUSE_TRIGGERS.some((re) => re.test(t)) ||
    (phase !== "evening" && SKIP_DAY_OUTSIDE_EVENING.test(t));
  return isPause ? pauseDays(t) : undefined;
}

function isTimeOnly(rest: string): boolean {
  const firstClause = rest.split(/[,;.!?\n]/)[0] ?? "";
  return firstClause.replace(TIME_WORDS, "").trim() === "";
}

const COUNT =
  "(\\d+|a couple of|a couple|couple of|couple|a few|few|several|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen)";
const DIGIT_DURATION = /\b(\d+)\s*(d|days?|nights?|w|wks?|weeks?|months?|mos?)\b/;
const WORD_DURATION = new RegExp(`\\b${COUNT}\\s+(days?|nights?|weeks?|wks?|months?)\\b`);
const BARE_COUNT =
  /\b(?:pause|skip|snooze|mute|off|break|vacation|holiday)\s+(?:for\s+)?(\d+)\b(?!\s*(?:%|am|pm|:|\/|st|nd|rd|th))/;

function countValue(word: string): number {
  if (/^\d+$/.test(word)) return Number(word);
  if (/couple/.test(word)) return 2;
  if (/few|several/.test(word)) return 3;
  if (word === "a" || word === "an") return 1;
  return NUMBER_WORDS[word] ?? 1;
}

function unitDays(unit: string): number {
  if (/^(?:w|wks?|weeks?)$/.test(unit)) return 7;
  if (/^(?:months?|mos?)$/.test(unit)) return 30;
  return 1;
}

function pauseDays(t: string): number | null {
  const duration = DIGIT_DURATION.exec(t) ?? WORD_DURATION.exec(t);
  if (duration) return countValue(duration[1] ?? "1") * unitDays(duration[2] ?? "day");
  const bare = BARE_COUNT.exec(t);
  if (bare) return Number(bare[1]);
  if (/\bfortnight\b/.test(t)) return 14;
  if (/\b(?:until|till|til|through|thru)\b/.test(t))
    return /\b(?:until|till|til) tomorrow\b/.test(t) ? 1 : null;
  if (/\bweekend\b/.test(t)) return 2;
  if (/\brest of the week\b/.test(t)) return null;
  if (/\b(?:this|the|next|for a) week\b/.test(t)) return 7;
  if (/\b(?:today|tonight|tomorrow|the day|a day)\b/.test(t)) return 1;
  if (ONE_DAY_TRIGGER.test(t)) return 1;
  return null;
}

const RESUME = [
  /^(?:please )?(?:resume|unpause|un-pause|unsnooze|unmute|restart|continue)(?: (?:texts|texting|messages|reminders|coaching|the texts|my texts|my goals|please|pls|now|again|it|me))*$/,
  /\b(?:i'?m|im|i am|we'?re|we are) back\b/,
  /\bback from (?:vacation|holiday|my trip|the trip|(?:my |a |the )?break|being sick|leave)\b/,
  /\b(?:start|resume|continue) (?:texting|messaging|sending)(?: me)?(?: (?:texts|messages))?(?: again)?\b/,
  /\byou can (?:text|message) me again\b/,
  /\bturn (?:it|texts|messages|reminders|them) back on\b/,
  /\b(?:end|stop|cancel) (?:the |my )?pause\b/,
  /^back(?: again| at it)?$/,
  /\blet'?s (?:resume|continue|start again|go again|get back to it)\b/,
];

export const isResume = (text: string) => {
  const t = keywordForm(text);
  return RESUME.some((re) => re.test(t));
};

const LIST_GOALS = [
  /^(?:my |today'?s |todays |the |current )?(?:goals?|list|to-?do(?: list)?|to-?dos|tasks|plan)(?: for today| today)?(?: (?:please|pls))?\??$/,
  /\bwhat (?:are|were|r|was|is|'re) (?:my|today'?s|todays|the|our) (?:goals?|tasks|plan|list|to-?dos?)\b/,
  /\bwhat(?:'s| is| was) (?:on )?(?:my|the|today'?s) (?:list|plan|agenda|goals?|to-?do)\b/,
  // "send me my list", "list goals", but not "send the plan to Jake" (a goal).
  /^(?:can you |could you |please )?(?:show|list|send|tell|remind|give|repeat) (?:me )?(?:of |what )?(?:my|today'?s) (?:goals?|list|tasks|plan)\b/,
  /^(?:can you |could you |please )?(?:show|list|send|tell|give|repeat) me (?:the |all )?(?:goals?|list|tasks|plan)\b/,
  /^(?:show|list|repeat) (?:the |all )?goals\b/,
  /\bwhat (?:did i|do i have|am i (?:supposed|meant) to|should i) (?:say|set|pick|choose|commit|plan|do)\b/,
  /\bremind me what\b/,
  /\b(?:which|what) goals\b/,
  /\bwhat am i (?:working on|doing|focusing on) today\b/,
  /\bwhat do i have (?:to do )?(?:on )?(?:for )?today\b/,
  /\bwhat'?s on (?:for )?today\b/,
];

export const isListGoalsQuestion = (text: string) => {
  const t = normalize(text).replace(/\s+/g, " ");
  return wordCount(t) <= 12 && LIST_GOALS.some((re) => re.test(t));
};

const STATS = [
  /\bhow(?:'m| am|m|'ve| have| did) i(?: been)? (?:doing|tracking|going|progressing|done)\b/,
  /\bam i (?:improving|on track|on a streak|doing (?:ok|okay|well|good|better))\b/,

  /\bhow(?:'s| is| are) (?:my|things) (?:progress|week|month|stats|streak|going|record)\b/,
  /\bhow did i do\b/,
  /\bhow (?:consistent|well) (?:am i|have i been)\b/,
  /\b(?:completion|success|hit|done) (?:rate|percentage|%)/,
  /^(?:my |show |see |check |get )?(?:my |the )?(?:(?:progress|weekly|monthly) )?(?:stats|statistics|progress|score|scores|record|numbers|summary|report|update|history|streak|streaks)(?: please| pls| so far)?\??$/,
  // "show me my stats", but not "send report to Bob" or "finish the weekly report" (goals).
  /^(?:can you |could you |please )?(?:show|see|check|send|tell|give) (?:me (?:my |the )?|my )(?:(?:progress|weekly|monthly) )?(?:stats|statistics|progress|score|summary|report|history|numbers|record|streak)\b/,
  /\bhow many (?:days|goals|times|in a row)\b/,
  /\bwhat(?:'s| is) my (?:score|record|rate|average|progress|percentage)\b/,
];
// "keep my streak alive" is a goal; a streak is asked about in a question.
const STREAK_QUESTION = /\bstreaks?\b/;
const QUESTION_START =
  /^(?:what|how|whats|show|my|current|check|tell|see|send|streak|is|am|did|do|where)\b/;

export function isStatsQuestion(text: string): boolean {
  const t = normalize(text).replace(/\s+/g, " ");
  if (STATS.some((re) => re.test(t))) return true;
  return (
    STREAK_QUESTION.test(t) && (t.endsWith("?") || QUESTION_START.test(t) || wordCount(t) <= 3)
  );
}

// "undo", "undo that", "undo 2" (the number is not read): takes back the last change made by text.
const UNDO =
  /^(?:please |(?:can|could) you (?:please )?)?undo(?: (?:that|it|this|(?:the |my )?last(?: one| change| thing| text| message)?|#?\d{1,2}|please|now|again))*$/;

export const isUndo = (text: string) => UNDO.test(keywordForm(text));

// Small talk that is never a goal or a check-in.
const ACK_WORDS = new Set(
  (
    "ok okay k kk okk okey alright aight sure yes yeah yep yup ya yea no nope nah thanks thank you thx " +
    "ty tysm tyvm cheers hi hello hey heya hiya howdy yo sup morning good gm evening night gn afternoon " +
    "great cool nice awesome perfect sweet lovely wonderful amazing fine got it will do sounds noted " +
    "understood roger lol haha hahaha lmao hmm hm oh ah wow coach bot there very much so appreciate " +
    "appreciated all right love this that's thats is and the too same later soon bye goodbye " +
    "welcome np problem sorry oops hehe yay woohoo ha dear friend buddy idk dunno nvm"
  ).split(" "),
);

export function isSmallTalk(text: string): boolean {
  const key = keywordForm(text);
  const words = key.match(/[\p{L}']+/gu) ?? [];
  if (words.length === 0 && !/\d/.test(key)) return true; // emoji, punctuation or nothing at all
  return !/\d/.test(key) && words.every((w) => ACK_WORDS.has(w));
}

// The words a text is answered by whatever the conversation was about: the carrier keywords (STOP,
// START, HELP, and YES from an opted-out number) and a partner's YES or NO to an invitation.

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
