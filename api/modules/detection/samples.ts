import { z } from "zod";
import { DEFAULT_SAMPLE_PATTERN, formatSampleId, parseSamplePattern, samplePeriod, type OrderState, type Sample, type SampleDetail } from "../../../common/detection.ts";
import { registerSamplesSchema } from "../../../common/forms/detection.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, parsePaging, parseSort, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, iso, keyedFieldError } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { readerOf, readerSees, readerSql, requireLab, type Reader } from "./access.ts";
import { photosOf } from "./photos.ts";
import { resultsOfSample } from "./results.ts";
import { nextNumber, serverDay } from "./sequences.ts";
import { detectionTexts, stateRefusal } from "./texts.ts";

interface Row {
  id: string;
  code: string;
  order_id: string;
  order_code: string;
  order_state: OrderState;
  project_code: string;
  project_name: string;
  client_name: string;
  line_no: number;
  piece_no: number;
  description: string;
  grade: string;
  heat_no: string;
  form: string;
  condition: string;
  storage: string;
  methods: string[];
  registered_by_name: string;
  registered_at: Date;
  client_enterprise_id: string | null;
}

const COLUMNS = `s.id, s.code, s.order_id, o.code as order_code, o.state as order_state, p.code as project_code, p.name as project_name,
  coalesce(d.name, e.name, '') as client_name, s.line_no, s.piece_no, l.description, s.grade, s.heat_no, s.form, s.condition, s.storage,
  l.methods, s.registered_by_name, s.registered_at, s.client_enterprise_id`;
const FROM = `detection_samples s join detection_orders o on o.id = s.order_id join detection_projects p on p.id = o.project_id
  join detection_order_lines l on l.order_id = s.order_id and l.line_no = s.line_no
  left join departments d on d.id = o.client_department_id left join enterprises e on e.id = o.client_enterprise_id`;

const sampleOf = (r: Row): Sample => ({
  Id: r.id,
  Code: r.code,
  OrderId: r.order_id,
  OrderCode: r.order_code,
  OrderState: r.order_state,
  ProjectCode: r.project_code,
  ProjectName: r.project_name,
  ClientName: r.client_name,
  LineNo: r.line_no,
  PieceNo: r.piece_no,
  Description: r.description,
  Grade: r.grade,
  HeatNo: r.heat_no,
  Form: r.form,
  Condition: r.condition,
  Storage: r.storage,
  Methods: r.methods,
  RegisteredBy: r.registered_by_name,
  RegisteredAt: iso(r.registered_at)!,
});

const refused = (field: string, key: keyof typeof detectionTexts, status: number = Status.badRequest) => keyedFieldError(field, key, detectionTexts, status);
const sampleNotFound = () => new ApiError(Status.notFound, detectionTexts.sampleNotFound);

