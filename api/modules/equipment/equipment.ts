import { z } from "zod";
import { calibrationState, EQUIPMENT_STATUSES, utcToday, type Equipment, type EquipmentStatus } from "../../../common/equipment.ts";
import { equipmentSchema } from "../../../common/forms/equipment.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, parsePaging, parseSort, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, iso, isUniqueViolation, keyedFieldError, requireId } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { METHODS } from "../detection/methods.ts";
import { loadAttachments, resolveAttachments, setAttachments } from "../notices/attachment-refs.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { subtreeSql } from "../system/scope.ts";
import { equipmentTexts } from "./texts.ts";

/**
 * Experimental equipment (TrialDetection/*ExperimentalEquipment, docs/equipment.md): the lab's instruments with
 * their keeper, department, methods and calibration. Who sees and edits which: SystemAdmin and EquimentAdmin
 * every instrument; an InsideAdmin those of their department and below, and those they keep or registered;
 * DataUpload those they keep or registered. An instrument outside one's reach is "not found". An instrument
 * belongs to a department of the caller's (their own or below it); SystemAdmin and EquimentAdmin, any.
 */
export type Scope = { kind: "all" } | { kind: "mine"; userId: string; departmentId: string | null; seesDepartment: boolean };

export async function scopeOf(db: Db, user: AuthUser): Promise<Scope> {
  if (user.roles.includes("SystemAdmin") || user.roles.includes("EquimentAdmin")) return { kind: "all" };
  const [u] = await db.query<{ department_id: string | null }>(`select department_id from users where id = $1`, [user.id]);
  return { kind: "mine", userId: user.id, departmentId: u?.department_id ?? null, seesDepartment: user.roles.includes("InsideAdmin") };
}

export function scopeSql(scope: Scope, w: Where): void {
  if (scope.kind === "all") return;
  const me = w.param(scope.userId);
  const dept = scope.seesDepartment && scope.departmentId ? ` or e.department_id in (${subtreeSql(w.param(scope.departmentId))})` : "";
  w.and(`(e.keeper_id = ${me} or e.created_by = ${me}${dept})`);
}

/** The departments an instrument of this caller may belong to: any (all), else their own and those below it. */
function departmentSql(scope: Scope, w: Where): void {
  if (scope.kind === "mine") w.and(scope.departmentId ? `d.id in (${subtreeSql(w.param(scope.departmentId))})` : "false");
}

interface Row {
  id: string;
  name: string;
  model: string;
  maker: string;
  serial: string;
  location: string;
  department_id: string | null;
  department_name: string | null;
  keeper_id: string | null;
  keeper_name: string | null;
  methods: string[];
  calibrated_on: string | null;
  calibration_due: string | null;
  status: EquipmentStatus;
  note: string;
  created_by_name: string | null;
  created_at: Date;
  version: number;
}
const COLUMNS = `e.id, e.name, e.model, e.maker, e.serial, e.location, e.department_id, d.name as department_name, e.keeper_id,
  coalesce(nullif(k.real_name, ''), k.name) as keeper_name, e.methods, to_char(e.calibrated_on, 'YYYY-MM-DD') as calibrated_on,
  to_char(e.calibration_due, 'YYYY-MM-DD') as calibration_due, e.status, e.note, coalesce(nullif(c.real_name, ''), c.name) as created_by_name, e.created_at, e.version`;
const FROM = `equipment e left join departments d on d.id = e.department_id left join users k on k.id = e.keeper_id left join users c on c.id = e.created_by`;


const equipmentOf = (r: Row, files: { Photos: Equipment["Photos"]; Manuals: Equipment["Manuals"] } = { Photos: [], Manuals: [] }): Equipment => ({
  Id: r.id,
  Name: r.name,
  Model: r.model,
  Maker: r.maker,
  Serial: r.serial,
  Location: r.location,
  DepartmentId: r.department_id,
  DepartmentName: r.department_name,
  KeeperId: r.keeper_id,
  KeeperName: r.keeper_name,
  Methods: r.methods,
  CalibratedOn: r.calibrated_on,
  CalibrationDue: r.calibration_due,
  Calibration: calibrationState(r.calibration_due, utcToday(), r.status),
  Status: r.status,
  Note: r.note,
  ...files,
  CreatedBy: r.created_by_name,
  CreatedAt: iso(r.created_at)!,
  Version: r.version,
});

