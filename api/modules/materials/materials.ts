import { z } from "zod";
import { nominalComposition } from "../../../common/grade-compute.ts";
import { checkForm } from "../../../common/forms/check.ts";
import { MATERIAL_LIMITS } from "../../../common/forms/limits.ts";
import { materialSchema, materialStepSchema, type MaterialInput } from "../../../common/forms/material.ts";
import type { Material, MaterialDetail, MaterialRow, MaterialStep } from "../../../common/materials.ts";
import { ELEMENTS, columnOf } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, parsePaging, parseSort, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, iso, isUniqueViolation, keyedFieldError, requireId } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { isLab } from "../detection/access.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { materialTexts } from "./texts.ts";

/**
 * Materials (TrialDetection/*Material*, docs/materials.md): a steel's code, grade, heat, supplier, form, size and
 * condition, with its process steps in order. Its samples and test records are those of its heat number. The
 * institute's staff read them; the lab's roles write (LAB_ROLES), each write logged.
 */
interface Row {
  id: string;
  code: string;
  grade: string;
  heat_no: string;
  supplier: string;
  form: string;
  dimensions: string;
  condition: string;
  note: string;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
  step_count?: number;
  sample_count?: number;
}
interface StepRow {
  kind: MaterialStep["Kind"];
  title: string;
  temperature_c: number | null;
  duration_min: number | null;
  medium: string;
  carbon_potential: number | null;
  performed_on: string | null;
  note: string;
}

const COLUMNS = `m.id, m.code, m.grade, m.heat_no, m.supplier, m.form, m.dimensions, m.condition, m.note,
  coalesce(nullif(u.real_name, ''), u.name) as created_by_name, m.created_at, m.updated_at, m.version`;
const FROM = `materials m left join users u on u.id = m.created_by`;
const SAMPLES_OF_HEAT = `(select count(*)::int from detection_samples s where m.heat_no <> '' and upper(s.heat_no) = upper(m.heat_no))`;

const base = (r: Row) => ({
  Id: r.id,
  Code: r.code,
  Grade: r.grade,
  HeatNo: r.heat_no,
  Supplier: r.supplier,
  Form: r.form,
  Dimensions: r.dimensions,
  Condition: r.condition,
  CreatedBy: r.created_by_name,
  CreatedAt: iso(r.created_at)!,
  UpdatedAt: iso(r.updated_at)!,
  Version: r.version,
});

const stepOf = (s: StepRow): MaterialStep => ({
  Kind: s.kind,
  Title: s.title,
  TemperatureC: s.temperature_c === null ? null : Number(s.temperature_c),
  DurationMin: s.duration_min === null ? null : Number(s.duration_min),
  Medium: s.medium,
  CarbonPotential: s.carbon_potential === null ? null : Number(s.carbon_potential),
  PerformedOn: s.performed_on,
  Note: s.note,
});

const SORT = { code: "upper(m.code)", grade: "upper(m.grade)", updatedAt: "m.updated_at" };
const filters = z.object({ form: optional(z.string().trim().max(40)) });

/** TrialDetection/GetMaterials: by keyword (code, grade, heat number, supplier) and form; newest change first. */
export async function listMaterials(db: Db, query: URLSearchParams): Promise<Page<MaterialRow>> {
  const paging = parsePaging(query, 100);
  const f = parse(filters, Object.fromEntries(query));
  const sort = parseSort(query, SORT, "-updatedAt", "m.id");
  const w = new Where();
  if (paging.keyword) {
    const k = w.param(containsPattern(paging.keyword));
    w.and(`(m.code ilike ${k} escape '\\' or m.grade ilike ${k} escape '\\' or m.heat_no ilike ${k} escape '\\' or m.supplier ilike ${k} escape '\\')`);
  }
  if (f.form) w.and(`m.form = ${w.param(f.form)}`);
  const select = `${COLUMNS}, (select count(*)::int from material_steps st where st.material_id = m.id) as step_count, ${SAMPLES_OF_HEAT} as sample_count`;
  const { total, rows } = await pagedQuery<Row>(db, { select, from: FROM, where: w, orderBy: sort.sql }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map((r) => ({ ...base(r), StepCount: Number(r.step_count), SampleCount: Number(r.sample_count) })) };
}

