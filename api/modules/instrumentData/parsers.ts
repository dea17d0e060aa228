import type { InstrumentParse, SpectrometerParse, TensileParse } from "../../../common/instrument-data.ts";
import { isElement } from "../../../common/test-records.ts";

/**
 * The instrument file formats the platform reads (docs/instrument-data.md): an optical emission spectrometer's
 * CSV (one column per element, a row per spark, maybe a mean row; or one row per element) and a tensile
 * tester's CSV (a few lines about the specimen, then a column of stress or load and one of strain or
 * extension). Both come as a preamble of "key, value" lines and a table; the parser reads the rows as they
 * stream from the file and keeps only the numbers it needs.
 */
export type Row = (string | null)[];

export type ParseFailure = "noTable" | "noNumbers" | "tensileNoArea" | "tensileNoGauge" | "tensileNoRise";

/** Symbols a spectrometer reports besides the searchable ones (Fe as the balance, trace elements). */
const OTHER_SYMBOLS = new Set(["Fe", "Sn", "As", "Sb", "Pb", "Bi", "Ca", "Mg", "Zr", "Ta", "Te", "Se", "O", "H", "Zn", "Ce", "La", "Zr"]);
const isSymbol = (s: string) => isElement(s) || OTHER_SYMBOLS.has(s);

/** "C", "C %", "C(%)", "Mn [wt.%]", "B ppm" → the symbol and whether the column is in ppm; else null. */
export function elementColumn(cell: string | null): { symbol: string; ppm: boolean } | null {
  const m = /^([A-Z][a-z]?)\s*[[(（]?\s*(wt\.?\s*%|%|ppm)?\s*[\])）]?$/.exec((cell ?? "").replace(/^\uFEFF/, "").trim());
  if (!m || !isSymbol(m[1])) return null;
  return { symbol: m[1], ppm: m[2] === "ppm" };
}

/** A number as instruments write it ("0,412" in a European locale's export is read as 0.412); else null. */
export function numberOf(cell: string | null): number | null {
  const s = (cell ?? "").trim().replace(/^<\s*/, "");
  if (!s) return null;
  const v = Number(/^-?\d+,\d+$/.test(s) ? s.replace(",", ".") : s);
  return Number.isFinite(v) ? v : null;
}

const SAMPLE_KEY = /^(sample(\s*id|\s*no\.?|\s*code)?|specimen(\s*id)?|样品(编号|号)?|试样(编号|号)?)$/i;
const MEAN_LABEL = /^(mean|avg\.?|average|x̄|平均(值)?)$/i;
const SKIP_LABEL = /^(s\.?d\.?|std\.?\s*dev\.?|rsd|标准偏差|相对标准偏差|min|max|range)$/i;

interface Preamble {
  sampleCode: string | null;
  /** Numbers named in "key, value[, unit]" lines, by lowercased key with its unit (e.g. "gauge length (mm)"). */
  numbers: Map<string, number>;
}

function readPreambleLine(row: Row, pre: Preamble): void {
  const key = (row[0] ?? "").trim().replace(/[:：]$/, "");
  if (!key) return;
  const rest = row.slice(1).filter((c): c is string => !!c && !!c.trim());
  if (SAMPLE_KEY.test(key) && rest[0]) pre.sampleCode ??= rest[0].trim();
  const value = rest.map(numberOf).find((v) => v !== null);
  if (value !== undefined && value !== null) pre.numbers.set(key.toLowerCase(), value);
}

const findNumber = (pre: Preamble, pattern: RegExp) => [...pre.numbers].find(([k]) => pattern.test(k))?.[1] ?? null;

/** What kind of table a header row starts, if any. */
type Header = { kind: "wide"; columns: Map<number, { symbol: string; ppm: boolean }> } | { kind: "long" } | { kind: "tensile"; columns: TensileColumns };

interface TensileColumns {
  stress: number | null;
  strain: number | null;
  strainPercent: boolean;
  force: number | null;
  forceKn: boolean;
  extension: number | null;
}

function tensileColumns(row: Row): TensileColumns | null {
  const c: TensileColumns = { stress: null, strain: null, strainPercent: true, force: null, forceKn: true, extension: null };
  row.forEach((raw, i) => {
    const cell = (raw ?? "").toLowerCase();
    if (c.stress === null && /stress|应力|\(mpa\)|n\/mm/.test(cell)) c.stress = i;
    else if (c.strain === null && /strain|应变/.test(cell)) {
      c.strain = i;
      c.strainPercent = !/mm\/mm|m\/m|\(-\)|\(1\)/.test(cell);
    } else if (c.force === null && /load|force|载荷|力/.test(cell)) {
      c.force = i;
      c.forceKn = !/\(n\)|\[n\]|\bn$/.test(cell);
    } else if (c.extension === null && /extension|elongation|displacement|位移|伸长|变形/.test(cell)) c.extension = i;
  });
  const hasStress = c.stress !== null || c.force !== null;
  const hasStrain = c.strain !== null || c.extension !== null;
  return hasStress && hasStrain ? c : null;
}