const refused = (field: string, key: keyof typeof equipmentTexts, status: number = Status.badRequest) => keyedFieldError(field, key, equipmentTexts, status);
const notFound = () => new ApiError(Status.notFound, equipmentTexts.notFound);

async function rowIn(db: Db, scope: Scope, id: string, lock = false): Promise<Row | null> {
  const w = new Where().and(`e.id = $1`);
  w.params.push(id);
  scopeSql(scope, w);
  const [r] = await db.query<Row>(`select ${COLUMNS} from ${FROM} ${w.sql} ${lock ? "for update of e" : ""}`, w.params);
  return r ?? null;
}

async function withFiles(db: Db, r: Row): Promise<Equipment> {
  const [Photos, Manuals] = [await loadAttachments(db, "equipmentPhoto", r.id), await loadAttachments(db, "equipmentManual", r.id)];
  return equipmentOf(r, { Photos, Manuals });
}

/** TrialDetection/GetExperimentalEquipment (`id`): one instrument, with its photos and manuals. */
export async function getEquipment(db: Db, user: AuthUser, query: URLSearchParams): Promise<Equipment> {
  const r = await rowIn(db, await scopeOf(db, user), requireId(query.get("id"), "id"));
  if (!r) throw notFound();
  return withFiles(db, r);
}

const SORT = { name: "lower(e.name)", due: "e.calibration_due", createdAt: "e.created_at" };
const filters = z.object({
  status: optional(z.enum(EQUIPMENT_STATUSES)),
  calibration: optional(z.enum(["overdue", "dueSoon"])),
  method: optional(z.string().refine((m) => METHODS.some((x) => x.code === m), "unknown method")),
});

/** In use or under maintenance, and due before today / within 30 days (common/equipment.ts calibrationState). */
const OVERDUE = `e.status <> 'retired' and e.calibration_due < current_date`;
const DUE_SOON = `e.status <> 'retired' and e.calibration_due between current_date and current_date + 30`;

/**
 * TrialDetection/GetMyExperimentalEquipment: the instruments in the caller's reach, by keyword (part of the
 * name, model, maker or serial), status, calibration (overdue, or due within 30 days), method; and, over all
 * of them whatever the filters, how many are overdue and due soon (the page's warning above the list).
 */
export async function listEquipment(db: Db, user: AuthUser, query: URLSearchParams): Promise<Page<Equipment> & { Overdue: number; DueSoon: number }> {
  const paging = parsePaging(query, 100);
  const f = parse(filters, Object.fromEntries(query));
  const sort = parseSort(query, SORT, "name", "e.id");
  const scope = await scopeOf(db, user);
  const all = new Where();
  scopeSql(scope, all);
  const [due] = await db.query<{ overdue: number; due_soon: number }>(
    `select count(*) filter (where ${OVERDUE})::int as overdue, count(*) filter (where ${DUE_SOON})::int as due_soon from equipment e ${all.sql}`,
    all.params,
  );
  const w = new Where();
  scopeSql(scope, w);
  if (paging.keyword) {
    const k = w.param(containsPattern(paging.keyword));
    w.and(`(e.name ilike ${k} escape '\\' or e.model ilike ${k} escape '\\' or e.maker ilike ${k} escape '\\' or e.serial ilike ${k} escape '\\')`);
  }
  if (f.status) w.and(`e.status = ${w.param(f.status)}`);
  if (f.calibration === "overdue") w.and(OVERDUE);
  if (f.calibration === "dueSoon") w.and(DUE_SOON);
  if (f.method) w.and(`e.methods @> array[${w.param(f.method)}]::text[]`);
  const { total, rows } = await pagedQuery<Row>(db, { select: COLUMNS, from: FROM, where: w, orderBy: sort.sql }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map((r) => equipmentOf(r)), Overdue: Number(due.overdue), DueSoon: Number(due.due_soon) };
}

