import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import YAML from "yaml";
import type { Db } from "../../db/index.ts";
import type { Lang } from "../../http/messages.ts";
import { availabilityOf } from "../apps/availability.ts";
import { checkCharge, mostCoreHours } from "../../modules/projects/charge.ts";
import { findApp } from "../apps/index.ts";
import type { TaskResult } from "../apps/types.ts";
import type { TaskInput } from "../tasks/input.ts";
import { type TaskRow, type TaskStatus } from "../tasks/store.ts";
import { asLang, withN } from "../tasks/texts.ts";
import { hashFiles, writeInputs } from "../tasks/workdir.ts";
import { dependenciesOf, workflowSchema, type Workflow } from "./definition.ts";
import { workflowReport } from "./report.ts";
import { STEP_FILES, type StepSpec } from "./step-job.ts";
import { workflowTexts as W } from "./texts.ts";

/** What the task service lends the workflow runs: its database, work dirs and the way it ends tasks. */
export interface WorkflowHost {
  db: Db;
  dirOf(taskId: string): string;
  /** Ends an unfinished task once, as the service does for any task (status push, message, dispatch). */
  finish(taskId: string, o: { status: TaskStatus; error: string | null; exitCode: number | null; result: TaskResult | null }): Promise<boolean>;
  cancelJob(jobId: string): Promise<void>;
  pushStatus(userId: string, taskId: string, status: TaskStatus): Promise<void>;
  dispatchSoon(): void;
}

/** Whether a waiting step may go to the executor now, and after which of its dependencies' jobs. */
export type StepGate = { go: true; after: string[] } | { go: false; blockedBy?: string };

const ENDED_BADLY: TaskStatus[] = ["failed", "cancelled"];

/**
 * The workflow side of the task service (docs/workflows.md): a workflow task is stored with one task per step;
 * steps go to the executor as soon as every step they need is with it (the executor holds them until those
 * end well), values pass through the work dirs (step-job.ts), and the workflow ends when its last step does.
 */
export class WorkflowRuns {
  constructor(private readonly host: WorkflowHost) {}

  private get db() {
    return this.host.db;
  }

