// Text as the reply interpreter reads it: normalized, stemmed, and (below) typed the way people type
// on a phone. Everything here is pure.

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

// How people type on a phone (replies version 3): shorthand, one-typo command words and fillers are
// read as the words they stand for, while the user's own words stay at hand for goal and habit texts.
// Pure.

/** A text as read (`text`) beside the text as typed (`typed`), piece by piece. */
export interface Typed {
  pieces: { typed: string; read: string }[];
  text: string;
  typed: string;
}

const SHORTHAND: Record<string, string> = {
  u: "you",
  ur: "your",
  im: "i'm",
  ive: "i've",
  whats: "what's",
  wats: "what's",
  wat: "what",
  hows: "how's",
  tmrw: "tomorrow",
  tmr: "tomorrow",
  tmrow: "tomorrow",
  tomo: "tomorrow",
  "2moro": "tomorrow",
  "2morrow": "tomorrow",
  "2day": "today",
  tday: "today",
  "2nite": "tonight",
  tonite: "tonight",
  nite: "night",
  pls: "please",
  plz: "please",
  rn: "right now",
  b4: "before",
  "w/": "with",
  "w/o": "without",
  thx: "thanks",
  ty: "thanks",
  gonna: "going to",
  wanna: "want to",
};

// Words a command is made of (every command word of the conventions: check-in verdicts, skip and
// move words, edit, remove, undo, pause, resume and habit words); a word one typo away from one of
// them reads as it. The compliance keywords (STOP, HELP, START) are read only as typed.
const COMMAND_WORDS = (
  "done skip skipped skipping completed complete finished finish missed forgot tomorrow today tonight " +
  "everything nothing except instead move moved push postpone postponed reschedule change changed edit " +
  "update replace rename remove removed delete deleted drop scratch cancel cancelled canceled ditch " +
  "erase forget undo pause paused resume unpause vacation habit habits every daily weekday weekdays " +
  "weekend weekends goal goals"
).split(" ");
// Real words one typo away from a command word: "shipped the parcel" is not a skip, "movie night"
// not a move. The list is every dictionary word (wamerican) within one typo of a command word, less
// its names ("Chang", "Mitch"): "chang 2 to yoga" is a change, and a goal's own names are kept anyway.
const REAL_WORDS = new Set(
  (
    "shipped sipped skimped skipper skippers slipped snipped shipping sipping skimping slipping " +
    "snipping skimp skips competed compete complected completer completes finisher finishes finis " +
    "finnish drone dissed hissed kissed massed messed misled misses misted misused mussed pissed " +
    "forgo chance chances changes charge charged charging chanced chanted clanged hanged edict " +
    "edits updated updater updates replaced replaces renamed renames remote remover removes " +
    "deletes deplete depleted droop drops scratchy cancels cancer chancel bitch dutch hitch itch " +
    "pitch witch ease eras erased eraser erases erse forge forged forger forges forgets moves " +
    "mover movie movies plush pushy postpones rescheduled reschedules tomorrows toady toddy tokay " +
    "eery ever revery very dairy daisy dally doily drily gaily cause caused parse parsed " +
    "passed pauses presume resumed resumes resumé résumé vacations vocation noshing notching nothings " +
    "noting excepts excerpt coals foals gals goads goats goad goat habitat complex"
  ).split(" "),
);

/** Whether a word is a real word one typo from a command word ("shipped"), so read as typed. */
export const isRealWord = (word: string) => REAL_WORDS.has(word.toLowerCase());

/** Damerau-Levenshtein distance of at most one: a letter missing, added, changed, or two swapped. */
function withinOneEdit(a: string, b: string, allowChange: boolean): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped || (allowChange && a.slice(i + 1) === b.slice(i + 1));
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.slice(i) === long.slice(i + 1);
}

/** The word with each run of one letter written once ("tommorrow" -> "tomorow"). */
export const undoubled = (word: string) => word.replace(/(\p{L})\1+/gu, "$1");

/** A word beside its undoubled form, so that a word compared with many is undoubled once. */
export type TypoForm = { word: string; undoubled: string };
export const typoForm = (word: string): TypoForm => ({ word, undoubled: undoubled(word) });

