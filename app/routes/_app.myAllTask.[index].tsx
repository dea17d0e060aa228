import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { TaskList } from "~/components/taskList/TaskList";
import taskListStyles from "~/components/taskList/taskList.css";
import { pageMeta } from "~/lib/meta";
import { taskListLoader, taskListPost } from "~/lib/task-list-page.server";

/**
 * /myAllTask/index (全部任务): the user's compute tasks, filtered by category, app, status and day (a GET
 * form), paged by links; cancel, clone and delete (a confirm step without JavaScript, a dialog with it).
 */
export const handle = { i18n: ["taskList", "compute", "infoCenter"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: infoCenterStyles },
  { rel: "stylesheet", href: taskListStyles },
];
export const meta = pageMeta;

const PATH = "/myAllTask/index";

export const loader = (args: LoaderFunctionArgs) => taskListLoader(args, false);
export const action = (args: ActionFunctionArgs) => taskListPost(args, PATH);

export default function MyAllTasks() {
  const d = useLoaderData<typeof loader>();
  return <TaskList path={PATH} data={d} admin={false} heading="mine" testId="my-tasks" />;
}
