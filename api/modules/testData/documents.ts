import { z } from "zod";
import type { TestDocument } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, type Page, parsePaging, Where } from "../../db/paged.ts";
import { iso } from "../../http/fields.ts";
import { parse } from "../../http/router.ts";

/**
 * TrialDetection/GetTestDocuments (documentData, docs/test-data.md): the documents behind the test data, newest
 * first: each order's current report, the instrument files assigned to samples, and the samples' photos
 * (micrographs, fractures); by kind and by a sample, order or file name. The institute's staff read them all,
 * as they read the orders (detection/access.ts); each opens in the document viewer, which checks again.
 */
const filters = z.object({ kind: optional(z.enum(["report", "instrument", "photo"])) });

export async function listTestDocuments(db: Db, query: URLSearchParams): Promise<Page<TestDocument>> {
  const paging = parsePaging(query, 50);
  const f = parse(filters, Object.fromEntries(query));
  const w = new Where();
  const p = (v: unknown) => w.param(v);
  const params = w.params;
  const k = paging.keyword ? p(containsPattern(paging.keyword)) : null;
  const like = (...cols: string[]) => (k ? `and (${cols.map((c) => `${c} ilike ${k} escape '\\'`).join(" or ")})` : "");
  // Each part names its columns: a filter by kind runs one part alone.
  const parts = {
    report: `select 'report' as kind, r.id::text as ref, r.code || '.pdf' as title, '' as detail, o.id as order_id, o.code as order_code, null::text as sample_code, r.issued_at as at
      from detection_reports r join detection_orders o on o.id = r.order_id where r.latest ${like("r.code", "o.code")}`,
    instrument: `select 'instrument' as kind, f.id::text as ref, f.file_name as title, coalesce(f.parser, '') as detail, o.id as order_id, o.code as order_code, s.code as sample_code, f.created_at as at
      from instrument_files f join detection_samples s on s.id = f.sample_id join detection_orders o on o.id = s.order_id where true ${like("f.file_name", "s.code", "o.code")}`,
    photo: `select 'photo' as kind, a.stored_name as ref, a.original_name as title, ph.caption as detail, o.id as order_id, o.code as order_code, s.code as sample_code, ph.added_at as at
      from detection_sample_photos ph join attachments a on a.id = ph.attachment_id join detection_samples s on s.id = ph.sample_id join detection_orders o on o.id = s.order_id
      where true ${like("a.original_name", "ph.caption", "s.code", "o.code")}`,
  };
  const union = (f.kind ? [parts[f.kind]] : Object.values(parts)).join(" union all ");
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from (${union}) d`, params);
  const rows = await db.query<{ kind: TestDocument["Kind"]; ref: string; title: string; detail: string; order_id: string; order_code: string; sample_code: string | null; at: Date }>(
    `select * from (${union}) d order by at desc, ref limit ${p(paging.size)} offset ${p((paging.page - 1) * paging.size)}`,
    params,
  );
  return {
    total: Number(n),
    page: paging.page,
    size: paging.size,
    rows: rows.map((r) => ({ Kind: r.kind, Id: r.ref, Title: r.title, Detail: r.detail, OrderId: r.order_id, OrderCode: r.order_code, SampleCode: r.sample_code, At: iso(r.at)! })),
  };
}
