import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { csvResponse } from "~/lib/csv";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";
import { taskListQuery } from "~/lib/task-list";
import { listTasks } from "~/lib/task-list.server";

const PATH = "/systemManage/mySoftDataTableSearch";
/** Every page of the list's call, at most this many rows in one export. */
const MAX_ROWS = 10_000;
const PAGE = 50;

/** GET /systemManage/mySoftDataTableSearch.csv with the search's filters: every matching task in the caller's charge. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, PATH);
  const q = taskListQuery(new URL(args.request.url).searchParams);
  const t = await getT(args.request, "taskList");
  const rows: Array<Array<string>> = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const list = await forPage(args, () => listTasks(args, token, { ...q, page }, "charge", PAGE));
    for (const r of list.rows) rows.push([r.id, r.appName, t(`compute:categories.${r.category}.name`, { defaultValue: r.category }), r.user, t(`status.${r.status}`, { defaultValue: r.status }), r.created, r.finished, r.error]);
    if (page * PAGE >= list.total) break;
  }
  const header = ["id", "task", "category", "user", "status", "created", "finished", "error"].map((k) => t(`search.col.${k}`));
  return csvResponse("compute-tasks", [header, ...rows]);
}
