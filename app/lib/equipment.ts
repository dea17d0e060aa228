import { CALIBRATION_WARNING_DAYS, EQUIPMENT_STATUSES, calibrationState, type CalibrationState, type Equipment, type EquipmentStatistics, type EquipmentStatus } from "../../common/equipment.ts";
import { EQUIPMENT_LIMITS } from "../../common/forms/limits.ts";
import { listLink, listQuery, type ListQuery, type ListSpec } from "./list-query.ts";

export { CALIBRATION_WARNING_DAYS, EQUIPMENT_LIMITS, EQUIPMENT_STATUSES, calibrationState, type CalibrationState, type Equipment, type EquipmentStatistics, type EquipmentStatus };

/** The equipment pages (docs/equipment.md). */
export const EQUIPMENT_LIST_PATH = "/dataUpdate/MyExperimentalEquipment";
export const EQUIPMENT_EDIT_PATH = "/dataUpdate/SaveExperimentalEquipment";
export const EQUIPMENT_STATS_PATH = "/dataUpdate/equipmentStatistics";
export const EQUIPMENT_PAGE_SIZE = 20;
/** The equipment statistics' tables a CSV can be asked for (`?table=`). */
export const EQUIPMENT_STATS_TABLES = ["instruments", "departments", "months"] as const;
export type EquipmentStatsTable = (typeof EQUIPMENT_STATS_TABLES)[number];

/** My equipment: by keyword, status and calibration, sorted by name or due date. */
export const EQUIPMENT_LIST = {
  sorts: ["name", "due", "createdAt"],
  defaultSort: "name",
  filters: { status: ["all", ...EQUIPMENT_STATUSES], calibration: ["all", "overdue", "dueSoon"] },
} as const satisfies ListSpec<{ status: readonly string[]; calibration: readonly string[] }>;
export type EquipmentQuery = ListQuery<typeof EQUIPMENT_LIST.filters>;
export const equipmentQuery = (search: URLSearchParams): EquipmentQuery => listQuery(search, EQUIPMENT_LIST);
export const equipmentHref = (q: EquipmentQuery, change: Record<string, string | number | null> = {}) => listLink(EQUIPMENT_LIST_PATH, EQUIPMENT_LIST, q, change);
export const editEquipmentHref = (id?: string) => (id ? `${EQUIPMENT_EDIT_PATH}?id=${id}` : EQUIPMENT_EDIT_PATH);
