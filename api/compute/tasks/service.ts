import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { App } from "../../app.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { Lang } from "../../http/messages.ts";
import type { AuthUser } from "../../http/router.ts";
import { escapeHtml } from "../../../common/html.ts";
import { hubEvents } from "../../hub/publisher.ts";
import { sendDirectedMessage } from "../../modules/notices/directed.ts";
import { findApp } from "../apps/index.ts";
import { mayStartStoreApp, refreshStoreApp } from "../apps/store-apps.ts";
import { WORKFLOW_APP_ID } from "../workflow/definition.ts";
import { WorkflowRuns } from "../workflow/runs.ts";
import { STEP_FILES, stepJobScript } from "../workflow/step-job.ts";
import { workflowTexts } from "../workflow/texts.ts";
import type { Executor, JobEnd } from "../executor/index.ts";
import { checkCharge, mostCoreHours } from "../../modules/projects/charge.ts";
import { readTaskInput } from "./input.ts";
import { ApiInstance } from "./instance.ts";
import { getTask, pendingCount, UNFINISHED, type TaskRow, type TaskStatus } from "./store.ts";
import { asLang, taskTexts, withN } from "./texts.ts";
import { clearRunOutputs, hashFiles, inputsIntact, stderrTail, taskDir, writeInputs } from "./workdir.ts";

/** Roles that reach every task, not just their own. */
export const TASK_ADMIN_ROLES = ["SystemAdmin", "InsideAdmin"];
export const isTaskAdmin = (u: AuthUser) => u.roles.some((r) => TASK_ADMIN_ROLES.includes(r));

/**
 * The task service (docs/compute.md): stores tasks, hands them to the executor within the per-user limits,
 * turns the executor's events into statuses, results and messages, and reconciles after a restart.
 */
export class TaskService {
  /** Dispatch runs one at a time, so two turns never hand the same task to the executor. */
  private dispatching: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;
  /** Workflows run as their steps; this is their side of the service (api/compute/workflow/runs.ts). */
  readonly workflows: WorkflowRuns;
  /** This API process among the instances sharing the database (instance.ts). */
  readonly instance: ApiInstance;

  constructor(
    private readonly app: App,
    readonly executor: Executor,
  ) {
    const service = this;
    this.instance = new ApiInstance(app.db, app.config.API_HEARTBEAT_MS, app.config.API_INSTANCE_TIMEOUT_MS);
    this.workflows = new WorkflowRuns({
      get db() {
        return service.db;
      },
      dirOf: (id) => this.dirOf(id),
      finish: (id, o) => this.finish(id, o),
      cancelJob: (jobId) => this.executor.cancel(jobId),
      pushStatus: (userId, taskId, status) => this.pushStatus(userId, taskId, status),
      dispatchSoon: () => this.dispatchSoon(),
    });
    executor.on("started", (taskId, jobId) => this.track(this.onStarted(taskId, jobId)));
    executor.on("finished", (taskId, end) => this.track(this.onFinished(taskId, end)));
  }

  private get db() {
    return this.app.db;
  }
  dirOf(taskId: string): string {
    return taskDir(this.app.config.dataDir, taskId);
  }