function headerOf(row: Row): Header | null {
  const columns = new Map<number, { symbol: string; ppm: boolean }>();
  row.forEach((cell, i) => {
    const col = elementColumn(cell);
    if (col) columns.set(i, col);
  });
  if (columns.size >= 3) return { kind: "wide", columns };
  if (/^(element|元素)$/i.test((row[0] ?? "").trim())) return { kind: "long" };
  const tensile = tensileColumns(row);
  return tensile ? { kind: "tensile", columns: tensile } : null;
}

/** Reads an instrument CSV's rows; the file's parse, or why it could not be read. */
export async function parseInstrumentRows(rows: AsyncIterable<Row>): Promise<InstrumentParse | { failed: ParseFailure }> {
  const pre: Preamble = { sampleCode: null, numbers: new Map() };
  let header: Header | null = null;
  let body: BodyReader | null = null;
  for await (const row of rows) {
    if (!header) {
      header = headerOf(row);
      if (header) body = header.kind === "tensile" ? tensileReader(header.columns, pre) : header.kind === "wide" ? wideReader(header.columns) : longReader();
      else readPreambleLine(row, pre);
      continue;
    }
    body!.add(row);
  }
  if (!body) return { failed: "noTable" };
  return body.finish(pre.sampleCode);
}

interface BodyReader {
  add(row: Row): void;
  finish(sampleCode: string | null): InstrumentParse | { failed: ParseFailure };
}

/** One column per element: each row a spark (or a mean, taken as is when the instrument wrote one). */
function wideReader(columns: Map<number, { symbol: string; ppm: boolean }>): BodyReader {
  const sparks = new Map<string, number[]>();
  let mean: Map<string, number> | null = null;
  return {
    add(row) {
      const label = (row[0] ?? "").trim();
      if (SKIP_LABEL.test(label)) return;
      const values = new Map<string, number>();
      for (const [i, col] of columns) {
        const v = numberOf(row[i] ?? null);
        if (v !== null) values.set(col.symbol, col.ppm ? v / 10_000 : v);
      }
      if (!values.size) return;
      if (MEAN_LABEL.test(label)) mean = values;
      else for (const [s, v] of values) sparks.set(s, [...(sparks.get(s) ?? []), v]);
    },
    finish(sampleCode) {
      if (!mean && !sparks.size) return { failed: "noNumbers" };
      return spectrometerParse(
        sampleCode,
        [...columns.values()].map((c) => c.symbol),
        sparks,
        mean,
      );
    },
  };
}

