import fs from "node:fs";
import type { Lang } from "../../http/messages.ts";

/**
 * The fonts of the detection PDFs (sample labels, test reports): Noto Sans CJK (Debian's fonts-noto-cjk, which
 * the set-up installs) for names in Chinese and Japanese, read once and subset into each PDF by pdfkit, so a
 * file carries only the glyphs it uses. Without it the PDFs fall back to Helvetica and show Latin text only.
 */
const CJK = { regular: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", bold: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc" };
let fonts: { regular: Buffer; bold: Buffer } | null | undefined;
/**
 * The two files are 39 MB: kept while documents are being made (a batch of labels, a run of reports), let go a
 * minute after the last one, so a server that made one report at start does not hold them for good.
 */
const KEEP_FONTS_MS = 60_000;
let forget: NodeJS.Timeout | null = null;
function cjkFonts() {
  if (fonts === undefined) {
    try {
      fonts = { regular: fs.readFileSync(CJK.regular), bold: fs.readFileSync(CJK.bold) };
    } catch {
      fonts = null;
    }
  }
  if (fonts) {
    if (forget) clearTimeout(forget);
    forget = setTimeout(() => (fonts = undefined), KEEP_FONTS_MS);
    forget.unref();
  }
  return fonts;
}

/**
 * Lets the fonts go now instead of a minute after the last document, for a document known to be the only one:
 * the demo seeder's report at start, after which 39 MB would stay in the API through its first minute of pages.
 */
export function releaseFonts(): void {
  if (forget) clearTimeout(forget);
  forget = null;
  fonts = undefined;
}

/** Whether the font files are in memory now (a test's question). */
export const fontsHeld = (): boolean => Boolean(fonts);

/**
 * Registers `name` and `name-bold` on the document: the collection's Japanese face for Japanese (its kanji take
 * the Japanese forms), the simplified Chinese one otherwise. True when the CJK font is there.
 */
export function registerFonts(doc: PDFKit.PDFDocument, name: string, lang: Lang): boolean {
  const f = cjkFonts();
  if (f) {
    const face = lang === "ja" ? "NotoSansCJKjp" : "NotoSansCJKsc";
    doc.registerFont(name, f.regular, `${face}-Regular`);
    doc.registerFont(`${name}-bold`, f.bold, `${face}-Bold`);
    return true;
  }
  doc.registerFont(name, "Helvetica");
  doc.registerFont(`${name}-bold`, "Helvetica-Bold");
  return false;
}

/**
 * Text the font can show: without the CJK font only Helvetica's WinAnsi characters print (Latin-1: Spanish
 * accents do), so the few signs beyond it become their ASCII spelling and anything else a "?" rather than a box.
 */
export function printable(s: string, cjk: boolean): string {
  if (cjk) return s;
  return s
    .replace(/≥/g, ">=")
    .replace(/≤/g, "<=")
    .replace(/[–—]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
}

/** The bytes of a finished document: collects its stream until the end. Call before drawing, end it after. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
