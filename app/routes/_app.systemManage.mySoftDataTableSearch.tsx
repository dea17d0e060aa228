import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { TaskList } from "~/components/taskList/TaskList";
import taskListStyles from "~/components/taskList/taskList.css";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { personOptions } from "~/lib/system.server";
import { taskListHref, taskListQuery } from "~/lib/task-list";
import { listTasks, taskCategories } from "~/lib/task-list.server";

/**
 * /systemManage/mySoftDataTableSearch (hidden; SystemAdmin every task, InsideAdmin those of their department
 * subtree's people, OutsideAdmin their enterprise's): the compute tasks of the people in the caller's charge,
 * with the filters of /myAllTask/index plus person and department, each opening its task page, and a CSV.
 */
export const handle = { i18n: ["taskList", "compute", "infoCenter"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: infoCenterStyles },
  { rel: "stylesheet", href: taskListStyles },
];
export const meta = pageMeta;

const TASK_SEARCH_PATH = "/systemManage/mySoftDataTableSearch";

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, TASK_SEARCH_PATH);
  const t = await getT(args.request, "taskList");
  const q = taskListQuery(new URL(args.request.url).searchParams);
  const [list, categories, options] = await forPage(args, () => Promise.all([listTasks(args, token, q, "charge"), taskCategories(args, token), personOptions(args, token)]));
  const csvHref = taskListHref(TASK_SEARCH_PATH, q, { page: 1 }).replace(TASK_SEARCH_PATH, `${TASK_SEARCH_PATH}.csv`);
  return data({ title: t("search.title"), q, list, categories, confirm: null, departments: options.Departments, csvHref });
}

export default function TaskSearch() {
  const d = useLoaderData<typeof loader>();
  return <TaskList path={TASK_SEARCH_PATH} data={d} admin heading="search" testId="task-search" search={{ departments: d.departments, csvHref: d.csvHref }} />;
}
