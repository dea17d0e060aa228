import { parse as parseCsv } from "csv-parse/sync";
import { DETECTION_LIMITS as L } from "../../../common/forms/limits.ts";
import { UUID } from "../../../common/forms/check.ts";
import { saveResultsSchema } from "../../../common/forms/detection.ts";
import { gradeNameKey } from "../../../common/steel-grades.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, iso, keyedFieldError, requireId } from "../../http/fields.ts";
import type { Lang } from "../../http/messages.ts";
import type { AuthUser } from "../../http/router.ts";
import { instrumentForResult } from "../equipment/use.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { readerOf, requireLab } from "./access.ts";
import { GRADE_PROPERTY_OF, methodOf, quantityOf, type Quantity } from "./methods.ts";
import { detectionTexts, filled, stateRefusal } from "./texts.ts";
import type { OrderState, Result, Verdict } from "../../../common/detection.ts";

/**
 * Results (docs/detection.md): the values measured on each sample, per method and quantity, judged against a
 * limit when there is one. The limit is the order's for that quantity, else the grade's (the steel-grade
 * database: element ranges for a chemical method, the one tensile or hardness figure the grade gives); it is
 * stored with the value with its source and the verdict, so a report says what the value was judged against.
 * A value changes in place until it is verified (by another person, SetTaskOrderState verify); a verified
 * value is replaced only after a retest, and the old row stays with the retest's reason.
 */

interface Row {
  id: string;
  sample_id: string;
  sample_code: string;
  method: string;
  quantity: string;
  unit: string;
  value: number | null;
  text_value: string;
  min_limit: number | null;
  max_limit: number | null;
  limit_source: "" | "grade" | "order";
  verdict: Verdict;
  equipment: string;
  equipment_id: string | null;
  source: "form" | "csv";
  entered_by_name: string;
  entered_at: Date;
  verified_by_name: string | null;
  verified_at: Date | null;
  superseded_at: Date | null;
  retest_reason: string;
}

const resultOf = (r: Row): Result => ({
  Id: r.id,
  SampleId: r.sample_id,
  SampleCode: r.sample_code,
  Method: r.method,
  Quantity: r.quantity,
  Unit: r.unit,
  Value: r.value === null ? null : Number(r.value),
  Text: r.text_value,
  Min: r.min_limit === null ? null : Number(r.min_limit),
  Max: r.max_limit === null ? null : Number(r.max_limit),
  LimitSource: r.limit_source,
  Verdict: r.verdict,
  Equipment: r.equipment,
  EquipmentId: r.equipment_id,
  Source: r.source,
  EnteredBy: r.entered_by_name,
  EnteredAt: iso(r.entered_at)!,
  VerifiedBy: r.verified_by_name,
  VerifiedAt: iso(r.verified_at),
  SupersededAt: iso(r.superseded_at),
  RetestReason: r.retest_reason,
});

const SELECT = `select r.id, r.sample_id, s.code as sample_code, r.method, r.quantity, r.unit, r.value, r.text_value, r.min_limit, r.max_limit,
  r.limit_source, r.verdict, r.equipment, r.equipment_id, r.source, r.entered_by_name, r.entered_at, r.verified_by_name, r.verified_at, r.superseded_at, r.retest_reason
  from detection_results r join detection_samples s on s.id = r.sample_id`;

/** The order's results, current and replaced, by sample, method, quantity and time. */
export async function resultsOf(db: Db, orderId: string): Promise<Result[]> {
  const rows = await db.query<Row>(`${SELECT} where r.order_id = $1 order by s.line_no, s.piece_no, r.method, r.quantity, r.entered_at`, [orderId]);
  return rows.map(resultOf);
}

/** One sample's results, current and replaced, by method, quantity and time (GetSample). */
export async function resultsOfSample(db: Db, sampleId: string): Promise<Result[]> {
  const rows = await db.query<Row>(`${SELECT} where r.sample_id = $1 order by r.method, r.quantity, r.entered_at`, [sampleId]);
  return rows.map(resultOf);
}

