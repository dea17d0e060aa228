import { compValue, parseCompositionConditions, parseRange, type FieldIssue } from "../../common/grade-search.ts";
import { GRADE_FAMILIES, GRADE_PROPERTY_KEYS, GRADE_SORT_KEYS, GRADE_SYSTEMS, MAX_ELEMENT_CONDITIONS, type GradeProperty } from "../../common/steel-grades.ts";
import { keywordFrom, listHref, pageFrom } from "./notices.ts";

export type { AddedResource, ResourceIndex } from "../../common/data-resources.ts";
export type { GradeDetail, GradeRow, PropertyHit, StandardRow } from "../../common/steel-grades.ts";
export { GRADE_FAMILIES, GRADE_PROPERTIES, GRADE_PROPERTY_KEYS, GRADE_SYSTEMS, LIST_ELEMENTS, SEARCH_ELEMENTS } from "../../common/steel-grades.ts";

/** The data-resource pages (docs/data-resources.md). */
export const DR_INDEX_PATH = "/dataResource/index";
export const DR_GRADES_PATH = "/dataResource/dataResourceList";
export const DR_PROPERTIES_PATH = "/dataResource/dataResourceList2";
export const DR_DETAIL_PATH = "/dataResource/dataResourceDetails";
export const DR_EDIT_PATH = "/dataResource/resourceEdit";
export const DR_PAGE_SIZE = 20;

export const gradeHref = (key: string) => `${DR_DETAIL_PATH}?key=${encodeURIComponent(key)}`;

/** The grade list's views: the grade search, equivalents of a designation, the standards. */
export const GRADE_VIEWS = ["grade", "equivalent", "standard"] as const;
export type GradeView = (typeof GRADE_VIEWS)[number];

/** One composition row of the search form as typed (element, min, max). */
export interface CompRow {
  el: string;
  min: string;
  max: string;
}

export interface GradeQuery {
  by: GradeView;
  keyword: string;
  system: string; // "" or one of GRADE_SYSTEMS
  family: string; // "" or one of GRADE_FAMILIES
  standard: string;
  comp: CompRow[];
  sort: string;
  page: number;
}

const oneOf = <T extends string>(v: string | null, allowed: readonly T[]): T | "" => (v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : "");
const short = (v: string | null, max = 100) => (v ?? "").trim().slice(0, max);

/**
 * The grade list's address read leniently (docs/pages.md): the composition rows are the form's repeated
 * `el`, `min`, `max` fields, in order; rows left empty are dropped. The rows are kept as typed, so a wrong
 * bound shows under its row (gradeSearchIssues) rather than vanishing.
 */
export function gradeQuery(search: URLSearchParams): GradeQuery {
  const els = search.getAll("el");
  const mins = search.getAll("min");
  const maxs = search.getAll("max");
  const comp: CompRow[] = [];
  for (let i = 0; i < Math.min(els.length, MAX_ELEMENT_CONDITIONS); i++) {
    const row = { el: short(els[i], 3), min: short(mins[i] ?? "", 12), max: short(maxs[i] ?? "", 12) };
    if (row.el && (row.min || row.max)) comp.push(row);
  }
  const sort = search.get("sort") ?? "";
  return {
    by: oneOf(search.get("by"), GRADE_VIEWS) || "grade",
    keyword: keywordFrom(search.get("keyword")),
    system: oneOf(search.get("system"), GRADE_SYSTEMS),
    family: oneOf(search.get("family"), GRADE_FAMILIES),
    standard: short(search.get("standard")),
    comp,
    sort: (GRADE_SORT_KEYS as readonly string[]).includes(sort.replace(/^-/, "")) ? sort : "name",
    page: pageFrom(search.get("page")),
  };
}

/** The composition rows' problems, by row (`comp.<i>`), in the user's words later (`errors.<key>`). */
export function gradeSearchIssues(q: GradeQuery): FieldIssue[] {
  return parseCompositionConditions(q.comp.map((c) => compValue({ element: c.el, min: c.min, max: c.max }))).issues;
}