  /** Stores the workflow and its steps; the workflow is "running" from now on, its steps queued. */
  async create(userId: string, input: TaskInput, lang: Lang): Promise<{ taskId: string; stepTasks: string[] }> {
    const wf = input.params as Workflow;
    const id = crypto.randomUUID();
    const stepIds = new Map(wf.steps.map((s) => [s.id, crypto.randomUUID()]));
    const dirs = Object.fromEntries([...stepIds].map(([sid, tid]) => [sid, this.host.dirOf(tid)]));
    await writeInputs(this.host.dirOf(id), input.files);
    const specs = wf.steps.map((s) => {
      const spec: StepSpec = { workflowId: id, stepId: s.id, appId: s.app, lang, params: s.params, inputs: s.inputs, dirs };
      return { step: s, taskId: stepIds.get(s.id)!, files: { [STEP_FILES.spec]: JSON.stringify(spec, null, 2) } };
    });
    for (const sp of specs) await writeInputs(this.host.dirOf(sp.taskId), sp.files);
    try {
      const stepResources = new Map(wf.steps.map((s) => [s.id, { ...findApp(s.app)!.defaultResources, ...s.resources }]));
      await this.db.transaction(async (tx) => {
        // The workflow and its steps are charged to one project, the steps' cores × walltime held together.
        const need = [...stepResources.values()].reduce((sum, r) => sum + mostCoreHours(r), 0);
        const projectId = await checkCharge(tx, userId, input.projectId, need, lang);
        await tx.query(
          `insert into compute_tasks(id, user_id, app_id, app_version, category, mode, params, input_files, input_hash, resources, lang, status, started_at, project_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'running', now(), $12)`,
          [id, userId, input.app.id, input.version, input.app.category, input.mode, JSON.stringify(wf), Object.keys(input.files), hashFiles(input.files), JSON.stringify(input.resources), lang, projectId],
        );
        for (const { step, taskId, files } of specs) {
          const app = findApp(step.app)!;
          await tx.query(
            `insert into compute_tasks(id, user_id, app_id, app_version, category, mode, params, input_files, input_hash, resources, lang, workflow_id, step_id, depends_on, project_id)
             values ($1, $2, $3, $4, $5, 'graphical', $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
            [taskId, userId, app.id, availabilityOf(app).version, app.category, JSON.stringify(step.params), Object.keys(files), hashFiles(files), JSON.stringify(stepResources.get(step.id)), lang, id, step.id, dependenciesOf(step), projectId],
          );
        }
      });
    } catch (e) {
      await Promise.all([id, ...stepIds.values()].map((t) => fs.rm(this.host.dirOf(t), { recursive: true, force: true })));
      throw e;
    }
    return { taskId: id, stepTasks: [...stepIds.values()] };
  }

  async steps(workflowId: string): Promise<TaskRow[]> {
    return this.db.query<TaskRow>(`select * from compute_tasks where workflow_id = $1 order by created_at, step_id`, [workflowId]);
  }

  /**
   * A queued step goes once each step it needs has succeeded or is with the executor (whose job it then names as
   * `after`); it is blocked for good when one of them failed or was cancelled.
   */
  async gate(step: TaskRow, executorName: string): Promise<StepGate> {
    if (!step.depends_on.length) return { go: true, after: [] };
    const deps = await this.db.query<TaskRow>(`select * from compute_tasks where workflow_id = $1 and step_id = any($2)`, [step.workflow_id, step.depends_on]);
    const bad = deps.find((d) => ENDED_BADLY.includes(d.status));
    if (bad) return { go: false, blockedBy: bad.step_id! };
    const after: string[] = [];
    for (const d of deps) {
      if (d.status === "succeeded") continue;
      if (d.job_id === null || d.executor !== executorName) return { go: false };
      after.push(d.job_id);
    }
    return { go: true, after };
  }

  /** The step a not-run step was waiting for, when one of its dependencies ended badly (for its error text). */
  async failedDependency(step: TaskRow): Promise<string | null> {
    if (!step.workflow_id || !step.depends_on.length) return null;
    const [bad] = await this.db.query<{ step_id: string }>(
      `select step_id from compute_tasks where workflow_id = $1 and step_id = any($2) and status in ('failed', 'cancelled') order by step_id limit 1`,
      [step.workflow_id, step.depends_on],
    );
    return bad?.step_id ?? null;
  }

  /**
   * After a step ended: one that did not succeed stops the steps downstream of it (those with the executor are
   * cancelled there, the rest here); when no step is left unfinished the workflow ends with its report.
   */
  async stepEnded(step: TaskRow): Promise<void> {
    const all = await this.steps(step.workflow_id!);
    if (ENDED_BADLY.includes(step.status)) {
      const lang = asLang(step.lang);
      for (const down of downstreamOf(all, step.step_id!)) {
        if (down.status !== "queued" && down.status !== "running") continue;
        if (down.job_id === null) {
          await this.host.finish(down.id, { status: "cancelled", error: withN(W.upstreamFailed, step.step_id!)[lang], exitCode: null, result: null });
        } else {
          await this.host.cancelJob(down.job_id);
        }
      }
    }
    await this.settle(step.workflow_id!);
  }

  /** Ends the workflow once all its steps have ended: succeeded with its report, or failed / cancelled naming the step. */
  async settle(workflowId: string): Promise<void> {
    const all = await this.steps(workflowId);
    if (all.some((s) => s.status === "queued" || s.status === "running")) return;
    const [wfRow] = await this.db.query<TaskRow>(`select * from compute_tasks where id = $1`, [workflowId]);
    if (!wfRow || (wfRow.status !== "queued" && wfRow.status !== "running")) return;
    const lang = asLang(wfRow.lang);
    // A step the executor dropped because a step it needs ended badly may have ended before that step's end was
    // recorded (the two ends race); now that all have ended, each such step says which step it waited for.
    for (const s of all) {
      if (s.status !== "cancelled" || s.error) continue;
      const bad = all.find((d) => s.depends_on.includes(d.step_id!) && ENDED_BADLY.includes(d.status));
      if (!bad) continue;
      s.error = withN(W.upstreamFailed, bad.step_id!)[asLang(s.lang)];
      await this.db.query(`update compute_tasks set error = $2 where id = $1 and error is null`, [s.id, s.error]);
    }
    const failed = all.find((s) => s.status === "failed");
    const cancelled = all.find((s) => s.status === "cancelled");
    const stepParams = await Promise.all(all.map((s) => readStepParams(this.host.dirOf(s.id), s.params)));
    let result: TaskResult;
    try {
      result = workflowReport(await readDefinition(this.host.dirOf(workflowId), wfRow.params as Workflow), all.map((s, i) => ({ stepId: s.step_id!, result: s.result, params: stepParams[i] })));
    } catch (e) {
      // The workflow ends whatever its report does: a workflow left running for ever is worse than no report.
      console.error(`workflow ${workflowId} report:`, e);
      result = { scalars: [], series: [], tables: [], files: [] };
    }
    if (!failed && !cancelled) {
      await this.host.finish(workflowId, { status: "succeeded", error: null, exitCode: null, result });
    } else {
      const first = failed ?? cancelled!;
      await this.host.finish(workflowId, { status: failed ? "failed" : "cancelled", error: withN(W.stepFailed, first.step_id!)[lang], exitCode: null, result });
    }
  }

  /** Cancels a workflow: its waiting steps here, its running ones through the executor; it ends when they have. */
  async cancel(workflow: TaskRow): Promise<void> {
    for (const s of await this.steps(workflow.id)) {
      if (s.status !== "queued" && s.status !== "running") continue;
      if (s.job_id === null) await this.host.finish(s.id, { status: "cancelled", error: null, exitCode: null, result: null });
      else await this.host.cancelJob(s.job_id);
    }
    await this.settle(workflow.id);
  }

  /**
   * Re-runs a failed or cancelled workflow from where it stopped: every step that did not succeed is queued again
   * from a clean work dir (its step.json kept); succeeded steps keep their results, which the re-run steps read.
   */
  async rerun(workflow: TaskRow): Promise<string[]> {
    const again = (await this.steps(workflow.id)).filter((s) => s.status !== "succeeded");
    for (const s of again) await clearStepDir(this.host.dirOf(s.id));
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update compute_tasks set status = 'queued', job_id = null, executor = null, instance_id = null, error = null, exit_code = null, result = null,
                started_at = null, finished_at = null, requeued = false
          where id = any($1) and status in ('failed', 'cancelled')`,
        [again.map((s) => s.id)],
      );
      await tx.query(`update compute_tasks set status = 'running', error = null, result = null, exit_code = null, finished_at = null where id = $1`, [workflow.id]);
    });
    await this.host.pushStatus(workflow.user_id, workflow.id, "running");
    for (const s of again) await this.host.pushStatus(s.user_id, s.id, "queued");
    this.host.dispatchSoon();
    return again.map((s) => s.step_id!);
  }
}

/** Every step that needs `stepId`, directly or through others. */
export function downstreamOf(steps: TaskRow[], stepId: string): TaskRow[] {
  const out = new Set<string>();
  const visit = (id: string) => {
    for (const s of steps) {
      if (s.depends_on.includes(id) && !out.has(s.step_id!)) {
        out.add(s.step_id!);
        visit(s.step_id!);
      }
    }
  };
  visit(stepId);
  return steps.filter((s) => out.has(s.step_id!));
}

/** The params a step ran with (inputs filled in), or its stored params when it did not get that far. */
export async function readStepParams(dir: string, fallback: unknown): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, STEP_FILES.params), "utf8"));
  } catch {
    return fallback;
  }
}

/** Each input's value as the step's job read it; null before it did. */
export async function readStepInputs(dir: string): Promise<Record<string, unknown> | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, STEP_FILES.inputs), "utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The workflow as submitted, from its deck: the database keeps params as jsonb, which orders object keys by
 * length, and the report's columns are to stay in the order the user wrote them.
 */
async function readDefinition(dir: string, stored: Workflow): Promise<Workflow> {
  try {
    // Through the schema for its defaults: an uploaded deck may leave out what the schema fills in (report).
    return workflowSchema.parse(YAML.parse(await fs.readFile(path.join(dir, "workflow.yaml"), "utf8")));
  } catch {
    return stored;
  }
}

/** Everything of an earlier attempt goes; the step's spec stays. */
async function clearStepDir(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  for (const n of names) if (n !== STEP_FILES.spec) await fs.rm(path.join(dir, n), { recursive: true, force: true });
}