/** TrialDetection/GetOrderResults (`orderId`): the results of an order the caller may read. */
export async function getOrderResults(db: Db, user: AuthUser, query: URLSearchParams): Promise<{ Results: Result[] }> {
  const reader = await readerOf(db, user);
  const id = requireId(query.get("orderId"), "orderId");
  const [o] = await db.query<{ client_enterprise_id: string | null }>(`select client_enterprise_id from detection_orders where id = $1`, [id]);
  if (!o || (reader.kind === "enterprise" && (!reader.enterpriseId || o.client_enterprise_id !== reader.enterpriseId))) throw new ApiError(Status.notFound, detectionTexts.notFound);
  return { Results: await resultsOf(db, id) };
}

/** A refusal of one field with its text's {placeholders} filled. */
function refusedWith(field: string, key: keyof typeof detectionTexts, vars: Record<string, string | number>, status: number = Status.badRequest): ApiError {
  const text = filled(detectionTexts[key], vars);
  return new ApiError(status, text, { fields: [{ field, key, message: text.zh }] });
}
const refused = (field: string, key: keyof typeof detectionTexts, status: number = Status.badRequest) => keyedFieldError(field, key, detectionTexts, status);

/**
 * The equipment a result is entered with: a registered instrument (by id; its label replaces what was typed),
 * refused at EquipmentId when it may not be used for the method today; or only the typed name.
 */
async function usedInstrument(tx: Db, id: string | null | undefined, method: string, typed: string): Promise<Pick<Entry, "equipment" | "equipmentId">> {
  if (!id) return { equipment: typed, equipmentId: null };
  const found = await instrumentForResult(tx, id, method);
  if ("refused" in found) throw refusedWith("EquipmentId", found.refused.key, found.refused.vars);
  return { equipment: found.label, equipmentId: found.id };
}

type Parsed = { value: number | null; text: string };
/** A typed or imported value of a quantity, or the key of what is wrong with it (with its placeholders). */
function parseValue(q: Quantity, raw: unknown): Parsed | { error: keyof typeof detectionTexts; vars: Record<string, string | number> } {
  const s = String(raw ?? "").trim();
  if (q.text) return [...s].length > L.resultText ? { error: "textTooLong", vars: {} } : { value: null, text: s };
  // Only plain decimals (with an exponent): "1,080" or "≥900" are typing errors, not values.
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return { error: "valueInvalid", vars: { quantity: q.key } };
  const v = Number(s);
  if (q.range && (v < q.range[0] || v > q.range[1])) return { error: "valueOutOfRange", vars: { quantity: q.key, min: q.range[0], max: q.range[1] } };
  return { value: v, text: "" };
}

const blank = (raw: unknown) => raw === undefined || raw === null || String(raw).trim() === "";

interface Limit {
  min: number | null;
  max: number | null;
  source: "grade" | "order";
}

/**
 * The limits that apply to an order's samples: the order's own, and per grade (by its designation, any
 * spelling: "42CrMo", "42 CrMo") the element ranges and the single figure of each mapped property. A grade
 * designation several standards share is read from GB first. A property the grade gives more than once (for
 * several heat treatments) limits nothing: which one applies is the order's to say.
 */
class Limits {
  private grades = new Map<string, Map<string, Limit>>();
  private constructor(
    private db: Db,
    private order: Map<string, Limit>,
  ) {}

  static async of(db: Db, orderId: string): Promise<Limits> {
    const rows = await db.query<{ method: string; quantity: string; min_value: number | null; max_value: number | null }>(
      `select method, quantity, min_value, max_value from detection_order_limits where order_id = $1`,
      [orderId],
    );
    return new Limits(db, new Map(rows.map((r) => [`${r.method}/${r.quantity}`, { min: r.min_value, max: r.max_value, source: "order" as const }])));
  }

