import fs from "node:fs";

/** What /proc/<pid>/stat says about a process (Linux). */
export interface ProcStat {
  state: string;
  pgrp: number;
  /** Field 22: clock ticks after boot when the process started; with the pid, it names one process for good. */
  start: number;
}

export function readProcStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces or parentheses: split after the last ")".
  const rest = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // rest[0] is field 3 (state), so field n is rest[n - 3].
  const start = Number(rest[19]);
  const pgrp = Number(rest[2]);
  if (!Number.isFinite(start) || !Number.isFinite(pgrp)) return null;
  return { state: rest[0], pgrp, start };
}

/** True when `pid` is still the process that started at `start` and has not exited (a zombie has). */
export function isSameProcess(pid: number, start: number): boolean {
  const stat = readProcStat(pid);
  return stat !== null && stat.start === start && stat.state !== "Z" && stat.state !== "X";
}

/** Signals every process of a group; a group already gone is not an error. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ESRCH") throw e;
  }
}
