import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { JOB_FILES, WRAPPER, endOf, readJobExit, readJobState, writeJobState, type JobState } from "./job-files.ts";
import { isSameProcess, readProcStat, signalGroup } from "./proc.ts";
import { SlotQueue } from "./slots.ts";
import type { Executor, JobEnd, JobSpec, RecoverRequest, RecoverResult } from "./types.ts";

export interface LocalExecutorOptions {
  slots: number;
  /** Between SIGTERM and SIGKILL when a job is cancelled or runs out of time. */
  graceMs?: number;
  /** How often a job adopted after a restart (not our child, so no exit event) is looked at. */
  pollMs?: number;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

interface Queued {
  jobId: string;
  spec: JobSpec;
}

interface Running {
  jobId: string;
  taskId: string;
  workDir: string;
  slots: number;
  state: JobState;
  /** Our child, or undefined for a job adopted from a previous API process. */
  child?: ChildProcess;
  killed: boolean;
  timers: Set<NodeJS.Timeout>;
  done: Promise<void>;
  resolveDone: () => void;
}

/**
 * Runs jobs as process groups on this machine. Each job is `bash <script>` under a small wrapper (the group
 * leader) that records the exit status in the work dir, so whatever happens to the API, a restarted one can
 * tell a finished job from a running or a lost one (see docs/compute.md).
 */
export class LocalExecutor implements Executor {
  readonly name = "local";
  readonly slots: number;
  private readonly graceMs: number;
  private readonly pollMs: number;
  private readonly queue: SlotQueue<Queued>;
  private readonly running = new Map<string, Running>();
  /** Jobs waiting for others (JobSpec.after) to end well, outside the slot queue until then. */
  private readonly held = new Map<string, Queued>();
  /** How the jobs of this process ended (true: exit 0), so a job waiting for one that already ended knows. */
  private readonly endedOk = new Map<string, boolean>();
  private readonly events = new EventEmitter();
  private closed = false;
  private drainScheduled = false;

  constructor(options: LocalExecutorOptions) {
    this.slots = Math.max(1, Math.floor(options.slots));
    this.graceMs = options.graceMs ?? 10_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.queue = new SlotQueue(this.slots);
  }

  on(event: "started", cb: (taskId: string, jobId: string) => void): void;
  on(event: "finished", cb: (taskId: string, end: JobEnd) => void): void;
  on(event: "started" | "finished", cb: ((taskId: string, jobId: string) => void) | ((taskId: string, end: JobEnd) => void)): void {
    this.events.on(event, cb);
  }

  /** Slots taken by running jobs, and jobs waiting for slots. */
  get load(): { inUse: number; queued: number } {
    return { inUse: this.queue.inUse, queued: this.queue.queued + this.held.size };
  }

