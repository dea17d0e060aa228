import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess, type SignedIn } from "./auth.server.ts";
import { getT } from "./i18n.server.ts";
import { forPage } from "./notices.server.ts";
import { isTaskListId, taskListQuery } from "./task-list.ts";
import { listTasks, taskCategories, taskListAction, type TaskKind } from "./task-list.server.ts";

/** Roles that see every user's tasks (the API's task admins). */
const TASK_ADMIN_ROLES = ["SystemAdmin", "InsideAdmin"];
export const isTaskListAdmin = (s: SignedIn) => s.user.roleList.some((r) => TASK_ADMIN_ROLES.includes(r.RoleCode));

/**
 * The task lists' loader: `adminList` asks for everyone's tasks when the user is a task admin; `kind` keeps to
 * the app store's tasks or the platform's own apps' (the compute and app task pages).
 */
export async function taskListLoader(args: LoaderFunctionArgs, adminList: boolean, kind?: TaskKind) {
  const signedIn = await requireAccess(args);
  const t = await getT(args.request, "taskList");
  const search = new URL(args.request.url).searchParams;
  const q = taskListQuery(search);
  const everyone = adminList && isTaskListAdmin(signedIn);
  const [list, categories] = await forPage(args, () => Promise.all([listTasks(args, signedIn.token, q, everyone ? "everyone" : "mine", undefined, kind), taskCategories(args, signedIn.token)]));
  // The no-JS delete step names a task of this page.
  const confirmId = search.get("confirm");
  const confirm = isTaskListId(confirmId) ? (list.rows.find((r) => r.id === confirmId) ?? null) : null;
  const heading = kind === "store" ? (adminList ? "appAdmin" : "appMine") : adminList ? "admin" : "mine";
  return data({ title: t(`${heading}.title`), q, list, categories, confirm, everyone });
}

export async function taskListPost(args: ActionFunctionArgs, path: string) {
  const { token } = await requireAccess(args, path);
  return taskListAction(args, token, path);
}