/** One row per element: symbol, value. */
function longReader(): BodyReader {
  const values = new Map<string, number>();
  const order: string[] = [];
  return {
    add(row) {
      const col = elementColumn(row[0] ?? null);
      const v = numberOf(row[1] ?? null);
      if (!col || v === null || values.has(col.symbol)) return;
      const ppm = col.ppm || /ppm/i.test(row[2] ?? "");
      values.set(col.symbol, ppm ? v / 10_000 : v);
      order.push(col.symbol);
    },
    finish(sampleCode) {
      if (!values.size) return { failed: "noNumbers" };
      return spectrometerParse(sampleCode, order, new Map(), values);
    },
  };
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

function spectrometerParse(sampleCode: string | null, symbols: string[], sparks: Map<string, number[]>, mean: Map<string, number> | null): SpectrometerParse {
  const elements: SpectrometerParse["Elements"] = [];
  for (const symbol of symbols) {
    const all = sparks.get(symbol) ?? [];
    const m = mean?.get(symbol) ?? (all.length ? all.reduce((a, b) => a + b, 0) / all.length : null);
    if (m === null) continue;
    const sd = all.length >= 2 ? Math.sqrt(all.reduce((a, v) => a + (v - m) ** 2, 0) / (all.length - 1)) : null;
    elements.push({ Symbol: symbol, Mean: round(m, 5), Sd: sd === null ? null : round(sd, 5), Sparks: all.length });
  }
  const values: Record<string, number> = {};
  for (const e of elements) if (isElement(e.Symbol) && e.Mean >= 0 && e.Mean <= 100) values[e.Symbol] = e.Mean;
  return { Kind: "spectrometer", SampleCode: sampleCode, Elements: elements, Values: values, Sparks: Math.max(0, ...elements.map((e) => e.Sparks)) };
}

/** Stress (MPa) and strain (%) per row, from the columns given or from load and extension with the specimen's size. */
function tensileReader(c: TensileColumns, pre: Preamble): BodyReader {
  const strain: number[] = [];
  const stress: number[] = [];
  let failed: ParseFailure | null = null;
  // The specimen's cross-section (mm²) and gauge length (mm), from the preamble, when the table has no stress or strain.
  let area: number | null = null;
  let gauge: number | null = null;
  if (c.stress === null) {
    const d = findNumber(pre, /diameter|直径/);
    const w = findNumber(pre, /width|宽/);
    const t = findNumber(pre, /thickness|厚/);
    area = findNumber(pre, /area|面积|截面/) ?? (d ? (Math.PI * d * d) / 4 : w && t ? w * t : null);
    if (!area || area <= 0) failed = "tensileNoArea";
  }
  if (c.strain === null) {
    gauge = findNumber(pre, /gauge|gage|标距|l0|lo\b/);
    if (!gauge || gauge <= 0) failed ??= "tensileNoGauge";
  }
  return {
    add(row) {
      if (failed) return;
      const s = c.stress !== null ? numberOf(row[c.stress] ?? null) : ((numberOf(row[c.force!] ?? null) ?? NaN) * (c.forceKn ? 1000 : 1)) / area!;
      const e = c.strain !== null ? (numberOf(row[c.strain] ?? null) ?? NaN) * (c.strainPercent ? 1 : 100) : ((numberOf(row[c.extension!] ?? null) ?? NaN) / gauge!) * 100;
      if (s === null || !Number.isFinite(s) || !Number.isFinite(e)) return;
      stress.push(s);
      strain.push(e);
    },
    finish(sampleCode) {
      if (failed) return { failed };
      if (stress.length < 10) return { failed: "noNumbers" };
      return tensileParse(sampleCode, strain, stress);
    },
  };
}

/** At most this many points of a curve are kept for its plot. */
export const CURVE_POINTS = 600;

/**
 * The tensile properties of a stress–strain curve (GB/T 228.1, ISO 6892-1): Rm the highest stress; the slope of
 * the elastic line fitted between 10 % and 40 % of Rm on the rise (the modulus as the machine saw it: from
 * crosshead travel it reads low, so it is named apparent); Rp0.2 where the curve crosses that line moved by
 * 0.2 % strain; A the strain at fracture (the last point at or above 10 % of Rm) less its elastic part; Ag the
 * same at Rm.
 */
export function tensileParse(sampleCode: string | null, strain: number[], stress: number[]): TensileParse | { failed: ParseFailure } {
  let iMax = 0;
  for (let i = 1; i < stress.length; i++) if (stress[i] > stress[iMax]) iMax = i;
  const rm = stress[iMax];
  if (!(rm > 0)) return { failed: "tensileNoRise" };
  // Least squares over the first run of points between 10 % and 40 % of Rm.
  let n = 0,
    sx = 0,
    sy = 0,
    sxx = 0,
    sxy = 0;
  let iFit = -1;
  for (let i = 0; i <= iMax; i++) {
    if (stress[i] < 0.1 * rm) continue;
    if (stress[i] > 0.4 * rm) break;
    if (iFit < 0) iFit = i;
    n++;
    sx += strain[i];
    sy += stress[i];
    sxx += strain[i] * strain[i];
    sxy += strain[i] * stress[i];
  }
  const slope = n >= 3 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : NaN;
  if (!(slope > 0)) return { failed: "tensileNoRise" };
  const intercept = (sy - slope * sx) / n;
  // Where the elastic line meets zero stress: the toe of the curve (slack taken up) is not strain.
  const origin = -intercept / slope;
  let rp02: number | null = null;
  for (let i = Math.max(1, iFit); i <= iMax; i++) {
    const below = (j: number) => stress[j] - slope * (strain[j] - origin - 0.2);
    if (below(i) <= 0) {
      const a = below(i - 1);
      const b = below(i);
      const t = a === b ? 0 : a / (a - b);
      rp02 = stress[i - 1] + t * (stress[i] - stress[i - 1]);
      break;
    }
  }
  let iFrac = iMax;
  for (let i = stress.length - 1; i > iMax; i--) {
    if (stress[i] >= 0.1 * rm) {
      iFrac = i;
      break;
    }
  }
  const plastic = (i: number) => strain[i] - origin - stress[i] / slope;
  const values: Record<string, number> = { Rm: round(rm, 1), A: round(Math.max(0, plastic(iFrac)), 1) };
  if (rp02 !== null) values["Rp0.2"] = round(rp02, 1);
  return {
    Kind: "tensile",
    SampleCode: sampleCode,
    Values: values,
    Ag: round(Math.max(0, plastic(iMax)), 1),
    ModulusGPa: round(slope / 10, 1),
    Points: stress.length,
    Curve: thinCurve(
      strain.map((e) => e - origin),
      stress,
      iMax,
    ),
    Offset: rp02 === null ? null : { Slope: slope, Strain: 0.2 },
  };
}

/** Every k-th point so the plot keeps at most CURVE_POINTS, always keeping Rm's and the last. */
function thinCurve(strain: number[], stress: number[], iMax: number): TensileParse["Curve"] {
  const step = Math.max(1, Math.ceil(strain.length / CURVE_POINTS));
  const keep: number[] = [];
  for (let i = 0; i < strain.length; i += step) keep.push(i);
  if (!keep.includes(iMax)) keep.push(iMax);
  if (keep[keep.length - 1] !== strain.length - 1) keep.push(strain.length - 1);
  keep.sort((a, b) => a - b);
  return { Strain: keep.map((i) => round(strain[i], 4)), Stress: keep.map((i) => round(stress[i], 2)) };
}
