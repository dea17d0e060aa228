import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { JOB_FILES, WRAPPER, readJobExit } from "./job-files.ts";
import { SlurmCommandError, SlurmCommands } from "./slurm-commands.ts";
import { SlurmJobcomp } from "./slurm-jobcomp.ts";
import { SINFO_FORMAT, SQUEUE_FORMAT, endOf, jobNameFor, parseSinfo, parseSqueue, phaseOf, type SinfoNode, type SqueueJob } from "./slurm-parse.ts";
import type { Executor, JobEnd, JobSpec, RecoverRequest, RecoverResult } from "./types.ts";
import { shellQuote } from "../job-shell.ts";

export interface SlurmExecutorOptions {
  partition?: string;
  account?: string;
  /** --mem is cores × this. */
  memPerCoreMb: number;
  /** How often the one squeue call for all watched jobs runs. */
  pollMs: number;
  binDir?: string;
  conf?: string;
}

/** The batch script sbatch gets, written next to job.sh in the work dir. */
export const BATCH_FILE = "slurm-batch.sh";
/** How long the partition/queue view for the resources page is reused. */
const CLUSTER_VIEW_MS = 3_000;
/** Slurm states remembered for describe() after a job left the watch list (a task page shows its last state). */
const STATES_KEPT = 2_000;

interface Watched {
  jobId: string;
  taskId: string;
  workDir: string;
  started: boolean;
  /** Notices job.exit appearing, so an end is seen at once rather than at the next poll (absent where the file system gives no events). */
  exitWatcher?: fs.FSWatcher;
}

export interface SlurmClusterView {
  partition: string;
  nodes: SinfoNode[];
  queue: SqueueJob[];
}


/**
 * Runs jobs through Slurm (docs/compute.md, "Slurm executor"). Each job is `sbatch` of a small batch script that
 * runs job.sh under the same wrapper as the local executor, so the exit status lands in job.exit in the work dir
 * whoever watches. One poller follows every job of this API with a single `squeue` call per turn; jobs that left
 * squeue are settled from job.exit and the jobcomp file. The executor's job id is Slurm's own job id ("1234"):
 * the task row's `executor` column already says which executor it belongs to.
 */
export class SlurmExecutor implements Executor {
  readonly name = "slurm";
  private slotCount = 1;
  private readonly cmd: SlurmCommands;
  private readonly jobcomp: SlurmJobcomp;
  private readonly events = new EventEmitter();
  private readonly watched = new Map<string, Watched>();
  /** The last squeue line of each job (watched or recently ended), for load and describe(). */
  private readonly seen = new Map<string, SqueueJob>();
  private timer: NodeJS.Timeout | undefined;
  private timerDue = 0;
  private polling: Promise<void> | undefined;
  /** A job's script has ended but Slurm has not said so yet. */
  private ending = false;
  /** The last poll failed (Slurm not answering). */
  private failing = false;
  /** Someone asked for a poll while one was running. */
  private again = false;
  private closed = false;
  private view: { at: number; data: Promise<SlurmClusterView> } | undefined;

  constructor(private readonly options: SlurmExecutorOptions) {
    this.cmd = new SlurmCommands({ binDir: options.binDir, conf: options.conf });
    this.jobcomp = new SlurmJobcomp(this.cmd);
    // slots is a plain property the task service reads synchronously (the cores a task may ask for), so the
    // partition's size is read once here; the resources page refreshes it.
    try {
      this.slotCount = this.partitionCpus(parseSinfo(this.cmd.runSync("sinfo", this.sinfoArgs())));
    } catch (e) {
      console.error(`slurm executor: sinfo failed, assuming 1 CPU until it answers: ${(e as Error).message}`);
    }
  }

  get slots(): number {
    return this.slotCount;
  }

  /** CPUs of this API's running jobs, and its jobs Slurm still holds pending (from the last poll). */
  get load(): { inUse: number; queued: number } {
    let inUse = 0;
    let queued = 0;
    for (const id of this.watched.keys()) {
      const s = this.seen.get(id);
      if (!s) continue;
      const phase = phaseOf(s.state);
      if (phase === "running") inUse += s.cpus;
      else if (phase === "queued") queued++;
    }
    return { inUse, queued };
  }