/**
 * One typo apart ("skiped", "tommorow", "rnet"). Words under four letters never are; a changed letter
 * needs `changeFrom` letters, since short words one letter apart are often both real ("math", "bath").
 */
export function withinOneTypo(word: string, target: string, changeFrom = 5): boolean {
  if (word.length < 4 || target.length < 4) return false;
  return formsWithinOneTypo(typoForm(word), typoForm(target), changeFrom);
}

/** As `withinOneTypo`, of words already in their typo form. */
export function formsWithinOneTypo(word: TypoForm, target: TypoForm, changeFrom = 5): boolean {
  const [a, b] = [word.word, target.word];
  if (a.length < 4 || b.length < 4) return false;
  const allowChange = Math.min(a.length, b.length) >= changeFrom;
  return withinOneEdit(a, b, allowChange) || (b.length >= 5 && word.undoubled === target.undoubled);
}

// Whether the word is the user's own (`keep`) is asked last: it compares it with every goal's words.
function commandWordFor(word: string, keep: (word: string) => boolean): string | undefined {
  if (word.length < 4 || REAL_WORDS.has(word) || COMMAND_WORDS.includes(word)) return undefined;
  const form = typoForm(word);
  const close = COMMAND_FORMS.filter((c) => formsWithinOneTypo(form, c));
  // When two words are that close, the likelier typo wins: a letter missing, added or swapped
  // before one changed ("completd": completed, not complete), then two swapped ("completde"), then
  // one missing ("finishd": finished, not finish).
  let likeliest =
    close.length > 1 ? close.filter((c) => formsWithinOneTypo(form, c, Infinity)) : close;
  for (const length of [word.length, word.length + 1]) {
    const sameLength = likeliest.filter((c) => c.word.length === length);
    if (likeliest.length > 1 && sameLength.length > 0) likeliest = sameLength;
  }
  return likeliest.length === 1 && !keep(word) ? likeliest[0]!.word : undefined;
}

const COMMAND_FORMS = COMMAND_WORDS.map(typoForm);

/** Straight quotes, no emoji presentation selectors, single spaces, trimmed lines (case kept). */
const tidy = (text: string) =>
  text
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\ufe0e\ufe0f\u200d]/g, "")
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\r?\n */g, "\n")
    .trim();

const PIECE = /(?<![\p{L}\p{N}])w\/o?(?![\p{L}\p{N}]*\/)|[\p{L}\p{N}']+|[^\p{L}\p{N}']+/gu;

const typedOf = (pieces: Typed["pieces"]): Typed => ({
  pieces,
  text: pieces.map((p) => p.read).join(""),
  typed: pieces.map((p) => p.typed).join(""),
});

// Punctuation spoken to a phone's dictation ("ran the 5k period skipped reading") reads as the mark.
const SPOKEN_MARKS: [string[], string][] = [
  [["new", "paragraph"], "\n"],
  [["new", "line"], "\n"],
  [["next", "line"], "\n"],
  [["newline"], "\n"],
  [["question", "mark"], "?"],
  [["exclamation", "point"], "!"],
  [["exclamation", "mark"], "!"],
  [["full", "stop"], "."],
  [["period"], "."],
  [["comma"], ","],
  [["semicolon"], ";"],
];
// "a new line of code", "the trial period": a word after these is meant, not dictated punctuation.
const NOT_SPOKEN_AFTER = new Set(
  "a an the this that my your our his her their its trial grace waiting time free".split(" "),
);

function spokenMarkAt(pieces: Typed["pieces"], i: number, keep: (word: string) => boolean) {
  const previous = pieces[i - 2]?.typed.toLowerCase() ?? "";
  if (NOT_SPOKEN_AFTER.has(previous)) return undefined;
  return SPOKEN_MARKS.find(([words]) =>
    words.every((w, k) => {
      const piece = pieces[i + 2 * k]?.typed.toLowerCase();
      const gap = k === 0 || /^ +$/.test(pieces[i + 2 * k - 1]?.typed ?? "");
      return piece === w && gap && !keep(w);
    }),
  );
}

