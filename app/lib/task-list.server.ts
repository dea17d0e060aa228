import { redirect } from "@remix-run/node";
import { z } from "zod";
import { formatDate } from "../../common/dates.ts";
import { localLogout } from "./auth.server.ts";
import { flashToast } from "./cookies.server.ts";
import { getT } from "./i18n.server.ts";
import { safePath } from "./redirects.ts";
import { isTaskListId, TASK_PAGE_SIZE, type TaskListQuery } from "./task-list.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/** CalculateTask calls for the task lists, answers checked. */

const row = z.object({
  id: z.string(),
  appId: z.string(),
  appName: z.string().nullish(),
  category: z.string(),
  status: z.string(),
  createdAt: z.string().nullish(),
  finishedAt: z.string().nullish(),
  error: z.string().nullish(),
  userName: z.string().nullish(),
  realName: z.string().nullish(),
});
const listSchema = z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(row) });
const categoriesSchema = z.object({
  data: z.array(z.object({ category: z.string(), apps: z.array(z.object({ id: z.string(), name: z.string() })).nullish() })),
});

export interface TaskListRow {
  id: string;
  appId: string;
  appName: string;
  category: string;
  status: string;
  created: string;
  finished: string;
  error: string;
  user: string;
}

/** Whose tasks: the caller's, everyone's (a task admin's list), or those of the people in an administrator's charge (the search). */
export type TaskListScope = "mine" | "everyone" | "charge";

/** Which apps' tasks a list shows: the app store's, the platform's own, or (undefined) both. */
export type TaskKind = "store" | "builtin";

export async function listTasks(args: CallArgs, token: string, q: TaskListQuery, scope: TaskListScope, size = TASK_PAGE_SIZE, kind?: TaskKind) {
  const everyone = scope !== "mine";
  const r = await api(args, "CalculateTask/GetCalculateTaskOrderBase", {
    token,
    query: {
      page: q.page,
      size,
      category: q.category || undefined,
      appId: q.app || undefined,
      status: q.status || undefined,
      dateFrom: q.from || undefined,
      dateTo: q.to || undefined,
      all: scope === "everyone" ? "1" : undefined,
      kind,
      scope: scope === "charge" ? "admin" : undefined,
      user: everyone && q.user ? q.user : undefined,
      departmentId: scope === "charge" && q.department ? q.department : undefined,
    },
    schema: listSchema,
  });
  const rows: TaskListRow[] = r.rows.map((x) => ({
    id: x.id,
    appId: x.appId,
    appName: x.appName ?? x.appId,
    category: x.category,
    status: x.status,
    created: x.createdAt ? formatDate(x.createdAt) : "",
    finished: x.finishedAt ? formatDate(x.finishedAt) : "",
    error: x.error ?? "",
    user: x.realName ? `${x.realName} (${x.userName ?? ""})` : (x.userName ?? ""),
  }));
  return { total: r.total, page: r.page, size: r.size, rows };
}

/** Categories with apps, for the filters: [{category, apps: [{id, name}]}]. */
export async function taskCategories(args: CallArgs, token: string) {
  const r = await api(args, "CalculateTask/GetSoftAlgorithmListBase", { token, schema: categoriesSchema });
  return r.data.map((c) => ({ category: c.category, apps: c.apps ?? [] }));
}

/** The list's POST: cancel or delete one task, then back to the list the user came from with a toast. */
export async function taskListAction(args: CallArgs & { request: Request }, token: string, path: string) {
  const { request } = args;
  const form = await request.formData();
  const t = await getT(request, "taskList");
  const intent = form.get("intent");
  const id = form.get("id");
  if ((intent !== "cancel" && intent !== "delete") || !isTaskListId(id)) throw new Response(t("badIntent"), { status: 400 });
  const back = backTo(form.get("back"), path);
  const toast = async (kind: "success" | "error", text: string) => ({ "Set-Cookie": await flashToast(request, { kind, text }) });
  try {
    await api(args, intent === "cancel" ? "CalculateTask/CancelTask" : "CalculateTask/DeleteTask", { token, json: { id } });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(request, e.msg) });
    return redirect(back, { headers: await toast("error", e.msg || "Error") });
  }
  return redirect(back, { headers: await toast("success", t(`done.${intent}`)) });
}

/** Only ever back to the same list (without the confirm step). */
function backTo(raw: FormDataEntryValue | null, path: string): string {
  const p = safePath(raw);
  if (!p) return path;
  const u = new URL(p, "http://list.invalid");
  if (u.pathname.toLowerCase() !== path.toLowerCase()) return path;
  u.searchParams.delete("confirm");
  return path + u.search;
}