async function materialRow(db: Db, id: string, lock = false): Promise<Row | null> {
  const [r] = await db.query<Row>(`select ${COLUMNS} from ${FROM} where m.id = $1 ${lock ? "for update of m" : ""}`, [id]);
  return r ?? null;
}

async function withSteps(db: Db, r: Row): Promise<Material> {
  const steps = await db.query<StepRow>(
    `select kind, title, temperature_c, duration_min, medium, carbon_potential, to_char(performed_on, 'YYYY-MM-DD') as performed_on, note
     from material_steps where material_id = $1 order by seq`,
    [r.id],
  );
  return { ...base(r), Note: r.note, Steps: steps.map(stepOf) };
}

const notFound = () => new ApiError(Status.notFound, materialTexts.notFound);

/** The grade catalogue's nominal composition (common/grade-compute.ts, as the grade page's calculations take it). */
async function nominalOf(db: Db, grade: string): Promise<Record<string, number> | null> {
  if (!grade) return null;
  const rows = await db.query<{ element: string; min_pct: string | null; max_pct: string | null }>(
    `select e.element, e.min_pct, e.max_pct from steel_grade_elements e
     where e.grade_id = (select id from steel_grades where upper(name) = upper($1) order by key limit 1) order by e.element`,
    [grade],
  );
  const out = nominalComposition(rows.map((r) => ({ Element: r.element, Min: r.min_pct === null ? null : Number(r.min_pct), Max: r.max_pct === null ? null : Number(r.max_pct) })));
  return Object.keys(out).length ? out : null;
}

/**
 * TrialDetection/GetMaterial (`id`): the material with its steps, the samples of its heat (with their orders),
 * the newest 50 test records of its heat, and the composition its calculations use: the newest record of the
 * heat that has carbon, else the grade's nominal.
 */
export async function getMaterial(db: Db, user: AuthUser, query: URLSearchParams): Promise<MaterialDetail> {
  const r = await materialRow(db, requireId(query.get("id"), "id"));
  if (!r) throw notFound();
  const m = await withSteps(db, r);
  const heat = r.heat_no;
  const samples = heat
    ? await db.query<{ id: string; code: string; order_id: string; order_code: string; form: string; condition: string; registered_at: Date }>(
        `select s.id, s.code, s.order_id, o.code as order_code, s.form, s.condition, s.registered_at from detection_samples s join detection_orders o on o.id = s.order_id
         where upper(s.heat_no) = upper($1) order by s.registered_at desc, s.code limit 100`,
        [heat],
      )
    : [];
  const cols = ELEMENTS.map((e) => columnOf(e));
  const props = ["Rm", "Rp0.2", "A", "Z", "HBW", "HRC", "HV", "KV2"];
  const records = heat
    ? await db.query<Record<string, unknown> & { id: string; code: string; source: string; tested_at: Date; condition: string }>(
        `select id, code, source, tested_at, condition, ${[...cols, ...props.map(columnOf)].join(", ")} from test_records where upper(heat_no) = upper($1) order by tested_at desc, id limit 50`,
        [heat],
      )
    : [];
  const valuesOf = (rec: Record<string, unknown>, keys: readonly string[]) => {
    const v: Record<string, number> = {};
    for (const k of keys) {
      const x = rec[columnOf(k)];
      if (x !== null && x !== undefined) v[k] = Number(x);
    }
    return v;
  };
  const measured = records.find((x) => x.c !== null && x.c !== undefined);
  const nominal = measured ? null : await nominalOf(db, r.grade);
  return {
    ...m,
    Samples: samples.map((s) => ({ Id: s.id, Code: s.code, OrderId: s.order_id, OrderCode: s.order_code, Form: s.form, Condition: s.condition, RegisteredAt: iso(s.registered_at)! })),
    Records: records.map((x) => ({ Id: x.id, Code: x.code, Source: x.source, TestedAt: iso(x.tested_at)!, Condition: x.condition, Values: valuesOf(x, [...ELEMENTS, ...props]) })),
    Composition: measured ? { Basis: "measured", RecordCode: measured.code, Values: valuesOf(measured, ELEMENTS) } : nominal ? { Basis: "nominal", RecordCode: null, Values: nominal } : null,
    CanEdit: isLab(user),
  };
}

