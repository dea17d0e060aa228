import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { csvResponse } from "~/lib/csv";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";
import { PROJ_LIST_PATH, projQuery } from "~/lib/projects";
import { listProjects } from "~/lib/projects.server";

/** Every page of the list's call, at most this many rows in one export. */
const MAX_ROWS = 10_000;
const PAGE = 100;

/**
 * GET /myProject/myProjectList.csv with the list's level, filters and sort: every matching project (not only
 * the page on screen), headers in the user's language, core-hours as plain numbers for a spreadsheet.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_LIST_PATH);
  const { q } = projQuery(new URL(args.request.url).searchParams);
  const t = await getT(args.request, "project");
  const c = (k: string) => t(`list.col.${k}`);
  const rows: Array<Array<string | number>> = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const list = await forPage(args, () => listProjects(args, token, { ...q, page }, PAGE));
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
  const header = ["code", "name", "leader", "role", "funding", "startDate", "endDate", "members", "budget", "budgetPeriod", "used", "tasks", "status"].map(c);
  return csvResponse("projects", [header, ...rows]);
}