  async for(grade: string, method: string, quantity: string): Promise<Limit | null> {
    const own = this.order.get(`${method}/${quantity}`);
    if (own) return own;
    const byGrade = await this.ofGrade(grade);
    const m = methodOf(method);
    if (m?.group === "chemical") return byGrade.get(`element/${quantity}`) ?? null;
    const property = GRADE_PROPERTY_OF[`${method}/${quantity}`];
    return property ? (byGrade.get(`property/${property}`) ?? null) : null;
  }

  private async ofGrade(grade: string): Promise<Map<string, Limit>> {
    const key = gradeNameKey(grade);
    let limits = this.grades.get(key);
    if (limits) return limits;
    limits = new Map();
    this.grades.set(key, limits);
    if (!key) return limits;
    const [g] = await this.db.query<{ id: string }>(`select id from steel_grades where name_key = $1 order by (system = 'GB') desc, key limit 1`, [key]);
    if (!g) return limits;
    // In turn: this runs on the entry's transaction client.
    const elements = await this.db.query<{ element: string; min_pct: number | null; max_pct: number | null }>(`select element, min_pct, max_pct from steel_grade_elements where grade_id = $1`, [g.id]);
    const properties = await this.db.query<{ property: string; min_value: number | null; max_value: number | null; n: number }>(
      `select property, min(min_value) as min_value, max(max_value) as max_value, count(*)::int as n from steel_grade_properties
       where grade_id = $1 and (min_value is not null or max_value is not null) group by property`,
      [g.id],
    );
    const num = (v: number | string | null) => (v === null ? null : Number(v));
    for (const e of elements) limits.set(`element/${e.element}`, { min: num(e.min_pct), max: num(e.max_pct), source: "grade" });
    for (const p of properties) if (p.n === 1) limits.set(`property/${p.property}`, { min: num(p.min_value), max: num(p.max_value), source: "grade" });
    return limits;
  }
}

const verdictOf = (v: Parsed, limit: Limit | null): Verdict => {
  if (!limit || v.value === null) return "none";
  return (limit.min !== null && v.value < limit.min) || (limit.max !== null && v.value > limit.max) ? "out" : "in";
};

interface SampleRow {
  id: string;
  code: string;
  order_id: string;
  grade: string;
  methods: string[];
}

/** Locks the sample's order for the entry (state changes wait, as an entry waits for them) and checks it is in test. */
async function sampleInTest(tx: Db, sampleId: string): Promise<SampleRow> {
  const [s] = await tx.query<SampleRow & { state: OrderState }>(
    `select s.id, s.code, s.order_id, s.grade, l.methods, o.state from detection_samples s
       join detection_order_lines l on l.order_id = s.order_id and l.line_no = s.line_no
       join detection_orders o on o.id = s.order_id where s.id = $1 for update of o`,
    [sampleId],
  );
  if (!s) throw new ApiError(Status.notFound, detectionTexts.sampleNotFound);
  if (s.state !== "in_test") throw stateRefusal(s.state);
  return s;
}

interface Entry {
  sample: SampleRow;
  method: string;
  equipment: string;
  equipmentId: string | null;
  source: "form" | "csv";
  values: { quantity: Quantity; parsed: Parsed }[];
}

/**
 * Writes the values of one entry: an unverified current value is replaced in place; a verified one (the order
 * is back in test after a retest) is kept as replaced, with the retest's reason, and the new value added. A
 * value equal to the current one is left as it is, with whoever entered it: a form posts every field it shows,
 * and re-saving one typo must neither make its saver the "operator" of the rest (the second-person rule) nor
 * turn verified values into retested copies. Answers the values it replaced, for the operation log.
 */
