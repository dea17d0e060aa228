import os from "node:os";
import type { JobEnd } from "./types.ts";

/**
 * Pure readers of what Slurm's commands print (squeue, sinfo, the jobcomp/filetxt file) and the mapping of
 * Slurm job states onto the executor's events; no process is run here, so all of it is tested on captured output.
 */

/**
 * squeue's output format: the job name goes last because it is the one free-text field (a name may hold the
 * separator); `%T` is the long state name, `%r` why a job waits, `%M` elapsed, `%C` CPUs.
 */
export const SQUEUE_FORMAT = "%i|%T|%r|%M|%C|%u|%P|%j";

export interface SqueueJob {
  jobId: string;
  state: string;
  reason: string;
  elapsed: string;
  cpus: number;
  user: string;
  partition: string;
  name: string;
}

export function parseSqueue(text: string): SqueueJob[] {
  const jobs: SqueueJob[] = [];
  for (const line of text.split("\n")) {
    const parts = line.trim().split("|");
    if (parts.length < 8 || !/^\d+(_\d+)?$/.test(parts[0])) continue;
    const [jobId, state, reason, elapsed, cpus, user, partition, ...name] = parts;
    jobs.push({ jobId, state: baseState(state), reason, elapsed, cpus: Number(cpus) || 0, user, partition, name: name.join("|") });
  }
  return jobs;
}

/** sinfo per node: name, state, CPUs allocated/idle/other/total, memory (MB), free memory (MB), partition. */
export const SINFO_FORMAT = "%N|%T|%C|%m|%e|%P";

export interface SinfoNode {
  name: string;
  state: string;
  cpusAllocated: number;
  cpusIdle: number;
  cpusTotal: number;
  memoryMb: number;
  freeMemoryMb: number | null;
  partition: string;
  /** The partition is the cluster's default one (sinfo marks it with "*"). */
  isDefault: boolean;
}

export function parseSinfo(text: string): SinfoNode[] {
  const nodes: SinfoNode[] = [];
  for (const line of text.split("\n")) {
    const parts = line.trim().split("|");
    if (parts.length < 6 || !parts[0]) continue;
    const [name, state, cpus, mem, free, partition] = parts;
    const [a, i, , t] = cpus.split("/").map(Number);
    if (![a, i, t].every(Number.isFinite)) continue;
    const freeMb = Number(free);
    nodes.push({
      name,
      state,
      cpusAllocated: a,
      cpusIdle: i,
      cpusTotal: t,
      memoryMb: Number(mem) || 0,
      freeMemoryMb: free === "N/A" || !Number.isFinite(freeMb) ? null : freeMb,
      partition: partition.replace(/\*$/, ""),
      isDefault: partition.endsWith("*"),
    });
  }
  return nodes;
}

/** One ended job as the jobcomp/filetxt plugin writes it (one `Key=Value ...` line per job). */
export interface JobcompRecord {
  jobId: string;
  name: string;
  state: string;
  exitCode: number | null;
  signal: string | null;
}

/**
 * Reads jobcomp lines. Only the fields before WorkDir-like free text matter and none of them holds spaces, so
 * a split on spaces is enough (a token without "=" is the tail of a value with spaces and is skipped).
 */
export function parseJobcomp(text: string): JobcompRecord[] {
  const records: JobcompRecord[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("JobId=")) continue;
    const fields = new Map<string, string>();
    for (const token of line.trim().split(/\s+/)) {
      const eq = token.indexOf("=");
      if (eq > 0 && !fields.has(token.slice(0, eq))) fields.set(token.slice(0, eq), token.slice(eq + 1));
    }
    const { code, signal } = parseExitCode(fields.get("ExitCode") ?? "");
    records.push({ jobId: fields.get("JobId") ?? "", name: fields.get("Name") ?? "", state: baseState(fields.get("JobState") ?? ""), exitCode: code, signal });
  }
  return records;
}

/** Slurm's "code:signal" (e.g. "3:0", "0:9"); a signal number becomes its name. */
export function parseExitCode(text: string): { code: number | null; signal: string | null } {
  const m = /^(\d+):(\d+)$/.exec(text.trim());
  if (!m) return { code: null, signal: null };
  const sig = Number(m[2]);
  if (sig === 0) return { code: Number(m[1]), signal: null };
  const name = Object.entries(os.constants.signals).find(([, n]) => n === sig)?.[0] ?? `SIG${sig}`;
  return { code: null, signal: name };
}

/** "CANCELLED by 0" (scontrol) and "CANCELLED+" (sacct) are CANCELLED. */
export const baseState = (s: string) => s.trim().split(/[\s+]/)[0].toUpperCase();

/** What a Slurm state means for a task: still waiting, running (the "started" event), or over. */
export type SlurmPhase = "queued" | "running" | "ended";

const QUEUED = new Set(["PENDING", "CONFIGURING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "RESV_DEL_HOLD"]);
const RUNNING = new Set(["RUNNING", "COMPLETING", "SUSPENDED", "STOPPED", "SIGNALING", "STAGE_OUT", "RESIZING"]);

export function phaseOf(state: string): SlurmPhase {
  const s = baseState(state);
  if (QUEUED.has(s)) return "queued";
  if (RUNNING.has(s)) return "running";
  return "ended";
}

/**
 * The end of a job in an ended state. `recorded` is the exit status the wrapper wrote to job.exit (the job
 * script's own, trusted first); `slurm` is what Slurm's accounting says when that file is missing (the wrapper
 * was killed, e.g. SIGKILL after KillWait or the node died).
 */
export function endOf(state: string, recorded: number | null, slurm?: { code: number | null; signal: string | null }): JobEnd {
  const s = baseState(state);
  const code = recorded ?? slurm?.code ?? null;
  const signal = recorded === null ? (slurm?.signal ?? null) : null;
  switch (s) {
    case "COMPLETED":
      return { exitCode: code ?? 0, signal: null, reason: "exit" };
    case "FAILED":
    case "NODE_FAIL":
    case "OUT_OF_MEMORY":
      return { exitCode: code, signal, reason: "exit" };
    case "TIMEOUT":
    case "DEADLINE":
      return { exitCode: code, signal, reason: "timeout" };
    case "CANCELLED":
      // Slurm says 0:0 for a job cancelled before it ran: only the wrapper's own status is a real exit code.
      return { exitCode: recorded, signal, reason: "cancelled" };
    default:
      // BOOT_FAIL, PREEMPTED, REVOKED, SPECIAL_EXIT and anything newer: the run cannot be accounted for.
      return { exitCode: null, signal: null, reason: "lost" };
  }
}

/** The job name the executor gives a task's job; also how a job id reused by a reset cluster is told apart. */
export const jobNameFor = (taskId: string) => `ferrum-${taskId.slice(0, 8)}`;
