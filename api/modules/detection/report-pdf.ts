import { pdfLibs } from "../../lazy-libs.ts";
import type { Lang } from "../../http/messages.ts";
import { methodOf } from "./methods.ts";
import { drawQr } from "./pdf-barcodes.ts";
import { pdfBytes, printable, registerFonts } from "./pdf-fonts.ts";
import type { Result } from "../../../common/detection.ts";

/**
 * The test report of an order as a PDF (docs/detection.md, "Reports"): A4 portrait, in the issuing person's
 * language, drawn by pdfkit with the labels' fonts and a vector QR code of the online copy's address.
 *
 * The page flow is this file's own: every block is measured before it is drawn, a table row never splits, a
 * table that reaches the foot of a page goes on on the next under its heading ("continued") and column titles,
 * and a heading never stays alone at a page's foot. The footer (the report's code, page X of Y) is drawn last
 * on every page, once the number of pages is known.
 */

export interface ReportSample {
  Id: string;
  Code: string;
  Description: string;
  Grade: string;
  HeatNo: string;
  Form: string;
  Condition: string;
  /** The test methods the order asks of the sample (catalogue codes), in the order's order. */
  Methods: string[];
}

export interface ReportContent {
  code: string;
  version: number;
  /** Why this version replaced the one before ('' for the first). */
  reason: string;
  /** YYYY-MM-DD, the database server's date. */
  issuedOn: string;
  issuedBy: string;
  clientName: string;
  projectCode: string;
  projectName: string;
  orderCode: string;
  receivedOn: string | null;
  testedFrom: string | null;
  testedTo: string | null;
  samples: ReportSample[];
  /** The order's results, current and replaced by a retest (resultsOf). Only current ones are reported. */
  results: Result[];
  /** What the QR code opens: the online copy, for verification. */
  verifyUrl: string;
}

type Words = Record<
  | "title"
  | "reportNo"
  | "version"
  | "issued"
  | "client"
  | "project"
  | "order"
  | "received"
  | "tested"
  | "scan"
  | "samples"
  | "sampleId"
  | "description"
  | "grade"
  | "heat"
  | "form"
  | "condition"
  | "results"
  | "sample"
  | "standard"
  | "equipment"
  | "quantity"
  | "value"
  | "limit"
  | "basis"
  | "verdict"
  | "in"
  | "out"
  | "orderLimit"
  | "outCount"
  | "noneOut"
  | "retestNote"
  | "continued"
  | "testers"
  | "verifiers"
  | "issuer"
  | "replaces"
  | "page"
  | "verifyAt"
  | "scope"
  | "list"
  | "colon",
  string
>;

