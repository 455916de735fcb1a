import { segmentCount, smsEncoding, toSmsText } from "./segments";

const a = (n: number) => "a".repeat(n);

describe("smsEncoding", () => {
  it("keeps plain text, GSM accents and the extension table in GSM-7", () => {
    expect(smsEncoding("Good morning! What are your goals? 1) Run 5k")).toBe("GSM-7");
    expect(smsEncoding("Café, niño, Ångström, £5 & ¥3 @ 7")).toBe("GSM-7");
    expect(smsEncoding("€ [x] {y} ~z^ |w| \\")).toBe("GSM-7");
    expect(smsEncoding("")).toBe("GSM-7");
  });

  it("turns to UCS-2 for an emoji, curly quotes or characters outside GSM 03.38", () => {
    expect(smsEncoding("Great work! 🎉")).toBe("UCS-2");
    expect(smsEncoding("It’s done")).toBe("UCS-2");
    expect(smsEncoding("“quoted”")).toBe("UCS-2");
    expect(smsEncoding("日本")).toBe("UCS-2");
  });
});

describe("segmentCount in GSM-7", () => {
  it("fits 160 characters in one segment and splits at 161 into parts of 153", () => {
    expect(segmentCount("")).toBe(1);
    expect(segmentCount(a(1))).toBe(1);
    expect(segmentCount(a(160))).toBe(1);
    expect(segmentCount(a(161))).toBe(2);
    expect(segmentCount(a(306))).toBe(2);
    expect(segmentCount(a(307))).toBe(3);
    expect(segmentCount(a(459))).toBe(3);
    expect(segmentCount(a(460))).toBe(4);
  });

  it.each(["€", "[", "]", "{", "}", "~", "^", "|", "\\"])(
    "counts the extension character %s as two septets",
    (ch) => {
      expect(smsEncoding(ch)).toBe("GSM-7");
      expect(segmentCount(a(158) + ch)).toBe(1); // 160 septets
      expect(segmentCount(a(159) + ch)).toBe(2); // 161 septets
      expect(segmentCount(a(304) + ch)).toBe(2); // 306 septets
      expect(segmentCount(a(305) + ch)).toBe(3); // 307 septets
    },
  );

  it("counts 80 euro signs as one full segment and 81 as two", () => {
    expect(segmentCount("€".repeat(80))).toBe(1);
    expect(segmentCount("€".repeat(81))).toBe(2);
  });
});

describe("segmentCount in UCS-2", () => {
  const u = (n: number) => "ж".repeat(n);

  it("fits 70 characters in one segment and splits at 71 into parts of 67", () => {
    expect(smsEncoding(u(1))).toBe("UCS-2");
    expect(segmentCount(u(70))).toBe(1);
    expect(segmentCount(u(71))).toBe(2);
    expect(segmentCount(u(134))).toBe(2);
    expect(segmentCount(u(135))).toBe(3);
  });

  it("makes the whole text UCS-2 when one emoji is in it, counting the emoji as 2 code units", () => {
    const emoji = "🎉";
    expect(emoji.length).toBe(2);
    // 160 GSM characters are one segment, but one emoji more makes all 162 code units UCS-2: 3 parts.
    expect(segmentCount(a(160))).toBe(1);
    expect(segmentCount(a(160) + emoji)).toBe(3);
    expect(segmentCount(a(68) + emoji)).toBe(1); // 70 code units
    expect(segmentCount(a(69) + emoji)).toBe(2); // 71 code units
    expect(segmentCount(a(132) + emoji)).toBe(2); // 134 code units
    expect(segmentCount(a(133) + emoji)).toBe(3); // 135 code units
  });

  it("does not count GSM extension characters twice once the text is UCS-2", () => {
    expect(segmentCount("€".repeat(69) + "ж")).toBe(1); // 70 code units
    expect(segmentCount("€".repeat(70) + "ж")).toBe(2);
  });
});

describe("segmentCount: what a part cannot split", () => {
  it("never splits an emoji's surrogate pair across two parts", () => {
    // 66 + 2 + 66 = 134 code units, but the emoji would straddle the first part's end: 3 parts.
    expect(segmentCount(`${a(66)}🎉${a(66)}`)).toBe(3);
    expect(segmentCount(`${a(65)}🎉${a(67)}`)).toBe(2);
  });

  it("never splits an extension character's two septets across two parts", () => {
    // 152 + 2 + 152 = 306 septets, but the € would straddle the first part's end: 3 parts.
    expect(segmentCount(`${a(152)}€${a(152)}`)).toBe(3);
    expect(segmentCount(`${a(151)}€${a(153)}`)).toBe(2);
  });
});

describe("toSmsText", () => {
  it("turns typographic punctuation into its GSM-7 equivalent when nothing else needs UCS-2", () => {
    const typed = "It’s done — “all” of it… 9–5 • ok\u00A0now\u200B";
    expect(smsEncoding(typed)).toBe("UCS-2");
    const sent = toSmsText(typed);
    expect(sent).toBe(`It's done - "all" of it... 9-5 * ok now`);
    expect(smsEncoding(sent)).toBe("GSM-7");
    expect(segmentCount(`${a(130)} ${typed}`)).toBe(3);
    expect(segmentCount(toSmsText(`${a(130)} ${typed}`))).toBe(2);
  });

  it("keeps a text with an emoji or a letter GSM-7 lacks as written: it is UCS-2 anyway", () => {
    for (const text of ["It’s done 🎉", "call mom 📞 — sunday", "日本 “trip”", "Ω ok’"]) {
      if (smsEncoding(text.replace(/[’“”—]/g, "")) === "UCS-2") expect(toSmsText(text)).toBe(text);
    }
    expect(toSmsText("Ω ok’")).toBe("Ω ok'"); // Ω is in the GSM-7 basic set
  });

  it("leaves every GSM-7 basic and extension character alone", () => {
    const gsm =
      "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€";
    expect(toSmsText(gsm)).toBe(gsm);
    expect(smsEncoding(gsm)).toBe("GSM-7");
  });
});
