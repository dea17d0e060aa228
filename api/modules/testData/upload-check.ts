import { gradeNameKey } from "../../../common/steel-grades.ts";
import { physicalRange, unitOf } from "../../../common/test-records.ts";
import { UPLOAD_LIMITS, readHeader, type UploadCellError, type UploadErrorKey, type UploadField } from "../../../common/test-upload.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { Lang, Texts } from "../../http/messages.ts";
import { fill } from "../system/texts.ts";
import { uploadTexts } from "./texts.ts";
import type { Cell, SheetRow } from "./upload-read.ts";

/**
 * Checking an uploaded sheet of test records (docs/test-data.md), row by row as it streams: the header row names
 * the columns (common/test-upload.ts); each row's cells are checked (a code, unique in the file and not yet
 * in the data; a grade the catalogue knows; numbers, not negative, within physics, in the column's unit; a
 * date; no formulas). Good rows go to `onGood` in batches (the import inserts them); the rest are counted, and
 * the first few hundred refusals kept with their row, column, reason and what the cell held.
 */
export interface GoodRow {
  row: number;
  code: string;
  grade: string;
  heatNo: string;
  form: string;
  condition: string;
  testedAt: Date;
  /** Quantity key → value in the record's unit. */
  values: Map<string, number>;
}
export interface CheckResult {
  /** The headers as the file has them. */
  columns: string[];
  total: number;
  bad: number;
  errors: StoredError[];
  /** The first rows, as text, and whether each is bad. */
  preview: Array<{ Row: number; Cells: string[]; Bad: boolean }>;
}
/** A refusal as kept with the upload: its text is made in the reader's language when shown. */
export interface StoredError {
  Row: number;
  Column: string;
  Key: UploadErrorKey;
  Value: string;
  Vars: Record<string, string | number>;
}

const MAX_ERRORS = 500;
const PREVIEW = 20;
const BATCH = 2000;
const LIMITS: Partial<Record<UploadField, number>> = { Code: 60, Grade: 60, HeatNo: 60, Form: 60, Condition: 200, Note: 500 };

export const errorText = (e: StoredError, lang: Lang): UploadCellError => ({
  Row: e.Row,
  Column: e.Column,
  Key: e.Key,
  Value: e.Value,
  Message: fill(uploadTexts[e.Key] as Texts, { ...e.Vars, value: e.Value })[lang],
});

/** A refusal of the whole file, with its text filled. */
const fileError = (text: Texts, vars: Record<string, string | number> = {}) => new ApiError(Status.badRequest, fill(text, vars));

const textOf = (c: Cell): string => {
  if (c === null) return "";
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  if (typeof c === "object") return `=${c.formula}`;
  return String(c).trim();
};

/** Excel's day numbers (1900 system) when a date cell came without its style. */
const excelDay = (n: number) => new Date(Math.round((n - 25569) * 86400_000));

export interface CheckHooks {
  /** Each batch of good rows, in sheet order (the import inserts them). */
  onGood?: (batch: GoodRow[]) => Promise<void>;
  /** Each bad row, as text, with its refusals (the file of rows to correct). */
  onBad?: (row: number, cells: string[], errors: StoredError[]) => void;
}