function withSpokenMarks(pieces: Typed["pieces"], keep: (word: string) => boolean) {
  const out: Typed["pieces"] = [];
  for (let i = 0; i < pieces.length; i++) {
    const spoken = spokenMarkAt(pieces, i, keep);
    if (!spoken) {
      out.push(pieces[i]!);
      continue;
    }
    const [words, mark] = spoken;
    const last = out[out.length - 1];
    if (last && /^ +$/.test(last.read)) last.read = "";
    const used = pieces.slice(i, i + 2 * words.length - 1);
    out.push({ typed: used.map((p) => p.typed).join(""), read: mark });
    i += used.length - 1;
  }
  return out;
}

/**
 * The text read as the words it stands for. `keep` tells which words are the user's own (today's goal
 * words), which are never read as a misspelt command word.
 */
export function readTyped(text: string, keep: (word: string) => boolean = () => false): Typed {
  const pieces = (tidy(text).match(PIECE) ?? []).map((typed) => {
    const lower = typed.toLowerCase();
    const read = SHORTHAND[lower] ?? commandWordFor(lower, keep) ?? typed;
    return { typed, read };
  });
  return typedOf(withSpokenMarks(pieces, keep));
}

/** Shorthand read in a goal's own text, for what it says (a due time "b4 noon"), not for its words. */
export const readShorthand = (text: string) => readTyped(text).text;

const FILLER =
  /^(?:oops|whoops|ok so|okay so|ok|okay|kk|k|hey|hmm+|hm|actually|also|btw|so|um+|uh|oh|ugh|anyways?|lol|wait)\b/i;

/**
 * Without the fillers before a command ("oops", "ok so", "btw"); `punctuated` tells whether one was
 * set off by punctuation ("ok, ..."), so that it can be told apart from a goal ("wait for the vet").
 */
export function withoutFillers(t: Typed): { typed: Typed; punctuated: boolean; stripped: boolean } {
  let pieces = t.pieces;
  let punctuated = false;
  let stripped = false;
  for (;;) {
    const rest = pieces.map((p) => p.read).join("");
    const filler = FILLER.exec(rest);
    if (!filler) break;
    let used = 0;
    let k = 0;
    while (used < filler[0].length && k < pieces.length) used += pieces[k++]!.read.length;
    const after = pieces[k]?.read ?? "";
    // A filler joined to the next word is part of it ("k-pop", "so-so"); one before a colon is a
    // header ("also: call dad").
    if ((!/\s/.test(after) && !/^[,.!;\u2026]+$/.test(after)) || after.includes(":")) break;
    const separator = after.replace(/\s+/g, "");
    const remaining = pieces.slice(k + 1);
    if (!remaining.some((p) => /[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(p.read))) break;
    if (separator) punctuated = true;
    pieces = remaining;
    stripped = true;
  }
  return { typed: typedOf(pieces), punctuated, stripped };
}

/**
 * The words as typed behind a stretch of the read text, found by its lower-case form (the readers
 * lower-case what they match); `found` itself when it cannot be placed.
 */
export function asTyped(t: Typed, found: string): string {
  const at = t.text.toLowerCase().lastIndexOf(found);
  if (at < 0 || found === "") return found;
  const end = at + found.length;
  let pos = 0;
  let out = "";
  for (const { typed, read } of t.pieces) {
    const from = pos;
    pos += read.length;
    if (pos <= at || from >= end) continue;
    const whole = from >= at && pos <= end;
    out += whole || read !== typed ? typed : typed.slice(Math.max(0, at - from), end - from);
  }
  return out;
}

/** The typed text from where `body`, a tail of the read text, starts. */
export function typedTail(t: Typed, body: string): string {
  const start = t.text.trimEnd().length - body.length;
  if (start < 0 || t.text.slice(start).trimEnd() !== body) return body;
  let pos = 0;
  let out = "";
  for (const { typed, read } of t.pieces) {
    const from = pos;
    pos += read.length;
    if (pos <= start) continue;
    out += from >= start || read !== typed ? typed : typed.slice(start - from);
  }
  return out.trim();
}