/** The grade list's address with some of it changed; defaults are left out. */
export function gradeListHref(q: GradeQuery, change: Partial<GradeQuery> = {}): string {
  const n = { ...q, ...change };
  const p = new URLSearchParams();
  if (n.by !== "grade") p.set("by", n.by);
  if (n.keyword) p.set("keyword", n.keyword);
  if (n.standard) p.set("standard", n.standard);
  if (n.system) p.set("system", n.system);
  if (n.family) p.set("family", n.family);
  for (const c of n.comp) {
    p.append("el", c.el);
    p.append("min", c.min);
    p.append("max", c.max);
  }
  if (n.sort !== "name") p.set("sort", n.sort);
  if (n.page > 1) p.set("page", String(n.page));
  const s = p.toString();
  return s ? `${DR_GRADES_PATH}?${s}` : DR_GRADES_PATH;
}

/** The API's query for the grade search (DataResource/GetGradeList). */
export function gradeApiQuery(q: GradeQuery, pageSize: number): URLSearchParams {
  const p = new URLSearchParams({ sort: q.sort, page: String(q.page), pageSize: String(pageSize) });
  if (q.keyword) p.set("keyword", q.keyword);
  if (q.standard) p.set("standard", q.standard);
  if (q.system) p.set("system", q.system);
  if (q.family) p.set("family", q.family);
  for (const c of q.comp) p.append("comp", compValue({ element: c.el, min: c.min, max: c.max }));
  return p;
}

export interface PropertyQuery {
  property: GradeProperty;
  min: string;
  max: string;
  condition: string;
  tMin: string;
  tMax: string;
  system: string;
  family: string;
  sort: string;
  page: number;
}
const PROPERTY_SORTS = ["value", "name", "standard"];

export function propertyQuery(search: URLSearchParams): PropertyQuery {
  const sort = search.get("sort") ?? "";
  return {
    property: oneOf(search.get("property"), GRADE_PROPERTY_KEYS) || "tensileStrength",
    min: short(search.get("min"), 12),
    max: short(search.get("max"), 12),
    condition: short(search.get("condition")),
    tMin: short(search.get("tMin"), 12),
    tMax: short(search.get("tMax"), 12),
    system: oneOf(search.get("system"), GRADE_SYSTEMS),
    family: oneOf(search.get("family"), GRADE_FAMILIES),
    sort: PROPERTY_SORTS.includes(sort.replace(/^-/, "")) ? sort : "value",
    page: pageFrom(search.get("page")),
  };
}

/** The property search's problems by field (`min`, `tMin`…). */
export function propertySearchIssues(q: PropertyQuery): FieldIssue[] {
  const out: FieldIssue[] = [];
  const v = parseRange(q.min, q.max);
  if (v.error) out.push({ field: v.which!, key: v.error });
  const t = parseRange(q.tMin, q.tMax, true);
  if (t.error) out.push({ field: t.which === "min" ? "tMin" : "tMax", key: t.error });
  return out;
}

export function propertyListHref(q: PropertyQuery, change: Partial<PropertyQuery> = {}): string {
  const n = { ...q, ...change } as unknown as Record<string, string | number | null>;
  return listHref(DR_PROPERTIES_PATH, n, { property: "tensileStrength", min: "", max: "", condition: "", tMin: "", tMax: "", system: "", family: "", sort: "value", page: 1 });
}

export function propertyApiQuery(q: PropertyQuery, pageSize: number): URLSearchParams {
  const p = new URLSearchParams({ property: q.property, sort: q.sort, page: String(q.page), pageSize: String(pageSize) });
  for (const k of ["min", "max", "condition", "tMin", "tMax", "system", "family"] as const) if (q[k]) p.set(k, q[k]);
  return p;
}

/** A composition limit as steel standards print it: at least two decimals (0.50, 18.00, 0.035, 0.0005). */
const pct = (v: number) => v.toFixed(Math.min(6, Math.max(2, (String(v).split(".")[1] ?? "").length)));

/** A range as "a–b", "≤b" or "≥a", each end written by `format`. */
export function rangeText(min: number | null, max: number | null, format: (v: number) => string = String): string {
  if (min !== null && max !== null) return min === max ? format(min) : `${format(min)}–${format(max)}`;
  if (max !== null) return `≤${format(max)}`;
  if (min !== null) return `≥${format(min)}`;
  return "";
}

/** An element's range in wt%, as the standards print it: "0.38–0.45", "≤0.035", "≥0.15", "18.00–20.00". */
export const compositionText = (min: number | null, max: number | null) => rangeText(min, max, pct);

/** A figure as the tables show it: a typical value, or its guaranteed bound(s). */
export const figureText = (f: { Min: number | null; Max: number | null; Value: number | null }) => (f.Value !== null ? String(f.Value) : rangeText(f.Min, f.Max));

