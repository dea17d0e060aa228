import { describe, expect, it } from "vitest";
import { pdfLibs } from "../../lazy-libs.ts";
import { fontsHeld, pdfBytes, registerFonts, releaseFonts } from "./pdf-fonts.ts";

describe("the detection PDFs' fonts", () => {
  it("are kept after a document for the next one, and let go at once when asked", async () => {
    const { PDFDocument } = await pdfLibs();
    const doc = new PDFDocument();
    const done = pdfBytes(doc);
    const cjk = registerFonts(doc, "t", "zh");
    doc.font("t").text(cjk ? "检测报告" : "Test report");
    doc.end();
    expect((await done).subarray(0, 5).toString()).toBe("%PDF-");
    // Without Debian's fonts-noto-cjk there is nothing to keep: the PDFs fall back to Helvetica.
    expect(fontsHeld()).toBe(cjk);
    releaseFonts();
    expect(fontsHeld()).toBe(false);
  });
});
