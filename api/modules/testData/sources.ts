import { z } from "zod";
import { RECORD_SOURCES, type DataLevel, type RecordSource, type TestDataSource } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";
import { optional, type Page, parsePaging, Where } from "../../db/paged.ts";
import { iso } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { readerScope, scopeSql } from "./scope.ts";

const filters = z.object({
  level: optional(
    z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])),
  ),
  source: optional(z.enum(RECORD_SOURCES)),
});

interface Row {
  source: RecordSource;
  order_id: string | null;
  upload_id: string | null;
  records: number;
  last_tested: Date;
  order_code: string | null;
  client_name: string | null;
  report_id: string | null;
  report_code: string | null;
  file_name: string | null;
  stored_name: string | null;
  uploaded_by_name: string | null;
  uploaded_at: Date | null;
}

/**
 * TrialDetection/GetTestDataSources (readers, as GetTestRecords; `level`, `source`, `page`, `pageSize`): where
 * the records the reader sees at that level came from. The counts per source (lab, instrument, upload, mobile),
 * and the data sets, newest first: a lab order with its client and latest report, an offline upload with its
 * original file and who uploaded it; records of neither (an instrument's or a phone's) are one set per source.
 * Grouped in SQL with the reader's scope (scope.ts) as a condition.
 */
export async function listDataSources(db: Db, user: AuthUser, query: URLSearchParams): Promise<Page<TestDataSource> & { Sources: { Source: RecordSource; Records: number }[] }> {
  const paging = parsePaging(query, 100);
  const f = parse(filters, Object.fromEntries(query));
  const scope = await readerScope(db, user, (f.level ?? 0) as DataLevel);
  const w = new Where();
  const p = (v: unknown) => w.param(v);
  const params = w.params;
  const inScope = `where ${scopeSql(scope, p)}`;
  const counts = await db.query<{ source: RecordSource; n: number }>(`select r.source, count(*)::int as n from test_records r ${inScope} group by r.source`, params);
  const bySource = new Map(counts.map((c) => [c.source, Number(c.n)]));
  const sets = `select r.source, r.order_id, r.upload_id, count(*)::int as records, max(r.tested_at) as last_tested
                  from test_records r ${inScope}${f.source ? ` and r.source = ${p(f.source)}` : ""}
                 group by r.source, r.order_id, r.upload_id`;
  const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from (${sets}) s`, params);
  const rows = await db.query<Row>(
    `select s.*, o.code as order_code, coalesce(e.name, d.name) as client_name, rep.id as report_id, rep.code as report_code,
            u.file_name, a.stored_name, u.uploaded_by_name, u.uploaded_at
       from (${sets}) s
       left join detection_orders o on o.id = s.order_id
       left join enterprises e on e.id = o.client_enterprise_id
       left join departments d on d.id = o.client_department_id
       left join detection_reports rep on rep.order_id = s.order_id and rep.latest
       left join test_uploads u on u.id = s.upload_id
       left join attachments a on a.id = u.attachment_id
      order by s.last_tested desc, s.order_id nulls last, s.upload_id nulls last
      limit ${p(paging.size)} offset ${p((paging.page - 1) * paging.size)}`,
    params,
  );
  return {
    Sources: RECORD_SOURCES.map((s) => ({ Source: s, Records: bySource.get(s) ?? 0 })),
    total: Number(total),
    page: paging.page,
    size: paging.size,
    rows: rows.map((r) => ({
      Source: r.source,
      OrderId: r.order_id,
      OrderCode: r.order_code,
      ClientName: r.client_name,
      ReportId: r.report_id,
      ReportCode: r.report_code,
      UploadId: r.upload_id,
      FileName: r.file_name,
      FileUrl: r.stored_name ? `/attachment/${r.stored_name}` : null,
      UploadedBy: r.uploaded_by_name,
      UploadedAt: iso(r.uploaded_at),
      Records: Number(r.records),
      LastTested: iso(r.last_tested)!,
    })),
  };
}
