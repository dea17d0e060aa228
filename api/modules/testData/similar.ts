import { z } from "zod";
import { gradeNameKey } from "../../../common/steel-grades.ts";
import { ELEMENTS, isElement, isQuantity, physicalRange, type Element } from "../../../common/test-records.ts";
import { SIMILAR_MODES, type SimilarCriterion, type SimilarResult } from "../../../common/similar-search.ts";
import type { Db } from "../../db/index.ts";
import { parsePaging } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { keyedFieldError } from "../../http/fields.ts";
import type { AuthUser } from "../../http/router.ts";
import { recordIndexOf, type IndexQuery } from "./record-index.ts";
import { recordsByIds } from "./records.ts";
import { readerScope } from "./scope.ts";
import { testDataTexts } from "./texts.ts";

/**
 * The similar-data search (TrialDetection/SearchSimilarData, docs/test-data.md), four ways in:
 *
 * - `range`: a composition by ranges, each element a min and/or max;
 * - `nearest`: the records nearest a composition (typed, a sample's, or a grade's mid-points) by a weighted
 *   distance over the elements given, in steps of ELEMENT_STEP, ranked, the distance shown;
 * - `property`: composition and property ranges (Rm ≥ 900 MPa), and words of the condition ("调质");
 * - `grade`: the records whose composition fits a grade's specification.
 *
 * Criteria come as the spec's detection data rows: ElementName, MinValue, MaxValue, Feature (the weight of an
 * element in `nearest`, default 1; its target is MinValue, or the middle of MinValue and MaxValue).
 */
const MAX_ROWS = 12;
const MAX_NEAREST = 100;
/** The plot reads at most this many of the matches (a scatter of more is a blot). */
const MAX_POINTS = 2000;

const bound = z.preprocess((v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.trim().replace(",", ".") : v), z.coerce.number().finite().optional());
const row = z.object({
  ElementName: z.string().trim().max(10),
  MinValue: bound,
  MaxValue: bound,
  Feature: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.union([z.coerce.number(), z.string().max(40)]).optional()),
});
const input = z.object({
  Mode: z.enum(SIMILAR_MODES),
  Rows: z.array(row).max(MAX_ROWS).default([]),
  Condition: z.string().trim().max(60).default(""),
  Grade: z.string().trim().max(60).default(""),
  SampleCode: z.string().trim().max(60).default(""),
  K: z.coerce.number().int().min(1).max(MAX_NEAREST).default(20),
  PlotX: z.string().default(""),
  PlotY: z.string().default(""),
});
export type SimilarInput = z.infer<typeof input>;

const refused = (field: string, key: keyof typeof testDataTexts) => keyedFieldError(field, key, testDataTexts);

/** The criteria of a range search: each row checked (a known key, a number, min ≤ max, within physics). */
function rangeCriteria(rows: SimilarInput["Rows"], allowProperties: boolean): SimilarCriterion[] {
  const out: SimilarCriterion[] = [];
  rows.forEach((r, i) => {
    if (!r.ElementName && r.MinValue === undefined && r.MaxValue === undefined) return;
    const field = `Rows.${i}`;
    if (!isQuantity(r.ElementName) || (!allowProperties && !isElement(r.ElementName))) throw refused(field, "quantityUnknown");
    if (r.MinValue === undefined && r.MaxValue === undefined) throw refused(field, "boundRequired");
    if (r.MinValue !== undefined && r.MaxValue !== undefined && r.MinValue > r.MaxValue) throw refused(field, "rangeOrder");
    const [lo, hi] = physicalRange(r.ElementName);
    for (const v of [r.MinValue, r.MaxValue]) if (v !== undefined && (v < lo || v > hi)) throw refused(field, "outOfRange");
    if (out.some((c) => c.Key === r.ElementName)) throw refused(field, "quantityTwice");
    out.push({ Key: r.ElementName, Min: r.MinValue ?? null, Max: r.MaxValue ?? null, Target: null, Weight: null });
  });
  return out;
}

/** The criteria of a nearest search from typed rows: an element, its target and weight. */
function nearestCriteria(rows: SimilarInput["Rows"]): SimilarCriterion[] {
  const out: SimilarCriterion[] = [];
  rows.forEach((r, i) => {
    if (!r.ElementName && r.MinValue === undefined && r.MaxValue === undefined) return;
    const field = `Rows.${i}`;
    if (!isElement(r.ElementName)) throw refused(field, "elementUnknown");
    const target = r.MinValue !== undefined && r.MaxValue !== undefined ? (r.MinValue + r.MaxValue) / 2 : (r.MinValue ?? r.MaxValue);
    if (target === undefined) throw refused(field, "targetRequired");
    if (target < 0 || target > 100) throw refused(field, "outOfRange");
    const weight = r.Feature === undefined ? 1 : Number(r.Feature);
    if (!Number.isFinite(weight) || weight <= 0 || weight > 10) throw refused(field, "weightInvalid");
    if (out.some((c) => c.Key === r.ElementName)) throw refused(field, "quantityTwice");
    out.push({ Key: r.ElementName, Min: null, Max: null, Target: target, Weight: weight });
  });
  return out;
}

