import { parse as parseCsv } from "csv-parse";
import type ExcelJS from "exceljs";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Unzip, UnzipInflate } from "fflate";
import { excelJs } from "../../lazy-libs.ts";
import { isPlainUtf8 } from "../attachments/sniff.ts";
import { networkIsolation, runTool } from "../documents/tools.ts";

/**
 * Reading an uploaded sheet row by row, never whole (docs/test-data.md): .xlsx with exceljs's streaming reader
 * (the first worksheet), .xls by converting it to .xlsx with LibreOffice first (exceljs does not read the old
 * binary format, and SheetJS's npm release is years behind its fixes), .csv with csv-parse's streaming parser
 * (UTF-8, or GB18030 as Excel on a Chinese Windows saves it).
 */
export type UploadFormat = "xlsx" | "xls" | "csv";

/** A cell as read: text, a number, a date, or a formula (refused: a value is what is imported). */
export type Cell = string | number | Date | { formula: string } | null;
export interface SheetRow {
  /** The row's number in the sheet (1 is the header). */
  row: number;
  cells: Cell[];
}

/** exceljs's cell value to ours: rich text and hyperlinks as their text, formulas kept as such. */
function cellOf(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "string" || v instanceof Date) return v;
  if (typeof v === "boolean") return String(v);
  if (typeof v === "object") {
    if ("formula" in v || "sharedFormula" in v) return { formula: String((v as { formula?: string }).formula ?? (v as { sharedFormula?: string }).sharedFormula ?? "") };
    if ("richText" in v) return v.richText.map((r) => r.text).join("");
    if ("text" in v) return String((v as { text: unknown }).text);
    if ("error" in v) return String(v.error);
  }
  return String(v);
}

/**
 * The merged ranges of the first worksheet ("A2:B3"), read from its XML as the zip streams by (fflate), never
 * the whole file: a merged cell leaves the cells it covers empty, which an import would misread.
 */
export async function mergedRanges(file: string): Promise<string[]> {
  const ranges = new Set<string>();
  let tail = "";
  const decoder = new TextDecoder();
  const unzip = new Unzip((entry) => {
    if (entry.name !== "xl/worksheets/sheet1.xml") return;
    entry.ondata = (err, chunk) => {
      if (err) return;
      // Chunks may split a tag: carry the end of one into the next.
      const text = tail + decoder.decode(chunk, { stream: true });
      for (const m of text.matchAll(/<mergeCell\s+ref="([A-Z]+\d+:[A-Z]+\d+)"/g)) ranges.add(m[1]);
      tail = text.slice(-120);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of fs.createReadStream(file)) unzip.push(chunk as Uint8Array);
  unzip.push(new Uint8Array(0), true);
  return [...ranges];
}

async function* xlsxRows(file: string): AsyncGenerator<SheetRow> {
  const reader = new (await excelJs()).stream.xlsx.WorkbookReader(file, { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "cache", entries: "ignore" });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      // exceljs's row values are 1-based (index 0 is empty).
      yield { row: row.number, cells: values.slice(1).map(cellOf) };
    }
    return; // the first worksheet only
  }
}

async function* csvRows(file: string): AsyncGenerator<SheetRow> {
  const head = Buffer.alloc(64 * 1024);
  const fd = await fs.promises.open(file, "r");
  const { bytesRead } = await fd.read(head, 0, head.length, 0).finally(() => fd.close());
  // UTF-8 unless the start is not (cut at a character boundary: a few bytes' slack).
  const utf8 = isPlainUtf8(head.subarray(0, Math.max(0, bytesRead - 4))) || isPlainUtf8(head.subarray(0, bytesRead));
  const decoder = new TextDecoder(utf8 ? "utf-8" : "gb18030");
  const parser = parseCsv({ bom: true, relax_column_count: true, skip_empty_lines: false });
  const source = fs.createReadStream(file);
  void (async () => {
    try {
      for await (const chunk of source) parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      parser.end(decoder.decode());
    } catch (e) {
      parser.destroy(e as Error);
    }
  })();
  let n = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    n++;
    yield { row: n, cells: record.map((c) => (c === "" ? null : c)) };
  }
}

/**
 * A legacy .xls as .xlsx: LibreOffice in a scratch folder with a profile of its own, without network where the
 * machine allows it (as the document viewer runs it), killed after a minute. Returns the new file's path and a
 * clean-up.
 */
export async function xlsToXlsx(file: string): Promise<{ file: string; done: () => Promise<void> }> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "ferrum-xls-"));
  const done = () => fs.promises.rm(work, { recursive: true, force: true });
  try {
    const input = path.join(work, "upload.xls");
    await fs.promises.copyFile(file, input);
    const isolated = await networkIsolation();
    await runTool(isolated ? "unshare" : "soffice", [...(isolated ? ["-rn", "soffice"] : []), "--headless", "--norestore", "--nolockcheck", "--nodefault", `-env:UserInstallation=${pathToFileURL(path.join(work, "profile")).href}`, "--convert-to", "xlsx", "--outdir", work, input], {
      timeoutMs: 60_000,
      cwd: work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: work, TMPDIR: work, LANG: "C.UTF-8", SAL_USE_VCLPLUGIN: "svp" },
    });
    const out = path.join(work, "upload.xlsx");
    await fs.promises.access(out);
    return { file: out, done };
  } catch (e) {
    await done();
    throw e;
  }
}

/** The rows of an uploaded file of a known format (an .xls already converted: read it as .xlsx). */
export function sheetRows(file: string, format: "xlsx" | "csv"): AsyncGenerator<SheetRow> {
  return format === "csv" ? csvRows(file) : xlsxRows(file);
}
