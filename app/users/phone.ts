import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** A US number in E.164 (+1XXXXXXXXXX), or null when the input is not a valid US number that can receive texts. */
export function toUsE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), "US");
  if (!parsed || parsed.country !== "US" || !parsed.isValid()) return null;
  const type = parsed.getType();
  if (type && type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") return null;
  return parsed.number;
}

/** The national part shown after the '+1' prefix. */
export function nationalDigits(e164: string) {
  return e164.replace(/^\+1/, "");
}

/** "(201) 555-0123" for the messages shown to the owner of the number. */
export function formatUsPhone(e164: string) {
  const d = nationalDigits(e164);
  return /^\d{10}$/.test(d) ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : e164;
}