const refused = (field: string, key: keyof typeof materialTexts, status: number = Status.badRequest) => keyedFieldError(field, key, materialTexts, status);

/** TrialDetection/SaveMaterial: a new material, or an edit at the version it was opened with; its steps replaced whole. */
export async function saveMaterial(db: Db, actor: Actor, body: unknown): Promise<Material> {
  // Each step first, so a refusal names its row and field (Steps.2.TemperatureC) for the form to show it there.
  const steps = ((body ?? {}) as { Steps?: unknown }).Steps;
  if (Array.isArray(steps)) {
    if (steps.length > MATERIAL_LIMITS.steps) throw refused("Steps", "stepsTooMany");
    for (const [i, step] of steps.entries()) {
      const c = checkForm(materialStepSchema, step);
      if (!c.ok) {
        const [field, key] = Object.entries(c.errors)[0];
        throw refused(`Steps.${i}.${field}`, (key in materialTexts ? key : "invalid") as keyof typeof materialTexts);
      }
    }
  }
  const input: MaterialInput = checkBody(materialSchema, body, materialTexts);
  try {
    return await db.transaction(async (tx) => {
      let id = input.Id;
      let before: Material | null = null;
      if (id) {
        const r = await materialRow(tx, id, true);
        if (!r) throw notFound();
        before = await withSteps(tx, r);
        if (input.Version !== r.version) throw refused("Version", "stale", Status.conflict);
        await tx.query(
          `update materials set code = $2, grade = $3, heat_no = $4, supplier = $5, form = $6, dimensions = $7, condition = $8, note = $9, updated_at = now(), version = version + 1 where id = $1`,
          [id, input.Code, input.Grade, input.HeatNo, input.Supplier, input.Form, input.Dimensions, input.Condition, input.Note],
        );
        await tx.query(`delete from material_steps where material_id = $1`, [id]);
      } else {
        const [row] = await tx.query<{ id: string }>(
          `insert into materials (code, grade, heat_no, supplier, form, dimensions, condition, note, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
          [input.Code, input.Grade, input.HeatNo, input.Supplier, input.Form, input.Dimensions, input.Condition, input.Note, actor.id],
        );
        id = row.id;
      }
      for (const [i, s] of input.Steps.entries()) {
        await tx.query(
          `insert into material_steps (material_id, seq, kind, title, temperature_c, duration_min, medium, carbon_potential, performed_on, note) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [id, i + 1, s.Kind, s.Title, s.TemperatureC ?? null, s.DurationMin ?? null, s.Medium, s.CarbonPotential ?? null, s.PerformedOn ?? null, s.Note],
        );
      }
      const saved = await withSteps(tx, (await materialRow(tx, id!))!);
      await logOperation(tx, actor, { action: "material.save", targetType: "material", targetId: id!, targetName: saved.Code, before, after: saved });
      return saved;
    });
  } catch (e) {
    if (isUniqueViolation(e, "materials_code")) throw refused("Code", "codeTaken", Status.conflict);
    throw e;
  }
}

/** TrialDetection/DeleteMaterial (`Id`, `Version`): the material and its steps; its samples and records stay. */
export async function deleteMaterial(db: Db, actor: Actor, body: unknown): Promise<null> {
  const input = (body ?? {}) as Record<string, unknown>;
  const id = requireId(input.Id, "Id");
  await db.transaction(async (tx) => {
    const r = await materialRow(tx, id, true);
    if (!r) throw notFound();
    if (Number(input.Version) !== r.version) throw refused("Version", "stale", Status.conflict);
    const before = await withSteps(tx, r);
    await tx.query(`delete from materials where id = $1`, [id]);
    await logOperation(tx, actor, { action: "material.delete", targetType: "material", targetId: id, targetName: r.code, before, after: null });
  });
  return null;
}