/** Files to keep, from their paths (`/attachment/<name>` or the name): the caller's own, or the instrument's already. */
async function fileIds(tx: Db, user: AuthUser, field: "Photos" | "Manuals", paths: string[], kept: Set<string>): Promise<string[]> {
  const names = paths.map((p) => p.replace(/^\/attachment\//, ""));
  try {
    return await resolveAttachments(tx, names, user, kept);
  } catch {
    throw refused(field, "fileUnknown");
  }
}

/**
 * TrialDetection/SaveExperimentalEquipment: registers an instrument (no Id; the caller keeps it unless a keeper
 * is named) or saves one at the Version its editor saw; its department must be in the caller's reach.
 */
export async function saveEquipment(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<Equipment> {
  const input = checkBody(equipmentSchema, body, equipmentTexts);
  const unknown = input.Methods.find((m) => !METHODS.some((x) => x.code === m));
  if (unknown) throw refused("Methods", "methodUnknown");
  const scope = await scopeOf(db, user);
  return db.transaction(async (tx) => {
    if (input.DepartmentId) {
      const w = new Where().and(`d.id = $1`);
      w.params.push(input.DepartmentId);
      departmentSql(scope, w);
      const [d] = await tx.query(`select d.id from departments d ${w.sql}`, w.params);
      if (!d) throw refused("DepartmentId", "departmentUnknown");
    }
    const keeper = input.KeeperId ?? (input.Id ? undefined : user.id);
    if (keeper) {
      const [k] = await tx.query(`select id from users where id = $1 and not disabled`, [keeper]);
      if (!k) throw refused("KeeperId", "keeperUnknown");
    }
    let before: Equipment | null = null;
    if (input.Id) {
      const r = await rowIn(tx, scope, input.Id, true);
      if (!r) throw notFound();
      if (r.version !== input.Version) throw refused("Version", "stale", Status.conflict);
      before = await withFiles(tx, r);
    }
    const keptPhotos = new Set(before?.Photos.map((p) => p.path));
    const keptManuals = new Set(before?.Manuals.map((p) => p.path));
    const photos = await fileIds(tx, user, "Photos", input.Photos, keptPhotos);
    const manuals = await fileIds(tx, user, "Manuals", input.Manuals, keptManuals);
    const values = [input.Name, input.Model, input.Maker, input.Serial, input.Location, input.DepartmentId ?? null, input.Methods, input.CalibratedOn ?? null, input.CalibrationDue ?? null, input.Status, input.Note];
    let id: string;
    try {
      if (before) {
        id = before.Id;
        await tx.query(
          `update equipment set name = $2, model = $3, maker = $4, serial = $5, location = $6, department_id = $7, methods = $8, calibrated_on = $9, calibration_due = $10,
             status = $11, note = $12, keeper_id = coalesce($13, keeper_id), updated_at = now(), version = version + 1 where id = $1`,
          [id, ...values, input.KeeperId ?? null],
        );
      } else {
        [{ id }] = await tx.query<{ id: string }>(
          `insert into equipment (name, model, maker, serial, location, department_id, methods, calibrated_on, calibration_due, status, note, keeper_id, created_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
          [...values, keeper ?? user.id, user.id],
        );
      }
    } catch (e) {
      if (isUniqueViolation(e, "equipment_serial")) throw refused("Serial", "serialTaken", Status.conflict);
      throw e;
    }
    await setAttachments(tx, "equipmentPhoto", id, photos);
    await setAttachments(tx, "equipmentManual", id, manuals);
    const after = await withFiles(tx, (await rowIn(tx, { kind: "all" }, id))!);
    await logOperation(tx, actor, { action: "equipment.save", targetType: "equipment", targetId: id, targetName: input.Name, before, after });
    return after;
  });
}

/** TrialDetection/GetEquipmentOptions: the departments an instrument may belong to, and who may keep it. */
export async function equipmentOptions(db: Db, user: AuthUser): Promise<{ Departments: { Id: string; Name: string }[]; Keepers: { Id: string; Name: string }[] }> {
  const scope = await scopeOf(db, user);
  const w = new Where();
  departmentSql(scope, w);
  const departments = await db.query<{ id: string; name: string }>(`select d.id, d.name from departments d ${w.sql} order by d.sort nulls last, d.name limit 500`, w.params);
  // The people who may look after instruments: those with an equipment role, not disabled.
  const keepers = await db.query<{ id: string; name: string }>(
    `select distinct u.id, coalesce(nullif(u.real_name, ''), u.name) as name from users u join user_roles ur on ur.user_id = u.id
      where not u.disabled and ur.role_code in ('SystemAdmin', 'InsideAdmin', 'DataUpload', 'EquimentAdmin') order by 2 limit 500`,
  );
  return { Departments: departments.map((d) => ({ Id: d.id, Name: d.name })), Keepers: keepers.map((k) => ({ Id: k.id, Name: k.name })) };
}
