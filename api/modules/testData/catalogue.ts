import { z } from "zod";
import type { DataLevel, TestDataCatalogue } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, Where } from "../../db/paged.ts";
import { iso } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { readerScope, scopeSql } from "./scope.ts";

/**
 * TrialDetection/GetTestDataCatalogue (steelNky's catalogue view, docs/test-data.md): the institute's test data
 * as a catalogue, the records the reader sees by grade and by test method (a record of several methods counts
 * under each; one that names none, an offline upload's, under ""), the grades with most records first, at most
 * 200 of them; a keyword narrows the grades. Grouped in SQL with the reader's scope, as the data sources are.
 */
const filters = z.object({ keyword: optional(z.string().trim().max(60)), level: optional(z.coerce.number().int().min(0).max(2)) });
const MAX_GRADES = 200;

export async function testDataCatalogue(db: Db, user: AuthUser, query: URLSearchParams): Promise<TestDataCatalogue> {
  const f = parse(filters, Object.fromEntries(query));
  const scope = await readerScope(db, user, (f.level ?? 0) as DataLevel);
  const w = new Where();
  const p = (v: unknown) => w.param(v);
  const params = w.params;
  const where = `${scopeSql(scope, p)}${f.keyword ? ` and r.grade ilike ${p(containsPattern(f.keyword))} escape '\\'` : ""}`;
  const grades = await db.query<{ grade: string; records: number; last_tested: Date }>(
    `select r.grade, count(*)::int as records, max(r.tested_at) as last_tested from test_records r where ${where} group by r.grade order by count(*) desc, r.grade limit ${MAX_GRADES}`,
    params,
  );
  const [{ grades: total }] = await db.query<{ grades: number }>(`select count(distinct r.grade)::int as grades from test_records r where ${where}`, params);
  const cells = grades.length
    ? await db.query<{ grade: string; method: string; n: number }>(
        `select r.grade, m.method, count(*)::int as n from test_records r
           cross join lateral unnest(case when cardinality(r.methods) = 0 then array[''] else r.methods end) as m(method)
          where ${where} and r.grade = any(${p(grades.map((g) => g.grade))}::text[]) group by r.grade, m.method`,
        params,
      )
    : [];
  const methods = [...new Set(cells.map((c) => c.method))].sort((a, b) => (a === "" ? 1 : b === "" ? -1 : a.localeCompare(b)));
  return {
    Methods: methods,
    Grades: grades.map((g) => ({
      Grade: g.grade,
      Records: Number(g.records),
      LastTested: iso(g.last_tested)!,
      ByMethod: Object.fromEntries(cells.filter((c) => c.grade === g.grade).map((c) => [c.method, Number(c.n)])),
    })),
    TotalGrades: Number(total),
  };
}
