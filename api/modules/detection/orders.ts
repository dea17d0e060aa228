import { z } from "zod";
import { formatSampleId, nextState, ORDER_STATES, patternParts, REASON_ACTIONS, samplePeriod, type OrderAction, type OrderState, type TaskOrder, type TaskOrderRow } from "../../../common/detection.ts";
import { orderStateSchema, taskOrderSchema, type TaskOrderInput } from "../../../common/forms/detection.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, parsePaging, parseSort, prefixPattern, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, iso, keyedFieldError, requireId } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { readerOf, readerSql, requireLab } from "./access.ts";
import { methodOf, quantityOf } from "./methods.ts";
import { DEFAULT_ISSUE, reportCount, reportOnAction, type ReportIssue } from "./reports.ts";
import { recordsFromOrder } from "../testData/records.ts";
import { missingResults, unverifiedResults, verifyResults } from "./results.ts";
import { samplesOf, unregisteredPieces } from "./samples.ts";
import { nextNumber, serverDay } from "./sequences.ts";
import { detectionTexts, stateRefusal } from "./texts.ts";

/** Order codes: WT (委托, an order) with the month and a counter per month, e.g. WT202611-0042. */
const ORDER_CODE = patternParts("WT{YYYY}{MM}-{SEQ:4}");

interface Row {
  id: string;
  code: string;
  project_id: string;
  project_code: string;
  project_name: string;
  client_name: string;
  state: OrderState;
  grade: string;
  due_date: string | null;
  overdue: boolean;
  samples: number;
  note: string;
  created_by_name: string | null;
  created_at: Date;
  state_changed_at: Date;
  version: number;
  client_enterprise_id: string | null;
}

const COLUMNS = `o.id, o.code, o.project_id, p.code as project_code, p.name as project_name, coalesce(d.name, e.name, '') as client_name,
  o.state, o.grade, to_char(o.due_date, 'YYYY-MM-DD') as due_date,
  (o.due_date is not null and o.due_date < current_date and o.state not in ('reported', 'cancelled')) as overdue,
  (select coalesce(sum(l.quantity), 0) from detection_order_lines l where l.order_id = o.id)::int as samples,
  o.note, coalesce(nullif(u.real_name, ''), u.name) as created_by_name, o.created_at, o.state_changed_at, o.version, o.client_enterprise_id`;
const FROM = `detection_orders o join detection_projects p on p.id = o.project_id
  left join departments d on d.id = o.client_department_id left join enterprises e on e.id = o.client_enterprise_id
  left join users u on u.id = o.created_by`;

const rowOf = (r: Row): TaskOrderRow => ({
  Id: r.id,
  Code: r.code,
  ProjectId: r.project_id,
  ProjectCode: r.project_code,
  ProjectName: r.project_name,
  ClientName: r.client_name,
  State: r.state,
  Grade: r.grade,
  DueDate: r.due_date,
  Overdue: r.overdue,
  Samples: Number(r.samples),
  Note: r.note,
  CreatedBy: r.created_by_name ?? "",
  CreatedAt: iso(r.created_at)!,
  StateChangedAt: iso(r.state_changed_at)!,
  Version: r.version,
});

const refused = (field: string, key: keyof typeof detectionTexts, status: number = Status.badRequest) => keyedFieldError(field, key, detectionTexts, status);
const notFound = () => new ApiError(Status.notFound, detectionTexts.notFound);

const filters = z.object({
  state: optional(z.enum(ORDER_STATES)),
  projectId: optional(z.uuid()),
  clientKind: optional(z.enum(["department", "enterprise"])),
  clientId: optional(z.uuid()),
  overdue: optional(z.enum(["1"])),
});
const SORT = { code: "o.code", createdAt: "o.created_at", dueDate: "o.due_date", stateChangedAt: "o.state_changed_at" };

/**
 * TrialDetection/GetDetectionTaskOrderBase (POST as the spec has it; body or query): the orders the caller may read,
 * by `state`, `projectId`, `clientKind` + `clientId`, `overdue=1`, `keyword` (the start of the order's code, or its project's
 * code or name), `sort`, `page`, `pageSize`. The state and client filters each have their own index. The count
 * and the page's ids are found over the orders table alone; names, counts of samples and the rest are fetched for
 * the page's rows only: over 50,000 orders the whole list took about 160 ms on PGlite when every row was joined
 * and counted, about 27 ms this way.
 */
