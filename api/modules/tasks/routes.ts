import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { App } from "../../app.ts";
import { findApp } from "../../compute/apps/index.ts";
import { isStoreAppId, mayStartStoreApp, refreshStoreApp, STORE_APP_PREFIX } from "../../compute/apps/store-apps.ts";
import type { AppDefinition } from "../../compute/apps/types.ts";
import type { Texts } from "../../http/messages.ts";
import { isTaskAdmin } from "../../compute/tasks/service.ts";
import { getTask, TASK_STATUSES, taskView, type TaskRow } from "../../compute/tasks/store.ts";
import { taskTexts } from "../../compute/tasks/texts.ts";
import { readLog, resolveInside } from "../../compute/tasks/workdir.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, Raw, type AuthUser, type Ctx, type Router } from "../../http/router.ts";
import { contentDisposition } from "../attachments/names.ts";
import { appDoc } from "./doc.ts";
import { appForm, exampleFiles } from "./form.ts";
import { registerResources } from "./resources.ts";
import { registerWorkflows } from "./workflow-routes.ts";
import { idOf, requireId } from "../../http/fields.ts";
import { containsPattern, optional, pagedQuery, parsePaging, Where } from "../../db/paged.ts";
import { messages } from "../../http/messages.ts";
import { departmentCondition, listScopeCondition } from "../system/persons.ts";
import { adminScope } from "../system/scope.ts";

const user = { auth: "user" } as const;

/**
 * The app a form, documentation or example is asked for: a built-in app, or an app store version read afresh
 * (another API instance may have published it) that the caller may start; anything else is "unknown".
 */
async function startableApp(appId: string, user: AuthUser): Promise<AppDefinition<any>> {
  await refreshStoreApp(appId);
  const found = findApp(appId);
  if (!found || !mayStartStoreApp(appId, user)) throw new ApiError(Status.notFound, taskTexts.appUnknown);
  return found;
}

/** A task the caller may reach: their own, or any for SystemAdmin / InsideAdmin. Others' tasks do not exist for them. */
export async function reachableTask(app: App, ctx: Ctx, id: string): Promise<TaskRow> {
  const row = await getTask(app.db, id);
  if (!row || (row.user_id !== ctx.user!.id && !isTaskAdmin(ctx.user!))) throw new ApiError(Status.notFound, taskTexts.taskNotFound);
  return row;
}

/** DeleteTask refuses a task still queued or running: cancel it first. */
const notFinished: Texts = {
  zh: "任务尚未结束，请先取消再删除",
  en: "The task has not finished; cancel it before deleting it",
  es: "La tarea no ha terminado; cancélela antes de eliminarla",
  ja: "タスクはまだ終了していません。削除する前にキャンセルしてください",
};

const stepNotDeletable: Texts = {
  zh: "这是工作流的一个步骤，请删除整个工作流",
  en: "This task is a step of a workflow; delete the workflow instead",
  es: "Esta tarea es un paso de un flujo de trabajo; elimine el flujo completo",
  ja: "このタスクはワークフローのステップです。ワークフローごと削除してください",
};

const logQuery = z.object({ offset: optional(z.coerce.number().int().min(0)), stream: optional(z.enum(["stdout", "stderr"])) });

const day = z.string().regex(/^\d{4}-\d\d-\d\d/);
const listQuery = z.object({
  appId: optional(z.string().max(100)),
  /** store: tasks of app store apps (/steelApp/myAppTask, /TaskManagement/AppTask); builtin: the platform's own apps. */
  kind: optional(z.enum(["store", "builtin"])),
  status: optional(z.enum(TASK_STATUSES as [string, ...string[]])),
  category: optional(z.string().max(100)),
  dateFrom: optional(day),
  dateTo: optional(day),
  all: optional(z.enum(["1", "true", "0", "false"])),
  /**
   * `admin`: the administrators' search (/systemManage/mySoftDataTableSearch), every task of the people in
   * the caller's charge (SystemAdmin all, InsideAdmin their department subtree, OutsideAdmin their enterprise).
   */
  scope: optional(z.enum(["admin"])),
  /** With all=1 or scope=admin: tasks of users whose account or real name contains this. */
  user: optional(z.string().max(100)),
  /** With scope=admin: tasks of the people of this department and its descendants. */
  departmentId: optional(z.uuid()),
});

