import { parseBound } from "../../common/grade-search.ts";
import { SIMILAR_MODES, type SimilarMode } from "../../common/similar-search.ts";
import { DEFAULT_COLUMNS, QUANTITY_KEYS, RECORD_SOURCES, isElement, isQuantity, unitOf, type RecordSource } from "../../common/test-records.ts";
import { isId, keywordFrom, listHref, pageFrom } from "./notices.ts";

export { DEFAULT_COLUMNS, QUANTITY_KEYS, RECORD_SOURCES, isElement, unitOf, type RecordSource };
export type { SimilarRecord, TestDataCatalogue, TestDataSource, TestDocument, TestRecord } from "../../common/test-records.ts";
export type { SimilarCriterion, SimilarMode, SimilarResult } from "../../common/similar-search.ts";
export { SIMILAR_MODES };

/** The test records' pages (docs/test-data.md). */
export const RECORDS_PATH = "/testDetection/myTestData/myTestDataTable";
export const RECORDS_SEARCH_PATH = "/systemManage/myTestDataTableSearch";
export const RECORDS_PAGE_SIZE = 20;
export const SOURCES_PATH = "/testDetection/testDataSourse";
/** The phone's pages of the test data (below 992 px the tab page offers them in their desktop twins' place). */
export const MOBILE_RECORDS_PATH = "/testDetectionMobile/myTestData/myTestDataTable";
export const MOBILE_SOURCES_PATH = "/testDetectionMobile/myTestData/dataSource";
export const MOBILE_MODIFY_PATH = "/testDetectionMobile/myTestData/myTestDataModify";
export const DOCUMENTS_PATH = "/testDetection/documentData";
export const DOCUMENT_KINDS = ["report", "instrument", "photo"] as const;
export const modifyRecordHref = (id: string) => `${MOBILE_MODIFY_PATH}?id=${id}`;
/** One page per search mode, as the resource tree names them. */
export const SIMILAR_PATHS: Record<SimilarMode, string> = {
  range: "/testDetection/myTestData/mySimilardataTable",
  nearest: "/testDetection/myTestData/mySimilardataTable2",
  property: "/testDetection/myTestData/mySimilardataTable3",
  grade: "/testDetection/myTestData/mySimilardataTable4",
};
export const SIMILAR_PAGE_SIZE = 20;

/** TestDetectionDataLevel (spec section 3): 0 all, 1 my tasks, 2 group tasks. */
export const DATA_LEVELS = ["0", "1", "2"] as const;
const SORT_KEYS = ["testedAt", "code", "grade", ...QUANTITY_KEYS];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The records table's address, read leniently (docs/pages.md): a value that makes no sense is absent. */
export interface RecordQuery {
  page: number;
  keyword: string;
  sort: string;
  level: (typeof DATA_LEVELS)[number];
  grade: string;
  element: string;
  min: string;
  max: string;
  method: string;
  from: string;
  to: string;
  source: RecordSource | "";
  project: string;
  /** The administrators' page: part of the owner's name. */
  owner: string;
  /** The quantity columns shown (and exported), in the catalogue's order. */
  cols: string[];
}

const text = (v: string | null, max = 60) => (v ?? "").trim().slice(0, max);
const number = (v: string | null) => {
  const n = parseBound(v, true);
  return n === null || n === "invalid" ? "" : String(n);
};

export function recordQuery(search: URLSearchParams, methodCodes: readonly string[]): RecordQuery {
  const sort = search.get("sort") ?? "";
  const level = search.get("level") ?? "";
  const element = search.get("element") ?? "";
  const source = search.get("source") ?? "";
  const method = search.get("method") ?? "";
  const project = search.get("project") ?? "";
  const day = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : "");
  // `cols` in links; the filter form's column checkboxes send `col` once per column.
  const asked = new Set([...(search.get("cols") ?? "").split(","), ...search.getAll("col")]);
  const cols = QUANTITY_KEYS.filter((k) => asked.has(k));
  return {
    page: pageFrom(search.get("page")),
    keyword: keywordFrom(search.get("keyword")),
    sort: SORT_KEYS.includes(sort.replace(/^-/, "")) ? sort : "-testedAt",
    level: (DATA_LEVELS as readonly string[]).includes(level) ? (level as RecordQuery["level"]) : "0",
    grade: text(search.get("grade")),
    element: isQuantity(element) ? element : "",
    min: isQuantity(element) ? number(search.get("min")) : "",
    max: isQuantity(element) ? number(search.get("max")) : "",
    method: methodCodes.includes(method) ? method : "",
    from: day(search.get("from")),
    to: day(search.get("to")),
    source: (RECORD_SOURCES as readonly string[]).includes(source) ? (source as RecordSource) : "",
    project: isId(project) ? project.toLowerCase() : "",
    owner: text(search.get("owner")),
    cols: cols.length ? cols : [...DEFAULT_COLUMNS],
  };
}

const DEFAULTS: Record<string, string | number> = { page: 1, keyword: "", sort: "-testedAt", level: "0", grade: "", element: "", min: "", max: "", method: "", from: "", to: "", source: "", project: "", owner: "", cols: DEFAULT_COLUMNS.join(",") };

/** The table's address with some params changed (a filter change goes back to page 1 by passing page: 1). */
export function recordsHref(path: string, q: RecordQuery, change: Record<string, string | number | null> = {}): string {
  return listHref(path, { ...q, cols: q.cols.join(","), ...change } as Record<string, string | number | null>, DEFAULTS);
}

/** The API's query for the table (and its export): the address's filters, defaults left out. */
export function recordApiQuery(q: RecordQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...q, cols: q.cols.join(",") })) if (v !== "" && v !== DEFAULTS[k] && k !== "page") out[k] = String(v);
  return out;
}

