/**
 * The seam between the task service and whatever runs jobs (local process pool now, Slurm next); see
 * docs/compute.md. An executor knows jobs, not tasks: it reports back with the task id it was given.
 */

/** One run of a task's job script. */
export interface JobSpec {
  taskId: string;
  /** The task's work dir: the job runs there and its logs and state files land there. */
  workDir: string;
  /** The job script (job.sh), absolute or relative to workDir. */
  script: string;
  cores: number;
  /** Minutes; fractions allowed. */
  walltimeMin: number;
  /**
   * Job ids (of this executor) that must end successfully (exit 0) first: a workflow step waits for the steps it
   * takes values from. If one of them ends otherwise, this job never runs and ends "cancelled".
   */
  after?: string[];
  /** The cluster account to charge (Slurm's --account); the executor's own default when absent. */
  account?: string;
}

/**
 * How a job ended. `exitCode` is the job script's exit status (a script killed by a signal shows the shell's
 * 128 + n, e.g. 143 for SIGTERM); `signal` is set only when the whole job, wrapper included, was killed
 * (SIGKILL after the grace period), in which case there is no exit code.
 */
export interface JobEnd {
  exitCode: number | null;
  signal: string | null;
  reason: "exit" | "timeout" | "cancelled" | "lost";
}

export interface RecoverRequest {
  taskId: string;
  jobId: string;
  workDir: string;
}

export interface RecoverResult {
  taskId: string;
  /** JobEnd: it ended meanwhile; "running": still running and watched (a "finished" event follows); "lost": neither. */
  state: JobEnd | "running" | "lost";
}

export interface Executor {
  readonly name: string; // "local" | "slurm"
  readonly slots: number;
  /** Read-only: slots taken by running jobs now, and jobs waiting in the executor's own queue. */
  readonly load: { inUse: number; queued: number };
  /** Returns the executor's job id once accepted; the job may wait in the executor's own queue. */
  submit(job: JobSpec): Promise<string>;
  /** Queued: dropped (finished "cancelled"). Running: SIGTERM to its process group, SIGKILL after a grace period. */
  cancel(jobId: string): Promise<void>;
  /**
   * After a restart: what became of jobs the database says were running. A job the executor still holds waiting
   * (Slurm's PENDING) may be left out of the answer: it is watched, and its "started"/"finished" events follow.
   */
  recover(jobs: RecoverRequest[]): Promise<RecoverResult[]>;
  on(event: "started", cb: (taskId: string, jobId: string) => void): void;
  on(event: "finished", cb: (taskId: string, end: JobEnd) => void): void;
  /** The executor's own word on a job, for the task page (Slurm: "RUNNING", "PENDING (Priority)"); null when unknown. */
  describe?(jobId: string): { state: string } | null;
  /** Stops timers and events. Running jobs keep running (they outlive an API restart) unless `kill`. */
  close(options?: { kill?: boolean }): Promise<void>;
}