const PEOPLE_ADMINS = ["SystemAdmin", "InsideAdmin", "OutsideAdmin"];

const FILE_TYPES: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".log": "text/plain; charset=utf-8",
  ".in": "text/plain; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

export function register(router: Router, app: App): void {
  registerResources(router, app);
  registerWorkflows(router, app, (ctx, id) => reachableTask(app, ctx, id));
  // The JSON body carries a deck of up to 1 MiB of text, which JSON escaping may double.
  router.post("CalculateTask/CreateTask", async (ctx) => app.tasks.create(ctx.user!, ctx.lang, ctx.body), { ...user, maxBody: 3 * 1024 * 1024 });

  // The graphical form of an app, derived from its params schema, in the caller's language (the web cannot import zod schemas).
  router.get(
    "CalculateTask/GetAppForm",
    async (ctx) => {
      const found = await startableApp(ctx.query.get("appId") ?? "", ctx.user!);
      return appForm(found, ctx.lang, app.tasks.executor.slots);
    },
    user,
  );

  // One app's documentation page: what it computes, the model, validity, references, its inputs (the form's
  // description) and the example deck, in the caller's language.
  router.get(
    "CalculateTask/GetAppDoc",
    async (ctx) => {
      const found = await startableApp(ctx.query.get("appId") ?? "", ctx.user!);
      return appDoc(found, ctx.lang, app.tasks.executor.slots);
    },
    user,
  );

  // The example input's files (path → text): what the instruction form offers as a whole deck to start from.
  router.get(
    "CalculateTask/GetAppExample",
    async (ctx) => {
      const found = await startableApp(ctx.query.get("appId") ?? "", ctx.user!);
      return { appId: found.id, mainInput: found.mainInput, files: exampleFiles(found) };
    },
    user,
  );

  // A running task also carries its live progress (curves read from its partial output) when its app has one.
  router.get(
    "CalculateTask/GetTask",
    async (ctx) => {
      const row = await reachableTask(app, ctx, requireId(ctx.query.get("id"), "id"));
      const live = row.status === "running" ? findApp(row.app_id)?.progress : undefined;
      const progress = live ? await live(app.tasks.dirOf(row.id)).catch(() => null) : null;
      return { ...taskView(row), progress, executorState: row.job_id && row.executor === app.tasks.executor.name ? (app.tasks.executor.describe?.(row.job_id)?.state ?? null) : null };
    },
    user,
  );

  router.post(
    "CalculateTask/CancelTask",
    async (ctx) => {
      const row = await reachableTask(app, ctx, idOf(ctx.body, "id"));
      await app.tasks.cancel(row);
      return taskView((await getTask(app.db, row.id))!);
    },
    user,
  );

  // Deletes a finished task (owner or task admin): its row and its work dir.
  router.post(
    "CalculateTask/DeleteTask",
    async (ctx) => {
      const row = await reachableTask(app, ctx, idOf(ctx.body, "id"));
      // A step's work dir is what the later steps of its workflow read, on a re-run too: it goes with the workflow.
      if (row.workflow_id) throw new ApiError(Status.badRequest, stepNotDeletable);
      const steps = await app.db.query<{ id: string }>(`select id from compute_tasks where workflow_id = $1`, [row.id]);
      const [gone] = await app.db.query<{ id: string }>(
        `delete from compute_tasks where id = $1 and status in ('succeeded', 'failed', 'cancelled') returning id`,
        [row.id],
      );
      if (!gone) throw new ApiError(Status.badRequest, notFinished);
      for (const t of [row, ...steps]) await fs.promises.rm(app.tasks.dirOf(t.id), { recursive: true, force: true });
      return { id: row.id };
    },
    user,
  );

  // The live log: the page asks again from nextOffset; text never ends inside a character.
  router.get(
    "CalculateTask/GetTaskLog",
    async (ctx) => {
      const row = await reachableTask(app, ctx, requireId(ctx.query.get("id"), "id"));
      const q = parse(logQuery, Object.fromEntries(ctx.query));
      return readLog(path.join(app.tasks.dirOf(row.id), `${q.stream ?? "stdout"}.log`), q.offset ?? 0);
    },
    user,
  );

  router.get(
    "CalculateTask/GetTaskFile",
    async (ctx) => {
      const row = await reachableTask(app, ctx, requireId(ctx.query.get("id"), "id"));
      const file = await resolveInside(app.tasks.dirOf(row.id), ctx.query.get("path") ?? "");
      if (!file) throw new ApiError(Status.notFound, taskTexts.fileRefused);
      const stat = await fs.promises.stat(file);
      return new Raw(fs.createReadStream(file), {
        "content-type": FILE_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
        "content-length": String(stat.size),
        "content-disposition": contentDisposition(path.basename(file), false),
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox",
        "cache-control": "private, no-store",
      });
    },
    user,
  );

  // My tasks (or, for admins asking all=1, everyone's; or, scope=admin, the people in an administrator's
  // charge), newest first, filtered by app, status, category, day, person and department.
  router.get(
    "CalculateTask/GetCalculateTaskOrderBase",
    async (ctx) => {
      const paging = parsePaging(ctx.query);
      const q = parse(listQuery, Object.fromEntries(ctx.query));
      const w = new Where();
      const scoped = q.scope === "admin";
      if (scoped && !ctx.user!.roles.some((r) => PEOPLE_ADMINS.includes(r))) throw new ApiError(Status.forbidden, messages.forbidden[ctx.lang]);
      const everyone = scoped || ((q.all === "1" || q.all === "true") && isTaskAdmin(ctx.user!));
      if (scoped) await listScopeCondition(app.db, await adminScope(app.db, ctx.user!), w);
      if (!everyone) w.and(`t.user_id = ${w.param(ctx.user!.id)}`);
      else if (q.user?.trim()) {
        const like = w.param(containsPattern(q.user.trim()));
        w.and(`(u.name ilike ${like} escape '\\' or u.real_name ilike ${like} escape '\\')`);
      }
      if (scoped && q.departmentId) await departmentCondition(app.db, q.departmentId, w);
      if (q.appId) w.and(`t.app_id = ${w.param(q.appId)}`);
      if (q.kind) w.and(`t.app_id ${q.kind === "store" ? "" : "not "}like ${w.param(`${STORE_APP_PREFIX}%`)}`);
      if (q.status) w.and(`t.status = ${w.param(q.status)}`);
      if (q.category) w.and(`t.category = ${w.param(q.category)}`);
      if (q.dateFrom) w.and(`t.created_at >= ${w.param(q.dateFrom.slice(0, 10))}::date`);
      if (q.dateTo) w.and(`t.created_at < ${w.param(q.dateTo.slice(0, 10))}::date + 1`);
      const { total, rows } = await pagedQuery<TaskRow & { user_name: string; real_name: string }>(
        app.db,
        { select: "t.*, u.name as user_name, u.real_name", from: "compute_tasks t join users u on u.id = t.user_id", where: w, orderBy: "t.created_at desc, t.id" },
        paging,
      );
      return {
        total,
        page: paging.page,
        size: paging.size,
        rows: rows.map((r) => {
          const { result: _result, params: _params, ...view } = taskView(r);
          const name = findApp(r.app_id)?.names[ctx.lang] ?? r.app_id;
          // An app store task names its version too: several versions of one app run side by side.
          return { ...view, appName: isStoreAppId(r.app_id) ? `${name} ${r.app_version}` : name, userName: r.user_name, realName: r.real_name };
        }),
      };
    },
    user,
  );
}
