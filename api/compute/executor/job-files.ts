import fs from "node:fs";
import path from "node:path";
import type { JobEnd } from "./types.ts";

/** Files the local executor keeps in a job's work dir, next to the job's own. */
export const JOB_FILES = {
  state: "job.state",
  /** Written by the job's wrapper, not the API, so an exit is recorded even while the API is down. */
  exit: "job.exit",
  stdout: "stdout.log",
  stderr: "stderr.log",
} as const;

/** job.state: enough for a restarted API to find the job again and to tell it from a reused pid. */
export interface JobState {
  jobId: string;
  taskId: string;
  pid: number;
  /** The process group is the wrapper's own (spawned detached), so pgid = pid. */
  pgid: number;
  procStart: number;
  startedAt: string;
  slots: number;
  walltimeMin: number;
  /** Set when the API began stopping the job, so an end seen after a restart keeps its reason. */
  stopping?: "timeout" | "cancelled";
  exitCode?: number | null;
  signal?: string | null;
  reason?: JobEnd["reason"];
  finishedAt?: string;
}

/** Written to a temporary file and renamed, so a reader (or a crash) never sees half a state. */
export function writeJobState(workDir: string, state: JobState): void {
  const file = path.join(workDir, JOB_FILES.state);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state));
  fs.renameSync(tmp, file);
}

export function readJobState(workDir: string): JobState | null {
  try {
    const s = JSON.parse(fs.readFileSync(path.join(workDir, JOB_FILES.state), "utf8"));
    const ok =
      typeof s?.jobId === "string" && typeof s.taskId === "string" && Number.isInteger(s.pid) && Number.isInteger(s.pgid) && Number.isFinite(s.procStart);
    return ok ? (s as JobState) : null;
  } catch {
    return null;
  }
}

export const endOf = (s: JobState): JobEnd | null =>
  s.reason ? { exitCode: s.exitCode ?? null, signal: s.signal ?? null, reason: s.reason } : null;

/** The exit code the wrapper recorded for this job id, or null (not yet, or a file left by another run). */
export function readJobExit(workDir: string, jobId: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(workDir, JOB_FILES.exit), "utf8");
  } catch {
    return null;
  }
  const [id, code] = text.trim().split(/\s+/);
  const n = Number(code);
  return id === jobId && code !== undefined && Number.isInteger(n) ? n : null;
}

/**
 * The wrapper every job runs under (`bash -c WRAPPER wrapper <script> <jobId>`), the leader of the job's
 * process group. Its trap lets it outlive a SIGTERM to the group long enough to record the script's status
 * (a trap with a handler, unlike an ignored signal, is reset in the script, which still gets SIGTERM). The
 * status goes through a rename so a reader never sees a partial line.
 */
export const WRAPPER = [
  "trap : TERM INT",
  'bash "$1"',
  "code=$?",
  `printf '%s %s\\n' "$2" "$code" > ${JOB_FILES.exit}.tmp && mv -f ${JOB_FILES.exit}.tmp ${JOB_FILES.exit}`,
  'exit "$code"',
].join("\n");
