import type { App } from "../../app.ts";
import { findApp } from "../../compute/apps/index.ts";
import { getTask, taskView, type TaskRow } from "../../compute/tasks/store.ts";
import { workflowChains } from "../../compute/workflow/chains.ts";
import { WORKFLOW_APP_ID } from "../../compute/workflow/definition.ts";
import { readStepInputs } from "../../compute/workflow/runs.ts";
import { workflowTexts } from "../../compute/workflow/texts.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { Ctx, Router } from "../../http/router.ts";
import { idOf, requireId } from "../../http/fields.ts";

const user = { auth: "user" } as const;

/**
 * Workflows (docs/workflows.md): a workflow with its steps' states, re-running it from where it stopped, and the
 * ready-made chains the graphical mode offers. `reachable` is GetTask's own check (owner or task admin).
 */
export function registerWorkflows(router: Router, app: App, reachable: (ctx: Ctx, id: string) => Promise<TaskRow>): void {
  const workflowOf = async (row: TaskRow) => {
    if (row.app_id !== WORKFLOW_APP_ID) throw new ApiError(Status.badRequest, workflowTexts.notWorkflow);
    return row;
  };

  router.get(
    "CalculateTask/GetWorkflow",
    async (ctx) => {
      const row = await workflowOf(await reachable(ctx, requireId(ctx.query.get("id"), "id")));
      const steps = await app.tasks.workflows.steps(row.id);
      const executor = app.tasks.executor;
      return {
        task: taskView(row),
        steps: await Promise.all(
          steps.map(async (s) => ({
            stepId: s.step_id,
            taskId: s.id,
            appId: s.app_id,
            appName: findApp(s.app_id)?.names[ctx.lang] ?? s.app_id,
            status: s.status,
            after: s.depends_on,
            inputs: (row.params as { steps: Array<{ id: string; inputs?: Record<string, string> }> }).steps.find((d) => d.id === s.step_id)?.inputs ?? {},
            /** What each input read when the step ran (null before). */
            inputValues: await readStepInputs(app.tasks.dirOf(s.id)),
            error: s.error,
            startedAt: taskView(s).startedAt,
            finishedAt: taskView(s).finishedAt,
            jobId: s.job_id,
            executor: s.executor,
            executorState: s.job_id && s.executor === executor.name ? (executor.describe?.(s.job_id)?.state ?? null) : null,
          })),
        ),
      };
    },
    user,
  );

  router.post(
    "CalculateTask/RerunWorkflow",
    async (ctx) => {
      const row = await workflowOf(await reachable(ctx, idOf(ctx.body, "id")));
      if (row.status !== "failed" && row.status !== "cancelled") throw new ApiError(Status.badRequest, workflowTexts.notRerunnable);
      const rerun = await app.tasks.workflows.rerun(row);
      return { rerun, task: taskView((await getTask(app.db, row.id))!) };
    },
    user,
  );

  router.get("CalculateTask/GetWorkflowChains", async (ctx) => ({ chains: workflowChains(ctx.lang) }), user);
}
