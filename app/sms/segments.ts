// GSM 03.38 basic set and extension table; anything else makes a text UCS-2.
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

export type Encoding = "GSM-7" | "UCS-2";

const GSM = new Set([...GSM_BASIC, ...GSM_EXTENDED]);
const EXTENDED = new Set(GSM_EXTENDED);
const isGsm = (ch: string) => GSM.has(ch);

export function smsEncoding(text: string): Encoding {
  for (const ch of text) if (!isGsm(ch)) return "UCS-2";
  return "GSM-7";
}

// Characters phones and keyboards put in for plain ones ("smart" punctuation, odd spaces): each has a
// GSM-7 equivalent that reads the same, so one of them alone need not make a text UCS-2.
const GSM_EQUIVALENTS: Record<string, string> = {
  "\u2018": "'", // ‘
  "\u2019": "'", // ’
  "\u201A": "'", // ‚
  "\u201B": "'", // ‛
  "\u2032": "'", // ′
  "\u00B4": "'", // ´
  "`": "'",
  "\u201C": '"', // “
  "\u201D": '"', // ”
  "\u201E": '"', // „
  "\u201F": '"', // ‟
  "\u2033": '"', // ″
  "\u00AB": '"', // «
  "\u00BB": '"', // »
  "\u2010": "-", // ‐
  "\u2011": "-", // non-breaking hyphen
  "\u2012": "-", // ‒
  "\u2013": "-", // –
  "\u2014": "-", // —
  "\u2015": "-", // ―
  "\u2212": "-", // −
  "\u2026": "...", // …
  "\u2022": "*", // •
  "\u00B7": "*", // ·
  "\u00D7": "x", // ×
  "\u00A0": " ", // no-break space
  "\u2002": " ",
  "\u2003": " ",
  "\u2009": " ", // thin space
  "\u202F": " ", // narrow no-break space
  "\t": " ",
  "\u200B": "", // zero-width space
  "\u200D": "", // zero-width joiner (outside an emoji there is nothing for it to join)
  "\uFEFF": "",
};

/**
 * The text to send: typographic punctuation turned into its GSM-7 equivalent when that makes the whole
 * text GSM-7 (160 characters a segment instead of 70). A text with an emoji or a character GSM-7 lacks
 * is UCS-2 whatever we do, so it is sent as written.
 */
export function toSmsText(text: string) {
  let plain = "";
  for (const ch of text) {
    const swapped = GSM_EQUIVALENTS[ch] ?? ch;
    if (!isGsm(swapped.charAt(0)) && swapped !== "") return text;
    plain += swapped;
  }
  return plain;
}

/**
 * How many SMS segments a text is sent as: 160 GSM-7 septets in one, else parts of 153; 70 UCS-2 code
 * units in one, else parts of 67. A part never splits an extension character's two septets or an
 * emoji's two code units (a surrogate pair), so a part may carry one fewer.
 */
export function segmentCount(text: string) {
  const gsm = smsEncoding(text) === "GSM-7";
  const sizes = Array.from(text, (ch) => (gsm ? (EXTENDED.has(ch) ? 2 : 1) : ch.length));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  if (total <= single) return 1;
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return segments;
}