/** The data sources page's address: level, source and page, read leniently. */
export interface SourcesQuery {
  level: (typeof DATA_LEVELS)[number];
  source: RecordSource | "";
  page: number;
}
export function sourcesQuery(search: URLSearchParams): SourcesQuery {
  const level = search.get("level") ?? "";
  const source = search.get("source") ?? "";
  return {
    level: (DATA_LEVELS as readonly string[]).includes(level) ? (level as SourcesQuery["level"]) : "0",
    source: (RECORD_SOURCES as readonly string[]).includes(source) ? (source as RecordSource) : "",
    page: pageFrom(search.get("page")),
  };
}
export const sourcesHref = (q: SourcesQuery, change: Partial<Record<keyof SourcesQuery, string | number | null>> = {}, path = SOURCES_PATH) =>
  listHref(path, { ...q, ...change } as Record<string, string | number | null>, { level: "0", source: "", page: 1 });

/** Whether any filter narrows the table (the empty state then says nothing matched). */
export const isFiltered = (q: RecordQuery) => !!(q.keyword || q.grade || q.element || q.method || q.from || q.to || q.source || q.project || q.owner || q.level !== "0");

/** A value as the table prints it: as measured, without float noise (0.1 + 0.2). */
export const valueText = (v: number | undefined) => (v === undefined ? "" : String(Number(v.toPrecision(6))));

/** One criterion row of the similar-data form, as typed: quantity, min, max (or target), weight. */
export interface CriterionRow {
  key: string;
  min: string;
  max: string;
  weight: string;
}

/** The similar-data search's address: the criteria rows (repeated `el`, `min`, `max`, `w`), and the rest. */
export interface SimilarQuery {
  mode: SimilarMode;
  rows: CriterionRow[];
  grade: string;
  sample: string;
  condition: string;
  page: number;
  k: number;
  plotX: string;
  plotY: string;
  /** Whether the form was sent (a bare page shows the form only). */
  asked: boolean;
}

export const MAX_CRITERIA = 8;

export function similarQuery(mode: SimilarMode, search: URLSearchParams): SimilarQuery {
  const el = search.getAll("el");
  const min = search.getAll("min");
  const max = search.getAll("max");
  const w = search.getAll("w");
  const rows: CriterionRow[] = [];
  el.slice(0, MAX_CRITERIA).forEach((key, i) => {
    const r = { key: text(key, 10), min: text(min[i] ?? null, 12), max: text(max[i] ?? null, 12), weight: text(w[i] ?? null, 6) };
    if (r.key || r.min || r.max) rows.push(r);
  });
  const k = Number(search.get("k"));
  const plot = (v: string | null) => (v && isQuantity(v) ? v : "");
  return {
    mode,
    rows,
    grade: text(search.get("grade")),
    sample: text(search.get("sample")),
    condition: text(search.get("cond")),
    page: pageFrom(search.get("page")),
    k: Number.isInteger(k) && k >= 1 && k <= 100 ? k : 20,
    plotX: plot(search.get("x")),
    plotY: plot(search.get("y")),
    asked: search.has("el") || search.has("grade") || search.has("sample"),
  };
}

export function similarHref(q: SimilarQuery, change: Partial<Record<"page" | "x" | "y", string | number>> = {}): string {
  const p = new URLSearchParams();
  for (const r of q.rows) {
    p.append("el", r.key);
    p.append("min", r.min);
    p.append("max", r.max);
    if (q.mode === "nearest") p.append("w", r.weight);
  }
  if (q.grade) p.set("grade", q.grade);
  if (q.sample) p.set("sample", q.sample);
  if (q.condition) p.set("cond", q.condition);
  if (q.mode === "nearest" && q.k !== 20) p.set("k", String(q.k));
  const x = change.x ?? q.plotX;
  const y = change.y ?? q.plotY;
  if (x) p.set("x", String(x));
  if (y) p.set("y", String(y));
  const page = change.page ?? q.page;
  if (page !== 1) p.set("page", String(page));
  const s = p.toString();
  return `${SIMILAR_PATHS[q.mode]}${s ? `?${s}` : ""}`;
}

/** The search call's body: the spec's detection data rows (ElementName, MinValue, MaxValue, Feature). */
export function similarBody(q: SimilarQuery) {
  return {
    Mode: q.mode,
    Rows: q.rows.map((r) => ({ ElementName: r.key, MinValue: r.min, MaxValue: q.mode === "nearest" ? "" : r.max, Feature: q.mode === "nearest" ? r.weight : "" })),
    Grade: q.grade,
    SampleCode: q.mode === "nearest" ? q.sample : "",
    Condition: q.mode === "property" ? q.condition : "",
    K: q.k,
    PlotX: q.plotX,
    PlotY: q.plotY,
  };
}

/** The nearest-composition search from a sample's record (the sample card's link). */
export const similarToSampleHref = (code: string) => `${SIMILAR_PATHS.nearest}?sample=${encodeURIComponent(code)}`;

/** The offline upload's pages (DataUpload, SystemAdmin) and the web's route for its files. */
export const UPLOAD_PATH = "/dataUpdate/offlineDataUpload";
export const MY_UPLOADS_PATH = "/dataUpdate/myUploadData";
const UPLOAD_FILE_PATH = "/dataUpdate/uploadFile";
export const templateHref = () => `${UPLOAD_FILE_PATH}?kind=template`;
export const badRowsHref = (id: string) => `${UPLOAD_FILE_PATH}?kind=bad&id=${id}`;
export const uploadHref = (id: string) => `${UPLOAD_PATH}?id=${id}`;
export { UPLOAD_FILE_PATH };
