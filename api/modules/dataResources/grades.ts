import { z } from "zod";
import { parseCompositionConditions, parseRange, type FieldIssue } from "../../../common/grade-search.ts";
import {
  GRADE_FAMILIES,
  GRADE_PROPERTIES,
  GRADE_PROPERTY_KEYS,
  GRADE_SORT_KEYS,
  GRADE_SYSTEMS,
  gradeNameKey,
  SEARCH_ELEMENTS,
  type GradeSortKey,
  type ElementRangeView,
  type GradeDetail,
  type GradeProperty,
  type GradeRow,
  type PropertyHit,
  type PropertyView,
  type StandardRow,
} from "../../../common/steel-grades.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, parsePaging, parseSort, prefixPattern, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse } from "../../http/router.ts";
import { gradeIndex, searchIndex } from "./grade-index.ts";
import { dataResourceTexts } from "./texts.ts";

type GradeBase = Omit<GradeRow, "Composition">;

/** Over `g` (steel_grades). */
const GRADE_COLUMNS = `g.id, g.key, g.name, g.number, g.system, g.standard, g.family`;
interface GradeDbRow {
  id: string;
  key: string;
  name: string;
  number: string | null;
  system: GradeRow["System"];
  standard: string;
  family: GradeRow["Family"];
}
const baseOf = (g: GradeDbRow): GradeBase => ({ Key: g.key, Name: g.name, Number: g.number, System: g.system, Standard: g.standard, Family: g.family });
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A search refused: every problem under its field, the first one's text as the message. */
function refusedSearch(issues: FieldIssue[]): ApiError {
  const text = dataResourceTexts[issues[0].key];
  return new ApiError(Status.badRequest, text, { fields: issues.map((i) => ({ field: i.field, key: i.key, message: dataResourceTexts[i.key].zh })) });
}

const gradeFilters = z.object({
  standard: optional(z.string().trim().max(100)),
  system: optional(z.enum(GRADE_SYSTEMS)),
  family: optional(z.enum(GRADE_FAMILIES)),
});

/** The list's sorts; the index keeps each order as the database's "C" collation gives it (grade-index.ts). */
const GRADE_SORT = Object.fromEntries(GRADE_SORT_KEYS.map((k) => [k, k])) as Record<GradeSortKey, string>;

/** The composition of the grades shown (only those), by grade id. */
async function compositionsOf(db: Db, ids: string[]): Promise<Map<string, ElementRangeView[]>> {
  const out = new Map<string, ElementRangeView[]>();
  if (!ids.length) return out;
  const rows = await db.query<{ grade_id: string; element: string; min_pct: string | null; max_pct: string | null }>(
    `select grade_id, element, min_pct, max_pct from steel_grade_elements where grade_id = any($1::uuid[])`,
    [ids],
  );
  for (const r of rows) {
    const list = out.get(r.grade_id) ?? [];
    list.push({ Element: r.element, Min: num(r.min_pct), Max: num(r.max_pct) });
    out.set(r.grade_id, list);
  }
  return out;
}

/**
 * DataResource/GetGradeList: grades by `keyword` (designation or number, from its start, ignoring case,
 * spaces and dashes), `standard`, `system`, `family` and composition conditions `comp` ("Cr,0.8,1.1",
 * repeatable: the grade's range of each element overlaps the wanted one), `sort` (name, standard, family,
 * system), `page`, `pageSize`. A bound that is not a number, or a minimum above its maximum, is a 400 naming
 * the condition (`comp.<i>`).
 */
