import { csvCell, csvLine, parseCsv } from "./csv";

describe("csvCell and csvLine (RFC 4180 with a formula-injection guard)", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\r\nlf")).toBe('"cr\r\nlf"');
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(csvCell("")).toBe("");
    expect(csvLine(["a", "b,c", "d"])).toBe('a,"b,c",d');
  });

  it("guards cells that a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+15551234567")).toBe("'+15551234567");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    // A spreadsheet that splits on semicolons reads the rest as a new cell, which may be a formula.
    expect(csvCell(";=1+1")).toBe("';=1+1");
    expect(csvCell(";cmd")).toBe("';cmd");
    expect(csvCell("a;b")).toBe("a;b");
    expect(csvCell("1 = 1")).toBe("1 = 1");
    expect(csvCell("a-b")).toBe("a-b");
  });

  it("guards a cell whose formula starts after a carriage return, and keeps safe edges", () => {
    expect(csvCell("\r=1+1")).toBe('"\'\r=1+1"');
    expect(csvCell("a@b.com")).toBe("a@b.com");
    expect(csvCell("'quoted already")).toBe("'quoted already");
  });

  it("joins cells with commas and quotes only the cells that need it", () => {
    expect(csvLine([])).toBe("");
    expect(csvLine(["only"])).toBe("only");
    expect(csvLine(["", "", ""])).toBe(",,");
    expect(csvLine(["email", "=cmd", "two\nlines"])).toBe('email,\'=cmd,"two\nlines"');
  });
});

describe("parseCsv", () => {
  it("reads quoted cells, doubled quotes, line breaks in cells and either line ending", () => {
    expect(parseCsv('a,"b,c",d\r\n"say ""hi""","two\nlines",\n')).toEqual([
      ["a", "b,c", "d"],
      ['say "hi"', "two\nlines", ""],
    ]);
    expect(parseCsv("x,y")).toEqual([["x", "y"]]);
    expect(parseCsv("")).toEqual([]);
  });

  it("reads back what csvLine writes", () => {
    const cells = ["plain", "a,b", 'q"q', "two\nlines", " edge "];
    expect(parseCsv(csvLine(cells) + "\r\n")).toEqual([cells]);
  });
});
