import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { TaskList } from "~/components/taskList/TaskList";
import taskListStyles from "~/components/taskList/taskList.css";
import { pageMeta } from "~/lib/meta";
import { taskListLoader, taskListPost } from "~/lib/task-list-page.server";

/**
 * /TaskManagement/ComputeTask (计算任务): for SystemAdmin / InsideAdmin every user's tasks of the platform's own apps
 * (app store tasks are /TaskManagement/AppTask's), with a user column and filter; other roles the menu gives it to
 * see their own (the API decides).
 */
export const handle = { i18n: ["taskList", "compute", "infoCenter"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: infoCenterStyles },
  { rel: "stylesheet", href: taskListStyles },
];
export const meta = pageMeta;

const PATH = "/TaskManagement/ComputeTask";

export const loader = (args: LoaderFunctionArgs) => taskListLoader(args, true, "builtin");
export const action = (args: ActionFunctionArgs) => taskListPost(args, PATH);

export default function ComputeTasks() {
  const d = useLoaderData<typeof loader>();
  return <TaskList path={PATH} data={d} admin={d.everyone} heading="admin" testId="compute-tasks" />;
}
