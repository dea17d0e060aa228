import { z } from "zod";
import { ELEMENTS, PROPERTIES, QUANTITY_KEYS, RECORD_SOURCES, columnOf, isQuantity, type DataLevel, type RecordSource, type TestRecord } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";
import { optional, parsePaging, type Page } from "../../db/paged.ts";
import { iso } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { METHODS } from "../detection/methods.ts";
import { recordIndexOf, type IndexQuery } from "./record-index.ts";
import { adminRecordScope, readerScope } from "./scope.ts";

export interface RecordRow {
  id: string;
  code: string;
  source: RecordSource;
  sample_id: string | null;
  order_id: string | null;
  order_code: string | null;
  grade: string;
  heat_no: string;
  form: string;
  condition: string;
  methods: string[];
  tested_at: Date;
  owner_name: string;
  department_name: string | null;
  enterprise_name: string | null;
  project_name: string | null;
  structure: string;
  [column: string]: unknown;
}

const QUANTITY_COLUMNS = QUANTITY_KEYS.map((k) => `r.${columnOf(k)}`).join(", ");
/** The select list and joins every record query shares (the list, the export, the searches). */
export const RECORD_COLUMNS = `r.id, r.code, r.source, r.sample_id, r.order_id, o.code as order_code, r.grade, r.heat_no, r.form, r.condition,
  r.methods, r.tested_at, r.owner_name, d.name as department_name, e.name as enterprise_name, pr.name as project_name, r.structure, ${QUANTITY_COLUMNS}`;
export const RECORD_FROM = `test_records r left join detection_orders o on o.id = r.order_id left join departments d on d.id = r.department_id
  left join enterprises e on e.id = r.enterprise_id left join projects pr on pr.id = r.project_id`;

export function recordOf(r: RecordRow): TestRecord {
  const values: Record<string, number> = {};
  for (const k of QUANTITY_KEYS) {
    const v = r[columnOf(k)];
    if (v !== null && v !== undefined) values[k] = Number(v);
  }
  return {
    Id: r.id,
    Code: r.code,
    Source: r.source,
    SampleId: r.sample_id,
    OrderId: r.order_id,
    OrderCode: r.order_code,
    Grade: r.grade,
    HeatNo: r.heat_no,
    Form: r.form,
    Condition: r.condition,
    Methods: r.methods,
    TestedAt: iso(r.tested_at)!,
    OwnerName: r.owner_name,
    DepartmentName: r.department_name,
    EnterpriseName: r.enterprise_name,
    ProjectName: r.project_name,
    Values: values,
    Structure: r.structure,
  };
}

/** The table's sorts: its fixed columns and every quantity (a record without the value sorts last). */
export const RECORD_SORT_KEYS: readonly string[] = ["testedAt", "code", "grade", ...QUANTITY_KEYS];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((s) => !Number.isNaN(Date.parse(s)));
const number = z.coerce.number().finite();
const filters = z.object({
  level: optional(z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))),
  grade: optional(z.string().trim().max(60)),
  element: optional(z.string().refine(isQuantity, "unknown quantity")),
  min: optional(number),
  max: optional(number),
  method: optional(z.string().refine((m) => METHODS.some((x) => x.code === m), "unknown method")),
  from: optional(day),
  to: optional(day),
  project: optional(z.string().uuid()),
  source: optional(z.enum(RECORD_SOURCES)),
  owner: optional(z.string().trim().max(60)),
  sort: optional(z.string().refine((s) => RECORD_SORT_KEYS.includes(s.replace(/^-/, "")), "unknown sort column")),
});

/** Who is asking: a reader at a level ("my test data"), or an administrator across people. */
export type RecordAudience = { kind: "reader" } | { kind: "admin" };

/**
 * The index query of the table for this caller and query string (the list and the export share it): the
 * caller's scope, then keyword (the start of a record's code or heat number), grade (its start), a quantity
 * measured (`element`, with an optional `min`/`max`), a method, a test-date range (days, server time), a
 * research project, a source, `owner` (part of the owner's name, the administrators' page), and the sort.
 */
export async function recordQuery(db: Db, user: AuthUser, query: URLSearchParams, audience: RecordAudience, maxSize = 100): Promise<IndexQuery> {
  const paging = parsePaging(query, maxSize);
  const f = parse(filters, Object.fromEntries(query));
  const scope = audience.kind === "admin" ? await adminRecordScope(db, user) : await readerScope(db, user, (f.level ?? 0) as DataLevel);
  const sort = f.sort ?? "-testedAt";
  const localDay = (d: string) => new Date(`${d}T00:00:00`).getTime();
  return {
    ...scope,
    keyword: paging.keyword || undefined,
    grade: f.grade,
    measured: f.element,
    ranges: f.element && (f.min !== undefined || f.max !== undefined) ? [{ key: f.element, min: f.min ?? null, max: f.max ?? null }] : undefined,
    method: f.method,
    from: f.from ? localDay(f.from) : undefined,
    to: f.to ? localDay(f.to) + 86_400_000 : undefined,
    project: f.project,
    source: f.source,
    ownerName: f.owner,
    sort: { key: sort.replace(/^-/, ""), desc: sort.startsWith("-") },
    page: paging.page,
    size: paging.size,
  };
}

