import { MATERIAL_LIMITS } from "../../common/forms/limits.ts";
import { AUSTENITIZING, HEAT_TREATMENTS, PRECIPITATING, STEP_KINDS, type Material, type MaterialDetail, type MaterialRow, type MaterialStep, type StepKind } from "../../common/materials.ts";
import { listLink, listQuery, type ListQuery, type ListSpec } from "./list-query.ts";

export { AUSTENITIZING, HEAT_TREATMENTS, MATERIAL_LIMITS, PRECIPITATING, STEP_KINDS, type Material, type MaterialDetail, type MaterialRow, type MaterialStep, type StepKind };

/** The material pages (docs/materials.md). */
export const MATERIALS_PATH = "/testDetection/operationMaterial";
export const MATERIAL_EDIT_PATH = "/testDetection/editMaterial";
export const MATERIAL_DETAILS_PATH = "/testDetection/materialDetails";
export const MATERIAL_PAGE_SIZE = 20;
/** Blank step rows a new form starts with; "more steps" adds this many again. */
export const STEP_ROWS = 4;

export const MATERIAL_LIST = {
  sorts: ["code", "grade", "updatedAt"],
  defaultSort: "-updatedAt",
  filters: {},
} as const satisfies ListSpec<Record<string, readonly string[]>>;
export type MaterialQuery = ListQuery<typeof MATERIAL_LIST.filters>;
export const materialQuery = (search: URLSearchParams): MaterialQuery => listQuery(search, MATERIAL_LIST);
export const materialsHref = (q: MaterialQuery, change: Record<string, string | number | null> = {}) => listLink(MATERIALS_PATH, MATERIAL_LIST, q, change);
export const materialHref = (id: string) => `${MATERIAL_DETAILS_PATH}?id=${id}`;
export const editMaterialHref = (id?: string) => (id ? `${MATERIAL_EDIT_PATH}?id=${id}` : MATERIAL_EDIT_PATH);

/** "860 °C · 60 min · 油": a step's conditions in one line. */
export function stepConditions(s: Pick<MaterialStep, "TemperatureC" | "DurationMin" | "Medium" | "CarbonPotential">, minutes: string): string {
  const duration = s.DurationMin === null ? null : s.DurationMin >= 120 && s.DurationMin % 60 === 0 ? `${s.DurationMin / 60} h` : `${s.DurationMin} ${minutes}`;
  return [s.TemperatureC === null ? null : `${s.TemperatureC} °C`, duration, s.CarbonPotential === null ? null : `Cp ${s.CarbonPotential} %`, s.Medium || null].filter(Boolean).join(" · ");
}
