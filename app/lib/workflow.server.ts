import { redirect } from "@remix-run/node";
import { stringify } from "yaml";
import { z } from "zod";
import type { Lng } from "../i18n.ts";
import { WORKFLOW_APP } from "../components/workflow/editor-state.ts";
import { taskHref, type TaskStatus } from "./compute-task.ts";
import { taskSchema } from "./compute-task.server.ts";
import { flashToast } from "./cookies.server.ts";
import { sessionGone } from "./feedback-page.server.ts";
import { getT } from "./i18n.server.ts";
import { pageFailure } from "./notices.server.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/**
 * The workflow calls of the task page (docs/compute.md, the workflow contract): GetWorkflow for a workflow
 * task's steps, RerunWorkflow, and for a step's own task page the workflow it belongs to.
 */

const stamp = z.string().nullish().transform((s) => s ?? null);
const stepSchema = z.object({
  stepId: z.string(),
  taskId: z.string().nullish().transform((v) => v ?? null),
  appId: z.string(),
  appName: z.string().nullish().transform((v) => v ?? ""),
  status: z.enum(["queued", "running", "succeeded", "failed", "cancelled"]),
  after: z.array(z.string()).default([]),
  inputs: z.record(z.string(), z.string()).nullish().transform((v) => v ?? {}),
  /** What each input read when the step ran (null before it did). */
  inputValues: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? null),
  error: z.string().nullish().transform((v) => v ?? null),
  startedAt: stamp,
  finishedAt: stamp,
  jobId: z.string().nullish().transform((v) => v ?? null),
  executor: z.string().nullish().transform((v) => v ?? null),
});
const workflowSchema = z.object({ task: taskSchema, steps: z.array(stepSchema) });
export type WorkflowStepView = z.infer<typeof stepSchema>;

export const getWorkflow = (args: CallArgs, token: string, id: string) => api(args, "CalculateTask/GetWorkflow", { token, query: { id }, schema: workflowSchema });

const titleOf = (params: unknown) => {
  const name = params && typeof params === "object" ? (params as { name?: unknown }).name : undefined;
  return typeof name === "string" ? name : "";
};

/** The steps in the order the workflow lists them (the API's order is its own): the picture and table keep the user's order. */
function inDefinitionOrder(steps: WorkflowStepView[], params: unknown): WorkflowStepView[] {
  const listed = params && typeof params === "object" && Array.isArray((params as { steps?: unknown }).steps) ? ((params as { steps: Array<{ id?: unknown }> }).steps) : [];
  const at = new Map(listed.map((s, i) => [String(s?.id), i]));
  const rank = (s: WorkflowStepView) => at.get(s.stepId) ?? listed.length;
  return steps.map((s, i) => ({ s, i })).sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i).map((x) => x.s);
}

/** What the task page shows of a workflow: the steps with their states for the DAG and the table. */
export interface WorkflowPart {
  kind: "workflow";
  id: string;
  status: TaskStatus;
  title: string;
  /** Re-running is offered when the workflow ended failed or cancelled (the API's rule). */
  canRerun: boolean;
  steps: WorkflowStepView[];
  /** The definition as submitted (YAML), for the page's "definition" panel and as a download. */
  definition: string;
}
/** What a step's own task page shows: which workflow it is a step of. */
export interface StepPart {
  kind: "step";
  stepId: string;
  workflowId: string;
  /** The workflow's title when it has one and could be read; else the page shows its id. */
  workflowTitle: string;
}

type TaskLike = { id: string; appId: string; params?: unknown; workflowId?: string | null; stepId?: string | null };

/**
 * For the task page's loader: a workflow task's steps (GetWorkflow), or for a step's task the workflow it
 * belongs to, or null for an ordinary task. A step page whose workflow cannot be read still links to it.
 */
export async function workflowOfTask(args: CallArgs, token: string, task: TaskLike): Promise<WorkflowPart | StepPart | null> {
  if (task.appId === WORKFLOW_APP) {
    const w = await getWorkflow(args, token, task.id);
    return {
      kind: "workflow",
      id: task.id,
      status: w.task.status,
      title: titleOf(w.task.params),
      canRerun: w.task.status === "failed" || w.task.status === "cancelled",
      steps: inDefinitionOrder(w.steps, w.task.params),
      definition: w.task.params && typeof w.task.params === "object" ? stringify(w.task.params, { lineWidth: 0 }) : "",
    };
  }
  if (task.workflowId && task.stepId) {
    let workflowTitle = "";
    try {
      const parent = await api(args, "CalculateTask/GetTask", { token, query: { id: task.workflowId }, schema: z.object({ params: z.unknown().optional() }) });
      workflowTitle = titleOf(parent.params);
    } catch (e) {
      if (e instanceof UpstreamError && e.sessionInvalid) return sessionGone(args, e);
    }
    return { kind: "step", stepId: task.stepId, workflowId: task.workflowId, workflowTitle };
  }
  return null;
}

/**
 * The task page's "re-run from the failed step": RerunWorkflow, then back to the page with a toast naming
 * the steps that run again (or the API's reason when it refuses, e.g. the workflow is not failed any more).
 */
export async function rerunWorkflowAction(args: CallArgs, token: string, id: string): Promise<Response> {
  const t = await getT(args.request, "workflow");
  let toast: { kind: "success" | "warning"; text: string };
  try {
    const r = await api(args, "CalculateTask/RerunWorkflow", { token, json: { id }, schema: z.object({ rerun: z.array(z.string()) }) });
    toast = { kind: "success", text: t("rerunDone", { count: r.rerun.length, steps: r.rerun.join(", ") }) };
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid || e.status === 404) return pageFailure(args, e);
    toast = { kind: "warning", text: e.msg || t("rerunFailed") };
  }
  return redirect(taskHref(id), { headers: { "Set-Cookie": await flashToast(args.request, toast) } });
}

const texts = z.object({ zh: z.string(), en: z.string(), es: z.string(), ja: z.string() });
const chainsSchema = z.object({
  chains: z.array(z.object({ id: z.string(), names: texts, description: texts, workflow: z.unknown() })),
});

/** A ready-made chain in the user's language. */
export interface Chain {
  id: string;
  name: string;
  description: string;
  workflow: unknown;
}

/** The ready-made chains (GetWorkflowChains), named and described in the user's language. */
export async function loadChains(args: CallArgs, token: string, lng: Lng): Promise<Chain[]> {
  const r = await api(args, "CalculateTask/GetWorkflowChains", { token, schema: chainsSchema });
  return r.chains.map((c) => ({ id: c.id, name: c.names[lng], description: c.description[lng], workflow: c.workflow }));
}