  async submit(spec: JobSpec): Promise<string> {
    if (this.closed) throw new Error("The executor is closed.");
    if (!fs.statSync(spec.workDir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`No work dir ${spec.workDir}.`);
    if (!(spec.walltimeMin > 0)) throw new Error("walltimeMin must be positive.");
    const jobId = crypto.randomUUID();
    if (spec.after?.length) this.held.set(jobId, { jobId, spec });
    else this.queue.enqueue({ jobId, spec }, this.queue.need(spec.cores));
    this.scheduleDrain();
    return jobId;
  }

  async cancel(jobId: string): Promise<void> {
    const queued = this.queue.remove((q) => q.jobId === jobId) ?? this.takeHeld(jobId);
    if (queued) {
      this.endedOk.set(jobId, false);
      this.events.emit("finished", queued.spec.taskId, { exitCode: null, signal: null, reason: "cancelled" } satisfies JobEnd);
      this.scheduleDrain();
      return;
    }
    const job = this.running.get(jobId);
    if (job) this.stop(job, "cancelled");
  }

  async recover(jobs: RecoverRequest[]): Promise<RecoverResult[]> {
    return jobs.map((j) => ({ taskId: j.taskId, state: this.recoverOne(j) }));
  }

  async close(options: { kill?: boolean } = {}): Promise<void> {
    this.closed = true;
    const dropped = [...this.queue.clear(), ...this.held.values()];
    this.held.clear();
    if (options.kill) {
      for (const q of dropped) this.events.emit("finished", q.spec.taskId, { exitCode: null, signal: null, reason: "cancelled" } satisfies JobEnd);
      const jobs = [...this.running.values()];
      for (const job of jobs) this.stop(job, "cancelled");
      await Promise.all(jobs.map((j) => j.done));
    } else {
      // Leave the jobs to themselves: their wrappers record how they end, for whoever recovers them.
      for (const job of this.running.values()) {
        for (const t of job.timers) clearTimeout(t);
        job.child?.removeAllListeners();
      }
      this.running.clear();
    }
    this.events.removeAllListeners();
  }

  /** Starts jobs after the current turn, so submit's caller has its job id before "started" arrives. */
  private scheduleDrain(): void {
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    setImmediate(() => {
      this.drainScheduled = false;
      if (this.closed) return;
      this.settleHeld();
      for (const { item, need } of this.queue.takeReady()) this.start(item, need);
    });
  }

  private takeHeld(jobId: string): Queued | undefined {
    const job = this.held.get(jobId);
    this.held.delete(jobId);
    return job;
  }

  /**
   * Held jobs whose dependencies all ended well join the slot queue; one whose dependency ended otherwise, or is
   * unknown here (the task service only names jobs it knows to be with this executor), ends "cancelled" unrun.
   */
  private settleHeld(): void {
    const pending = (id: string) => this.running.has(id) || this.held.has(id) || this.queue.has((q) => q.jobId === id);
    // Again until nothing changes: a job cancelled here may be what another held job waits for.
    for (let changed = true; changed; ) {
      changed = false;
      for (const [jobId, job] of [...this.held]) {
        const after = job.spec.after ?? [];
        if (after.some((id) => this.endedOk.get(id) === false || (!this.endedOk.has(id) && !pending(id)))) {
          this.held.delete(jobId);
          this.endedOk.set(jobId, false);
          this.events.emit("finished", job.spec.taskId, { exitCode: null, signal: null, reason: "cancelled" } satisfies JobEnd);
          changed = true;
        } else if (after.every((id) => this.endedOk.get(id) === true)) {
          this.held.delete(jobId);
          this.queue.enqueue(job, this.queue.need(job.spec.cores));
        }
      }
    }
  }

  private start({ jobId, spec }: Queued, slots: number): void {
    const { workDir } = spec;
    // A status left by an earlier run in the same dir must not be read as this run's.
    fs.rmSync(path.join(workDir, JOB_FILES.exit), { force: true });
    let child: ChildProcess;
    let out: number | undefined;
    let err: number | undefined;
    try {
      out = fs.openSync(path.join(workDir, JOB_FILES.stdout), "a");
      err = fs.openSync(path.join(workDir, JOB_FILES.stderr), "a");
      // Below the platform's own priority (nice 10, which `nice` sets and then becomes the job's bash, same pid):
      // solvers use every core they are given, and the pages, the API and the hub must still answer meanwhile.
      child = spawn("nice", ["-n", "10", "bash", "-c", WRAPPER, "ferrum-job", spec.script, jobId], {
        cwd: workDir,
        detached: true,
        stdio: ["ignore", out, err],
      });
    } catch (e) {
      this.failToStart(jobId, spec, slots, e);
      return;
    } finally {
      if (out !== undefined) fs.closeSync(out);
      if (err !== undefined) fs.closeSync(err);
    }
    if (child.pid === undefined) {
      child.once("error", (e) => this.failToStart(jobId, spec, slots, e));
      return;
    }
    // Jobs outlive the API by design: they must not hold its event loop open either.
    child.unref();
    const state: JobState = {
      jobId,
      taskId: spec.taskId,
      pid: child.pid,
      pgid: child.pid,
      procStart: readProcStat(child.pid)?.start ?? -1,
      startedAt: new Date().toISOString(),
      slots,
      walltimeMin: spec.walltimeMin,
    };
    writeJobState(workDir, state);
    const job = this.track(state, workDir, child);
    child.once("exit", (code, signal) => {
      const recorded = readJobExit(workDir, jobId);
      this.finish(job, {
        exitCode: recorded ?? code,
        signal: recorded === null ? signal : null,
        reason: job.state.stopping ?? "exit",
      });
    });
    this.events.emit("started", spec.taskId, jobId);
  }

  private failToStart(jobId: string, spec: JobSpec, slots: number, e: unknown): void {
    try {
      fs.appendFileSync(path.join(spec.workDir, JOB_FILES.stderr), `The job could not be started: ${(e as Error).message}\n`);
    } catch {
      // The work dir itself is gone; the "lost" end says enough.
    }
    this.queue.release(slots);
    this.endedOk.set(jobId, false);
    this.events.emit("finished", spec.taskId, { exitCode: null, signal: null, reason: "lost" } satisfies JobEnd);
    this.scheduleDrain();
  }

  /** Registers a running job (ours or adopted) and arms its walltime from when it really started. */
  private track(state: JobState, workDir: string, child?: ChildProcess): Running {
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const job: Running = { jobId: state.jobId, taskId: state.taskId, workDir, slots: state.slots, state, child, killed: false, timers: new Set(), done, resolveDone };
    this.running.set(job.jobId, job);
    this.armWalltime(job);
    return job;
  }

  private armWalltime(job: Running): void {
    const left = Date.parse(job.state.startedAt) + job.state.walltimeMin * 60_000 - Date.now();
    // setTimeout fires at once beyond 2^31 - 1 ms (about 24.8 days): a longer walltime is armed in steps.
    if (left > MAX_TIMER_MS) this.later(job, MAX_TIMER_MS, () => this.armWalltime(job));
    else this.later(job, Math.max(0, left), () => this.stop(job, "timeout"));
  }

  private later(job: Running, ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      job.timers.delete(t);
      fn();
    }, ms);
    job.timers.add(t);
  }