/** The report's words; `{x}` are filled in. */
const WORDS: Record<Lang, Words> = {
  zh: {
    title: "检测报告",
    reportNo: "报告编号",
    version: "版本",
    issued: "签发日期",
    client: "委托单位",
    project: "检测项目",
    order: "委托单号",
    received: "收样日期",
    tested: "检测日期",
    scan: "扫码核验",
    samples: "样品信息",
    sampleId: "样品编号",
    description: "样品描述",
    grade: "牌号",
    heat: "炉号",
    form: "形态",
    condition: "状态",
    results: "检测结果",
    sample: "样品",
    standard: "标准",
    equipment: "设备",
    quantity: "检测项",
    value: "结果",
    limit: "要求",
    basis: "依据",
    verdict: "判定",
    in: "符合",
    out: "不符合",
    orderLimit: "委托要求",
    outCount: "不符合要求的结果：{n} 项（已标出）",
    noneOut: "没有不符合要求的结果",
    retestNote: "* {quantity} 为复验结果，原结果 {old}。复验原因：{reason}",
    continued: "（续）",
    testers: "检测人",
    verifiers: "审核人",
    issuer: "签发人",
    replaces: "本版本替代第 {n} 版：{reason}",
    page: "第 {x} 页，共 {y} 页",
    verifyAt: "在线核验",
    scope: "本报告的结果仅对所检样品有效。",
    list: "、",
    colon: "：",
  },
  en: {
    title: "Test report",
    reportNo: "Report No.",
    version: "Version",
    issued: "Issue date",
    client: "Client",
    project: "Detection project",
    order: "Order",
    received: "Received",
    tested: "Tested",
    scan: "Scan to verify",
    samples: "Samples",
    sampleId: "Sample ID",
    description: "Description",
    grade: "Grade",
    heat: "Heat No.",
    form: "Form",
    condition: "Condition",
    results: "Results",
    sample: "Sample",
    standard: "Standard",
    equipment: "Equipment",
    quantity: "Quantity",
    value: "Result",
    limit: "Limit",
    basis: "Limit from",
    verdict: "Verdict",
    in: "In range",
    out: "Out of range",
    orderLimit: "Order",
    outCount: "Results out of range: {n} (marked)",
    noneOut: "No result is out of range",
    retestNote: "* {quantity} was retested (previous result {old}). Reason: {reason}",
    continued: " (continued)",
    testers: "Tested by",
    verifiers: "Verified by",
    issuer: "Issued by",
    replaces: "This version replaces version {n}: {reason}",
    page: "Page {x} of {y}",
    verifyAt: "Verify online",
    scope: "The results relate only to the samples tested.",
    list: ", ",
    colon: ": ",
  },
  es: {
    title: "Informe de ensayo",
    reportNo: "N.º de informe",
    version: "Versión",
    issued: "Fecha de emisión",
    client: "Cliente",
    project: "Proyecto de ensayo",
    order: "Pedido",
    received: "Recepción",
    tested: "Ensayado",
    scan: "Escanee para verificar",
    samples: "Muestras",
    sampleId: "ID de muestra",
    description: "Descripción",
    grade: "Grado",
    heat: "Colada",
    form: "Forma",
    condition: "Estado",
    results: "Resultados",
    sample: "Muestra",
    standard: "Norma",
    equipment: "Equipo",
    quantity: "Magnitud",
    value: "Resultado",
    limit: "Límite",
    basis: "Según",
    verdict: "Dictamen",
    in: "Dentro de límites",
    out: "Fuera de límites",
    orderLimit: "Pedido",
    outCount: "Resultados fuera de límites: {n} (marcados)",
    noneOut: "Ningún resultado está fuera de límites",
    retestNote: "* {quantity} se repitió (resultado anterior {old}). Motivo: {reason}",
    continued: " (continuación)",
    testers: "Ensayado por",
    verifiers: "Verificado por",
    issuer: "Emitido por",
    replaces: "Esta versión sustituye a la versión {n}: {reason}",
    page: "Página {x} de {y}",
    verifyAt: "Verificación en línea",
    scope: "Los resultados se refieren solo a las muestras ensayadas.",
    list: ", ",
    colon: ": ",
  },
  ja: {
    title: "試験報告書",
    reportNo: "報告書番号",
    version: "版",
    issued: "発行日",
    client: "依頼者",
    project: "検査プロジェクト",
    order: "依頼書番号",
    received: "受付日",
    tested: "試験日",
    scan: "スキャンして照合",
    samples: "試料",
    sampleId: "試料番号",
    description: "説明",
    grade: "鋼種",
    heat: "溶鋼番号",
    form: "形状",
    condition: "状態",
    results: "試験結果",
    sample: "試料",
    standard: "規格",
    equipment: "設備",
    quantity: "測定項目",
    value: "結果",
    limit: "規格値",
    basis: "根拠",
    verdict: "判定",
    in: "適合",
    out: "不適合",
    orderLimit: "依頼条件",
    outCount: "規格外の結果：{n} 件（印付き）",
    noneOut: "規格外の結果はありません",
    retestNote: "* {quantity} は再試験の結果です（元の結果 {old}）。理由：{reason}",
    continued: "（続き）",
    testers: "試験者",
    verifiers: "確認者",
    issuer: "発行者",
    replaces: "この版は第 {n} 版に代わるものです：{reason}",
    page: "{x} / {y} ページ",
    verifyAt: "オンライン照合",
    scope: "本報告書の結果は試験した試料のみに関するものです。",
    list: "、",
    colon: "：",
  },
};