  on(event: "started", cb: (taskId: string, jobId: string) => void): void;
  on(event: "finished", cb: (taskId: string, end: JobEnd) => void): void;
  on(event: "started" | "finished", cb: ((taskId: string, jobId: string) => void) | ((taskId: string, end: JobEnd) => void)): void {
    this.events.on(event, cb);
  }

  async submit(spec: JobSpec): Promise<string> {
    if (this.closed) throw new Error("The executor is closed.");
    if (!fs.statSync(spec.workDir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`No work dir ${spec.workDir}.`);
    if (!(spec.walltimeMin > 0)) throw new Error("walltimeMin must be positive.");
    // A status left by an earlier run in the same dir must not be read as this run's.
    fs.rmSync(path.join(spec.workDir, JOB_FILES.exit), { force: true });
    const batch = path.join(spec.workDir, BATCH_FILE);
    fs.writeFileSync(batch, batchScript(spec.script), { mode: 0o755 });
    const cores = Math.max(1, Math.floor(spec.cores));
    const out = await this.cmd.run("sbatch", [
      "--parsable",
      "--job-name", jobNameFor(spec.taskId),
      "--chdir", spec.workDir,
      "--output", JOB_FILES.stdout,
      "--error", JOB_FILES.stderr,
      // As the local executor: a re-run appends to the logs rather than wiping what the earlier run said.
      "--open-mode=append",
      "--ntasks", "1",
      "--cpus-per-task", String(cores),
      "--mem", String(cores * this.options.memPerCoreMb),
      "--time", String(Math.max(1, Math.ceil(spec.walltimeMin))),
      ...(this.options.partition ? ["--partition", this.options.partition] : []),
      ...(spec.account || this.options.account ? ["--account", spec.account || this.options.account!] : []),
      // A workflow step: Slurm holds it until the steps it needs completed, and drops it if one of them failed.
      ...(spec.after?.length ? [`--dependency=afterok:${spec.after.join(":")}`, "--kill-on-invalid-dep=yes"] : []),
      batch,
    ]);
    // --parsable prints "jobid" or "jobid;cluster".
    const jobId = out.trim().split(";")[0];
    if (!/^\d+$/.test(jobId)) throw new Error(`sbatch answered no job id: ${out.trim()}`);
    this.track({ jobId, taskId: spec.taskId, workDir: spec.workDir, started: false });
    this.pollSoon();
    return jobId;
  }

  /** scancel; the end ("cancelled") comes from the next poll, which sees Slurm's CANCELLED state. */
  async cancel(jobId: string): Promise<void> {
    try {
      await this.cmd.run("scancel", [jobId]);
    } catch (e) {
      // Already gone from Slurm: the poller settles it from job.exit or the jobcomp file.
      if (!(e instanceof SlurmCommandError && /invalid job id|already completing|completed/i.test(e.stderr))) throw e;
    }
    this.pollSoon();
  }

  async recover(jobs: RecoverRequest[]): Promise<RecoverResult[]> {
    if (!jobs.length) return [];
    let found: Map<string, SqueueJob>;
    try {
      found = await this.squeue(jobs.map((j) => j.jobId));
    } catch (e) {
      // Slurm not answering now says nothing about the jobs: watch them all, the poller settles them once it answers.
      console.error(`slurm executor: squeue failed at recover, watching ${jobs.length} jobs: ${(e as Error).message}`);
      for (const j of jobs) this.watch(j, true);
      this.pollSoon();
      return jobs.map((j) => ({ taskId: j.taskId, state: "running" as const }));
    }
    const results: RecoverResult[] = [];
    for (const j of jobs) {
      const w: Watched = { ...j, started: true };
      const line = this.ours(found.get(j.jobId), w);
      if (line && phaseOf(line.state) !== "ended") {
        const running = phaseOf(line.state) === "running";
        this.watch(j, running);
        // A job still pending in Slurm is left out: its task stays queued, and "started" comes when it really starts.
        if (running) results.push({ taskId: j.taskId, state: "running" });
        continue;
      }
      const end = line ? await this.endFromState(w, line.state) : await this.endOfMissing(w);
      results.push({ taskId: j.taskId, state: end.reason === "lost" ? "lost" : end });
    }
    if (this.watched.size) this.pollSoon();
    return results;
  }

  /** The Slurm state of a job from the last poll ("RUNNING", "PENDING (Priority)"), or null when not known. */
  describe(jobId: string): { state: string } | null {
    const s = this.seen.get(jobId);
    if (!s) return null;
    const waiting = phaseOf(s.state) === "queued" && s.reason && s.reason !== "None";
    return { state: waiting ? `${s.state} (${s.reason})` : s.state };
  }

  /** The partition's nodes and queue for the resources page: one sinfo and one squeue, reused for a few seconds. */
  cluster(): Promise<SlurmClusterView> {
    if (this.view && Date.now() - this.view.at < CLUSTER_VIEW_MS) return this.view.data;
    const data = (async () => {
      const [sinfo, squeue] = await Promise.all([
        this.cmd.run("sinfo", this.sinfoArgs()),
        this.cmd.run("squeue", ["--noheader", "--format", SQUEUE_FORMAT, ...(this.options.partition ? ["--partition", this.options.partition] : [])]),
      ]);
      const all = parseSinfo(sinfo);
      const partition = this.partitionOf(all);
      const nodes = all.filter((n) => n.partition === partition);
      if (nodes.length) this.slotCount = this.partitionCpus(all);
      return { partition, nodes, queue: parseSqueue(squeue).filter((j) => !this.options.partition || j.partition === partition) };
    })();
    this.view = { at: Date.now(), data };
    // A failed look is not reused.
    data.catch(() => {
      if (this.view?.data === data) this.view = undefined;
    });
    return data;
  }

  async close(): Promise<void> {
    // Jobs keep running in Slurm; a restarted API adopts them through recover.
    this.closed = true;
    clearTimeout(this.timer);
    await this.polling;
    for (const w of this.watched.values()) w.exitWatcher?.close();
    this.watched.clear();
    this.events.removeAllListeners();
  }

  private sinfoArgs(): string[] {
    return ["--noheader", "--Node", "--format", SINFO_FORMAT, ...(this.options.partition ? ["--partition", this.options.partition] : [])];
  }

  private partitionOf(nodes: SinfoNode[]): string {
    return this.options.partition ?? nodes.find((n) => n.isDefault)?.partition ?? nodes[0]?.partition ?? "";
  }

  private partitionCpus(nodes: SinfoNode[]): number {
    const partition = this.partitionOf(nodes);
    const byName = new Map(nodes.filter((n) => n.partition === partition).map((n) => [n.name, n.cpusTotal]));
    return Math.max(1, [...byName.values()].reduce((a, b) => a + b, 0));
  }

  private watch(j: RecoverRequest, started: boolean): void {
    this.track({ jobId: j.jobId, taskId: j.taskId, workDir: j.workDir, started });
  }

  private track(w: Watched): void {
    this.watched.set(w.jobId, w);
    try {
      // The wrapper renames job.exit into place when the script ends: poll then, not up to SLURM_POLL_MS later.
      // On a shared file system written from another node no event comes, and the regular poll finds the end.
      w.exitWatcher = fs.watch(w.workDir, (_event, file) => {
        if (file === JOB_FILES.exit) this.pollSoon();
      });
      w.exitWatcher.on("error", () => w.exitWatcher?.close());
      w.exitWatcher.unref();
    } catch {
      // No watch (dir gone, inotify limits): polling alone still settles the job.
    }
  }

  /** The squeue lines (any state Slurm still remembers, MinJobAge) of these jobs, by job id. */
  private async squeue(ids: string[]): Promise<Map<string, SqueueJob>> {
    let out: string;
    try {
      out = await this.cmd.run("squeue", ["--noheader", "--states", "all", "--jobs", ids.join(","), "--format", SQUEUE_FORMAT]);
    } catch (e) {
      // squeue refuses a list of only forgotten ids; that is an empty answer, not a failure.
      if (e instanceof SlurmCommandError && /invalid job id/i.test(e.stderr)) out = "";
      else throw e;
    }
    const jobs = parseSqueue(out);
    for (const j of jobs) this.remember(j);
    return new Map(jobs.map((j) => [j.jobId, j]));
  }

  private remember(j: SqueueJob): void {
    this.seen.delete(j.jobId);
    this.seen.set(j.jobId, j);
    if (this.seen.size > STATES_KEPT) this.seen.delete(this.seen.keys().next().value!);
  }

  /** A line only counts when its name is this task's: after a cluster reset, Slurm hands out the same ids again. */
  private ours(line: SqueueJob | undefined, w: Watched): SqueueJob | undefined {
    return line && line.name === jobNameFor(w.taskId) ? line : undefined;
  }

  private pollSoon(): void {
    // During a poll, the next one is brought forward instead (its end would otherwise re-arm the full period).
    if (this.polling) this.again = true;
    else this.schedule(Math.min(this.options.pollMs, 250));
  }

  /** Arms the next poll in `ms`, unless one is already due sooner. */
  private schedule(ms: number): void {
    if (this.closed) return;
    const due = Date.now() + ms;
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pollOnce();
    }, ms);
    this.timer.unref();
  }

  private async pollOnce(): Promise<void> {
    if (this.polling) {
      // One poll at a time; the running one schedules the next.
      this.again = true;
      await this.polling;
      return;
    }
    this.polling = this.poll()
      .then(() => {
        if (this.failing) console.error("slurm executor: Slurm answers again");
        this.failing = false;
      })
      .catch((e) => {
        // Once per outage, not every period while the controller is down.
        if (!this.failing) console.error(`slurm executor: poll failed, retrying every ${this.options.pollMs} ms: ${(e as Error).message}`);
        this.failing = true;
      })
      .finally(() => {
        this.polling = undefined;
        const soon = this.again || this.ending;
        this.again = false;
        if (this.watched.size) this.schedule(soon ? Math.min(this.options.pollMs, 250) : this.options.pollMs);
      });
    await this.polling;
  }

  /** One squeue for every watched job; starts and ends become events. */
  private async poll(): Promise<void> {
    if (!this.watched.size || this.closed) return;
    const found = await this.squeue([...this.watched.keys()]);
    this.ending = false;
    for (const w of [...this.watched.values()]) {
      if (this.closed) return;
      const line = this.ours(found.get(w.jobId), w);
      const phase = line ? phaseOf(line.state) : "ended";
      if (phase === "queued") continue;
      if (phase === "running") {
        if (!w.started) {
          w.started = true;
          this.events.emit("started", w.taskId, w.jobId);
        }
        // The script is done but Slurm still says COMPLETING: look again soon rather than a whole period later.
        if (readJobExit(w.workDir, w.jobId) !== null) this.ending = true;
        continue;
      }
      const end = line ? await this.endFromState(w, line.state) : await this.endOfMissing(w);
      this.finish(w, end);
    }
  }

  /** An ended state from squeue: the exit status from job.exit, else from the jobcomp record. */
  private async endFromState(w: Watched, state: string): Promise<JobEnd> {
    const recorded = readJobExit(w.workDir, w.jobId);
    const record = recorded === null ? await this.jobcompRecord(w) : undefined;
    return endOf(state, recorded, record ? { code: record.exitCode, signal: record.signal } : undefined);
  }

  /** A job Slurm no longer lists: the jobcomp file has its final state; job.exit alone means it ran to its end. */
  private async endOfMissing(w: Watched): Promise<JobEnd> {
    const record = await this.jobcompRecord(w);
    const recorded = readJobExit(w.workDir, w.jobId);
    if (record) return endOf(record.state, recorded, { code: record.exitCode, signal: record.signal });
    if (recorded !== null) return { exitCode: recorded, signal: null, reason: "exit" };
    return { exitCode: null, signal: null, reason: "lost" };
  }

  private async jobcompRecord(w: Watched) {
    try {
      const r = await this.jobcomp.find(w.jobId);
      return r && r.name === jobNameFor(w.taskId) ? r : undefined;
    } catch (e) {
      console.error(`slurm executor: jobcomp unreadable: ${(e as Error).message}`);
      return undefined;
    }
  }

  private finish(w: Watched, end: JobEnd): void {
    if (this.watched.get(w.jobId) !== w) return;
    this.watched.delete(w.jobId);
    w.exitWatcher?.close();
    // A job that ran and ended between two polls never showed RUNNING: the task still gets its start.
    if (!w.started && (end.reason === "exit" || end.reason === "timeout")) this.events.emit("started", w.taskId, w.jobId);
    this.events.emit("finished", w.taskId, end);
  }
}

/** The batch script: job.sh under the wrapper that records `<slurm job id> <status>` in job.exit. */
export function batchScript(script: string): string {
  return [
    "#!/bin/bash",
    "# Written by the platform's Slurm executor: runs job.sh and records its exit status in job.exit (docs/compute.md).",
    `exec bash -c ${shellQuote(WRAPPER)} ferrum-job ${shellQuote(script)} "$SLURM_JOB_ID"`,
    "",
  ].join("\n");
}