/** The records of these ids, in this order (one query; an id removed meanwhile is left out). */
export async function recordsByIds(db: Db, ids: string[]): Promise<TestRecord[]> {
  if (!ids.length) return [];
  const rows = await db.query<RecordRow>(`select ${RECORD_COLUMNS} from ${RECORD_FROM} where r.id = any($1::uuid[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, recordOf(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is TestRecord => !!r);
}

/** TrialDetection/GetTestRecords, and System/GetTestRecordsSearch for the administrators. */
export async function listRecords(db: Db, user: AuthUser, query: URLSearchParams, audience: RecordAudience): Promise<Page<TestRecord>> {
  const q = await recordQuery(db, user, query, audience);
  const { total, ids } = await recordIndexOf(db).query(q);
  return { total, page: q.page!, size: q.size!, rows: await recordsByIds(db, ids) };
}

/** The record column each of the lab's quantities goes to (chemistry by element; `T` is the impact's temperature). */
const LAB_QUANTITY: Record<string, string> = {
  ...Object.fromEntries(ELEMENTS.map((e) => [e, e.toLowerCase()])),
  ...Object.fromEntries(PROPERTIES.map((p) => [p.key, p.column])),
  T: "kv2_temp",
};
const ALL_COLUMNS = [...ELEMENTS.map((e) => e.toLowerCase()), ...PROPERTIES.map((p) => p.column)];

/**
 * The test records of an order's samples, from their current results: written when the order is verified
 * (orders.ts, in the same transaction), so what the tables and searches show is what a second person checked.
 * A sample's record is rewritten each time; a retest's new values replace it when the order is verified again.
 * Where two methods measured one element (carbon by OES and by combustion), the later value is kept.
 */
export async function recordsFromOrder(tx: Db, orderId: string): Promise<number> {
  const samples = await tx.query<{
    id: string;
    code: string;
    grade: string;
    heat_no: string;
    form: string;
    condition: string;
    owner_id: string | null;
    owner_name: string | null;
    department_id: string | null;
    enterprise_id: string | null;
    project_id: string | null;
  }>(
    `select s.id, s.code, s.grade, s.heat_no, s.form, s.condition, o.created_by as owner_id, coalesce(nullif(u.real_name, ''), u.name) as owner_name,
       o.client_department_id as department_id, o.client_enterprise_id as enterprise_id, p.research_project_id as project_id
     from detection_samples s join detection_orders o on o.id = s.order_id join detection_projects p on p.id = o.project_id
     left join users u on u.id = o.created_by where s.order_id = $1 order by s.code`,
    [orderId],
  );
  const results = await tx.query<{ sample_id: string; method: string; quantity: string; value: number | null; text_value: string; entered_at: Date }>(
    `select sample_id, method, quantity, value, text_value, entered_at from detection_results where order_id = $1 and superseded_at is null order by entered_at, id`,
    [orderId],
  );
  let written = 0;
  for (const s of samples) {
    const mine = results.filter((r) => r.sample_id === s.id);
    if (!mine.length) continue;
    const values = new Map<string, number>();
    let structure = "";
    for (const r of mine) {
      if (r.quantity === "structure") structure = r.text_value;
      else if (r.value !== null && LAB_QUANTITY[r.quantity]) values.set(LAB_QUANTITY[r.quantity], Number(r.value));
    }
    const testedAt = mine[mine.length - 1].entered_at;
    const methods = [...new Set(mine.map((r) => r.method))].sort();
    const params: unknown[] = [s.code, s.id, orderId, s.grade, s.heat_no, s.form, s.condition, methods, testedAt, s.owner_id, s.owner_name ?? "", s.department_id, s.enterprise_id, s.project_id, structure];
    for (const c of ALL_COLUMNS) params.push(values.get(c) ?? null);
    const cols = ["code", "sample_id", "order_id", "grade", "heat_no", "form", "condition", "methods", "tested_at", "owner_id", "owner_name", "department_id", "enterprise_id", "project_id", "structure", ...ALL_COLUMNS];
    await tx.query(
      `insert into test_records (source, ${cols.join(", ")}) values ('lab', ${cols.map((_, i) => `$${i + 1}`).join(", ")})
       on conflict (sample_id) where sample_id is not null do update set ${cols
         .slice(3)
         .map((c) => `${c} = excluded.${c}`)
         .join(", ")}`,
      params,
    );
    written++;
  }
  return written;
}