export async function listGrades(db: Db, query: URLSearchParams): Promise<Page<GradeRow>> {
  const paging = parsePaging(query, 100);
  const f = parse(gradeFilters, Object.fromEntries(query));
  const { conditions, issues } = parseCompositionConditions(query.getAll("comp"));
  if (issues.length) throw refusedSearch(issues);
  const sort = parseSort(query, GRADE_SORT, "name", "").key;
  const ix = await gradeIndex(db);
  const filter = { keyword: paging.keyword, standard: f.standard ?? "", system: f.system ?? "", family: f.family ?? "", conditions };
  const { total, page } = searchIndex(ix, filter, sort, (paging.page - 1) * paging.size, paging.size);
  // The page's rows from the tables, in the index's order (a grade removed since the index was read drops out).
  const ids = page.map((i) => ix.ids[i]);
  const [rows, comps] = await Promise.all([db.query<GradeDbRow>(`select ${GRADE_COLUMNS} from steel_grades g where g.id = any($1::uuid[])`, [ids]), compositionsOf(db, ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown = ids.flatMap((id) => byId.get(id) ?? []);
  return { total, page: paging.page, size: paging.size, rows: shown.map((r) => ({ ...baseOf(r), Composition: comps.get(r.id) ?? [] })) };
}

const propertyView = (r: {
  property: GradeProperty;
  min_value: string | null;
  max_value: string | null;
  value: string | null;
  condition: string;
  temperature_c: string | null;
  source: string;
  source_title: string;
  source_where: string | null;
}): PropertyView => ({
  Property: r.property,
  Unit: GRADE_PROPERTIES[r.property],
  Min: num(r.min_value),
  Max: num(r.max_value),
  Value: num(r.value),
  Condition: r.condition,
  TemperatureC: num(r.temperature_c),
  Source: r.source,
  SourceTitle: r.source_title,
  Where: r.source_where,
});

/** DataResource/GetGradeDetail (`key`): composition and properties with their sources, the equivalents, the documents cited. */
export async function gradeDetail(db: Db, key: string): Promise<GradeDetail> {
  const [g] = await db.query<GradeDbRow & { equivalents_source: string | null; equivalents_where: string | null }>(
    `select ${GRADE_COLUMNS}, g.equivalents_source, g.equivalents_where from steel_grades g where g.key = $1`,
    [key],
  );
  if (!g) throw new ApiError(Status.notFound, dataResourceTexts.gradeNotFound);
  const [elements, properties, equivalents] = await Promise.all([
    db.query<{ element: string; min_pct: string | null; max_pct: string | null; source: string; source_where: string | null }>(
      `select element, min_pct, max_pct, source, source_where from steel_grade_elements where grade_id = $1`,
      [g.id],
    ),
    db.query<Parameters<typeof propertyView>[0]>(
      `select p.property, p.min_value, p.max_value, p.value, p.condition, p.temperature_c, p.source, s.title as source_title, p.source_where
         from steel_grade_properties p join steel_sources s on s.key = p.source where p.grade_id = $1
        order by array_position($2::text[], p.property), p.temperature_c nulls first, p.id`,
      // Strength, ductility, toughness, hardness, then the physical properties, as a data sheet lists them.
      [g.id, GRADE_PROPERTY_KEYS],
    ),
    db.query<GradeDbRow>(
      `select ${GRADE_COLUMNS} from steel_grade_equivalents q join steel_grades g on g.id = q.equivalent_id where q.grade_id = $1
        order by array_position($2::text[], g.system), g.name_key collate "C"`,
      [g.id, [...GRADE_SYSTEMS]],
    ),
  ]);
  const cited = new Set([...elements.map((e) => e.source), ...properties.map((p) => p.source), ...(g.equivalents_source ? [g.equivalents_source] : [])]);
  const sources = await db.query<{ key: string; title: string; kind: "standard" | "handbook"; year: number | null }>(
    `select key, title, kind, year from steel_sources where key = any($1::text[]) order by kind desc, title collate "C"`,
    [[...cited]],
  );
  return {
    ...baseOf(g),
    Composition: elementOrder(elements).map((e) => ({ Element: e.element, Min: num(e.min_pct), Max: num(e.max_pct), Source: e.source, Where: e.source_where })),
    Properties: properties.map(propertyView),
    Equivalents: equivalents.map(baseOf),
    EquivalentsSource: g.equivalents_source ? { Source: g.equivalents_source, Where: g.equivalents_where } : null,
    Sources: sources.map((s) => ({ Key: s.key, Title: s.title, Kind: s.kind, Year: s.year })),
  };
}

/** Steel tables list C, Si, Mn, P, S first, then the alloying elements: keep that order (SEARCH_ELEMENTS). */
function elementOrder<T extends { element: string }>(rows: T[]): T[] {
  const order: readonly string[] = SEARCH_ELEMENTS;
  const rank = (e: string) => {
    const i = order.indexOf(e);
    return i < 0 ? order.length : i;
  };
  return [...rows].sort((a, b) => rank(a.element) - rank(b.element) || a.element.localeCompare(b.element));
}

const propertyFilters = z.object({
  property: z.enum(GRADE_PROPERTY_KEYS as [GradeProperty, ...GradeProperty[]]),
  condition: optional(z.string().trim().max(100)),
  system: optional(z.enum(GRADE_SYSTEMS)),
  family: optional(z.enum(GRADE_FAMILIES)),
});
const PROPERTY_SORT = { value: "p.lo", name: `g.name_key collate "C"`, standard: `g.standard collate "C"` };

/**
 * DataResource/SearchProperty: the figures of one `property` whose range overlaps `min`–`max` (a guaranteed
 * minimum of 1080 MPa is in "900 to 1200"), whose condition contains `condition` (e.g. "quenched"), with
 * the test temperature in `tMin`–`tMax` when given (figures without one are room temperature, 20 °C),
 * by `system`, `family`; `sort` value, name or standard. A bad or reversed bound is a 400 naming it.
 */
export async function searchProperty(db: Db, query: URLSearchParams): Promise<Page<PropertyHit>> {
  const paging = parsePaging(query, 100);
  const all = Object.fromEntries(query);
  if (!all.property || !(GRADE_PROPERTY_KEYS as string[]).includes(all.property)) throw refusedSearch([{ field: "property", key: "propertyUnknown" }]);
  const f = parse(propertyFilters, all);
  const range = parseRange(all.min, all.max);
  if (range.error) throw refusedSearch([{ field: range.which!, key: range.error }]);
  const temps = parseRange(all.tMin, all.tMax, true);
  if (temps.error) throw refusedSearch([{ field: temps.which === "min" ? "tMin" : "tMax", key: temps.error }]);
  const sort = parseSort(query, PROPERTY_SORT, "value", "g.key, p.id");
  const w = new Where();
  w.and(`p.property = ${w.param(f.property)}`);
  if (range.max !== null) w.and(`p.lo <= ${w.param(range.max)}`);
  if (range.min !== null) w.and(`p.hi >= ${w.param(range.min)}`);
  if (temps.min !== null) w.and(`coalesce(p.temperature_c, 20) >= ${w.param(temps.min)}`);
  if (temps.max !== null) w.and(`coalesce(p.temperature_c, 20) <= ${w.param(temps.max)}`);
  if (f.condition) w.and(`p.condition ilike ${w.param(containsPattern(f.condition))} escape '\\'`);
  if (f.system) w.and(`g.system = ${w.param(f.system)}`);
  if (f.family) w.and(`g.family = ${w.param(f.family)}`);
  const { total, rows } = await pagedQuery<GradeDbRow & Parameters<typeof propertyView>[0]>(
    db,
    {
      select: `${GRADE_COLUMNS}, p.property, p.min_value, p.max_value, p.value, p.condition, p.temperature_c, p.source, s.title as source_title, p.source_where`,
      from: "steel_grade_properties p join steel_grades g on g.id = p.grade_id join steel_sources s on s.key = p.source",
      where: w,
      orderBy: sort.sql,
    },
    paging,
  );
  return { total, page: paging.page, size: paging.size, rows: rows.map((r) => ({ ...baseOf(r), Figure: propertyView(r) })) };
}

/**
 * DataResource/GetEquivalents (`name`): the grades of that designation (ignoring case, spaces and dashes;
 * those starting with it when none is exactly it), each with its equivalents in the other standards.
 */
export async function equivalentsOf(db: Db, name: string): Promise<Array<{ Grade: GradeBase; Equivalents: GradeBase[] }>> {
  const key = gradeNameKey(name);
  if (!key) return [];
  let grades = await db.query<GradeDbRow>(`select ${GRADE_COLUMNS} from steel_grades g where g.name_key = $1 order by g.key limit 20`, [key]);
  if (!grades.length) {
    grades = await db.query<GradeDbRow>(`select ${GRADE_COLUMNS} from steel_grades g where g.name_key like $1 escape '\\' order by g.name_key collate "C", g.key limit 20`, [
      prefixPattern(key),
    ]);
  }
  if (!grades.length) return [];
  const eq = await db.query<GradeDbRow & { of: string }>(
    `select q.grade_id as of, ${GRADE_COLUMNS} from steel_grade_equivalents q join steel_grades g on g.id = q.equivalent_id
      where q.grade_id = any($1::uuid[]) order by array_position($2::text[], g.system), g.name_key collate "C"`,
    [grades.map((g) => g.id), [...GRADE_SYSTEMS]],
  );
  return grades.map((g) => ({ Grade: baseOf(g), Equivalents: eq.filter((e) => e.of === g.id).map(baseOf) }));
}

/** DataResource/GetStandardList (`keyword`, `system`): the standards the grades come from, with how many grades each. */
export async function listStandards(db: Db, query: URLSearchParams): Promise<StandardRow[]> {
  const f = parse(z.object({ keyword: optional(z.string().trim().max(100)), system: optional(z.enum(GRADE_SYSTEMS)) }), Object.fromEntries(query));
  const w = new Where();
  if (f.keyword) w.and(`g.standard ilike ${w.param(containsPattern(f.keyword))} escape '\\'`);
  if (f.system) w.and(`g.system = ${w.param(f.system)}`);
  const systems = w.param([...GRADE_SYSTEMS]);
  const rows = await db.query<{ standard: string; system: GradeRow["System"]; grades: number; families: GradeRow["Family"][] }>(
    `select g.standard, min(g.system) as system, count(*)::int as grades, array_agg(distinct g.family) as families
       from steel_grades g ${w.sql} group by g.standard order by min(array_position(${systems}::text[], g.system)), g.standard collate "C" limit 500`,
    w.params,
  );
  return rows.map((r) => ({ Standard: r.standard, System: r.system, Grades: Number(r.grades), Families: r.families }));
}
