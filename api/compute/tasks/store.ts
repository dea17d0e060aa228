import type { Db } from "../../db/index.ts";
import type { Resources, TaskMode, TaskResult } from "../apps/types.ts";

export type TaskStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";
export const TASK_STATUSES: readonly TaskStatus[] = ["queued", "running", "succeeded", "failed", "cancelled"];
export const UNFINISHED = "status in ('queued', 'running')";

export interface TaskRow {
  id: string;
  user_id: string;
  app_id: string;
  app_version: string;
  category: string;
  mode: TaskMode;
  params: unknown;
  input_files: string[];
  input_hash: string;
  resources: Resources;
  status: TaskStatus;
  error: string | null;
  exit_code: number | null;
  executor: string | null;
  job_id: string | null;
  requeued: boolean;
  lang: string;
  result: TaskResult | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  /** A workflow step: its workflow's task id, its step id, and the step ids it needs. */
  workflow_id: string | null;
  /** The research project the task charges (api/modules/projects/charge.ts). */
  project_id: string | null;
  step_id: string | null;
  depends_on: string[];
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** GetTask's answer: the fields, and what the task page needs to show and clone it. */
export function taskView(r: TaskRow) {
  return {
    id: r.id,
    appId: r.app_id,
    status: r.status,
    createdAt: iso(r.created_at),
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
    exitCode: r.exit_code,
    result: r.result,
    error: r.error,
    appVersion: r.app_version,
    category: r.category,
    mode: r.mode,
    params: r.params,
    resources: r.resources,
    userId: r.user_id,
    /** Which executor runs it and its id there (a Slurm job id), once handed over. */
    executor: r.executor,
    jobId: r.job_id,
    /** For a workflow's step: the workflow's task id and the step's id in it. */
    workflowId: r.workflow_id,
    stepId: r.step_id,
  };
}

export async function getTask(db: Db, id: string): Promise<TaskRow | undefined> {
  const [row] = await db.query<TaskRow>(`select * from compute_tasks where id = $1`, [id]);
  return row;
}

/** Tasks waiting for a slot, everyone's: what the category pages show as the waiting count. */
export async function pendingCount(db: Db): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from compute_tasks where status = 'queued'`);
  return Number(n);
}