const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

// A4 portrait in points, with 15 mm margins; the footer sits below the content's foot.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MX = 42.5;
const TOP = 42.5;
const BOTTOM = PAGE_H - 58;
const FOOTER_Y = PAGE_H - 38;
const WIDTH = PAGE_W - 2 * MX;
const QR_SIDE = 82;
const RED = "#b00020";
const GREY = "#555555";

interface Line {
  text: string;
  size: number;
  bold?: boolean;
  color?: string;
  /** Goes on in the same line in the regular face, grey (a method's standard and equipment after its name). */
  tail?: string;
}
interface Column {
  title: string;
  width: number;
}
interface Cell {
  text: string;
  bold?: boolean;
  color?: string;
}
interface Row {
  cells: Cell[];
  fill?: string;
}

/** Draws with a cursor: everything measured first, a new page whenever the next block would cross the foot. */
class Writer {
  y = TOP;
  constructor(
    private doc: PDFKit.PDFDocument,
    private cjk: boolean,
  ) {}

  private font(bold: boolean | undefined, size: number) {
    this.doc.font(bold ? "report-bold" : "report").fontSize(size);
  }
  t(s: string) {
    return printable(s, this.cjk);
  }
  height(text: string, size: number, bold: boolean | undefined, width: number): number {
    this.font(bold, size);
    return this.doc.heightOfString(this.t(text) || " ", { width, lineGap: 0 });
  }
  newPage() {
    this.doc.addPage();
    this.y = TOP;
  }
  /** Starts a new page unless `h` more fits on this one. */
  room(h: number) {
    if (this.y + h > BOTTOM) this.newPage();
  }
  write(text: string, size: number, opts: { bold?: boolean; color?: string; x?: number; width?: number } = {}): number {
    const x = opts.x ?? MX;
    const width = opts.width ?? WIDTH;
    const h = this.height(text, size, opts.bold, width);
    this.font(opts.bold, size);
    this.doc.fillColor(opts.color ?? "black").text(this.t(text), x, this.y, { width, lineGap: 0 });
    return h;
  }
  /** Measured in the bold face throughout: the wider of the two, so a line with a tail never comes out taller. */
  linesHeight(lines: Line[]) {
    return lines.reduce((h, l) => h + this.height(l.text + (l.tail ?? ""), l.size, l.bold || !!l.tail, WIDTH) + l.size * 0.3, 0);
  }
  lines(lines: Line[]) {
    for (const l of lines) {
      if (!l.tail) {
        this.y += this.write(l.text, l.size, { bold: l.bold, color: l.color }) + l.size * 0.3;
        continue;
      }
      const h = this.height(l.text + l.tail, l.size, true, WIDTH);
      this.font(l.bold, l.size);
      this.doc.fillColor(l.color ?? "black").text(this.t(l.text), MX, this.y, { width: WIDTH, lineGap: 0, continued: true });
      this.font(false, l.size * 0.9);
      this.doc.fillColor(GREY).text(this.t(l.tail), { lineGap: 0, continued: false });
      this.y += h + l.size * 0.3;
    }
  }
  /** A paragraph that moves to the next page whole when it does not fit. */
  para(text: string, size: number, opts: { bold?: boolean; color?: string } = {}) {
    this.room(this.height(text, size, opts.bold, WIDTH));
    this.y += this.write(text, size, opts) + size * 0.35;
  }
  rule(color = "#999999", width = 0.5) {
    this.doc.moveTo(MX, this.y).lineTo(MX + WIDTH, this.y).lineWidth(width).strokeColor(color).stroke();
  }