/** How many pieces the order announces that have no sample yet (testing starts at 0). */
export async function unregisteredPieces(db: Db, orderId: string): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select ((select coalesce(sum(quantity), 0) from detection_order_lines where order_id = $1) - (select count(*) from detection_samples where order_id = $1))::int as n`,
    [orderId],
  );
  return Number(r.n);
}

/** An order's samples, by line and piece (GetTaskOrder, the labels). */
export async function samplesOf(db: Db, orderId: string): Promise<Sample[]> {
  const rows = await db.query<Row>(`select ${COLUMNS} from ${FROM} where s.order_id = $1 order by s.line_no, s.piece_no`, [orderId]);
  return rows.map(sampleOf);
}

/**
 * TrialDetection/RegisterSamples (the lab; JSON): the samples of a received order, registered as they arrive.
 * Each piece gets an ID from `Pattern` (DEFAULT_SAMPLE_PATTERN when blank; common/detection.ts) whose counter
 * restarts each period of the pattern's date part (`sample|<pattern>|<period>`), with its line's material unless
 * the entry gives what was found, and `Storage`. Without `Lines`, every piece not yet registered is. The order
 * row is locked, so two registrations of one order never exceed what it announces; an ID another pattern
 * already issued is skipped, never repeated.
 */
export async function registerSamples(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<{ Samples: { Id: string; Code: string; LineNo: number; PieceNo: number }[] }> {
  requireLab(user);
  const input = checkBody(registerSamplesSchema, body, detectionTexts);
  const parsed = parseSamplePattern(input.Pattern || DEFAULT_SAMPLE_PATTERN);
  if ("error" in parsed) throw refused("Pattern", parsed.error);
  const pattern = input.Pattern || DEFAULT_SAMPLE_PATTERN;
  return db.transaction(async (tx) => {
    const [o] = await tx.query<{ id: string; code: string; state: OrderState; client_enterprise_id: string | null }>(
      `select id, code, state, client_enterprise_id from detection_orders where id = $1 for update`,
      [input.OrderId],
    );
    if (!o) throw new ApiError(Status.notFound, detectionTexts.notFound);
    if (o.state !== "received") throw stateRefusal(o.state);
    const lines = await tx.query<{ line_no: number; quantity: number; registered: number; grade: string; heat_no: string; form: string; condition: string }>(
      `select l.line_no, l.quantity, coalesce(nullif(l.grade, ''), o.grade) as grade, l.heat_no, l.form, l.condition,
         (select count(*) from detection_samples s where s.order_id = l.order_id and s.line_no = l.line_no)::int as registered
       from detection_order_lines l join detection_orders o on o.id = l.order_id where l.order_id = $1 order by l.line_no`,
      [o.id],
    );
    const byNo = new Map(lines.map((l) => [l.line_no, l]));
    type Entry = NonNullable<typeof input.Lines>[number];
    const wanted: Entry[] = input.Lines ?? lines.filter((l) => l.quantity > l.registered).map((l) => ({ LineNo: l.line_no }));
    // Lines given but none with a count: a count is missing, not the order finished.
    if (input.Lines?.length === 0) throw refused("Lines", "countInvalid");
    if (wanted.length === 0) throw refused("Lines", "nothingToRegister", Status.conflict);
    const plan = wanted.map((w, i) => {
      const line = byNo.get(w.LineNo);
      if (!line) throw refused(`Lines.${i}.LineNo`, "lineUnknown");
      const left = line.quantity - line.registered;
      const count = w.Count ?? left;
      if (count < 1 || count > left) throw refused(`Lines.${i}.Count`, left === 0 ? "nothingToRegister" : "countInvalid");
      line.registered += count; // the same line twice in one call counts both
      return { line, first: line.registered - count + 1, count, entry: w };
    });
    const today = await serverDay(tx);
    const key = `sample|${pattern}|${samplePeriod(parsed.parts, today)}`;
    // Every piece's row, in order; their IDs are the counter's next numbers, taken in one step.
    const pieces = plan.flatMap(({ line, first, count, entry }) =>
      Array.from({ length: count }, (_, k) => ({
        line: line.line_no,
        piece: first + k,
        grade: entry.Grade ?? line.grade,
        heat: entry.HeatNo ?? line.heat_no,
        form: entry.Form ?? line.form,
        condition: entry.Condition ?? line.condition,
        storage: entry.Storage ?? input.Storage,
      })),
    );
    const last = await nextNumber(tx, key, pieces.length);
    if (!formatSampleId(parsed.parts, today, last)) throw refused("Pattern", "sampleSeqFull", Status.conflict);
    const codes = pieces.map((_, i) => formatSampleId(parsed.parts, today, last - pieces.length + 1 + i)!);
    const insert = async (rows: typeof pieces, ids: string[]) =>
      tx.query<{ id: string; code: string }>(
        `insert into detection_samples (code, order_id, line_no, piece_no, grade, heat_no, form, condition, storage, client_enterprise_id, registered_by, registered_by_name)
         select c, $2, l, p, g, h, f, k, st, $10, $11, $12
           from unnest($1::text[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) as x(c, l, p, g, h, f, k, st)
         on conflict ((upper(code))) do nothing returning id, code`,
        [ids, o.id, rows.map((r) => r.line), rows.map((r) => r.piece), rows.map((r) => r.grade), rows.map((r) => r.heat), rows.map((r) => r.form), rows.map((r) => r.condition), rows.map((r) => r.storage), o.client_enterprise_id, user.id, actor.name],
      );
    const byCode = new Map((await insert(pieces, codes)).map((r) => [r.code, r.id]));
    const made: { Id: string; Code: string; LineNo: number; PieceNo: number }[] = [];
    for (const [i, p] of pieces.entries()) {
      let code = codes[i];
      let id = byCode.get(code);
      // An ID another pattern already issued (rare: two patterns that spell the same) is skipped for the next.
      while (!id) {
        const next = formatSampleId(parsed.parts, today, await nextNumber(tx, key));
        if (!next) throw refused("Pattern", "sampleSeqFull", Status.conflict);
        code = next;
        id = (await insert([p], [code]))[0]?.id;
      }
      made.push({ Id: id, Code: code, LineNo: p.line, PieceNo: p.piece });
    }
    await logOperation(tx, actor, {
      action: "sample.register",
      targetType: "taskOrder",
      targetId: o.id,
      targetName: o.code,
      before: null,
      after: { Pattern: pattern, Samples: made.map((m) => m.Code) },
    });
    return { Samples: made };
  });
}

/**
 * TrialDetection/GetSample (`code`, typed or scanned, any case; or `id`): the sample with its order, methods and
 * results (current and replaced), which its page shows and whose measured composition opens calculations, and
 * its photos.
 */
export async function getSample(db: Db, user: AuthUser, query: URLSearchParams): Promise<SampleDetail> {
  const reader = await readerOf(db, user);
  const code = (query.get("code") ?? "").trim();
  const id = (query.get("id") ?? "").trim();
  let rows: Row[] = [];
  if (code && code.length <= 60) rows = await db.query<Row>(`select ${COLUMNS} from ${FROM} where upper(s.code) = upper($1)`, [code]);
  else if (z.uuid().safeParse(id).success) rows = await db.query<Row>(`select ${COLUMNS} from ${FROM} where s.id = $1`, [id]);
  const r = rows[0];
  if (!r || !readerSees(reader, r)) throw sampleNotFound();
  return { ...sampleOf(r), Results: await resultsOfSample(db, r.id), Photos: await photosOf(db, r.id) };
}

const listFilters = z.object({ orderId: optional(z.uuid()), orderState: optional(z.enum(["received", "in_test", "to_verify", "verified", "reported", "cancelled"])) });
const SORT = { code: "s.code", registeredAt: "s.registered_at" };

/**
 * TrialDetection/GetSamples (POST; body or query): the samples the caller may read, newest first, by `orderId`,
 * `keyword` (the sample ID's start, any case, or the heat number's), `sort`, `page`, `pageSize`.
 */
export async function listSamples(db: Db, user: AuthUser, input: URLSearchParams): Promise<Page<Sample>> {
  const reader = await readerOf(db, user);
  const paging = parsePaging(input, 100);
  const f = parse(listFilters, Object.fromEntries(input));
  const sort = parseSort(input, SORT, "-registeredAt", "s.id");
  const w = new Where();
  w.and(readerSql(reader, "s", (v) => w.param(v)));
  if (f.orderId) w.and(`s.order_id = ${w.param(f.orderId)}`);
  if (f.orderState) w.and(`o.state = ${w.param(f.orderState)}`);
  if (paging.keyword) {
    const k = w.param(containsPattern(paging.keyword.toUpperCase()));
    w.and(`(upper(s.code) like ${k} escape '\\' or upper(s.heat_no) like ${k} escape '\\')`);
  }
  const { total, rows } = await pagedQuery<Row>(db, { select: COLUMNS, from: FROM, where: w, orderBy: sort.sql }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map(sampleOf) };
}