export async function listOrders(db: Db, user: AuthUser, input: URLSearchParams): Promise<Page<TaskOrderRow>> {
  const reader = await readerOf(db, user);
  const paging = parsePaging(input, 100);
  const f = parse(filters, Object.fromEntries(input));
  const sort = parseSort(input, SORT, "-createdAt", "o.id");
  const w = new Where();
  w.and(readerSql(reader, "o", (v) => w.param(v)));
  if (f.state) w.and(`o.state = ${w.param(f.state)}`);
  if (f.projectId) w.and(`o.project_id = ${w.param(f.projectId)}`);
  if (f.clientId) w.and(f.clientKind === "department" ? `o.client_department_id = ${w.param(f.clientId)}` : `o.client_enterprise_id = ${w.param(f.clientId)}`);
  if (f.overdue) w.and(`o.due_date < current_date and o.state not in ('reported', 'cancelled')`);
  if (paging.keyword) {
    // An order by the start of its code (codes are upper case; the prefix index), or the orders of the projects
    // whose code or name holds the keyword: projects are few (hundreds), found first, then their orders by index.
    const prefix = w.param(prefixPattern(paging.keyword.toUpperCase()));
    const k = w.param(containsPattern(paging.keyword));
    w.and(`(o.code like ${prefix} escape '\\' or o.project_id in (select id from detection_projects where code ilike ${k} escape '\\' or name ilike ${k} escape '\\'))`);
  }
  const { total, rows: page } = await pagedQuery<{ id: string }>(db, { select: "o.id", from: "detection_orders o", where: w, orderBy: sort.sql }, paging);
  const rows = page.length ? await db.query<Row>(`select ${COLUMNS} from ${FROM} where o.id = any($1::uuid[])`, [page.map((r) => r.id)]) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { total, page: paging.page, size: paging.size, rows: page.map((r) => rowOf(byId.get(r.id)!)) };
}

/**
 * TrialDetection/GetOrderQueue: the lab's queue for the test-data tab page: how many orders the caller may read
 * are in each state, and how many are overdue. One grouped count over the state index.
 */
export async function orderQueue(db: Db, user: AuthUser): Promise<{ States: Record<string, number>; Overdue: number }> {
  const reader = await readerOf(db, user);
  const w = new Where();
  w.and(readerSql(reader, "o", (v) => w.param(v)));
  const rows = await db.query<{ state: string; n: number; overdue: number }>(
    `select o.state, count(*)::int as n,
       count(*) filter (where o.due_date < current_date and o.state not in ('reported', 'cancelled'))::int as overdue
     from detection_orders o ${w.sql} group by o.state`,
    w.params,
  );
  return { States: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])), Overdue: rows.reduce((n, r) => n + Number(r.overdue), 0) };
}

async function orderRow(db: Db, id: string, lock = false): Promise<Row | null> {
  const [r] = await db.query<Row>(`select ${COLUMNS} from ${FROM} where o.id = $1${lock ? " for update of o" : ""}`, [id]);
  return r ?? null;
}

/** TrialDetection/GetTaskOrder (`id`): the order with its sample lines and every change of state. */
export async function getOrder(db: Db, user: AuthUser, id: string): Promise<TaskOrder> {
  const reader = await readerOf(db, user);
  const r = await orderRow(db, id);
  if (!r || (reader.kind === "enterprise" && (!reader.enterpriseId || r.client_enterprise_id !== reader.enterpriseId))) throw notFound();
  return withDetails(db, r);
}

async function withDetails(db: Db, r: Row): Promise<TaskOrder> {
  // One after another: `db` may be a transaction's client, on which queries cannot overlap.
  const lines = await db.query<{ line_no: number; description: string; grade: string; heat_no: string; form: string; condition: string; quantity: number; methods: string[] }>(
    `select line_no, description, grade, heat_no, form, condition, quantity, methods from detection_order_lines where order_id = $1 order by line_no`,
    [r.id],
  );
  const events = await db.query<{ action: string; from_state: string | null; to_state: string; reason: string; by_name: string; at: Date }>(
    `select action, from_state, to_state, reason, by_name, at from detection_order_events where order_id = $1 order by id`,
    [r.id],
  );
  const samples = await samplesOf(db, r.id);
  const limits = await db.query<{ method: string; quantity: string; min_value: number | null; max_value: number | null }>(
    `select method, quantity, min_value, max_value from detection_order_limits where order_id = $1 order by method, quantity`,
    [r.id],
  );
  return {
    ...rowOf(r),
    Lines: lines.map((l) => ({ LineNo: l.line_no, Description: l.description, Grade: l.grade, HeatNo: l.heat_no, Form: l.form, Condition: l.condition, Quantity: l.quantity, Methods: l.methods })),
    Events: events.map((e) => ({ Action: e.action, From: e.from_state, To: e.to_state, Reason: e.reason, By: e.by_name, At: iso(e.at)! })),
    Registered: samples,
    Limits: limits.map((l) => ({ Method: l.method, Quantity: l.quantity, Min: l.min_value === null ? null : Number(l.min_value), Max: l.max_value === null ? null : Number(l.max_value) })),
  };
}

