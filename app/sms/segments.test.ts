import { segmentCount, smsEncoding } from "./segments";

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
