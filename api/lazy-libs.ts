import type ExcelJS from "exceljs";
import type PDFDocument from "pdfkit";
import type bwipjs from "bwip-js/node";
import type QRCode from "qrcode";

/**
 * Libraries the API loads on first use instead of at start: exceljs (workbooks: people and test-data imports,
 * exports and templates) and pdfkit with bwip-js and qrcode (the detection PDFs). Together they are about
 * 17 MB of heap after a collection (exceljs 7.6, pdfkit with fontkit 5.7, bwip-js 2.7, qrcode 1.0), held for
 * good by an API that may never make a workbook or a PDF; loaded, each stays loaded.
 */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  // A failed import (a package missing on disk) is tried again on the next call rather than remembered.
  return () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
}

export const excelJs = onFirstUse<typeof ExcelJS>(async () => (await import("exceljs")).default);

export interface PdfLibs {
  PDFDocument: typeof PDFDocument;
  bwipjs: typeof bwipjs;
  QRCode: typeof QRCode;
}

export const pdfLibs = onFirstUse<PdfLibs>(async () => {
  const [pdfkit, bwip, qrcode] = await Promise.all([import("pdfkit"), import("bwip-js/node"), import("qrcode")]);
  return { PDFDocument: pdfkit.default, bwipjs: bwip.default, QRCode: qrcode.default };
});
