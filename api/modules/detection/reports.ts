import crypto from "node:crypto";
import { z } from "zod";
import type { OrderState, ReportListRow, ReportRow, ReportVerification } from "../../../common/detection.ts";
import { reissueReportSchema } from "../../../common/forms/detection.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, parsePaging, parseSort, prefixPattern, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, iso, requireId } from "../../http/fields.ts";
import type { Lang } from "../../http/messages.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { readerOf, readerSees, readerSql, requireLab, type Reader } from "./access.ts";
import { reportPdf } from "./report-pdf.ts";
import { resultsOf } from "./results.ts";
import { samplesOf } from "./samples.ts";
import { detectionTexts, stateRefusal } from "./texts.ts";

/**
 * Test reports (docs/detection.md, "Reports"): the PDF of an order's results, issued by its `report` action
 * (SetTaskOrderState) and again, as a new version, after a retest or a correction (ReissueReport). Each version
 * is stored as the bytes issued, with their SHA-256 and a random token its QR code carries: anyone holding the
 * paper opens the online copy (VerifyReport, no login) and learns whether a later version replaced it.
 */

/** What issuing a report needs from the request: the language it is written in and the web's public address. */
export interface ReportIssue {
  lang: Lang;
  webUrl: string;
}

/** Issuing without a request (the demo seeder): in Chinese, the QR code at WEB_PUBLIC_URL's default (api/config.ts). */
export const DEFAULT_ISSUE: ReportIssue = { lang: "zh", webUrl: "http://localhost:3000" };

/** A verify token: 128 random bits in base64url, 22 characters. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The address the QR code opens: the web's report page, which asks VerifyReport. */
export const verifyUrlOf = (webUrl: string, token: string) => `${webUrl.replace(/\/+$/, "")}/reportVerify?token=${token}`;

const notFound = () => new ApiError(Status.notFound, detectionTexts.notFound);

/**
 * Issues the order's next report version inside the caller's transaction, which holds the order's row lock (so
 * two issues of one order never take the same version). The PDF is drawn from the order as it is now, before
 * its row is written. `reason` is why this version replaces the one before.
 */
