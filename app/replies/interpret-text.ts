// Text helpers shared by the reply interpreter. Everything here is pure.

/** Lowercase, straight quotes, no emoji presentation selectors, single spaces, trimmed lines. */
export function normalize(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\ufe0e\ufe0f\u200d]/g, "")
    .toLowerCase()
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\r?\n */g, "\n")
    .trim();
}

/** One line without leading/trailing punctuation or emoji: "STOP!!" -> "stop", "'Help?'" -> "help". */
export function keywordForm(text: string): string {
  return normalize(text)
    .replace(/\s+/g, " ")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, "");
}

/** "please", "thanks" and the like around a command: "pls remove 2", "stop habit gym thx". */
export const POLITE_START =
  /^(?:(?:please|pls|plz|can you|could you|you can|can we|let'?s|i want to|i'd like to)\s+)+/;
export const POLITE_END = /(?:\s+(?:please|pls|plz|thanks|thx|ty|instead))+$/;

export const hasWordContent = (text: string) => /[\p{L}\p{N}]/u.test(text);

export const wordCount = (text: string) => text.split(/\s+/).filter(hasWordContent).length;

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
};

// Past tenses that suffix stripping cannot reach ("I ran the 5k" must find "Run 5k").
const IRREGULAR: Record<string, string> = {
  ran: "run",
  swam: "swim",
  wrote: "write",
  written: "write",
  ate: "eat",
  eaten: "eat",
  drank: "drink",
  drunk: "drink",
  went: "go",
  gone: "go",
  did: "do",
  made: "make",
  bought: "buy",
  took: "take",
  taken: "take",
  got: "get",
  met: "meet",
  spoke: "speak",
  sent: "send",
  paid: "pay",
  built: "build",
  taught: "teach",
  sold: "sell",
  fed: "feed",
  brought: "bring",
  told: "tell",
  slept: "sleep",
  rode: "ride",
  ridden: "ride",
  drove: "drive",
  driven: "drive",
  caught: "catch",
  began: "begin",
  begun: "begin",
  gave: "give",
  given: "give",
  sang: "sing",
  sung: "sing",
  found: "find",
  left: "leave",
  kept: "keep",
  lost: "lose",
  spent: "spend",
  thought: "think",
  fought: "fight",
  won: "win",
  hung: "hang",
  shot: "shoot",
  flew: "fly",
  threw: "throw",
  grew: "grow",
  drew: "draw",
  knew: "know",
  saw: "see",
  seen: "see",
  // Loose synonyms people use when reporting a goal back.
  jog: "run",
  jogged: "run",
  jogging: "run",
  rang: "call",
  phoned: "call",
  mum: "mom",
  mother: "mom",
  workout: "gym",
  worked: "work",
};

/** A crude English stem, applied the same way to goal words and reply words. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/^'+|'+$/g, "");
  const irregular = IRREGULAR[w];
  if (irregular) w = irregular;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (/ation$/.test(w)) w = w.slice(0, -5) + "at";
  else if (/ie[sd]$/.test(w)) w = w.slice(0, -3) + "y";
  else if (/ing$/.test(w) && w.length > 5) w = w.slice(0, -3);
  else if (/ed$/.test(w) && w.length > 4) w = w.slice(0, -2);
  else if (/(?:sh|ch|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (/[^su]s$/.test(w)) w = w.slice(0, -1);
  if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (/e$/.test(w) && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** Two stems name the same thing: equal, or one barely extends the other ("journal" / "journall"). */
export function stemsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 5 && long.length - short.length <= 2 && long.startsWith(short);
}