async function writeEntry(tx: Db, user: AuthUser, actor: Actor, limits: Limits, e: Entry): Promise<Record<string, number | string>> {
  let reason: string | null = null;
  const replaced: Record<string, number | string> = {};
  for (const { quantity: q, parsed } of e.values) {
    const [current] = await tx.query<{ id: string; verified_at: Date | null; value: number | null; text_value: string }>(
      `select id, verified_at, value, text_value from detection_results where sample_id = $1 and method = $2 and quantity = $3 and superseded_at is null`,
      [e.sample.id, e.method, q.key],
    );
    if (current && (current.value === null ? null : Number(current.value)) === parsed.value && current.text_value === parsed.text) continue;
    if (current) replaced[q.key] = current.value === null ? current.text_value : Number(current.value);
    const limit = await limits.for(e.sample.grade, e.method, q.key);
    const cols = [parsed.value, parsed.text, q.unit, limit?.min ?? null, limit?.max ?? null, limit?.source ?? "", verdictOf(parsed, limit), e.equipment, e.equipmentId, e.source, user.id, actor.name];
    if (current && !current.verified_at) {
      await tx.query(
        `update detection_results set value = $2, text_value = $3, unit = $4, min_limit = $5, max_limit = $6, limit_source = $7, verdict = $8,
           equipment = $9, equipment_id = $10, source = $11, entered_by = $12, entered_by_name = $13, entered_at = now() where id = $1`,
        [current.id, ...cols],
      );
      continue;
    }
    if (current) {
      reason ??= (await tx.query<{ reason: string }>(`select reason from detection_order_events where order_id = $1 and action = 'retest' order by id desc limit 1`, [e.sample.order_id]))[0]?.reason ?? "";
      await tx.query(`update detection_results set superseded_at = now(), retest_reason = $2 where id = $1`, [current.id, reason]);
    }
    await tx.query(
      `insert into detection_results (sample_id, order_id, method, quantity, value, text_value, unit, min_limit, max_limit, limit_source, verdict, equipment, equipment_id, source, entered_by, entered_by_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [e.sample.id, e.sample.order_id, e.method, q.key, ...cols],
    );
  }
  return replaced;
}

/**
 * TrialDetection/SaveResults (the lab; JSON): the values measured on one sample by one method, with the
 * equipment. The order must be in test and ask for the method on that sample; each quantity must be the
 * method's and its value a number within what it can physically be (a microstructure is words). A blank value
 * is not entered. Answers the sample's current results.
 */
export async function saveResults(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<{ Results: Result[] }> {
  requireLab(user);
  const input = checkBody(saveResultsSchema, body, detectionTexts);
  if (!methodOf(input.Method)) throw refused("Method", "methodUnknown");
  const values: Entry["values"] = [];
  input.Values.forEach((v, i) => {
    const q = quantityOf(input.Method, v.Quantity);
    if (!q) throw refused(`Values.${i}.Quantity`, "quantityUnknown");
    if (blank(v.Value)) return;
    const parsed = parseValue(q, v.Value);
    if ("error" in parsed) throw refusedWith(`Values.${i}.Value`, parsed.error, parsed.vars);
    values.push({ quantity: q, parsed });
  });
  if (values.length === 0) throw refused("Values", "valuesRequired");
  return db.transaction(async (tx) => {
    const sample = await sampleInTest(tx, input.SampleId);
    if (!sample.methods.includes(input.Method)) throw refused("Method", "methodNotOrdered");
    const instrument = await usedInstrument(tx, input.EquipmentId, input.Method, input.Equipment);
    const replaced = await writeEntry(tx, user, actor, await Limits.of(tx, sample.order_id), { sample, method: input.Method, ...instrument, source: "form", values });
    await logOperation(tx, actor, {
      action: "result.save",
      targetType: "sample",
      targetId: sample.id,
      targetName: sample.code,
      before: Object.keys(replaced).length ? { Method: input.Method, Values: replaced } : null,
      after: {
        Method: input.Method,
        Equipment: instrument.equipment,
        EquipmentId: instrument.equipmentId,
        Values: Object.fromEntries(values.map((v) => [v.quantity.key, v.parsed.value ?? v.parsed.text])),
      },
    });
    const rows = await tx.query<Row>(`${SELECT} where r.sample_id = $1 and r.superseded_at is null order by r.method, r.quantity`, [sample.id]);
    return { Results: rows.map(resultOf) };
  });
}

/** One bad cell of an imported file: its row (the header is row 1), column and why, in the caller's language. */
export interface CellError {
  Row: number;
  Column: string;
  Message: string;
}

/** A column heading's quantity: "Rm", "rm", "Rm (MPa)", "Rm/MPa" and "Rm [MPa]" all name Rm. */
const headingKey = (h: string) => h.trim().replace(/\s*[([/].*$/, "").toLowerCase();
const SAMPLE_HEADINGS = new Set(["sampleid", "sample id", "sample", "样品编号", "样品号", "试样编号", "id"]);

/**
 * TrialDetection/ImportResults (the lab; multipart: `file` a CSV, `OrderId`, `Method`, `Equipment`): an
 * instrument's export, one row per sample: a column of sample IDs (SampleID, 样品编号…) and one column per
 * quantity of the method (Rm, "Rm (MPa)"…; other columns refused). Every cell is checked first; one bad cell
 * and nothing is imported, and the answer names each (row, column, reason). Otherwise all rows are entered in
 * one transaction, as SaveResults would, marked as imported.
 */
export async function importResults(
  db: Db,
  user: AuthUser,
  actor: Actor,
  file: { data: Buffer; truncated: boolean } | null,
  fields: Record<string, string>,
  lang: Lang,
): Promise<{ Imported: number; Samples: number }> {
  requireLab(user);
  const orderId = requireId(fields.OrderId, "OrderId");
  const method = methodOf((fields.Method ?? "").trim());
  if (!method) throw refused("Method", "methodUnknown");
  const typedEquipment = (fields.Equipment ?? "").trim();
  if ([...typedEquipment].length > L.equipment) throw refused("Equipment", "equipmentTooLong");
  const equipmentId = (fields.EquipmentId ?? "").trim().toLowerCase() || null;
  if (equipmentId && !UUID.test(equipmentId)) throw refused("EquipmentId", "equipmentUnknown");
  if (!file || file.truncated || file.data.length > L.csvBytes) throw refused("file", "csvEmpty");
  let records: string[][];
  try {
    records = parseCsv(file.data, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch {
    throw refused("file", "csvInvalid");
  }
  if (records.length < 2 || records.length > L.csvRows + 1) throw refused("file", "csvEmpty");
  const [header, ...rows] = records;
  const idColumn = header.findIndex((h) => SAMPLE_HEADINGS.has(h.trim().toLowerCase()));
  if (idColumn < 0) throw refused("file", "csvEmpty");
  const columns: { index: number; quantity: Quantity }[] = [];
  for (const [index, h] of header.entries()) {
    if (index === idColumn || !h.trim()) continue;
    const q = method.quantities.find((x) => x.key.toLowerCase() === headingKey(h));
    if (!q) throw refusedWith("file", "csvColumnUnknown", { column: h.trim() });
    // "Rm" and "Rm (MPa)" both: which one the instrument meant is not ours to guess.
    if (columns.some((c) => c.quantity.key === q.key)) throw refusedWith("file", "csvColumnTwice", { column: h.trim() });
    columns.push({ index, quantity: q });
  }
  if (columns.length === 0) throw refused("file", "csvEmpty");

  return db.transaction(async (tx) => {
    const [o] = await tx.query<{ state: OrderState; code: string }>(`select state, code from detection_orders where id = $1 for update`, [orderId]);
    if (!o) throw new ApiError(Status.notFound, detectionTexts.notFound);
    if (o.state !== "in_test") throw stateRefusal(o.state);
    const instrument = await usedInstrument(tx, equipmentId, method.code, typedEquipment);
    const samples = await tx.query<SampleRow>(
      `select s.id, s.code, s.order_id, s.grade, l.methods from detection_samples s join detection_order_lines l on l.order_id = s.order_id and l.line_no = s.line_no where s.order_id = $1`,
      [orderId],
    );
    const byCode = new Map(samples.map((s) => [s.code.toUpperCase(), s]));
    const errors: CellError[] = [];
    const entries: Entry[] = [];
    const seen = new Set<string>();
    rows.forEach((cells, i) => {
      const rowNo = i + 2;
      const code = (cells[idColumn] ?? "").trim();
      const sample = byCode.get(code.toUpperCase());
      if (!sample) return errors.push({ Row: rowNo, Column: header[idColumn], Message: detectionTexts.csvSampleUnknown[lang] });
      if (seen.has(sample.id)) return errors.push({ Row: rowNo, Column: header[idColumn], Message: detectionTexts.csvSampleTwice[lang] });
      seen.add(sample.id);
      if (!sample.methods.includes(method.code)) return errors.push({ Row: rowNo, Column: header[idColumn], Message: detectionTexts.methodNotOrdered[lang] });
      const values: Entry["values"] = [];
      for (const c of columns) {
        const raw = cells[c.index];
        if (blank(raw)) continue;
        const parsed = parseValue(c.quantity, raw);
        if ("error" in parsed) errors.push({ Row: rowNo, Column: header[c.index], Message: filled(detectionTexts[parsed.error], parsed.vars)[lang] });
        else values.push({ quantity: c.quantity, parsed });
      }
      if (values.length) entries.push({ sample, method: method.code, ...instrument, source: "csv", values });
    });
    if (errors.length) {
      const text = filled(detectionTexts.csvErrors, { count: errors.length });
      throw new ApiError(Status.badRequest, text, { fields: [{ field: "file", key: "csvErrors", message: text.zh }], errors });
    }
    const limits = await Limits.of(tx, orderId);
    const replaced: Record<string, Record<string, number | string>> = {};
    for (const e of entries) {
      const r = await writeEntry(tx, user, actor, limits, e);
      if (Object.keys(r).length) replaced[e.sample.code] = r;
    }
    const imported = entries.reduce((n, e) => n + e.values.length, 0);
    await logOperation(tx, actor, {
      action: "result.import",
      targetType: "taskOrder",
      targetId: orderId,
      targetName: o.code,
      before: Object.keys(replaced).length ? { Method: method.code, Replaced: replaced } : null,
      after: { Method: method.code, Equipment: instrument.equipment, EquipmentId: instrument.equipmentId, Rows: rows.length, Values: imported },
    });
    return { Imported: imported, Samples: new Set(entries.map((e) => e.sample.id)).size };
  });
}

/** How many (sample, method) pairs the order asks for that have no current result (complete needs none). */
export async function missingResults(tx: Db, orderId: string): Promise<number> {
  const [r] = await tx.query<{ n: number }>(
    `select count(*)::int as n from detection_samples s
       join detection_order_lines l on l.order_id = s.order_id and l.line_no = s.line_no
       cross join lateral unnest(l.methods) as m(method)
     where s.order_id = $1 and not exists (select 1 from detection_results r where r.sample_id = s.id and r.method = m.method and r.superseded_at is null)`,
    [orderId],
  );
  return Number(r.n);
}

/**
 * Verification by a second person: refused when the caller entered any of the values still unverified;
 * otherwise they are all marked verified by the caller. Runs inside SetTaskOrderState's verify.
 */
export async function verifyResults(tx: Db, user: AuthUser, actor: Actor, orderId: string): Promise<number> {
  const [mine] = await tx.query<{ n: number }>(
    `select count(*)::int as n from detection_results where order_id = $1 and superseded_at is null and verified_at is null and entered_by = $2`,
    [orderId, user.id],
  );
  if (Number(mine.n) > 0) throw refused("Action", "verifierIsOperator", Status.conflict);
  const done = await tx.query<{ id: string }>(
    `update detection_results set verified_by = $2, verified_by_name = $3, verified_at = now() where order_id = $1 and superseded_at is null and verified_at is null returning id`,
    [orderId, user.id, actor.name],
  );
  return done.length;
}

/** How many current values of the order wait for verification. */
export async function unverifiedResults(tx: Db, orderId: string): Promise<number> {
  const [r] = await tx.query<{ n: number }>(`select count(*)::int as n from detection_results where order_id = $1 and superseded_at is null and verified_at is null`, [orderId]);
  return Number(r.n);
}
