// GSM 03.38 basic set and extension table; anything else makes a text UCS-2.
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

export type Encoding = "GSM-7" | "UCS-2";

export function smsEncoding(text: string): Encoding {
  for (const ch of text) if (!GSM_BASIC.includes(ch) && !GSM_EXTENDED.includes(ch)) return "UCS-2";
  return "GSM-7";
}

/** How many SMS segments a text is sent as (160/153 GSM-7 septets, 70/67 UCS-2 code units). */
export function segmentCount(text: string) {
  if (text.length === 0) return 1;
  if (smsEncoding(text) === "GSM-7") {
    let septets = 0;
    for (const ch of text) septets += GSM_EXTENDED.includes(ch) ? 2 : 1;
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  const units = text.length; // UTF-16 code units, as UCS-2 counts them (an emoji is two)
  return units <= 70 ? 1 : Math.ceil(units / 67);
}
