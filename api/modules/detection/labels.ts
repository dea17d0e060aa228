import { pdfLibs, type PdfLibs } from "../../lazy-libs.ts";
import type { Lang } from "../../http/messages.ts";
import { drawCode128, drawQr } from "./pdf-barcodes.ts";
import { pdfBytes, printable, registerFonts } from "./pdf-fonts.ts";
import type { Sample } from "../../../common/detection.ts";

/**
 * Sample labels as a PDF sheet (TrialDetection/GetSampleLabels, docs/detection.md): for each sample its ID in
 * large type, a QR code and a Code 128 barcode of the ID, its order, material and storage place.
 *
 * The symbols come from bwip-js (a port of BWIPP, the reference barcode writer) as raw modules and bars, drawn by
 * pdfkit as vector rectangles: sharp at any printer resolution, a few KiB per label. The QR code holds the ID
 * alone, not a link: it stays small enough for a 50 × 30 mm label, any scanner reads it, and the lab's lookup
 * (GetSample) takes it as typed.
 */

const MM = 72 / 25.4;

/** A sheet: its page, the label's size, and where the grid of labels starts (mm). */
interface Sheet {
  page: [number, number];
  label: [number, number];
  cols: number;
  rows: number;
  left: number;
  top: number;
  gapX: number;
  gapY: number;
}

/** The label sizes offered: a roll for thermal label printers, and two common A4 sheets of self-adhesive labels. */
export const LABEL_SHEETS = {
  /** One 50 × 30 mm label per page: a thermal roll. */
  "50x30": { page: [50, 30], label: [50, 30], cols: 1, rows: 1, left: 0, top: 0, gapX: 0, gapY: 0 },
  /** A4 with 3 × 8 labels of 70 × 37 mm, edge to edge. */
  "a4-3x8": { page: [210, 297], label: [70, 37], cols: 3, rows: 8, left: 0, top: 0.5, gapX: 0, gapY: 0 },
  /** A4 with 2 × 7 labels of 99.1 × 38.1 mm (the L7163 layout). */
  "a4-2x7": { page: [210, 297], label: [99.1, 38.1], cols: 2, rows: 7, left: 4.65, top: 15.15, gapX: 2.5, gapY: 0 },
} as const satisfies Record<string, Sheet>;
export type LabelSize = keyof typeof LABEL_SHEETS;
export const isLabelSize = (s: string): s is LabelSize => Object.hasOwn(LABEL_SHEETS, s);

const WORDS: Record<Lang, { heat: string; storage: string }> = {
  zh: { heat: "炉号", storage: "存放" },
  en: { heat: "Heat", storage: "Store" },
  es: { heat: "Colada", storage: "Lugar" },
  ja: { heat: "溶鋼", storage: "保管" },
};

/** The PDF of labels for `samples` in order, the first on position `start` (1-based) of a part-used sheet. */
export async function labelsPdf(samples: readonly Sample[], size: LabelSize, lang: Lang, start = 1): Promise<Buffer> {
  const libs = await pdfLibs();
  const sheet: Sheet = LABEL_SHEETS[size];
  const perPage = sheet.cols * sheet.rows;
  const doc = new libs.PDFDocument({
    size: [sheet.page[0] * MM, sheet.page[1] * MM],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Samples ${samples[0]?.OrderCode ?? ""}`.trim(), Creator: "Ferrum" },
  });
  const cjk = registerFonts(doc, "label", lang);
  const done = pdfBytes(doc);
  const offset = Math.min(Math.max(start, 1), perPage) - 1;
  samples.forEach((s, i) => {
    const slot = (i + offset) % perPage;
    if (i === 0 || slot === 0) doc.addPage();
    const col = slot % sheet.cols;
    const row = Math.floor(slot / sheet.cols);
    const x = sheet.left + col * (sheet.label[0] + sheet.gapX);
    const y = sheet.top + row * (sheet.label[1] + sheet.gapY);
    drawLabel(libs, doc, s, x * MM, y * MM, sheet.label[0] * MM, sheet.label[1] * MM, lang, cjk);
  });
  if (samples.length === 0) doc.addPage();
  doc.end();
  return done;
}

function drawLabel(libs: PdfLibs, doc: PDFKit.PDFDocument, s: Sample, x: number, y: number, w: number, h: number, lang: Lang, cjk: boolean) {
  const pad = Math.min(w, h) * 0.06;
  const barH = h * 0.26;
  const qrSide = h - 2 * pad - barH - pad * 0.6;
  drawQr(libs, doc, s.Code, x + pad, y + pad, qrSide);
  drawCode128(libs, doc, s.Code, x + pad, y + h - pad - barH, w - 2 * pad, barH);

  const tx = x + pad + qrSide + pad;
  const tw = x + w - pad - tx;
  const words = WORDS[lang];
  let size = Math.min(qrSide * 0.3, 14);
  doc.font("label-bold").fontSize(size);
  while (size > 5 && doc.widthOfString(s.Code) > tw) doc.fontSize((size -= 0.5));
  doc.fillColor("black").text(s.Code, tx, y + pad - size * 0.15, { width: tw, lineBreak: false });
  const lines = [
    `${s.OrderCode} · ${s.LineNo}-${s.PieceNo}`,
    s.Grade,
    s.HeatNo && `${words.heat} ${s.HeatNo}`,
    [s.Form, s.Condition].filter(Boolean).join(" · "),
    s.Storage && `${words.storage} ${s.Storage}`,
  ].filter(Boolean);
  const small = Math.max(Math.min((qrSide - size * 1.2) / Math.max(lines.length, 3) / 1.15, 8), 3.5);
  doc.font("label").fontSize(small);
  let ly = y + pad + size * 1.1;
  for (const line of lines) {
    doc.text(printable(line, cjk), tx, ly, { width: tw, height: small * 1.2, lineBreak: false, ellipsis: true });
    ly += small * 1.15;
  }
}