export async function checkSheet(db: Db, rows: AsyncIterable<SheetRow>, hooks: CheckHooks = {}): Promise<CheckResult> {
  const grades = new Set((await db.query<{ name_key: string }>(`select distinct name_key from steel_grades`)).map((g) => g.name_key));
  const result: CheckResult = { columns: [], total: 0, bad: 0, errors: [], preview: [] };
  const seen = new Map<string, number>();
  let columns: Array<{ header: string; meaning: ReturnType<typeof readHeader> }> | null = null;
  let pending: Array<{ good: GoodRow; errors: StoredError[]; cells: string[] }> = [];
  const now = new Date();

  /** Checks the pending rows' codes against the data (one query a batch), then counts and hands them on. */
  const flush = async () => {
    if (!pending.length) return;
    const codes = pending.map((p) => p.good.code.toLowerCase()).filter(Boolean);
    const taken = new Set((await db.query<{ code: string }>(`select lower(code) as code from test_records where lower(code) = any($1::text[])`, [codes])).map((r) => r.code));
    const good: GoodRow[] = [];
    for (const p of pending) {
      if (p.good.code && taken.has(p.good.code.toLowerCase())) p.errors.push({ Row: p.good.row, Column: columns!.find((c) => c.meaning.kind === "field" && c.meaning.key === "Code")!.header, Key: "codeExists", Value: p.good.code, Vars: {} });
      if (result.preview.length < PREVIEW) result.preview.push({ Row: p.good.row, Cells: p.cells, Bad: p.errors.length > 0 });
      if (p.errors.length) {
        result.bad++;
        hooks.onBad?.(p.good.row, p.cells, p.errors);
        for (const e of p.errors) if (result.errors.length < MAX_ERRORS) result.errors.push(e);
      } else good.push(p.good);
    }
    pending = [];
    if (good.length && hooks.onGood) await hooks.onGood(good);
  };

  for await (const { row, cells } of rows) {
    if (!columns) {
      columns = readColumns(cells);
      result.columns = columns.map((c) => c.header);
      continue;
    }
    if (cells.every((c) => textOf(c) === "")) continue;
    if (++result.total > UPLOAD_LIMITS.maxRows) throw fileError(uploadTexts.tooManyRows, { max: UPLOAD_LIMITS.maxRows });
    const errors: StoredError[] = [];
    const good: GoodRow = { row, code: "", grade: "", heatNo: "", form: "", condition: "", testedAt: now, values: new Map() };
    const refuse = (header: string, key: UploadErrorKey, value: string, vars: Record<string, string | number> = {}) => errors.push({ Row: row, Column: header, Key: key, Value: value.slice(0, 100), Vars: vars });
    columns.forEach(({ header, meaning }, i) => {
      const cell = cells[i] ?? null;
      const text = textOf(cell);
      if (cell !== null && typeof cell === "object" && !(cell instanceof Date)) return void refuse(header, "formula", text);
      if (meaning.kind === "field") {
        const max = LIMITS[meaning.key];
        if (max && [...text].length > max) return void refuse(header, "tooLong", text, { max });
        if (meaning.key === "Code") {
          if (!text) return void refuse(header, "codeRequired", text);
          const first = seen.get(text.toLowerCase());
          if (first) return void refuse(header, "duplicateInFile", text, { row: first });
          seen.set(text.toLowerCase(), row);
          good.code = text;
        } else if (meaning.key === "Grade") {
          if (text && !grades.has(gradeNameKey(text))) return void refuse(header, "gradeUnknown", text);
          good.grade = text;
        } else if (meaning.key === "HeatNo") good.heatNo = text;
        else if (meaning.key === "Form") good.form = text;
        else if (meaning.key === "Condition") good.condition = text;
        else if (meaning.key === "TestedAt" && text) {
          const d = cell instanceof Date ? cell : typeof cell === "number" ? excelDay(cell) : /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$/.test(text) ? new Date(text.replace(/[/.]/g, "-")) : null;
          if (!d || Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1900 || d > new Date(now.getTime() + 86400_000)) return void refuse(header, "dateInvalid", text);
          good.testedAt = d;
        }
        return;
      }
      if (meaning.kind !== "quantity" || text === "") return;
      const n = typeof cell === "number" ? cell : /^[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text.replace(",", ".")) : NaN;
      if (!Number.isFinite(n)) return void refuse(header, "notNumber", text);
      const [lo, hi] = physicalRange(meaning.key);
      if (n < 0 && lo >= 0) return void refuse(header, "negative", text);
      const value = n * meaning.factor;
      if (value < lo || value > hi) return void refuse(header, "outOfRange", text, { min: lo, max: hi, unit: unitOf(meaning.key) });
      good.values.set(meaning.key, Math.round(value * 1e6) / 1e6);
    });
    pending.push({ good, errors, cells: columns.map((_, i) => textOf(cells[i] ?? null)) });
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  if (!columns || result.total === 0) throw fileError(uploadTexts.noRows);
  return result;
}

/** The header row read: every column a field or a quantity in a known unit, the code among them. */
function readColumns(cells: Cell[]): Array<{ header: string; meaning: ReturnType<typeof readHeader> }> {
  const columns = cells.map((c) => {
    const header = textOf(c);
    return { header, meaning: header ? readHeader(header) : ({ kind: "unknown" } as const) };
  });
  // Trailing empty headers are columns nobody filled in.
  while (columns.length && columns[columns.length - 1].header === "") columns.pop();
  const seen = new Map<string, string>();
  for (const { header, meaning } of columns) {
    if (meaning.kind === "unknown") throw fileError(uploadTexts.unknownColumn, { column: header || "—" });
    if (meaning.kind === "badUnit") throw fileError(uploadTexts.unitUnknown, { column: header, unit: meaning.unit, allowed: meaning.allowed.join("、") });
    const key = meaning.key;
    const first = seen.get(key);
    if (first !== undefined) throw fileError(uploadTexts.columnTwice, { key, first, column: header });
    seen.set(key, header);
  }
  if (!seen.has("Code")) throw fileError(uploadTexts.codeColumnMissing);
  return columns;
}