  /**
   * A table under its heading. The heading, the column titles and the first row start together on a page; a
   * row that does not fit goes to the next page, under the heading's continued form and the column titles again.
   */
  table(heading: Line[], continued: Line[], columns: Column[], rows: Row[], notes: Line[] = []) {
    const PAD_X = 3;
    const PAD_Y = 2.5;
    const SIZE = 8;
    const cellHeight = (cells: Cell[], bold?: boolean) =>
      Math.max(...cells.map((c, i) => this.height(c.text, SIZE, bold || c.bold, columns[i].width - 2 * PAD_X))) + 2 * PAD_Y;
    const headCells = columns.map((c) => ({ text: c.title }));
    const headH = cellHeight(headCells, true);
    const heights = rows.map((r) => cellHeight(r.cells));
    const drawRow = (cells: Cell[], h: number, opts: { bold?: boolean; fill?: string; head?: boolean }) => {
      if (opts.fill) this.doc.rect(MX, this.y, WIDTH, h).fill(opts.fill);
      let x = MX;
      cells.forEach((c, i) => {
        this.font(opts.bold || c.bold, SIZE);
        this.doc.fillColor(c.color ?? "black").text(this.t(c.text), x + PAD_X, this.y + PAD_Y, { width: columns[i].width - 2 * PAD_X, lineGap: 0 });
        x += columns[i].width;
      });
      this.y += h;
      this.rule(opts.head ? "#666666" : "#cccccc", opts.head ? 0.6 : 0.4);
    };
    const head = () => {
      this.rule("#666666", 0.6);
      drawRow(headCells, headH, { bold: true, fill: "#eeeeee", head: true });
    };
    this.room(this.linesHeight(heading) + headH + (heights[0] ?? 0));
    this.lines(heading);
    head();
    // The notes under a table stay with its last row.
    const notesH = this.linesHeight(notes);
    rows.forEach((r, i) => {
      if (this.y + heights[i] + (i === rows.length - 1 ? notesH + 2 : 0) > BOTTOM) {
        this.newPage();
        this.lines(continued);
        head();
      }
      drawRow(r.cells, heights[i], { fill: r.fill });
    });
    if (notes.length) {
      this.y += 2;
      this.lines(notes);
    }
    this.y += 8;
  }
}

/** A number as entered (the shortest spelling of the stored value). */
const num = (v: number) => String(Number(v.toPrecision(12)));
const withUnit = (v: number, unit: string) => (unit ? `${num(v)} ${unit}` : num(v));
const valueText = (r: Result) => (r.Value === null ? r.Text || "—" : withUnit(r.Value, r.Unit));
function limitText(r: Result): string {
  const u = r.Unit ? ` ${r.Unit}` : "";
  if (r.Min !== null && r.Max !== null) return `${num(r.Min)}–${num(r.Max)}${u}`;
  if (r.Min !== null) return `≥ ${num(r.Min)}${u}`;
  if (r.Max !== null) return `≤ ${num(r.Max)}${u}`;
  return "—";
}

