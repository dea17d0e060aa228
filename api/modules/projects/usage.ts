import type { BudgetPeriod } from "../../../common/projects.ts";
import type { Db } from "../../db/index.ts";
import { CORE_HOURS } from "../tasks/resources.ts";

/**
 * Core-hours each project has used in its current budget period: the finished runs (CORE_HOURS: cores × run
 * time) of its tasks created since the period began: ever ('project'), since 1 January ('year') or since the
 * 1st of the month ('month'), in the database server's time zone. The one place this is counted (the list,
 * the details, the save's budget check and the compute form's options); `period` is the project's own, or
 * the one a save is about to set. A workflow's own row is not counted: its steps, charged to the same project,
 * are the runs. Served by compute_tasks_project (migration 019); ask only for the rows shown.
 */
export async function usedCoreHours(db: Db, projects: Array<{ id: string; period: BudgetPeriod }>): Promise<Map<string, number>> {
  const used = new Map<string, number>();
  if (!projects.length) return used;
  const rows = await db.query<{ id: string; used: number }>(
    `select q.id, coalesce(sum(${CORE_HOURS}), 0)::float8 as used
       from unnest($1::uuid[], $2::text[]) as q(id, period)
       left join compute_tasks t on t.project_id = q.id and t.app_id <> 'workflow'
        and t.created_at >= case q.period when 'year' then date_trunc('year', now()) when 'month' then date_trunc('month', now()) else '-infinity'::timestamptz end
      group by q.id`,
    [projects.map((p) => p.id), projects.map((p) => p.period)],
  );
  for (const r of rows) used.set(r.id, Number(r.used));
  return used;
}

/** Core-hours rounded to hundredths, as the budget is stored and the pages show them. */
export const roundHours = (h: number) => Math.round(h * 100) / 100;
