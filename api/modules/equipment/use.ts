import { calibrationState, utcToday, type EquipmentStatus, type ResultInstrument } from "../../../common/equipment.ts";
import { DETECTION_LIMITS } from "../../../common/forms/limits.ts";
import type { Db } from "../../db/index.ts";
import type { AuthUser } from "../../http/router.ts";
import { requireLab } from "../detection/access.ts";

/**
 * Equipment used by results (docs/equipment.md): the registered instruments the lab picks from when it enters
 * a method's results, and the rule for which may be used. A result keeps the instrument's id (counted by the
 * equipment statistics) and its label as it was then.
 */

interface Row {
  id: string;
  name: string;
  model: string;
  serial: string;
  methods: string[];
  status: EquipmentStatus;
  calibration_due: string | null;
}

/** "Name Model #Serial", as a result shows the instrument, within the results' equipment limit. */
export function instrumentLabel(r: Pick<Row, "name" | "model" | "serial">): string {
  const label = [r.name, r.model].filter(Boolean).join(" ") + (r.serial ? ` #${r.serial}` : "");
  return [...label].slice(0, DETECTION_LIMITS.equipment).join("");
}

/** Why an instrument may not be used: a key of the detection texts, with what its text names. */
export interface Unusable {
  key: "equipmentUnknown" | "equipmentOutOfService" | "equipmentMethod" | "equipmentCalibrationOverdue";
  vars: Record<string, string>;
}

/** Why an instrument may not be used for a method's results today, or null when it may. */
export function unusableBecause(r: Pick<Row, "methods" | "status" | "calibration_due">, method: string, day = utcToday()): Unusable | null {
  if (r.status !== "active") return { key: "equipmentOutOfService", vars: {} };
  if (!r.methods.includes(method)) return { key: "equipmentMethod", vars: {} };
  if (calibrationState(r.calibration_due, day, r.status) === "overdue") return { key: "equipmentCalibrationOverdue", vars: { due: r.calibration_due! } };
  return null;
}

const SELECT = `select id, name, model, serial, methods, status, to_char(calibration_due, 'YYYY-MM-DD') as calibration_due from equipment`;

/** The instrument with this id, for a result of `method`: its label, or why it may not be used. */
export async function instrumentForResult(tx: Db, id: string, method: string): Promise<{ refused: Unusable } | { id: string; label: string }> {
  const [r] = await tx.query<Row>(`${SELECT} where id = $1`, [id]);
  if (!r) return { refused: { key: "equipmentUnknown", vars: {} } };
  const why = unusableBecause(r, method);
  return why ? { refused: why } : { id: r.id, label: instrumentLabel(r) };
}

/**
 * TrialDetection/GetResultEquipment (the lab): every instrument not retired, with the methods it runs and its
 * calibration, for the results forms' choice (one not usable today is shown, disabled, with why).
 */
export async function resultEquipment(db: Db, user: AuthUser): Promise<{ Instruments: ResultInstrument[] }> {
  requireLab(user);
  const rows = await db.query<Row>(`${SELECT} where status <> 'retired' order by lower(name), lower(model), serial limit 1000`);
  const day = utcToday();
  return {
    Instruments: rows.map((r) => ({
      Id: r.id,
      Label: instrumentLabel(r),
      Methods: r.methods,
      Status: r.status,
      CalibrationDue: r.calibration_due,
      Calibration: calibrationState(r.calibration_due, day, r.status),
    })),
  };
}
