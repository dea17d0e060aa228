import { SEARCH_ELEMENTS } from "./steel-grades.ts";

/**
 * What a test record holds (docs/test-data.md): the composition in wt% and the mechanical properties, each a
 * column of `test_records` (migration 031). The pages, the API, the imports and the searches all name a
 * quantity by its key here (`C`, `Rm`), never by its column. No zod: pages use this in the browser.
 */
export type Element = (typeof SEARCH_ELEMENTS)[number];
export const ELEMENTS: readonly Element[] = SEARCH_ELEMENTS;

export interface PropertyDef {
  key: string;
  column: string;
  unit: string;
  /** What a measured value can physically be; outside is a typing or instrument error (hardness 10,000 HV). */
  range: [number, number];
}

export const PROPERTIES: readonly PropertyDef[] = [
  { key: "Rm", column: "rm", unit: "MPa", range: [0, 5000] },
  { key: "Rp0.2", column: "rp02", unit: "MPa", range: [0, 5000] },
  { key: "ReH", column: "reh", unit: "MPa", range: [0, 5000] },
  { key: "A", column: "elongation", unit: "%", range: [0, 100] },
  { key: "Z", column: "reduction", unit: "%", range: [0, 100] },
  { key: "HBW", column: "hbw", unit: "HBW", range: [0, 700] },
  { key: "HRC", column: "hrc", unit: "HRC", range: [0, 80] },
  { key: "HV", column: "hv", unit: "HV", range: [0, 3000] },
  { key: "KV2", column: "kv2", unit: "J", range: [0, 1000] },
  { key: "KV2T", column: "kv2_temp", unit: "°C", range: [-273, 1600] },
  { key: "G", column: "grain", unit: "", range: [-3, 15] },
];

/** Every numeric quantity of a record: the elements (wt%, 0–100) then the properties. */
export const QUANTITY_KEYS: readonly string[] = [...ELEMENTS, ...PROPERTIES.map((p) => p.key)];
const PROPERTY_BY_KEY = new Map(PROPERTIES.map((p) => [p.key, p]));
export const isElement = (key: string): key is Element => (ELEMENTS as readonly string[]).includes(key);
export const isQuantity = (key: string) => isElement(key) || PROPERTY_BY_KEY.has(key);
/** The column of a quantity key (`Rp0.2` → `rp02`); keys are checked against the lists, so this is safe SQL. */
export const columnOf = (key: string): string => (isElement(key) ? key.toLowerCase() : PROPERTY_BY_KEY.get(key)!.column);
export const unitOf = (key: string): string => (isElement(key) ? "%" : PROPERTY_BY_KEY.get(key)?.unit ?? "");
export const physicalRange = (key: string): [number, number] => (isElement(key) ? [0, 100] : PROPERTY_BY_KEY.get(key)!.range);

/**
 * The distance step of each element for the nearest-neighbour search: about the permissible deviation of a
 * product analysis from its specification (GB/T 222, ASTM A29's table): 0.05 % carbon apart is as far as
 * 0.1 % chromium or 0.005 % phosphorus. Without it, a distance in plain wt% would be all chromium and nickel
 * and never carbon, the element that matters most in steel.
 */
export const ELEMENT_STEP: Record<Element, number> = {
  C: 0.05,
  Si: 0.1,
  Mn: 0.1,
  P: 0.005,
  S: 0.005,
  Cr: 0.1,
  Ni: 0.1,
  Mo: 0.05,
  V: 0.02,
  W: 0.1,
  Co: 0.1,
  Cu: 0.05,
  Al: 0.01,
  Ti: 0.01,
  Nb: 0.01,
  N: 0.002,
  B: 0.0005,
};

/** Where a record came from (testDataSourse). */
export const RECORD_SOURCES = ["lab", "instrument", "upload", "mobile"] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

/** TestDetectionDataLevel (spec section 3): 0 all, 1 my tasks, 2 group tasks. */
export const DATA_LEVELS = [0, 1, 2] as const;
export type DataLevel = (typeof DATA_LEVELS)[number];

/** The columns the records table shows until the user chooses others. */
export const DEFAULT_COLUMNS: readonly string[] = ["C", "Si", "Mn", "Cr", "Mo", "Rm", "Rp0.2", "A", "HBW"];

/** One record as the API answers it. */
export interface TestRecord {
  Id: string;
  Code: string;
  Source: RecordSource;
  SampleId: string | null;
  OrderId: string | null;
  OrderCode: string | null;
  Grade: string;
  HeatNo: string;
  Form: string;
  Condition: string;
  Methods: string[];
  TestedAt: string;
  OwnerName: string;
  DepartmentName: string | null;
  EnterpriseName: string | null;
  ProjectName: string | null;
  /** Measured quantities only: an absent key was not measured. */
  Values: Record<string, number>;
  Structure: string;
}

/** A record the similar-data search found, with its distance (nearest mode) and how it fits. */
export interface SimilarRecord extends TestRecord {
  Distance: number | null;
}

/**
 * A data set test records came from (TrialDetection/GetTestDataSources): a lab order (with its client and
 * latest report), an offline upload (with its original file), or, for the other sources, all their records.
 */
export interface TestDataSource {
  Source: RecordSource;
  OrderId: string | null;
  OrderCode: string | null;
  ClientName: string | null;
  ReportId: string | null;
  ReportCode: string | null;
  UploadId: string | null;
  FileName: string | null;
  FileUrl: string | null;
  UploadedBy: string | null;
  UploadedAt: string | null;
  Records: number;
  LastTested: string;
}

/**
 * A document behind the test data (documentData): an order's current report, an instrument file assigned to a
 * sample (Id: the file's), or a sample's photo (Id: its stored name); each opens in the document viewer.
 */
export interface TestDocument {
  Kind: "report" | "instrument" | "photo";
  Id: string;
  Title: string;
  /** The parser of an instrument file, a photo's caption. */
  Detail: string;
  OrderId: string;
  OrderCode: string;
  SampleCode: string | null;
  At: string;
}

/** The test data as a catalogue (steelNky's catalogue view): records by grade and method ("" for none named). */
export interface TestDataCatalogue {
  Methods: string[];
  Grades: { Grade: string; Records: number; LastTested: string; ByMethod: Record<string, number> }[];
  /** All the grades that matched; the catalogue lists the 200 with most records. */
  TotalGrades: number;
}
