import { MAX_ELEMENT_CONDITIONS, SEARCH_ELEMENTS } from "./steel-grades.ts";

/**
 * The conditions of the grade and property searches, read the same way by the pages (from their address)
 * and the API (from its query), without zod so the pages can use it in the browser too.
 */

/** Why a condition was refused; the texts are the API's dataResourceTexts and the pages' dataResource.errors. */
export type SearchError = "elementUnknown" | "elementTwice" | "numberInvalid" | "rangeOrder" | "tooManyConditions" | "propertyUnknown";

/** An element's wanted range in wt%; an absent bound is open. */
export interface ElementCondition {
  element: string;
  min: number | null;
  max: number | null;
}

export interface FieldIssue {
  /** `comp.0`, `comp.1`… for the composition rows, `min`/`max` for the property range. */
  field: string;
  key: SearchError;
}

/**
 * A bound typed by a person: "", "0.15", "≥0.15" is not ours to guess (only plain numbers, "," as decimal
 * point too); `signed` also takes a minus (a test temperature of −20 °C).
 */
export function parseBound(raw: string | null | undefined, signed = false): number | null | "invalid" {
  const s = (raw ?? "").trim().replace(",", ".").replace("−", "-");
  if (s === "") return null;
  if (!(signed ? /^-?\d{1,6}(\.\d{1,6})?$/ : /^\d{1,6}(\.\d{1,6})?$/).test(s)) return "invalid";
  return Number(s);
}

/** A range from two typed bounds: null bounds are open; the first problem found, if any. */
export function parseRange(
  minRaw: string | null | undefined,
  maxRaw: string | null | undefined,
  signed = false,
): { min: number | null; max: number | null; error?: "numberInvalid" | "rangeOrder"; which?: "min" | "max" } {
  const min = parseBound(minRaw, signed);
  const max = parseBound(maxRaw, signed);
  if (min === "invalid") return { min: null, max: null, error: "numberInvalid", which: "min" };
  if (max === "invalid") return { min: null, max: null, error: "numberInvalid", which: "max" };
  if (min !== null && max !== null && min > max) return { min, max, error: "rangeOrder", which: "min" };
  return { min, max };
}

/**
 * The composition conditions from `comp` values "Cr,0.8,1.1" (element, min, max; a bound may be empty).
 * A row with neither bound is no condition. Problems name the row (`comp.<i>`).
 */
export function parseCompositionConditions(values: readonly string[]): { conditions: ElementCondition[]; issues: FieldIssue[] } {
  const conditions: ElementCondition[] = [];
  const issues: FieldIssue[] = [];
  values.forEach((v, i) => {
    const [element = "", minRaw = "", maxRaw = "", ...rest] = v.split(",");
    const field = `comp.${i}`;
    if (!element.trim() && !minRaw.trim() && !maxRaw.trim()) return;
    if (rest.length || !(SEARCH_ELEMENTS as readonly string[]).includes(element.trim())) return void issues.push({ field, key: "elementUnknown" });
    const r = parseRange(minRaw, maxRaw);
    if (r.error) return void issues.push({ field, key: r.error });
    if (r.min === null && r.max === null) return;
    if (conditions.some((c) => c.element === element.trim())) return void issues.push({ field, key: "elementTwice" });
    conditions.push({ element: element.trim(), min: r.min, max: r.max });
  });
  if (conditions.length > MAX_ELEMENT_CONDITIONS) issues.push({ field: "comp", key: "tooManyConditions" });
  return { conditions, issues };
}

/**
 * The `comp` value of one condition (the pages build their links and API calls with it). A bound typed with a
 * decimal comma ("0,8") is written with a point, so the comma only ever separates the parts.
 */
const bound = (v: number | null | string) => String(v ?? "").replace(",", ".");
export const compValue = (c: { element: string; min: number | null | string; max: number | null | string }) => `${c.element},${bound(c.min)},${bound(c.max)}`;