  /** Event handlers run detached from the executor; close waits for them, and a failure is logged, not thrown. */
  private track(p: Promise<unknown>): void {
    const tracked = p.catch((e) => console.error("compute task:", e)).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /**
   * At start: joins the instances sharing the database, takes over the tasks no live instance holds (what this
   * process had before a restart among them) and learns what became of their runs, then dispatches what waits;
   * from then on, at every heartbeat, takes over the tasks of instances that died and dispatches again (a task
   * another instance queued may wait for a slot here).
   */
  async start(): Promise<void> {
    await this.instance.register();
    await this.adoptOrphans(true);
    this.instance.startBeating(async () => {
      await this.adoptOrphans(false);
      this.dispatchSoon();
    });
    this.dispatchSoon();
  }

  /**
   * Takes the unfinished tasks whose instance is dead (or that predate instances): one UPDATE, whose row locks
   * let only one of several surviving instances take each task. Those never handed to an executor go back to
   * the queue; the others are recovered from the executor (a local job outlives its API and is adopted while its
   * process lives; a Slurm job is asked for by id). At start on PGlite every other instance is dead: the
   * embedded database belongs to this one process.
   */
  private async adoptOrphans(atStart: boolean): Promise<void> {
    if (this.closed) return;
    const me = this.instance.id;
    const timeoutS = atStart && this.db.kind === "pglite" ? 0 : this.instance.timeoutMs / 1000;
    const rows = await this.db.query<TaskRow>(
      `update compute_tasks t set instance_id = $1
        where t.${UNFINISHED} and (t.job_id is not null or t.instance_id is not null) and (t.job_id is null or t.executor = $3)
          and ${ApiInstance.OWNER_DEAD}
        returning t.*`,
      [me, timeoutS, this.executor.name],
    );
    await this.db.query(`delete from api_instances where id <> $1 and seen_at < now() - make_interval(secs => $2::double precision)`, [me, timeoutS]);
    if (!rows.length) return;
    const unsent = rows.filter((r) => r.job_id === null).map((r) => r.id);
    if (unsent.length) await this.db.query(`update compute_tasks set instance_id = null where id = any($1) and job_id is null and instance_id = $2`, [unsent, me]);
    const held = rows.filter((r) => r.job_id !== null);
    const states = await this.executor.recover(held.map((r) => ({ taskId: r.id, jobId: r.job_id!, workDir: this.dirOf(r.id) })));
    for (const { taskId, state } of states) {
      const row = held.find((r) => r.id === taskId)!;
      if (state === "lost") await this.onLost(row);
      else if (state === "running") await this.onStarted(taskId, row.job_id!);
      else await this.onFinished(taskId, state);
    }
    this.dispatchSoon();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.dispatching;
    // Gone from the instances: another one takes over this one's tasks at its next heartbeat.
    await this.instance.stop();
    // Running jobs outlive the API; a restarted one adopts them (start above).
    await this.executor.close();
    await Promise.all([...this.inFlight]);
  }

  async create(user: AuthUser, lang: Lang, body: unknown): Promise<{ taskId: string }> {
    const appId = (body as { appId?: unknown } | null)?.appId;
    if (typeof appId === "string") await refreshStoreApp(appId);
    const input = readTaskInput(body, lang, this.executor.slots);
    // An app store version nobody published yet runs only for its author (the test run) and app administrators.
    if (!mayStartStoreApp(input.app.id, user)) throw new ApiError(Status.notFound, taskTexts.appUnknown);
    const max = this.app.config.TASK_MAX_QUEUED_PER_USER;
    // A workflow's steps wait as part of it, not as tasks of their own.
    const [{ n }] = await this.db.query<{ n: number }>(`select count(*)::int as n from compute_tasks where user_id = $1 and status = 'queued' and workflow_id is null`, [user.id]);
    if (Number(n) >= max) throw new ApiError(Status.tooMany, withN(taskTexts.tooManyQueued, max));
    if (input.app.id === WORKFLOW_APP_ID) {
      const { taskId, stepTasks } = await this.workflows.create(user.id, input, lang);
      await this.pushStatus(user.id, taskId, "running");
      for (const id of stepTasks) await this.pushStatus(user.id, id, "queued");
      await this.pushPending();
      this.dispatchSoon();
      return { taskId };
    }

    const id = crypto.randomUUID();
    const dir = this.dirOf(id);
    await writeInputs(dir, input.files);
    const { app } = input;
    try {
      // With its project's budget check: the project row stays locked until the task is stored.
      await this.db.transaction(async (tx) => {
        const projectId = await checkCharge(tx, user.id, input.projectId, mostCoreHours(input.resources), lang);
        await tx.query(
          `insert into compute_tasks(id, user_id, app_id, app_version, category, mode, params, input_files, input_hash, resources, lang, project_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [id, user.id, app.id, input.version, app.category, input.mode, JSON.stringify(input.params), Object.keys(input.files), hashFiles(input.files), JSON.stringify(input.resources), lang, projectId],
        );
      });
    } catch (e) {
      await fs.rm(dir, { recursive: true, force: true });
      throw e;
    }
    await this.pushStatus(user.id, id, "queued");
    await this.pushPending();
    this.dispatchSoon();
    return { taskId: id };
  }

  /** Queued and not yet with the executor: cancelled here. Otherwise the executor stops it and its end says so. */
  async cancel(row: TaskRow): Promise<void> {
    if (row.status !== "queued" && row.status !== "running") throw new ApiError(Status.badRequest, taskTexts.taskFinished);
    if (row.app_id === WORKFLOW_APP_ID) return this.workflows.cancel(row);
    if (row.job_id === null) {
      const done = await this.finish(row.id, { status: "cancelled", error: null, exitCode: null, result: null }, "and job_id is null");
      if (done) return;
      row = (await getTask(this.db, row.id))!;
    }
    if (row.job_id !== null && (row.status === "queued" || row.status === "running")) await this.executor.cancel(row.job_id);
  }

  dispatchSoon(): void {
    if (this.closed) return;
    const next = this.dispatching.then(() => (this.closed ? undefined : this.dispatch()));
    this.dispatching = next.catch((e) => console.error("compute task dispatch:", e));
  }

  /**
   * Hands waiting tasks to the executor, oldest first, while their owner has fewer than
   * TASK_MAX_RUNNING_PER_USER with executors (of all instances); the rest wait here and go when one of the
   * owner's ends. A workflow's step goes when the steps it needs are with the executor (which holds it until
   * they end well), outside that limit: the workflow as a whole is what the user asked for. The local executor
   * takes a task only while it has a free slot, so a task waits in the database, where any instance with a
   * free slot can take it, rather than in one process's memory.
   */
  /** With SLURM_ACCOUNT_FROM_PROJECT, the code of the project a task charges is its cluster account. */
  private async accountOf(row: TaskRow): Promise<string | undefined> {
    if (!row.project_id || !this.app.config.SLURM_ACCOUNT_FROM_PROJECT) return undefined;
    const [p] = await this.db.query<{ code: string }>(`select code from projects where id = $1`, [row.project_id]);
    return p?.code;
  }

  private async dispatch(): Promise<void> {
    const waiting = await this.db.query<TaskRow>(`select * from compute_tasks where status = 'queued' and job_id is null and instance_id is null order by created_at, id`);
    if (!waiting.length) return;
    let stepsWaiting = false;
    let stepsSent = false;
    for (const row of waiting) {
      if (this.closed) return;
      let after: string[] = [];
      if (row.workflow_id) {
        const gate = await this.workflows.gate(row, this.executor.name);
        if (!gate.go) {
          if (gate.blockedBy) {
            await this.finish(row.id, { status: "cancelled", error: withN(workflowTexts.upstreamFailed, gate.blockedBy)[asLang(row.lang)], exitCode: null, result: null });
          } else stepsWaiting = true;
          continue;
        }
        after = gate.after;
      } else if (this.executor.name === "local" && this.executor.load.inUse + this.executor.load.queued >= this.executor.slots) continue;
      if (!(await this.claim(row))) continue;
      await refreshStoreApp(row.app_id);
      const app = findApp(row.app_id);
      const dir = this.dirOf(row.id);
      let jobId: string;
      try {
        if (!app) throw new Error(`the app ${row.app_id} is no longer installed`);
        const script = path.join(dir, "job.sh");
        const { cores, walltimeMin } = row.resources;
        const appScript = app.jobScript({ taskId: row.id, workDir: dir, mainInput: app.mainInput, cores, walltimeMin });
        if (row.workflow_id) {
          // A step's job wraps its app's: its inputs are read before, its result published after (step-job.ts).
          await fs.writeFile(path.join(dir, STEP_FILES.appJob), appScript, { mode: 0o755 });
          await fs.writeFile(script, stepJobScript(dir), { mode: 0o755 });
        } else await fs.writeFile(script, appScript, { mode: 0o755 });
        jobId = await this.executor.submit({ taskId: row.id, workDir: dir, script, cores, walltimeMin, after, account: await this.accountOf(row) });
      } catch (e) {
        await this.finish(row.id, { status: "failed", error: withN(taskTexts.submitFailed, (e as Error).message)[asLang(row.lang)], exitCode: null, result: null });
        continue;
      }
      if (row.workflow_id) stepsSent = true;
      // "started" may already have recorded the job id; a task cancelled meanwhile has its job cancelled too.
      const [kept] = await this.db.query(
        `update compute_tasks set job_id = $2, executor = $3 where id = $1 and ${UNFINISHED} and (job_id is null or job_id = $2) returning id`,
        [row.id, jobId, this.executor.name],
      );
      if (!kept) await this.executor.cancel(jobId);
    }
    // A step passed over because the step it needs had no job yet may go now that that one has.
    if (stepsWaiting && stepsSent) this.dispatchSoon();
  }

  /**
   * Takes a waiting task for this instance, under a lock on its owner held to the end of the transaction: of
   * several instances dispatching at once exactly one takes each task (the row's own lock), and no two take the
   * owner's last free place under TASK_MAX_RUNNING_PER_USER (a step is outside that limit).
   */
  private claim(row: TaskRow): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtext($1::text))`, [row.user_id]);
      const taken = await tx.query(
        `update compute_tasks t set instance_id = $2
          where t.id = $1 and t.status = 'queued' and t.job_id is null and t.instance_id is null
            and (t.workflow_id is not null or (
              select count(*) from compute_tasks u
               where u.user_id = t.user_id and u.${UNFINISHED} and (u.job_id is not null or u.instance_id is not null) and u.workflow_id is null) < $3)
          returning t.id`,
        [row.id, this.instance.id, this.app.config.TASK_MAX_RUNNING_PER_USER],
      );
      return taken.length > 0;
    });
  }

  private async onStarted(taskId: string, jobId: string): Promise<void> {
    const [row] = await this.db.query<{ user_id: string }>(
      `update compute_tasks set status = 'running', started_at = coalesce(started_at, now()), job_id = coalesce(job_id, $2), executor = coalesce(executor, $3)
        where id = $1 and status = 'queued' returning user_id`,
      [taskId, jobId, this.executor.name],
    );
    if (!row) return;
    await this.pushStatus(row.user_id, taskId, "running");
    await this.pushPending();
  }

  private async onFinished(taskId: string, end: JobEnd): Promise<void> {
    const row = await getTask(this.db, taskId);
    if (!row || (row.status !== "queued" && row.status !== "running")) return;
    if (end.reason === "lost") return this.onLost(row);
    const lang = asLang(row.lang);
    const outcome: Outcome = { status: "failed", error: null, exitCode: end.exitCode, result: null };
    if (end.reason === "cancelled") {
      outcome.status = "cancelled";
      // A step the executor never ran because a step it needs ended badly says which.
      const blockedBy = await this.workflows.failedDependency(row);
      if (blockedBy) outcome.error = withN(workflowTexts.upstreamFailed, blockedBy)[lang];
    } else if (end.reason === "timeout") outcome.error = withN(taskTexts.timeout, row.resources.walltimeMin)[lang];
    else if (end.exitCode === 0) {
      try {
        await refreshStoreApp(row.app_id);
        outcome.result = await findApp(row.app_id)!.parseOutput(this.dirOf(taskId));
        outcome.status = "succeeded";
      } catch (e) {
        outcome.error = withN(taskTexts.outputUnreadable, (e as Error).message)[lang];
      }
    } else {
      const why = end.exitCode !== null ? withN(taskTexts.exitCode, end.exitCode) : withN(taskTexts.killedBySignal, end.signal ?? "?");
      const tail = await stderrTail(this.dirOf(taskId));
      outcome.error = why[lang] + (tail ? `\n${tail}` : "");
    }
    await this.finish(taskId, outcome);
  }

  /**
   * A run nobody can account for (the API and the job went down together). A solver run is repeatable, so it
   * goes back to the queue once when its inputs are as submitted; a run that never started does not count.
   */
  private async onLost(row: TaskRow): Promise<void> {
    const lang = asLang(row.lang);
    const dir = this.dirOf(row.id);
    const retry = row.started_at === null || !row.requeued;
    const intact = await inputsIntact(dir, row.input_files, row.input_hash);
    if (retry && intact) {
      await clearRunOutputs(dir);
      const [back] = await this.db.query(
        `update compute_tasks set status = 'queued', job_id = null, instance_id = null, started_at = null, requeued = requeued or $2
          where id = $1 and ${UNFINISHED} returning id`,
        [row.id, row.started_at !== null],
      );
      if (back) {
        await this.pushStatus(row.user_id, row.id, "queued");
        await this.pushPending();
        this.dispatchSoon();
      }
      return;
    }
    await this.finish(row.id, { status: "failed", error: (intact ? taskTexts.lostTwice : taskTexts.lostInputsChanged)[lang], exitCode: null, result: null });
  }

  /** Records a task's end once (a later event for it changes nothing), then tells the owner. */
  private async finish(taskId: string, o: Outcome, extraCondition = ""): Promise<boolean> {
    const [row] = await this.db.query<TaskRow & { was: TaskStatus }>(
      `update compute_tasks t set status = $2, error = $3, exit_code = $4, result = $5, finished_at = now()
         from (select id, status as was from compute_tasks where id = $1 for update) old
        where t.id = old.id and t.${UNFINISHED} ${extraCondition}
        returning t.*, old.was`,
      [taskId, o.status, o.error, o.exitCode, o.result === null ? null : JSON.stringify(o.result)],
    );
    if (!row) return false;
    await this.pushStatus(row.user_id, taskId, o.status);
    if (row.was === "queued") await this.pushPending();
    // A step's end is news on its workflow's page; the message comes when the workflow ends.
    if (row.workflow_id) await this.workflows.stepEnded(row);
    else await this.leaveMessage(row);
    this.dispatchSoon();
    return true;
  }

  private async leaveMessage(row: TaskRow): Promise<void> {
    const lang = asLang(row.lang);
    const app = findApp(row.app_id);
    const name = app ? app.names[lang] : row.app_id;
    const title = row.status === "succeeded" ? taskTexts.doneTitle : row.status === "cancelled" ? taskTexts.cancelledTitle : taskTexts.failedTitle;
    const content = `<p>${escapeHtml(withN(taskTexts.doneBody, row.id.slice(0, 8))[lang])}</p>` + (row.error ? `<p>${escapeHtml(row.error)}</p>` : "");
    try {
      await sendDirectedMessage(this.app, {
        userId: row.user_id,
        title: withN(title, name)[lang],
        content,
        link: `/steelResearchCompute/computeTaskSource?id=${row.id}`,
      });
    } catch (e) {
      console.error("compute task message:", e);
    }
  }

  private async pushStatus(userId: string, taskId: string, status: TaskStatus): Promise<void> {
    try {
      await this.app.hub.toUser(userId, ...hubEvents.taskStatus(taskId, status));
    } catch (e) {
      console.error("hub push failed (task status):", e);
    }
  }

  private async pushPending(): Promise<void> {
    try {
      await this.app.hub.toAll(...hubEvents.pendingCount(await pendingCount(this.db)));
    } catch (e) {
      console.error("hub push failed (pending count):", e);
    }
  }
}

interface Outcome {
  status: TaskStatus;
  error: string | null;
  exitCode: number | null;
  result: unknown;
}
