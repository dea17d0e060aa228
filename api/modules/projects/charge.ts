import type { Db } from "../../db/index.ts";
import type { Lang } from "../../http/messages.ts";
import { texts } from "../../http/messages.ts";
import { fieldError } from "../../compute/tasks/field-errors.ts";
import { fill } from "../system/texts.ts";
import { roundHours, usedCoreHours } from "./usage.ts";
import type { BudgetPeriod } from "../../../common/projects.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const chargeTexts = {
  projectUnknown: texts(
    "只能计入你参与的、进行中的项目",
    "A task can only be charged to an active project you take part in",
    "Una tarea solo puede cargarse a un proyecto activo en el que participe",
    "タスクは参加中の進行中プロジェクトにのみ計上できます",
  ),
  projectClosed: texts("项目“{name}”已结题，不能再计入任务", "The project “{name}” is closed: no more tasks can be charged to it", "El proyecto «{name}» está cerrado: no admite más tareas", "プロジェクト「{name}」は終了しているため、タスクを計上できません"),
  overBudget: texts(
    "超出项目核时预算：本任务最多需 {need} 核时，项目“{name}”本期还剩 {left} 核时（已用 {used}，进行中的任务预留 {reserved}）",
    "Over the project's core-hour budget: this task may use up to {need} core-hours and “{name}” has {left} left in this period ({used} used, {reserved} held by its unfinished tasks)",
    "Supera el presupuesto del proyecto: esta tarea puede usar hasta {need} horas-núcleo y a «{name}» le quedan {left} en este periodo ({used} usadas, {reserved} reservadas por sus tareas sin terminar)",
    "プロジェクトのコア時間予算を超えます：このタスクは最大 {need} コア時間を使い、「{name}」の今期の残りは {left} です（使用 {used}、実行中タスクの予約 {reserved}）",
  ),
};

/** Up to this many core-hours of a task: its cores for its whole walltime (what the budget holds for it until it ends). */
export const mostCoreHours = (r: { cores: number; walltimeMin: number }) => (r.cores * r.walltimeMin) / 60;

/**
 * Checks, inside the transaction that stores a task (or a workflow's steps), that the caller may charge
 * `projectId` and that it has room for `need` core-hours, and locks the project's row until that transaction
 * ends, so two submits at once cannot both take the last of a budget. A project has room when what its
 * finished tasks used in the period, plus the most its unfinished tasks may still use (cores × walltime),
 * plus `need`, stays within the budget; a project without a budget always has room. Refusals are 400s on the
 * form's `projectId` field, in the caller's language, and store nothing.
 */
export async function checkCharge(tx: Db, userId: string, projectId: unknown, need: number, lang: Lang): Promise<string | null> {
  if (projectId === undefined || projectId === null || projectId === "") return null;
  if (typeof projectId !== "string" || !UUID.test(projectId)) throw fieldError("projectId", chargeTexts.projectUnknown, lang);
  const [p] = await tx.query<{ id: string; name: string; status: string; budget: number | null; period: BudgetPeriod; mine: boolean }>(
    `select p.id, p.name, p.status, p.budget_core_hours::float8 as budget, p.budget_period as period,
            (p.leader_id = $2 or exists (select 1 from project_members m where m.project_id = p.id and m.user_id = $2)) as mine
       from projects p where p.id = $1 for update`,
    [projectId, userId],
  );
  if (!p || !p.mine) throw fieldError("projectId", chargeTexts.projectUnknown, lang);
  if (p.status !== "active") throw fieldError("projectId", fill(chargeTexts.projectClosed, { name: p.name }), lang);
  if (p.budget === null) return p.id;
  const used = (await usedCoreHours(tx, [{ id: p.id, period: p.period }])).get(p.id) ?? 0;
  const [{ reserved }] = await tx.query<{ reserved: number }>(
    `select coalesce(sum(coalesce((t.resources->>'cores')::float8, 1) * coalesce((t.resources->>'walltimeMin')::float8, 0) / 60), 0)::float8 as reserved
       from compute_tasks t
      where t.project_id = $1 and t.status in ('queued', 'running') and t.app_id <> 'workflow'`,
    [p.id],
  );
  const left = p.budget - used - Number(reserved);
  if (need > left + 1e-9) {
    const h = (n: number) => String(roundHours(Math.max(0, n)));
    throw fieldError("projectId", fill(chargeTexts.overBudget, { need: h(need), name: p.name, left: h(left), used: h(used), reserved: h(Number(reserved)) }), lang);
  }
  return p.id;
}