/** The PDF of a test report in `lang`. */
export async function reportPdf(c: ReportContent, lang: Lang): Promise<Buffer> {
  const libs = await pdfLibs();
  const w = WORDS[lang];
  const doc = new libs.PDFDocument({
    size: "A4",
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    lang: { zh: "zh-CN", en: "en", es: "es", ja: "ja" }[lang],
    info: { Title: `${w.title} ${c.code}`, Subject: c.orderCode, Creator: "Ferrum" },
  });
  const cjk = registerFonts(doc, "report", lang);
  const done = pdfBytes(doc);
  const out = new Writer(doc, cjk);
  out.newPage();

  // The head: title, code, version and date on the left, the QR code of the online copy on the right.
  const qrX = MX + WIDTH - QR_SIDE;
  drawQr(libs, doc, c.verifyUrl, qrX, TOP - 8, QR_SIDE);
  doc.font("report").fontSize(7).fillColor(GREY).text(out.t(w.scan), qrX, TOP - 8 + QR_SIDE, { width: QR_SIDE, align: "center", lineGap: 0 });
  const left = WIDTH - QR_SIDE - 12;
  out.y += out.write(w.title, 20, { bold: true, width: left }) + 6;
  out.y += out.write(`${w.reportNo}  ${c.code}      ${w.version}  ${c.version}      ${w.issued}  ${c.issuedOn}`, 9.5, { bold: true, width: left }) + 8;
  const tested = c.testedFrom && c.testedTo ? (c.testedFrom === c.testedTo ? c.testedFrom : `${c.testedFrom} – ${c.testedTo}`) : null;
  const info: [string, string | null][] = [
    [w.client, c.clientName],
    [w.project, [c.projectCode, c.projectName].filter(Boolean).join("  ")],
    [w.order, c.orderCode],
    [w.received, c.receivedOn],
    [w.tested, tested],
  ];
  const LABEL = 80;
  for (const [label, value] of info) {
    if (!value) continue;
    const h = Math.max(out.height(label, 9, false, LABEL - 4), out.height(value, 9, false, left - LABEL));
    out.write(label, 9, { color: GREY, width: LABEL - 4 });
    out.write(value, 9, { x: MX + LABEL, width: left - LABEL });
    out.y += h + 3;
  }
  out.y = Math.max(out.y, TOP - 8 + QR_SIDE + 12) + 4;
  out.rule("#333333", 0.8);
  out.y += 8;
  if (c.version > 1) {
    const text = fill(w.replaces, { n: c.version - 1, reason: c.reason || "—" });
    const h = out.height(text, 9, true, WIDTH - 12);
    doc.rect(MX, out.y, WIDTH, h + 8).fill("#fff4d6");
    out.y += 4;
    out.write(text, 9, { bold: true, x: MX + 6, width: WIDTH - 12 });
    out.y += h + 12;
  }

  // The samples.
  out.table(
    [{ text: w.samples, size: 12, bold: true }],
    [{ text: w.samples + w.continued, size: 10, bold: true }],
    [
      { title: w.sampleId, width: 82 },
      { title: w.description, width: 148 },
      { title: w.grade, width: 62 },
      { title: w.heat, width: 66 },
      { title: w.form, width: 70 },
      { title: w.condition, width: WIDTH - 428 },
    ],
    c.samples.map((s) => ({ cells: [{ text: s.Code, bold: true }, { text: s.Description }, { text: s.Grade }, { text: s.HeatNo }, { text: s.Form }, { text: s.Condition }] })),
  );

  // The results: per sample, per method, with its standard; only current values (a retest's replaced ones are
  // named in a note under the new value's table).
  const current = c.results.filter((r) => r.SupersededAt === null);
  const replaced = c.results.filter((r) => r.SupersededAt !== null);
  const outCount = current.filter((r) => r.Verdict === "out").length;
  // The heading stays with the summary and the first sample's first table (its headings, titles and a row or two).
  out.room(out.linesHeight([{ text: w.results, size: 12, bold: true }]) + 110);
  out.lines([{ text: w.results, size: 12, bold: true }]);
  out.para(outCount ? fill(w.outCount, { n: outCount }) : w.noneOut, 9, { bold: outCount > 0, color: outCount ? RED : undefined });
  out.y += 4;
  for (const s of c.samples) {
    const sampleLine = [s.Code, s.Description, s.Grade].filter(Boolean).join("  ·  ");
    s.Methods.forEach((code, j) => {
      const m = methodOf(code);
      const name = m?.name[lang] ?? code;
      const order = new Map((m?.quantities ?? []).map((q, i) => [q.key, i]));
      const rows = current.filter((r) => r.SampleId === s.Id && r.Method === code).sort((a, b) => (order.get(a.Quantity) ?? 99) - (order.get(b.Quantity) ?? 99));
      const equipment = [...new Set(rows.map((r) => r.Equipment).filter(Boolean))].join(w.list);
      const heading: Line[] = [
        ...(j === 0 ? [{ text: `${w.sample}  ${sampleLine}`, size: 10.5, bold: true }] : []),
        { text: name, size: 9.5, bold: true, tail: ["", `${w.standard}${w.colon}${m?.standards[0] ?? "—"}`, ...(equipment ? [`${w.equipment}${w.colon}${equipment}`] : [])].join("      ") },
      ];
      const notes: string[] = [];
      const cells = rows.map((r): Row => {
        const quantity = m?.quantities.find((q) => q.key === r.Quantity);
        const before = replaced.filter((p) => p.SampleId === r.SampleId && p.Method === r.Method && p.Quantity === r.Quantity).sort((a, b) => a.SupersededAt!.localeCompare(b.SupersededAt!));
        const last = before.at(-1);
        if (last) notes.push(fill(w.retestNote, { quantity: r.Quantity, old: valueText(last), reason: last.RetestReason || "—" }));
        const isOut = r.Verdict === "out";
        return {
          fill: isOut ? "#fde7e9" : undefined,
          cells: [
            { text: quantity?.name[lang] ?? r.Quantity },
            { text: valueText(r) + (last ? " *" : ""), bold: isOut, color: isOut ? RED : undefined },
            { text: limitText(r) },
            { text: r.LimitSource === "order" ? w.orderLimit : r.LimitSource === "grade" ? `${w.grade} ${s.Grade}` : "—" },
            { text: r.Verdict === "in" ? w.in : r.Verdict === "out" ? `× ${w.out}` : "—", bold: isOut, color: isOut ? RED : undefined },
          ],
        };
      });
      out.table(
        heading,
        [{ text: `${s.Code}  ·  ${name}${w.continued}`, size: 9, bold: true }],
        [
          { title: w.quantity, width: 150 },
          { title: w.value, width: 118 },
          { title: w.limit, width: 92 },
          { title: w.basis, width: 70 },
          { title: w.verdict, width: WIDTH - 430 },
        ],
        cells.length ? cells : [{ cells: [{ text: "—" }, { text: "—" }, { text: "—" }, { text: "—" }, { text: "—" }] }],
        notes.map((text) => ({ text, size: 7.5, color: GREY })),
      );
    });
  }

  // Who tested, verified and issued it; the scope; where to verify it.
  const names = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].join(w.list) || "—";
  const closing: [string, string][] = [
    [w.testers, names(current.map((r) => r.EnteredBy))],
    [w.verifiers, names(current.map((r) => r.VerifiedBy))],
    [w.issuer, `${c.issuedBy}    ${c.issuedOn}`],
  ];
  const closingHeight = ([label, value]: [string, string]) => Math.max(out.height(label, 9, true, 86), out.height(value, 9, false, WIDTH - 90));
  out.room(closing.reduce((h, line) => h + closingHeight(line) + 5, 0) + 60);
  out.y += 6;
  out.rule("#333333", 0.8);
  out.y += 8;
  for (const [label, value] of closing) {
    const h = closingHeight([label, value]);
    out.write(label, 9, { bold: true, width: 86 });
    out.write(value, 9, { x: MX + 90, width: WIDTH - 90 });
    out.y += h + 5;
  }
  out.y += 4;
  out.para(w.scope, 8, { color: GREY });
  out.para(`${w.verifyAt}${w.colon}${c.verifyUrl}`, 7.5, { color: GREY });

  // The footer of every page, now that their number is known.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.moveTo(MX, FOOTER_Y - 5).lineTo(MX + WIDTH, FOOTER_Y - 5).lineWidth(0.4).strokeColor("#999999").stroke();
    doc.font("report").fontSize(7.5).fillColor(GREY);
    doc.text(out.t(`${w.title}  ${c.code}`), MX, FOOTER_Y, { width: WIDTH / 2, lineBreak: false });
    doc.text(out.t(fill(w.page, { x: i + 1, y: range.count })), MX + WIDTH / 2, FOOTER_Y, { width: WIDTH / 2, align: "right", lineBreak: false });
  }
  doc.end();
  return done;
}
