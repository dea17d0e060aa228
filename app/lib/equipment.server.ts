import { z } from "zod";
import { EQUIPMENT_STATUSES, type Equipment, type EquipmentQuery, type EquipmentStatistics } from "./equipment.ts";
import { api, type CallArgs } from "./upstream.server.ts";

/** The equipment calls (docs/equipment.md). */
const file = z.object({ path: z.string(), name: z.string(), size: z.number(), type: z.string() });
const equipment = z.object({
  Id: z.string(),
  Name: z.string(),
  Model: z.string(),
  Maker: z.string(),
  Serial: z.string(),
  Location: z.string(),
  DepartmentId: z.string().nullable(),
  DepartmentName: z.string().nullable(),
  KeeperId: z.string().nullable(),
  KeeperName: z.string().nullable(),
  Methods: z.array(z.string()),
  CalibratedOn: z.string().nullable(),
  CalibrationDue: z.string().nullable(),
  Calibration: z.enum(["none", "ok", "dueSoon", "overdue"]),
  Status: z.enum(EQUIPMENT_STATUSES),
  Note: z.string(),
  Photos: z.array(file),
  Manuals: z.array(file),
  CreatedBy: z.string().nullable(),
  CreatedAt: z.string(),
  Version: z.number(),
}) satisfies z.ZodType<Equipment>;

export const listEquipment = (args: CallArgs, token: string, q: EquipmentQuery, pageSize: number) =>
  api(args, "TrialDetection/GetMyExperimentalEquipment", {
    token,
    method: "POST",
    query: { keyword: q.keyword, sort: q.sort, page: q.page, pageSize, status: q.status === "all" ? "" : q.status, calibration: q.calibration === "all" ? "" : q.calibration },
    schema: z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(equipment), Overdue: z.number(), DueSoon: z.number() }),
  });
export const getEquipment = (args: CallArgs, token: string, id: string) => api(args, "TrialDetection/GetExperimentalEquipment", { token, query: { id }, schema: equipment });
export const saveEquipment = (args: CallArgs, token: string, json: Record<string, unknown>) => api(args, "TrialDetection/SaveExperimentalEquipment", { token, json, schema: equipment });
const option = z.object({ Id: z.string(), Name: z.string() });
export const equipmentOptions = (args: CallArgs, token: string) => api(args, "TrialDetection/GetEquipmentOptions", { token, schema: z.object({ Departments: z.array(option), Keepers: z.array(option) }) });

const calibration = z.enum(["none", "ok", "dueSoon", "overdue"]);
const statistics = z.object({
  From: z.string(),
  To: z.string(),
  Totals: z.object({ Instruments: z.number(), Active: z.number(), Maintenance: z.number(), Retired: z.number(), Overdue: z.number(), DueSoon: z.number(), Tests: z.number(), Hours: z.number() }),
  Instruments: z.array(
    z.object({
      Id: z.string(),
      Label: z.string(),
      DepartmentName: z.string().nullable(),
      Status: z.enum(EQUIPMENT_STATUSES),
      CalibrationDue: z.string().nullable(),
      Calibration: calibration,
      Tests: z.number(),
      Hours: z.number(),
      LastUsed: z.string().nullable(),
    }),
  ),
  ByDepartment: z.array(z.object({ Id: z.string().nullable(), Name: z.string().nullable(), Instruments: z.number(), Tests: z.number(), Hours: z.number() })),
  ByMonth: z.array(z.object({ Month: z.string(), Tests: z.number(), Hours: z.number() })),
}) satisfies z.ZodType<EquipmentStatistics>;

/** Use of every instrument in a date range (the last year when none is given). */
export const equipmentStatistics = (args: CallArgs, token: string, range: { from: string | null; to: string | null }) =>
  api(args, "TrialDetection/GetEquipmentStatistics", { token, query: { from: range.from, to: range.to }, schema: statistics });
