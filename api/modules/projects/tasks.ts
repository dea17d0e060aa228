import { z } from "zod";
import type { Db } from "../../db/index.ts";
import { optional, parsePaging, Where, type Page } from "../../db/paged.ts";
import { fieldError } from "../../compute/tasks/field-errors.ts";
import { iso, requireId } from "../../http/fields.ts";
import type { Lang } from "../../http/messages.ts";
import { texts } from "../../http/messages.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { CORE_HOURS } from "../tasks/resources.ts";
import { callerOf, mayRead, projectNotFound } from "./access.ts";
import { checkCharge, mostCoreHours } from "./charge.ts";
import { loadProject } from "./projects.ts";
import type { AddableTask, SourceRow } from "../../../common/projects.ts";

export const sourceTexts = {
  taskUnknown: texts("未找到该任务", "No such task of yours", "No existe esa tarea suya", "そのタスクは見つかりません"),
  stepMoves: texts(
    "工作流的步骤随工作流一起计入项目",
    "A workflow's step is charged with its workflow: move the workflow",
    "Un paso de un flujo se carga con su flujo: mueva el flujo",
    "ワークフローのステップはワークフローと一緒に計上されます",
  ),
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const filters = z.object({
  kind: optional(z.enum(["all", "task", "workflow"])),
  app: optional(z.string().trim().max(60)),
  user: optional(z.string().trim().max(30)),
  from: optional(z.string().regex(DAY)),
  to: optional(z.string().regex(DAY)),
});

/** A task's core-hours, or for a workflow the sum of its steps' (the workflow's own row is not a run). */
const USED = `case when t.app_id = 'workflow'
  then (select coalesce(sum(${CORE_HOURS.replace(/\bt\./g, "t2.")}), 0) from compute_tasks t2 where t2.workflow_id = t.id)
  else (${CORE_HOURS}) end`;

/**
 * Project/GetTaskDataSource (`id`; `kind` all/task/workflow, `app`, `user` (a user name), `from`/`to`
 * (YYYY-MM-DD, submitted on those days), `page`, `pageSize`): the tasks and workflows charged to the project,
 * newest first, for whoever may read it (else 404), with the apps and people to filter by and, for the
 * project's own people while it is active, their latest tasks not charged anywhere (`Addable`). A workflow's
 * steps are part of it, not rows of their own. Test data records join this list with the test-data issue.
 */
export async function taskDataSource(
  db: Db,
  user: AuthUser,
  query: URLSearchParams,
): Promise<Page<SourceRow> & { Apps: string[]; People: string[]; Addable: AddableTask[] }> {
  const id = requireId(query.get("id"), "id");
  const paging = parsePaging(query, 100);
  const f = parse(filters, Object.fromEntries(query));
  const caller = await callerOf(db, user);
  const found = await loadProject(db, caller, id);
  if (!found) throw projectNotFound("id");
  mayRead(found.access, "id");
  const w = new Where();
  w.and(`t.project_id = ${w.param(id)}`).and("t.workflow_id is null");
  if (f.kind === "task") w.and("t.app_id <> 'workflow'");
  if (f.kind === "workflow") w.and("t.app_id = 'workflow'");
  if (f.app) w.and(`t.app_id = ${w.param(f.app)}`);
  if (f.user) w.and(`u.name = ${w.param(f.user)}`);
  if (f.from) w.and(`t.created_at >= ${w.param(f.from)}::date`);
  if (f.to) w.and(`t.created_at < ${w.param(f.to)}::date + 1`);
  const countParams = [...w.params];
  const me = w.param(caller.id);
  const [[{ n }], rows, apps, people, addable] = await Promise.all([
    db.query<{ n: number }>(`select count(*)::int as n from compute_tasks t join users u on u.id = t.user_id ${w.sql}`, countParams),
    db.query<{ id: string; app_id: string; status: string; name: string; real_name: string; created_at: Date; used: number; mine: boolean }>(
      `select t.id, t.app_id, t.status, u.name, u.real_name, t.created_at, (${USED})::float8 as used, t.user_id = ${me} as mine
         from compute_tasks t join users u on u.id = t.user_id ${w.sql}
        order by t.created_at desc, t.id desc ${w.pageSql(paging)}`,
      w.params,
    ),
    db.query<{ app_id: string }>(`select distinct app_id from compute_tasks where project_id = $1 and workflow_id is null order by app_id`, [id]),
    db.query<{ name: string }>(`select distinct u.name from compute_tasks t join users u on u.id = t.user_id where t.project_id = $1 and t.workflow_id is null order by u.name`, [id]),
    found.access.role !== null && found.row.status === "active"
      ? db.query<{ id: string; app_id: string; status: string; created_at: Date }>(
          `select t.id, t.app_id, t.status, t.created_at from compute_tasks t
            where t.user_id = $1 and t.project_id is null and t.workflow_id is null
            order by t.created_at desc, t.id desc limit 20`,
          [caller.id],
        )
      : Promise.resolve([]),
  ]);
  const kind = (app: string): SourceRow["Kind"] => (app === "workflow" ? "workflow" : "task");
  return {
    total: Number(n),
    page: paging.page,
    size: paging.size,
    rows: rows.map((r) => ({
      Id: r.id,
      Kind: kind(r.app_id),
      AppId: r.app_id,
      Status: r.status,
      UserName: r.name,
      RealName: r.real_name,
      CreatedAt: iso(r.created_at)!,
      CoreHours: Number(r.used),
      Mine: r.mine,
    })),
    Apps: apps.map((a) => a.app_id),
    People: people.map((p) => p.name),
    Addable: addable.map((t) => ({ Id: t.id, Kind: kind(t.app_id), AppId: t.app_id, Status: t.status, CreatedAt: iso(t.created_at)! })),
  };
}

/**
 * Project/SetTaskProject (`TaskId`, `ProjectId`, empty to take it out): the task's owner charges one of their
 * tasks (a workflow with all its steps) to one of their active projects, within its budget as a new submit
 * would be (checkCharge: a finished task's real core-hours, an unfinished one's cores × walltime), or takes it
 * out. Each move is logged on the projects concerned, so their activity shows it.
 */
export async function setTaskProject(db: Db, user: AuthUser, actor: Actor, body: Record<string, unknown>, lang: Lang): Promise<{ ProjectId: string | null }> {
  const taskId = requireId(body.TaskId, "TaskId");
  const wanted = body.ProjectId === undefined || body.ProjectId === null || body.ProjectId === "" ? null : body.ProjectId;
  return db.transaction(async (tx) => {
    const [task] = await tx.query<{ id: string; app_id: string; workflow_id: string | null; project_id: string | null; status: string; resources: { cores: number; walltimeMin: number }; used: number }>(
      `select t.id, t.app_id, t.workflow_id, t.project_id, t.status, t.resources, (${USED})::float8 as used from compute_tasks t where t.id = $1 and t.user_id = $2 for update`,
      [taskId, user.id],
    );
    if (!task) throw fieldError("TaskId", sourceTexts.taskUnknown, lang);
    if (task.workflow_id) throw fieldError("TaskId", sourceTexts.stepMoves, lang);
    if (wanted === task.project_id) return { ProjectId: task.project_id };
    let projectId: string | null = null;
    if (wanted !== null) {
      const unfinished = task.status === "queued" || task.status === "running";
      let need = task.used;
      if (unfinished) {
        const steps = task.app_id === "workflow" ? await tx.query<{ resources: { cores: number; walltimeMin: number } }>(`select resources from compute_tasks where workflow_id = $1`, [task.id]) : [task];
        need = steps.reduce((sum, s) => sum + mostCoreHours(s.resources), 0);
      }
      projectId = await checkCharge(tx, user.id, wanted, need, lang);
    }
    await tx.query(`update compute_tasks set project_id = $2 where id = $1 or workflow_id = $1`, [task.id, projectId]);
    const moved = { TaskId: task.id, AppId: task.app_id };
    if (task.project_id) {
      await logOperation(tx, actor, { action: "project.task.remove", targetType: "project", targetId: task.project_id, targetName: task.app_id, before: moved, after: null });
    }
    if (projectId) {
      await logOperation(tx, actor, { action: "project.task.add", targetType: "project", targetId: projectId, targetName: task.app_id, before: null, after: moved });
    }
    return { ProjectId: projectId };
  });
}
