import { csvResponse } from "./csv.ts";
import { getT } from "./i18n.server.ts";
import { forPage } from "./notices.server.ts";
import type { ProjectRow } from "./projects.ts";
import type { CallArgs } from "./upstream.server.ts";

/** Every page of the list's call, at most this many rows in one export. */
const MAX_ROWS = 10_000;
const PAGE = 100;

/**
 * A project list as CSV (the caller's list and the administrators' search): every matching project, not only
 * the page on screen, headers in the user's language, core-hours as plain numbers for a spreadsheet.
 */
export async function projectsCsv(args: CallArgs, pageOf: (page: number, size: number) => Promise<{ total: number; rows: ProjectRow[] }>): Promise<Response> {
  const t = await getT(args.request, "project");
  const rows: Array<Array<string | number>> = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const list = await forPage(args, () => pageOf(page, PAGE));
    for (const p of list.rows)
      rows.push([
        p.Code,
        p.Name,
        p.LeaderName,
        p.MyRole ? t(`role.${p.MyRole}`) : "",
        p.Funding,
        p.StartDate,
        p.EndDate,
        p.Members,
        p.BudgetCoreHours ?? "",
        t(`period.${p.BudgetPeriod}`),
        Number(p.UsedCoreHours.toFixed(2)),
        p.Tasks,
        t(`status.${p.Status}`),
      ]);
    if (page * PAGE >= list.total) break;
  }
  const header = ["code", "name", "leader", "role", "funding", "startDate", "endDate", "members", "budget", "budgetPeriod", "used", "tasks", "status"].map((k) => t(`list.col.${k}`));
  return csvResponse("projects", [header, ...rows]);
}