/** A grade's composition limits, by its designation as the grade catalogue compares them (GB first). */
async function gradeLimits(db: Db, grade: string): Promise<{ name: string; standard: string; limits: SimilarCriterion[] }> {
  const [g] = await db.query<{ id: string; name: string; standard: string }>(`select id, name, standard from steel_grades where name_key = $1 order by (system = 'GB') desc, key limit 1`, [gradeNameKey(grade)]);
  if (!grade || !g) throw refused("Grade", "gradeUnknown");
  const rows = await db.query<{ element: string; min_pct: string | null; max_pct: string | null }>(`select element, min_pct, max_pct from steel_grade_elements where grade_id = $1 order by element`, [g.id]);
  const num = (v: string | null) => (v === null ? null : Number(v));
  const limits = rows
    .filter((r) => isElement(r.element))
    .sort((a, b) => ELEMENTS.indexOf(a.element as Element) - ELEMENTS.indexOf(b.element as Element))
    .map((r) => ({ Key: r.element, Min: num(r.min_pct), Max: num(r.max_pct), Target: null, Weight: null }));
  return { name: g.name, standard: g.standard, limits };
}

/** The least content (wt%) of an element a sample's nearest search compares, carbon aside. */
export const SAMPLE_TARGET_MIN = 0.05;

/**
 * A sample's measured composition (its record, among those the reader sees) as targets of weight 1: carbon and
 * the elements at 0.05 % or more. Residuals (0.02 % copper) and impurities left out: a record that did not
 * report them is still a comparable steel, and its nearest neighbours are found by what makes it that steel.
 */
async function sampleTargets(db: Db, scope: IndexQuery, code: string): Promise<SimilarCriterion[]> {
  const { ids } = await recordIndexOf(db).query({ ...scope, keyword: code, size: 20 });
  const [rec] = (await recordsByIds(db, ids)).filter((r) => r.Code.toLowerCase() === code.toLowerCase());
  if (!rec) throw refused("SampleCode", "sampleUnknown");
  const out = Object.entries(rec.Values)
    .filter(([k, v]) => isElement(k) && v > 0 && (k === "C" || v >= SAMPLE_TARGET_MIN))
    .map(([k, v]) => ({ Key: k, Min: null, Max: null, Target: v, Weight: 1 }));
  if (!out.length) throw refused("SampleCode", "sampleNoComposition");
  return out;
}

export async function searchSimilar(db: Db, user: AuthUser, body: unknown, query: URLSearchParams): Promise<SimilarResult> {
  const parsed = input.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(Status.badRequest, testDataTexts.invalid, { fields: [{ field: issue.path.join(".") || "body", message: issue.message }] });
  }
  const inp = parsed.data;
  const paging = parsePaging(query, 100);
  const scope: IndexQuery = await readerScope(db, user, 0);
  let criteria: SimilarCriterion[];
  let grade: SimilarResult["Grade"] = null;
  if (inp.Mode === "nearest") {
    if (inp.SampleCode) criteria = await sampleTargets(db, scope, inp.SampleCode);
    else if (inp.Grade) {
      const g = await gradeLimits(db, inp.Grade);
      grade = { Name: g.name, Standard: g.standard };
      // A grade's target is the middle of each range it gives both ends of.
      criteria = g.limits.filter((c) => c.Min !== null && c.Max !== null).map((c) => ({ ...c, Target: (c.Min! + c.Max!) / 2, Weight: 1, Min: null, Max: null }));
    } else criteria = nearestCriteria(inp.Rows);
  } else if (inp.Mode === "grade") {
    const g = await gradeLimits(db, inp.Grade);
    grade = { Name: g.name, Standard: g.standard };
    criteria = g.limits;
  } else criteria = rangeCriteria(inp.Rows, inp.Mode === "property");
  if (!criteria.length) throw refused("Rows", "criteriaRequired");

  const index = recordIndexOf(db);
  if (inp.Mode === "nearest") {
    const found = await index.query({ ...scope, nearest: { targets: criteria.map((c) => ({ key: c.Key, target: c.Target!, weight: c.Weight! })), k: inp.K } });
    const rows = await recordsByIds(db, found.ids);
    const distance = new Map(found.ids.map((id, i) => [id, found.distances![i]]));
    return { Mode: inp.Mode, Criteria: criteria, Grade: grade, total: found.total, page: 1, size: rows.length, rows: rows.map((r) => ({ ...r, Distance: distance.get(r.Id)! })), Points: null };
  }
  const plot = isQuantity(inp.PlotX) && isQuantity(inp.PlotY) ? { x: inp.PlotX, y: inp.PlotY, max: MAX_POINTS } : undefined;
  const found = await index.query({
    ...scope,
    // A limit "P ≤ 0.035" on a record that never measured phosphorus is not a reason to leave it out.
    ranges: criteria.map((c) => ({ key: c.Key, min: c.Min, max: c.Max, open: inp.Mode === "grade" })),
    condition: inp.Mode === "property" ? inp.Condition || undefined : undefined,
    page: paging.page,
    size: paging.size,
    plot,
  });
  const rows = await recordsByIds(db, found.ids);
  return { Mode: inp.Mode, Criteria: criteria, Grade: grade, total: found.total, page: paging.page, size: paging.size, rows: rows.map((r) => ({ ...r, Distance: null })), Points: found.points };
}
