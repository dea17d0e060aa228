import type { PdfLibs } from "../../lazy-libs.ts";

/**
 * Barcodes of the detection PDFs (sample labels, test reports) as vector rectangles, filled by pdfkit: sharp
 * at any printer resolution, and a few hundred bytes a symbol. The QR code's modules come from `qrcode`
 * (node-qrcode), the Code 128 bars from bwip-js (a port of BWIPP, the reference barcode writer). bwip-js draws
 * QR codes too, but through its PostScript emulation at about 3 ms a symbol: 1.5 s of a 500-label sheet;
 * node-qrcode takes about 0.1 ms.
 */

/** A QR code's dark modules, a horizontal run per rectangle, with a quiet zone of 2 modules inside `side`. */
export function drawQr({ QRCode }: PdfLibs, doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const m = side / (n + 4);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; ) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      let end = c;
      while (end < n && modules.get(r, end)) end++;
      doc.rect(x + (c + 2) * m, y + (r + 2) * m, (end - c) * m, m);
      c = end;
    }
  }
  doc.fill("black");
}

/** A Code 128 barcode of `text` fitted to the width, with quiet zones of 10 modules each side. */
export function drawCode128({ bwipjs }: PdfLibs, doc: PDFKit.PDFDocument, text: string, x: number, y: number, w: number, h: number): void {
  const [bc] = bwipjs.raw("code128", text, "") as { sbs: number[] }[];
  const modules = bc.sbs.reduce((a, b) => a + b, 0);
  const m = w / (modules + 20);
  let at = x + 10 * m;
  bc.sbs.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(at, y, width * m, h);
    at += width * m;
  });
  doc.fill("black");
}
