import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { csvResponse } from "~/lib/csv";
import { EQUIPMENT_STATS_PATH, EQUIPMENT_STATS_TABLES, type EquipmentStatsTable } from "~/lib/equipment";
import { equipmentStatistics } from "~/lib/equipment.server";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";
import { statsQuery } from "~/lib/statistics";

/** GET /dataUpdate/equipmentStatistics.csv?table=…&from&to: one of the page's tables, whole, headers in the user's language. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, EQUIPMENT_STATS_PATH);
  const search = new URL(args.request.url).searchParams;
  const table = search.get("table") as EquipmentStatsTable;
  const [t, ts] = await Promise.all([getT(args.request, "equipment"), getT(args.request, "system")]);
  if (!EQUIPMENT_STATS_TABLES.includes(table)) throw new Response(ts("stats.noSuchTable"), { status: 404 });
  const s = await forPage(args, () => equipmentStatistics(args, token, statsQuery(search)));
  const col = (k: string) => t(`stats.col.${k}`);
  const rows: Record<EquipmentStatsTable, () => Array<Array<string | number>>> = {
    instruments: () => [
      [col("instrument"), col("department"), col("status"), col("calibration"), t("list.calibration"), col("tests"), col("hours"), col("lastUsed")],
      ...s.Instruments.map((i) => [
        i.Label,
        i.DepartmentName ?? "",
        t(`status.${i.Status}`),
        i.CalibrationDue ?? "",
        t(`calibration.${i.Calibration}`),
        i.Tests,
        i.Hours,
        i.LastUsed?.slice(0, 10) ?? "",
      ]),
    ],
    departments: () => [[col("department"), col("instruments"), col("tests"), col("hours")], ...s.ByDepartment.map((d) => [d.Name ?? t("stats.noDepartment"), d.Instruments, d.Tests, d.Hours])],
    months: () => [[col("month"), col("tests"), col("hours")], ...s.ByMonth.map((m) => [m.Month, m.Tests, m.Hours])],
  };
  return csvResponse(`equipment-${table}-${s.From}-${s.To}`, rows[table]());
}
