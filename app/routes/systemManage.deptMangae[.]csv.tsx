import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { csvResponse } from "~/lib/csv";
import { DEPT_PATH, deptQuery, filterTree, flattenWithPath } from "~/lib/departments";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";
import { departmentTree } from "~/lib/system.server";

/**
 * GET /systemManage/deptMangae.csv?q=: the departments the tree page shows for the same filter, one row each
 * with its full path, in tree order; headers in the user's language. Who may see the page may download it.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DEPT_PATH);
  const q = deptQuery(new URL(args.request.url).searchParams);
  const t = await getT(args.request, "system");
  const tree = filterTree(await forPage(args, () => departmentTree(args, token)), q.q).tree;
  const c = (k: string) => t(`dept.csvColumns.${k}`);
  const rows = flattenWithPath(tree).map(({ node: n, path }) => [
    path.join(" / "),
    n.Name,
    n.Code ?? "",
    n.Leader,
    n.Phone,
    n.Sort,
    n.Disabled ? c("disabled") : c("enabled"),
    n.People,
  ]);
  return csvResponse("departments", [[c("path"), c("name"), c("code"), c("leader"), c("phone"), c("sort"), c("status"), c("people")], ...rows]);
}