async function issueReport(tx: Db, actor: Actor, orderId: string, reason: string, issue: ReportIssue): Promise<{ Id: string; Code: string; Version: number }> {
  // One after another: a transaction's client runs one query at a time.
  const [o] = await tx.query<{ code: string; client_name: string; project_code: string; project_name: string; issued_on: string; received_on: string | null; version: number }>(
    `select o.code, coalesce(d.name, e.name, '') as client_name, p.code as project_code, p.name as project_name,
       to_char(now(), 'YYYY-MM-DD') as issued_on,
       (select to_char(max(at), 'YYYY-MM-DD') from detection_order_events where order_id = o.id and action = 'receive') as received_on,
       (select coalesce(max(version), 0) + 1 from detection_reports where order_id = o.id)::int as version
     from detection_orders o join detection_projects p on p.id = o.project_id
       left join departments d on d.id = o.client_department_id left join enterprises e on e.id = o.client_enterprise_id
     where o.id = $1`,
    [orderId],
  );
  const [tested] = await tx.query<{ first: string | null; last: string | null }>(
    `select to_char(min(entered_at), 'YYYY-MM-DD') as first, to_char(max(entered_at), 'YYYY-MM-DD') as last from detection_results where order_id = $1 and superseded_at is null`,
    [orderId],
  );
  const samples = await samplesOf(tx, orderId);
  const results = await resultsOf(tx, orderId);
  const version = Number(o.version);
  const code = `${o.code}-R${version}`;
  const token = crypto.randomBytes(16).toString("base64url");
  const pdf = await reportPdf(
    {
      code,
      version,
      reason,
      issuedOn: o.issued_on,
      issuedBy: actor.name,
      clientName: o.client_name,
      projectCode: o.project_code,
      projectName: o.project_name,
      orderCode: o.code,
      receivedOn: o.received_on,
      testedFrom: tested?.first ?? null,
      testedTo: tested?.last ?? null,
      samples,
      results,
      verifyUrl: verifyUrlOf(issue.webUrl, token),
    },
    issue.lang,
  );
  const sha256 = crypto.createHash("sha256").update(pdf).digest("hex");
  // The version before is no longer the current one (the reports list's flag).
  await tx.query(`update detection_reports set latest = false where order_id = $1 and latest`, [orderId]);
  const [r] = await tx.query<{ id: string }>(
    `insert into detection_reports (order_id, version, code, reason, pdf, sha256, verify_token, lang, issued_by, issued_by_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [orderId, version, code, reason, pdf, sha256, token, issue.lang, actor.id, actor.name],
  );
  return { Id: r.id, Code: code, Version: version };
}

/**
 * The report of SetTaskOrderState's `report` action, in its transaction: version 1 the first time; after a
 * retest (retest, new results, complete, verify, report) the next version, whose reason is the latest retest's.
 */
/** How many report versions the order has (an order with a report is never cancelled). */
export async function reportCount(tx: Db, orderId: string): Promise<number> {
  const [r] = await tx.query<{ n: number }>(`select count(*)::int as n from detection_reports where order_id = $1`, [orderId]);
  return Number(r.n);
}

export async function reportOnAction(tx: Db, actor: Actor, orderId: string, issue: ReportIssue): Promise<{ Id: string; Code: string; Version: number }> {
  const [prior] = await tx.query<{ reason: string | null }>(
    `select (select reason from detection_order_events where order_id = $1 and action = 'retest' order by id desc limit 1) as reason
     where exists (select 1 from detection_reports where order_id = $1)`,
    [orderId],
  );
  return issueReport(tx, actor, orderId, prior?.reason ?? "", issue);
}

/**
 * TrialDetection/ReissueReport (the lab; `OrderId`, `Reason`): a corrected report of a reported order as a new
 * version, its reason printed on it; the versions before stay readable as issued.
 */
export async function reissueReport(db: Db, user: AuthUser, actor: Actor, body: unknown, issue: ReportIssue): Promise<{ Id: string; Code: string; Version: number }> {
  requireLab(user);
  const input = checkBody(reissueReportSchema, body, detectionTexts);
  return db.transaction(async (tx) => {
    const [o] = await tx.query<{ id: string; code: string; state: OrderState }>(`select id, code, state from detection_orders where id = $1 for update`, [input.OrderId]);
    if (!o) throw notFound();
    if (o.state !== "reported") throw stateRefusal(o.state, "OrderId");
    const [before] = await tx.query<{ code: string }>(`select code from detection_reports where order_id = $1 order by version desc limit 1`, [o.id]);
    const report = await issueReport(tx, actor, o.id, input.Reason, issue);
    await logOperation(tx, actor, {
      action: "report.reissue",
      targetType: "taskOrder",
      targetId: o.id,
      targetName: o.code,
      before: before ? { Report: before.code } : null,
      after: { Report: report.Code, Version: report.Version, Reason: input.Reason },
    });
    return report;
  });
}

/** The order if the reader may read it (as GetTaskOrder: outside users only their enterprise's), else 404. */
async function readableOrder(db: Db, reader: Reader, orderId: string): Promise<void> {
  const [o] = await db.query<{ client_enterprise_id: string | null }>(`select client_enterprise_id from detection_orders where id = $1`, [orderId]);
  if (!o || !readerSees(reader, o)) throw notFound();
}

/** TrialDetection/GetReports (`orderId`): the order's report versions, newest first. */
export async function listReports(db: Db, user: AuthUser, query: URLSearchParams): Promise<{ Reports: ReportRow[] }> {
  const reader = await readerOf(db, user);
  const orderId = requireId(query.get("orderId"), "orderId");
  await readableOrder(db, reader, orderId);
  const rows = await db.query<{ id: string; code: string; version: number; reason: string; issued_by_name: string; issued_at: Date; sha256: string; current: boolean }>(
    `select id, code, version, reason, issued_by_name, issued_at, sha256, version = max(version) over () as current
     from detection_reports where order_id = $1 order by version desc`,
    [orderId],
  );
  return {
    Reports: rows.map((r) => ({ Id: r.id, Code: r.code, Version: Number(r.version), Reason: r.reason, IssuedBy: r.issued_by_name, IssuedAt: iso(r.issued_at)!, Sha256: r.sha256, Current: r.current })),
  };
}

const listFilters = z.object({ versions: optional(z.enum(["current", "all"])) });
/** By code: by the order's code, each order's versions newest first (a text sort put "-R10" before "-R2"). */
const LIST_SORT = { issuedAt: "r.issued_at", code: "o.code" };

/**
 * TrialDetection/GetReportList (POST; body or query): the reports the caller may read (the lab all, outside
 * users their enterprise's), newest first: by `keyword` (the start of a report's or its order's code, or a
 * project's code or name), `versions` (`current`, the default: each order's latest; `all`), `sort`, `page`,
 * `pageSize`. Ids are found over the reports and orders alone; names are fetched for the page's rows.
 */
export async function listReportRows(db: Db, user: AuthUser, input: URLSearchParams): Promise<Page<ReportListRow>> {
  const reader = await readerOf(db, user);
  const paging = parsePaging(input, 100);
  const f = parse(listFilters, Object.fromEntries(input));
  const sort = parseSort(input, LIST_SORT, "-issuedAt", "r.version desc, r.id");
  const w = new Where();
  w.and(readerSql(reader, "o", (v) => w.param(v)));
  if (f.versions !== "all") w.and(`r.latest`);
  if (paging.keyword) {
    // A report's code starts with its order's: the start of either finds it (both by their prefix index).
    const prefix = w.param(prefixPattern(paging.keyword.toUpperCase()));
    const k = w.param(containsPattern(paging.keyword));
    w.and(
      `(r.code like ${prefix} escape '\\' or o.code like ${prefix} escape '\\' or o.project_id in (select id from detection_projects where code ilike ${k} escape '\\' or name ilike ${k} escape '\\'))`,
    );
  }
  const from = "detection_reports r join detection_orders o on o.id = r.order_id";
  const { total, rows: page } = await pagedQuery<{ id: string }>(db, { select: "r.id", from, where: w, orderBy: sort.sql }, paging);
  const rows = page.length
    ? await db.query<{ id: string; code: string; version: number; reason: string; issued_by_name: string; issued_at: Date; sha256: string; current: boolean; order_id: string; order_code: string; project_code: string; project_name: string; client_name: string }>(
        `select r.id, r.code, r.version, r.reason, r.issued_by_name, r.issued_at, r.sha256,
           r.latest as current, o.id as order_id, o.code as order_code, p.code as project_code, p.name as project_name, coalesce(d.name, e.name, '') as client_name
         from detection_reports r join detection_orders o on o.id = r.order_id join detection_projects p on p.id = o.project_id
           left join departments d on d.id = o.client_department_id left join enterprises e on e.id = o.client_enterprise_id
         where r.id = any($1::uuid[])`,
        [page.map((r) => r.id)],
      )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    total,
    page: paging.page,
    size: paging.size,
    rows: page.map(({ id }) => {
      const r = byId.get(id)!;
      return {
        Id: r.id,
        Code: r.code,
        Version: Number(r.version),
        Reason: r.reason,
        IssuedBy: r.issued_by_name,
        IssuedAt: iso(r.issued_at)!,
        Sha256: r.sha256,
        Current: r.current,
        OrderId: r.order_id,
        OrderCode: r.order_code,
        ProjectCode: r.project_code,
        ProjectName: r.project_name,
        ClientName: r.client_name,
      };
    }),
  };
}

/** A version's code and hash when the caller may read its order, else 404 (its PDF is not read). */
export async function readableReport(db: Db, user: AuthUser, id: string): Promise<{ id: string; code: string; sha256: string }> {
  const reader = await readerOf(db, user);
  const [r] = await db.query<{ id: string; code: string; sha256: string; client_enterprise_id: string | null }>(
    `select r.id, r.code, r.sha256, o.client_enterprise_id from detection_reports r join detection_orders o on o.id = r.order_id where r.id = $1`,
    [id],
  );
  if (!r || !readerSees(reader, r)) throw new ApiError(Status.notFound, detectionTexts.reportNotFound);
  return { id: r.id, code: r.code, sha256: r.sha256 };
}

/** A version's PDF, the bytes issued (the caller has checked who asks). */
export async function reportBytes(db: Db, id: string): Promise<Buffer> {
  const [r] = await db.query<{ pdf: Uint8Array }>(`select pdf from detection_reports where id = $1`, [id]);
  if (!r) throw new ApiError(Status.notFound, detectionTexts.reportNotFound);
  // pg answers a Buffer, PGlite a Uint8Array: the same bytes either way.
  return Buffer.isBuffer(r.pdf) ? r.pdf : Buffer.from(r.pdf.buffer, r.pdf.byteOffset, r.pdf.byteLength);
}

/** TrialDetection/GetReportPdf (`id`): one version's PDF as issued, for readers of its order. */
export async function reportFile(db: Db, user: AuthUser, query: URLSearchParams): Promise<{ code: string; sha256: string; pdf: Buffer }> {
  const r = await readableReport(db, user, requireId(query.get("id"), "id"));
  return { code: r.code, sha256: r.sha256, pdf: await reportBytes(db, r.id) };
}

/**
 * TrialDetection/VerifyReport (`token`, no login: whoever holds the printed QR code): what the report says it
 * is, and whether a later version replaced it. A token of another shape is not looked up; either way an unknown
 * one is 404. The token's 128 random bits make guessing pointless, and the answer holds only what the paper
 * already shows.
 */
export async function verifyReport(db: Db, query: URLSearchParams): Promise<ReportVerification> {
  const token = (query.get("token") ?? "").trim();
  const unknown = () => new ApiError(Status.notFound, detectionTexts.reportUnknown);
  if (!TOKEN.test(token)) throw unknown();
  const [r] = await db.query<{ code: string; version: number; order_code: string; client_name: string; issued_at: Date; issued_by_name: string; sha256: string; latest_code: string }>(
    `select r.code, r.version, o.code as order_code, coalesce(d.name, e.name, '') as client_name, r.issued_at, r.issued_by_name, r.sha256,
       (select x.code from detection_reports x where x.order_id = r.order_id order by x.version desc limit 1) as latest_code
     from detection_reports r join detection_orders o on o.id = r.order_id
       left join departments d on d.id = o.client_department_id left join enterprises e on e.id = o.client_enterprise_id
     where r.verify_token = $1`,
    [token],
  );
  if (!r) throw unknown();
  return {
    Code: r.code,
    Version: Number(r.version),
    OrderCode: r.order_code,
    ClientName: r.client_name,
    IssuedAt: iso(r.issued_at)!,
    IssuedBy: r.issued_by_name,
    Sha256: r.sha256,
    Current: r.latest_code === r.code,
    LatestCode: r.latest_code,
  };
}
