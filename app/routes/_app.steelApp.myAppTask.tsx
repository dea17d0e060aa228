import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { TaskList } from "~/components/taskList/TaskList";
import taskListStyles from "~/components/taskList/taskList.css";
import { pageMeta } from "~/lib/meta";
import { taskListLoader, taskListPost } from "~/lib/task-list-page.server";

/**
 * /steelApp/myAppTask (我的应用任务): my tasks of app store apps (docs/app-store.md), each named with its app's version;
 * the same list, filters and actions as /myAllTask/index.
 */
export const handle = { i18n: ["taskList", "compute", "infoCenter"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: infoCenterStyles },
  { rel: "stylesheet", href: taskListStyles },
];
export const meta = pageMeta;

const PATH = "/steelApp/myAppTask";

export const loader = (args: LoaderFunctionArgs) => taskListLoader(args, false, "store");
export const action = (args: ActionFunctionArgs) => taskListPost(args, PATH);

export default function MyAppTasks() {
  const d = useLoaderData<typeof loader>();
  return <TaskList path={PATH} data={d} admin={false} heading="appMine" testId="my-app-tasks" />;
}
