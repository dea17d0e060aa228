import bwipjs from "bwip-js/node";

/**
 * Barcodes of the detection PDFs (sample labels, test reports) as vector rectangles: bwip-js (a port of BWIPP,
 * the reference barcode writer) gives the raw modules and bars, pdfkit fills them. Sharp at any printer
 * resolution, and a few hundred bytes a symbol.
 */

/** A QR code's dark modules, a horizontal run per rectangle, with a quiet zone of 2 modules inside `side`. */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number): void {
  const [qr] = bwipjs.raw("qrcode", text, "eclevel=M") as { pixs: number[]; pixx: number; pixy: number }[];
  const m = side / (qr.pixx + 4);
  for (let r = 0; r < qr.pixy; r++) {
    for (let c = 0; c < qr.pixx; ) {
      if (!qr.pixs[r * qr.pixx + c]) {
        c++;
        continue;
      }
      let end = c;
      while (end < qr.pixx && qr.pixs[r * qr.pixx + end]) end++;
      doc.rect(x + (c + 2) * m, y + (r + 2) * m, (end - c) * m, m);
      c = end;
    }
  }
  doc.fill("black");
}

/** A Code 128 barcode of `text` fitted to the width, with quiet zones of 10 modules each side. */
export function drawCode128(doc: PDFKit.PDFDocument, text: string, x: number, y: number, w: number, h: number): void {
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
