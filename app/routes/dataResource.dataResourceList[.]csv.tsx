import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { csvResponse } from "~/lib/csv";
import { DR_GRADES_PATH, gradeQuery, gradeSearchIssues, compositionText, SEARCH_ELEMENTS } from "~/lib/data-resources";
import { listGrades } from "~/lib/data-resources.server";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";

/** At most this many grades in one export, read a hundred at a time. */
const MAX_ROWS = 10_000;
const PAGE = 100;

/**
 * GET /dataResource/dataResourceList.csv with the grade search's filters and sort: every matching grade with
 * its designation, number, system, standard, family and a column per element (wt%, as the standard writes it).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DR_GRADES_PATH);
  const t = await getT(args.request, "dataResource");
  const q = gradeQuery(new URL(args.request.url).searchParams);
  const issues = gradeSearchIssues(q);
  if (issues.length) throw new Response(t(`errors.${issues[0].key}`), { status: 400 });
  const rows: string[][] = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const list = await forPage(args, () => listGrades(args, token, { ...q, page }, PAGE));
    for (const g of list.rows) {
      const byEl = new Map(g.Composition.map((c) => [c.Element, compositionText(c.Min, c.Max)]));
      rows.push([g.Name, g.Number ?? "", g.System, g.Standard, t(`family.${g.Family}`), ...SEARCH_ELEMENTS.map((e) => byEl.get(e) ?? "")]);
    }
    if (page * PAGE >= list.total) break;
  }
  const header = [t("grades.col.name"), t("grades.col.number"), t("grades.system"), t("grades.col.standard"), t("grades.col.family"), ...SEARCH_ELEMENTS.map((e) => `${e} (wt%)`)];
  return csvResponse("steel-grades", [header, ...rows]);
}
