import { ELEMENTS, PROPERTIES, QUANTITY_KEYS, isElement } from "./test-records.ts";

/**
 * The offline upload's columns (docs/test-data.md): a file of test records is a sheet whose first row names the
 * columns, each a fixed field (code, grade…) or a quantity with its unit ("C (%)", "N (ppm)", "Rm (MPa)",
 * "Rp0.2/ksi"). The template writes them; the check reads them. No zod: the upload page lists them too.
 */
export const UPLOAD_FIELDS = [
  { key: "Code", names: ["编号", "样品编号", "试样编号", "code", "sample id", "specimen"], required: true },
  { key: "Grade", names: ["牌号", "钢号", "grade", "steel grade"] },
  { key: "HeatNo", names: ["炉号", "heat no.", "heat no", "heat", "heat number"] },
  { key: "Form", names: ["形态", "品种", "form", "product form"] },
  { key: "Condition", names: ["状态", "热处理状态", "condition", "heat treatment"] },
  { key: "TestedAt", names: ["检测日期", "试验日期", "tested", "test date", "date"] },
  { key: "Note", names: ["备注", "note", "notes", "remark"] },
] as const;
export type UploadField = (typeof UPLOAD_FIELDS)[number]["key"];

/** The units each quantity may come in, and the factor to its own unit (the record's). */
const PERCENT = { "%": 1, "wt%": 1, "wt.%": 1, "mass%": 1, ppm: 0.0001 };
const STRESS = { MPa: 1, "N/mm2": 1, "N/mm²": 1, ksi: 6.894757 };
export const UNITS: Record<string, Record<string, number>> = {
  ...Object.fromEntries(ELEMENTS.map((e) => [e, PERCENT])),
  Rm: STRESS,
  "Rp0.2": STRESS,
  ReH: STRESS,
  A: { "%": 1 },
  Z: { "%": 1 },
  HBW: { HBW: 1, HB: 1 },
  HRC: { HRC: 1 },
  HV: { HV: 1, HV1: 1, HV5: 1, HV10: 1, HV30: 1 },
  KV2: { J: 1 },
  KV2T: { "°C": 1, "℃": 1 },
  G: { "": 1 },
};

/** The unit a quantity is written in when the header gives none: its record unit. */
export const DEFAULT_UNIT: Record<string, string> = Object.fromEntries(QUANTITY_KEYS.map((k) => [k, isElement(k) ? "%" : (PROPERTIES.find((p) => p.key === k)?.unit ?? "")]));

export const UPLOAD_LIMITS = { maxBytes: 20 * 1024 * 1024, maxRows: 50_000 } as const;

/** What a header names: a fixed field, a quantity with its unit factor, or nothing we know (with why). */
export type HeaderMeaning =
  | { kind: "field"; key: UploadField }
  | { kind: "quantity"; key: string; unit: string; factor: number }
  | { kind: "unknown" }
  | { kind: "badUnit"; key: string; unit: string; allowed: string[] };

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Reads one header: a field by any of its names (case and spaces ignored), else a quantity key, optionally after
 * words ("抗拉强度 Rm") and before its unit in brackets or after a slash ("C (%)", "Rm/MPa", "N（ppm）").
 */
export function readHeader(raw: string): HeaderMeaning {
  const h = raw.trim();
  const field = UPLOAD_FIELDS.find((f) => (f.names as readonly string[]).includes(norm(h)));
  if (field) return { kind: "field", key: field.key };
  const m = /^(?:.*\s)?([A-Za-z][A-Za-z0-9.]*)\s*(?:[(（[]\s*([^)）\]]*?)\s*[)）\]]|\/\s*(\S+))?$/.exec(h);
  if (!m) return { kind: "unknown" };
  const key = QUANTITY_KEYS.find((k) => k === m[1]) ?? QUANTITY_KEYS.find((k) => k.toLowerCase() === m[1].toLowerCase() && QUANTITY_KEYS.filter((x) => x.toLowerCase() === m[1].toLowerCase()).length === 1);
  if (!key) return { kind: "unknown" };
  const unit = (m[2] ?? m[3] ?? DEFAULT_UNIT[key]).trim();
  const units = UNITS[key];
  const found = Object.keys(units).find((u) => u.toLowerCase() === unit.toLowerCase());
  if (found === undefined) return { kind: "badUnit", key, unit, allowed: Object.keys(units).filter(Boolean) };
  return { kind: "quantity", key, unit: found, factor: units[found] };
}

/** The template's quantity columns: the composition and properties a lab most often reports. */
export const TEMPLATE_QUANTITIES = ["C", "Si", "Mn", "P", "S", "Cr", "Ni", "Mo", "V", "Cu", "Al", "N", "Rm", "Rp0.2", "A", "Z", "HBW", "KV2", "KV2T"];

/** Why a cell or the file was refused: keys of the API's texts (and the page's, for the file's own). */
export type UploadErrorKey =
  | "codeRequired"
  | "duplicateInFile"
  | "codeExists"
  | "gradeUnknown"
  | "notNumber"
  | "negative"
  | "outOfRange"
  | "dateInvalid"
  | "formula"
  | "tooLong";

/** One refused cell: its row in the sheet (the header is row 1), its column's header, why, and what was there. */
export interface UploadCellError {
  Row: number;
  Column: string;
  Key: UploadErrorKey;
  Value: string;
  Message: string;
}
