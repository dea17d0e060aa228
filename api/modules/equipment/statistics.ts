import { calibrationState, utcToday, type EquipmentStatistics, type EquipmentStatus, type InstrumentUse } from "../../../common/equipment.ts";
import type { Db } from "../../db/index.ts";
import { iso } from "../../http/fields.ts";
import { methodOf } from "../detection/methods.ts";
import { monthsOf, statisticsRange } from "../system/statistics.ts";
import { instrumentLabel } from "./use.ts";

/** Without a range the page shows the last year. */
const DEFAULT_DAYS = 365;

interface InstrumentRow {
  id: string;
  name: string;
  model: string;
  serial: string;
  department_id: string | null;
  department_name: string | null;
  status: EquipmentStatus;
  calibration_due: string | null;
}

const hoursOf = (method: string, tests: number) => (tests * (methodOf(method)?.minutes ?? 0)) / 60;
const round = (h: number) => Math.round(h * 100) / 100;

/**
 * TrialDetection/GetEquipmentStatistics (SystemAdmin, EquimentAdmin; `from`, `to` days, the last year unless
 * given, at most 366 days): every registered instrument with how much it was used in the range (tests: a
 * method on a sample, entered with the instrument; hours: tests × the method's typical time) and its
 * calibration today; the same summed by department and by month; and totals. Instruments retired and unused
 * in the range are left out of the list (counted in the totals).
 */
export async function equipmentStatistics(db: Db, query: URLSearchParams): Promise<EquipmentStatistics> {
  const { from, to } = statisticsRange(query, DEFAULT_DAYS);
  const instruments = await db.query<InstrumentRow>(
    `select e.id, e.name, e.model, e.serial, e.department_id, d.name as department_name, e.status, to_char(e.calibration_due, 'YYYY-MM-DD') as calibration_due
       from equipment e left join departments d on d.id = e.department_id order by lower(e.name), lower(e.model), e.serial`,
  );
  // A test is a method on a sample with an instrument, dated by its first entry; a retest on the same
  // instrument is the same test (its values replace the first ones).
  const uses = await db.query<{ equipment_id: string; month: string; method: string; tests: number; last_used: Date }>(
    `with tests as (
       select equipment_id, sample_id, method, min(entered_at) as at, max(entered_at) as last
         from detection_results where equipment_id is not null group by 1, 2, 3)
     select equipment_id, to_char(at, 'YYYY-MM') as month, method, count(*)::int as tests, max(last) as last_used
       from tests where at >= $1::date and at < $2::date + 1 group by 1, 2, 3`,
    [from, to],
  );
  const today = utcToday();
  const months = new Map(monthsOf(from, to).map((m) => [m, { Month: m, Tests: 0, Hours: 0 }]));
  const use = new Map<string, { tests: number; hours: number; last: Date | null }>();
  for (const u of uses) {
    const h = hoursOf(u.method, u.tests);
    const m = months.get(u.month);
    if (m) {
      m.Tests += u.tests;
      m.Hours += h;
    }
    const x = use.get(u.equipment_id) ?? { tests: 0, hours: 0, last: null };
    x.tests += u.tests;
    x.hours += h;
    if (!x.last || u.last_used > x.last) x.last = u.last_used;
    use.set(u.equipment_id, x);
  }
  const rows: InstrumentUse[] = [];
  const departments = new Map<string, EquipmentStatistics["ByDepartment"][number]>();
  const totals = { Instruments: instruments.length, Active: 0, Maintenance: 0, Retired: 0, Overdue: 0, DueSoon: 0, Tests: 0, Hours: 0 };
  for (const r of instruments) {
    const u = use.get(r.id);
    const calibration = calibrationState(r.calibration_due, today, r.status);
    totals[r.status === "active" ? "Active" : r.status === "maintenance" ? "Maintenance" : "Retired"]++;
    if (calibration === "overdue") totals.Overdue++;
    if (calibration === "dueSoon") totals.DueSoon++;
    totals.Tests += u?.tests ?? 0;
    totals.Hours += u?.hours ?? 0;
    const key = r.department_id ?? "";
    const d = departments.get(key) ?? { Id: r.department_id, Name: r.department_name, Instruments: 0, Tests: 0, Hours: 0 };
    d.Instruments++;
    d.Tests += u?.tests ?? 0;
    d.Hours += u?.hours ?? 0;
    departments.set(key, d);
    if (r.status === "retired" && !u) continue;
    rows.push({
      Id: r.id,
      Label: instrumentLabel(r),
      DepartmentName: r.department_name,
      Status: r.status,
      CalibrationDue: r.calibration_due,
      Calibration: calibration,
      Tests: u?.tests ?? 0,
      Hours: round(u?.hours ?? 0),
      LastUsed: iso(u?.last ?? null),
    });
  }
  // The busiest first; then by name, as listed.
  rows.sort((a, b) => b.Tests - a.Tests);
  return {
    From: from,
    To: to,
    Totals: { ...totals, Hours: round(totals.Hours) },
    Instruments: rows,
    ByDepartment: [...departments.values()].map((d) => ({ ...d, Hours: round(d.Hours) })).sort((a, b) => b.Tests - a.Tests || (a.Name ?? "").localeCompare(b.Name ?? "")),
    ByMonth: [...months.values()].map((m) => ({ ...m, Hours: round(m.Hours) })),
  };
}