  private stop(job: Running, reason: "timeout" | "cancelled"): void {
    if (job.state.stopping) return;
    job.state = { ...job.state, stopping: reason };
    writeJobState(job.workDir, job.state);
    // Only signal the group while its leader is still the process we started: a pid can be reused.
    if (!isSameProcess(job.state.pid, job.state.procStart)) return;
    signalGroup(job.state.pgid, "SIGTERM");
    this.later(job, this.graceMs, () => {
      if (!isSameProcess(job.state.pid, job.state.procStart)) return;
      job.killed = true;
      signalGroup(job.state.pgid, "SIGKILL");
    });
  }

  private finish(job: Running, end: JobEnd): void {
    if (this.running.get(job.jobId) !== job) return;
    this.running.delete(job.jobId);
    for (const t of job.timers) clearTimeout(t);
    // Processes the script left behind in the background would hold cores the pool now counts as free. The
    // leader has just exited, and its pid is not handed out again while the group has members, so this
    // reaches only the job's own leftovers.
    signalGroup(job.state.pgid, "SIGKILL");
    job.state = { ...job.state, exitCode: end.exitCode, signal: end.signal, reason: end.reason, finishedAt: new Date().toISOString() };
    try {
      writeJobState(job.workDir, job.state);
    } catch {
      // A work dir deleted under a running job: the event still tells the task service how it ended.
    }
    this.queue.release(job.slots);
    this.endedOk.set(job.jobId, end.reason === "exit" && end.exitCode === 0);
    this.events.emit("finished", job.taskId, end);
    job.resolveDone();
    this.scheduleDrain();
  }

  private recoverOne({ jobId, workDir }: RecoverRequest): JobEnd | "running" | "lost" {
    if (this.running.has(jobId)) return "running";
    const state = readJobState(workDir);
    if (!state || state.jobId !== jobId) return "lost";
    const ended = endOf(state);
    if (ended) return ended;
    const settle = (end: JobEnd): JobEnd => {
      writeJobState(workDir, { ...state, exitCode: end.exitCode, signal: end.signal, reason: end.reason, finishedAt: new Date().toISOString() });
      return end;
    };
    const code = readJobExit(workDir, jobId);
    if (code !== null) return settle({ exitCode: code, signal: null, reason: state.stopping ?? "exit" });
    if (isSameProcess(state.pid, state.procStart)) {
      this.queue.occupy(state.slots);
      this.watch(this.track(state, workDir));
      return "running";
    }
    // The wrapper may have written its status between the two looks.
    const late = readJobExit(workDir, jobId);
    if (late !== null) return settle({ exitCode: late, signal: null, reason: state.stopping ?? "exit" });
    settle({ exitCode: null, signal: null, reason: "lost" });
    return "lost";
  }

  /** An adopted job is not our child, so no exit event: look at its status file and process until it ends. */
  private watch(job: Running): void {
    const look = () => {
      const code = readJobExit(job.workDir, job.jobId);
      const alive = code === null && isSameProcess(job.state.pid, job.state.procStart);
      if (alive) return this.later(job, this.pollMs, look);
      const last = code ?? readJobExit(job.workDir, job.jobId);
      const reason = job.state.stopping ?? (last === null ? "lost" : "exit");
      this.finish(job, { exitCode: last, signal: last === null && job.killed ? "SIGKILL" : null, reason });
    };
    this.later(job, this.pollMs, look);
  }
}