/** The next order code of this month (the counter stays locked until the transaction ends). */
async function nextOrderCode(tx: Db): Promise<string> {
  const today = await serverDay(tx);
  const code = formatSampleId(ORDER_CODE, today, await nextNumber(tx, `order|${samplePeriod(ORDER_CODE, today)}`));
  if (!code) throw new ApiError(Status.conflict, "badInput");
  return code;
}

/**
 * TrialDetection/SaveTaskOrder (the lab; JSON): a new order in draft (its code issued here) or a draft edited at
 * its Version. The sample lines are replaced as a whole; every method must be in the catalogue (GetMethods).
 * Once submitted, an order changes only by its state's actions.
 */
export async function saveOrder(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<{ Id: string; Code: string; Version: number }> {
  requireLab(user);
  const input: TaskOrderInput = checkBody(taskOrderSchema, body, detectionTexts);
  input.Lines.forEach((l, i) => {
    const unknown = l.Methods.find((m) => !methodOf(m));
    if (unknown) throw refused(`Lines.${i}.Methods`, "methodUnknown");
  });
  input.Limits.forEach((l, i) => {
    if (!methodOf(l.Method)) throw refused(`Limits.${i}.Method`, "methodUnknown");
    const q = quantityOf(l.Method, l.Quantity);
    if (!q || q.text) throw refused(`Limits.${i}.Quantity`, "quantityUnknown");
  });
  return db.transaction(async (tx) => {
    const [project] = await tx.query<{ id: string; status: string; client_department_id: string | null; client_enterprise_id: string | null }>(
      `select id, status, client_department_id, client_enterprise_id from detection_projects where id = $1 for share`,
      [input.ProjectId],
    );
    if (!project) throw refused("ProjectId", "projectUnknown");
    let id = input.Id;
    let code: string;
    let before: TaskOrder | null = null;
    if (!id) {
      if (project.status !== "active") throw refused("ProjectId", "projectClosed");
      code = await nextOrderCode(tx);
      const [r] = await tx.query<{ id: string }>(
        `insert into detection_orders (code, project_id, client_department_id, client_enterprise_id, grade, due_date, note, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [code, project.id, project.client_department_id, project.client_enterprise_id, input.Grade, input.DueDate ?? null, input.Note, user.id],
      );
      id = r.id;
      await tx.query(`insert into detection_order_events (order_id, action, from_state, to_state, by_user, by_name) values ($1, 'create', null, 'draft', $2, $3)`, [id, user.id, actor.name]);
    } else {
      const r = await orderRow(tx, id, true);
      if (!r) throw notFound();
      before = await withDetails(tx, r);
      if (input.Version !== r.version) throw refused("Version", "stale", Status.conflict);
      if (r.state !== "draft") throw refused("Id", "notDraft", Status.conflict);
      code = r.code;
      await tx.query(
        `update detection_orders set project_id = $2, client_department_id = $3, client_enterprise_id = $4, grade = $5, due_date = $6, note = $7, version = version + 1 where id = $1`,
        [id, project.id, project.client_department_id, project.client_enterprise_id, input.Grade, input.DueDate ?? null, input.Note],
      );
      await tx.query(`delete from detection_order_lines where order_id = $1`, [id]);
    }
    await tx.query(`delete from detection_order_limits where order_id = $1`, [id]);
    for (const l of new Map(input.Limits.map((l) => [`${l.Method}/${l.Quantity}`, l])).values()) {
      await tx.query(`insert into detection_order_limits (order_id, method, quantity, min_value, max_value) values ($1, $2, $3, $4, $5)`, [id, l.Method, l.Quantity, l.Min ?? null, l.Max ?? null]);
    }
    for (const [i, l] of input.Lines.entries()) {
      await tx.query(
        `insert into detection_order_lines (order_id, line_no, description, grade, heat_no, form, condition, quantity, methods) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [id, i + 1, l.Description, l.Grade, l.HeatNo, l.Form, l.Condition, l.Quantity, [...new Set(l.Methods)]],
      );
    }
    const after = await withDetails(tx, (await orderRow(tx, id))!);
    await logOperation(tx, actor, { action: "taskOrder.save", targetType: "taskOrder", targetId: id, targetName: code, before, after });
    return { Id: id, Code: code, Version: after.Version };
  });
}

/**
 * What an action needs beyond the order's state, as the key of the refusal, or null. Testing starts only once
 * every announced piece is registered with its ID (RegisterSamples); an order goes to verification only with a
 * result for every method asked of every sample (SaveResults, ImportResults).
 */
async function unmet(tx: Db, orderId: string, action: OrderAction): Promise<keyof typeof detectionTexts | null> {
  if (action === "start") return (await unregisteredPieces(tx, orderId)) > 0 ? "samplesMissing" : null;
  if (action === "complete") {
    if ((await missingResults(tx, orderId)) > 0) return "resultsMissing";
    // Back from a retest, something must have been measured again, else there is nothing new to verify.
    return (await unverifiedResults(tx, orderId)) === 0 ? "resultsUnchanged" : null;
  }
  // A report once issued stays what its QR code says it is: an order with a report is corrected, not cancelled.
  if (action === "cancel") return (await reportCount(tx, orderId)) > 0 ? "reportedNoCancel" : null;
  return null;
}

/**
 * TrialDetection/SetTaskOrderState (the lab): moves an order by one action of the state machine
 * (common/detection.ts) at the Version the caller saw, recording who, when, from and to, and the reason (required
 * to cancel or retest). Of two concurrent changes of one order, the second finds the row locked, then changed:
 * it is refused as stale and changes nothing. The `report` action issues the order's report (reports.ts) in the
 * same transaction, in the caller's language (`issue`; without it, as for the demo seeder, in Chinese with the
 * web's default address): the order is reported only with its PDF stored.
 */
export async function setOrderState(db: Db, user: AuthUser, actor: Actor, body: unknown, issue: ReportIssue = DEFAULT_ISSUE): Promise<{ State: OrderState; Version: number }> {
  requireLab(user);
  const input = checkBody(orderStateSchema, body, detectionTexts);
  if ((REASON_ACTIONS as readonly string[]).includes(input.Action) && !input.Reason) throw refused("Reason", "reasonRequired");
  return db.transaction(async (tx) => {
    const [o] = await tx.query<{ id: string; code: string; state: OrderState; version: number }>(`select id, code, state, version from detection_orders where id = $1 for update`, [input.Id]);
    if (!o) throw notFound();
    if (o.version !== input.Version) throw refused("Version", "stale", Status.conflict);
    const to = nextState(o.state, input.Action);
    if (!to) throw stateRefusal(o.state);
    const missing = await unmet(tx, o.id, input.Action);
    if (missing) throw refused("Action", missing, Status.conflict);
    // Verifying the order is verifying its results, by someone who entered none of those still unverified.
    if (input.Action === "verify") {
      await verifyResults(tx, user, actor, o.id);
      // What a second person checked becomes the samples' test records (the tables and searches of test data).
      await recordsFromOrder(tx, o.id);
    }
    await tx.query(`update detection_orders set state = $2, version = version + 1, state_changed_at = now() where id = $1`, [o.id, to]);
    await tx.query(
      `insert into detection_order_events (order_id, action, from_state, to_state, reason, by_user, by_name) values ($1, $2, $3, $4, $5, $6, $7)`,
      [o.id, input.Action, o.state, to, input.Reason, user.id, actor.name],
    );
    const report = input.Action === "report" ? await reportOnAction(tx, actor, o.id, issue) : null;
    await logOperation(tx, actor, {
      action: `taskOrder.${input.Action}`,
      targetType: "taskOrder",
      targetId: o.id,
      targetName: o.code,
      before: { State: o.state },
      after: { State: to, Reason: input.Reason || undefined, Report: report?.Code },
    });
    return { State: to, Version: o.version + 1 };
  });
}

export const orderIdOf = (query: URLSearchParams) => requireId(query.get("id"), "id");
