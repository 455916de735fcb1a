import PDFDocument from "pdfkit";
import { hslToHex } from "~/goals/outcome-colours";

/** The light theme of the web app (app/tailwind.css, :root), as print colours. */
export const INK = {
  foreground: hslToHex([222, 47, 11]),
  muted: hslToHex([215, 19, 35]),
  mutedFill: hslToHex([210, 40, 96]),
  border: hslToHex([214, 32, 88]),
  primary: hslToHex([221, 83, 45]),
  primarySoft: hslToHex([221, 83, 45, 0.07]),
  white: "#ffffff",
};

const FONTS = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" };

export type TextStyle = {
  font?: keyof typeof FONTS;
  size?: number;
  color?: string;
  /** Wraps within this width; without it the text stays on one line. */
  width?: number;
  align?: "left" | "center" | "right";
  lineGap?: number;
};

// US Letter in points; the content box leaves room for a running head and the page footer.
const PAGE = { width: 612, height: 792 };
const MARGIN_X = 48;
const TOP = 50;
const BOTTOM = PAGE.height - 56;

/**
 * The report's pages: where the next block goes (`y`), page breaks before blocks that would not fit,
 * a running head on every page after the first and 'Page n of m' footers. All drawing uses explicit
 * positions, so PDFKit's own flow never breaks a page by itself.
 */
export class Sheet {
  readonly left = MARGIN_X;
  readonly right = PAGE.width - MARGIN_X;
  readonly width = PAGE.width - 2 * MARGIN_X;
  y = TOP;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly runningHead: string,
    private readonly footer: string,
  ) {}

  /** Leaves room for `height` points below `y`, on a new page if need be; true when it began one. */
  need(height: number) {
    if (this.y + height <= BOTTOM) return false;
    this.newPage();
    return true;
  }

  /** How much room is left on this page. */
  get room() {
    return BOTTOM - this.y;
  }

  newPage() {
    this.doc.addPage();
    this.y = TOP;
    this.write(this.runningHead, this.left, this.y - 22, { size: 8, color: INK.muted });
    this.rule(this.y - 10);
  }

  style({ font = "regular", size = 10, color = INK.foreground }: TextStyle) {
    this.doc.font(FONTS[font]).fontSize(size).fillColor(color);
    this.fontKey = `${font}|${size}`;
    return this.doc;
  }

  // Widths of the strings drawn, by font: a report repeats its labels, times and goals a lot.
  private fontKey = "";
  private widths = new Map<string, number>();

  /** The width of a string in the current font (set by `style`). */
  private naturalWidth(text: string) {
    const key = `${this.fontKey}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.widthOfString(text);
      this.widths.set(key, width);
    }
    return width;
  }

  /**
   * Draws text at a point and returns its height. Text that fits on one line (most of a report's) is
   * placed directly: PDFKit's line wrapper is by far the costliest part of a long report.
   */
  write(text: string, x: number, y: number, style: TextStyle = {}) {
    this.style(style);
    const lineGap = style.lineGap ?? 1.5;
    const { width, align } = style;
    const natural = this.naturalWidth(text);
    if (width === undefined || natural <= width) {
      const slack = width === undefined ? 0 : width - natural;
      const dx = align === "center" ? slack / 2 : align === "right" ? slack : 0;
      this.doc.text(text, x + dx, y, { lineBreak: false });
      return this.doc.currentLineHeight(true) + lineGap;
    }
    this.doc.text(text, x, y, { width, align, lineGap });
    return this.doc.y - y;
  }

  /** The height `write` would give the text. */
  measure(text: string, style: TextStyle = {}) {
    this.style(style);
    const lineGap = style.lineGap ?? 1.5;
    if (style.width === undefined || this.naturalWidth(text) <= style.width) {
      return this.doc.currentLineHeight(true) + lineGap;
    }
    return this.doc.heightOfString(text, { width: style.width, lineGap });
  }

  textWidth(text: string, style: TextStyle = {}) {
    this.style(style);
    return this.naturalWidth(text);
  }

  rule(y: number, color = INK.border) {
    this.doc.moveTo(this.left, y).lineTo(this.right, y).lineWidth(0.75).strokeColor(color).stroke();
  }

  /** A section heading with room for at least `keepWith` points of what follows on the same page. */
  heading(title: string, keepWith: number, subtitle?: string) {
    const subtitleHeight = subtitle
      ? this.measure(subtitle, { size: 9, width: this.width }) + 2
      : 0;
    // 14 above (not at the top of a page), 20 for the title, the subtitle, 6 below.
    if (!this.need(40 + subtitleHeight + keepWith)) this.y += 14;
    this.write(title, this.left, this.y, { font: "bold", size: 14 });
    this.y += 20;
    if (subtitle) {
      this.y += this.write(subtitle, this.left, this.y, {
        size: 9,
        color: INK.muted,
        width: this.width,
      });
      this.y += 2;
    }
    this.y += 6;
  }

  /** 'Page n of m' and the report's name at the foot of every page; call once, at the end. */
  finish() {
    const range = this.doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      const y = PAGE.height - 40;
      this.rule(y - 8);
      this.write(this.footer, this.left, y, { size: 8, color: INK.muted });
      this.write(`Page ${i + 1} of ${range.count}`, this.left, y, {
        size: 8,
        color: INK.muted,
        width: this.width,
        align: "right",
      });
    }
  }
}

export function newReportDocument(title: string, author: string) {
  return new PDFDocument({
    size: "LETTER",
    // Small real margins: the layout keeps its own (see Sheet), footers sit below the content box.
    margins: { top: TOP, bottom: 20, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    info: { Title: title, Author: author, Creator: "StreakCoach" },
  });
}
