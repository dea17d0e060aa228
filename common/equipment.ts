/**
 * Experimental equipment (docs/equipment.md): what the pages and the API share, without zod.
 */
export const EQUIPMENT_STATUSES = ["active", "maintenance", "retired"] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

/** A calibration due within this many days shows as "due soon". */
export const CALIBRATION_WARNING_DAYS = 30;
export const CALIBRATION_STATES = ["none", "ok", "dueSoon", "overdue"] as const;
export type CalibrationState = (typeof CALIBRATION_STATES)[number];

/** Where an instrument's calibration stands on a day (YYYY-MM-DD strings compare as dates). */
export function calibrationState(due: string | null, today: string, status: EquipmentStatus = "active"): CalibrationState {
  if (!due || status === "retired") return "none";
  if (due < today) return "overdue";
  const warn = new Date(`${today}T00:00:00Z`);
  warn.setUTCDate(warn.getUTCDate() + CALIBRATION_WARNING_DAYS);
  return due <= warn.toISOString().slice(0, 10) ? "dueSoon" : "ok";
}

export interface EquipmentFile {
  path: string;
  name: string;
  size: number;
  type: string;
}

/** An instrument as the API answers it. */
export interface Equipment {
  Id: string;
  Name: string;
  Model: string;
  Maker: string;
  Serial: string;
  Location: string;
  DepartmentId: string | null;
  DepartmentName: string | null;
  KeeperId: string | null;
  KeeperName: string | null;
  Methods: string[];
  CalibratedOn: string | null;
  CalibrationDue: string | null;
  Calibration: CalibrationState;
  Status: EquipmentStatus;
  Note: string;
  Photos: EquipmentFile[];
  Manuals: EquipmentFile[];
  CreatedBy: string | null;
  CreatedAt: string;
  Version: number;
}

/** A registered instrument as the results forms offer it (TrialDetection/GetResultEquipment). */
export interface ResultInstrument {
  Id: string;
  Label: string;
  Methods: string[];
  Status: EquipmentStatus;
  CalibrationDue: string | null;
  Calibration: CalibrationState;
}

/** One instrument's use in a range (TrialDetection/GetEquipmentStatistics). */
export interface InstrumentUse {
  Id: string;
  Label: string;
  DepartmentName: string | null;
  Status: EquipmentStatus;
  CalibrationDue: string | null;
  Calibration: CalibrationState;
  /** Methods run on samples with it (a sample and method once, a retest included). */
  Tests: number;
  /** Tests × each method's typical instrument time, in hours (results record no durations). */
  Hours: number;
  LastUsed: string | null;
}

/** The equipment statistics page's answer: the range, totals, and use per instrument, department and month. */
export interface EquipmentStatistics {
  From: string;
  To: string;
  Totals: { Instruments: number; Active: number; Maintenance: number; Retired: number; Overdue: number; DueSoon: number; Tests: number; Hours: number };
  Instruments: InstrumentUse[];
  ByDepartment: { Id: string | null; Name: string | null; Instruments: number; Tests: number; Hours: number }[];
  ByMonth: { Month: string; Tests: number; Hours: number }[];
}

/** Today as the calibration dates are kept and compared (days, UTC, YYYY-MM-DD). */
export const utcToday = () => new Date().toISOString().slice(0, 10);
