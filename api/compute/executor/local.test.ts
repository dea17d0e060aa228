import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createExecutor } from "./index.ts";
import { readJobState, writeJobState } from "./job-files.ts";
import { LocalExecutor } from "./local.ts";
import { isSameProcess, readProcStat } from "./proc.ts";
import type { JobEnd } from "./types.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-executor-"));
let dirs = 0;
const executors: LocalExecutor[] = [];

afterEach(async () => {
  for (const e of executors.splice(0)) await e.close({ kill: true });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function executor(slots = 2, more: { graceMs?: number; pollMs?: number } = {}): LocalExecutor {
  const e = new LocalExecutor({ slots, graceMs: 300, pollMs: 30, ...more });
  executors.push(e);
  return e;
}

/** A fresh work dir holding job.sh with `body`. */
function workDir(body: string): string {
  const dir = path.join(root, `t${++dirs}`);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "job.sh"), body);
  return dir;
}

const spec = (taskId: string, dir: string, more: { cores?: number; walltimeMin?: number } = {}) => ({
  taskId,
  workDir: dir,
  script: "job.sh",
  cores: more.cores ?? 1,
  walltimeMin: more.walltimeMin ?? 1,
});

/** Events as they arrive, with a way to wait for one task's end. */
function record(e: LocalExecutor) {
  const log: Array<{ at: number; what: "started" | "finished"; taskId: string }> = [];
  const ends = new Map<string, JobEnd>();
  const waiters = new Map<string, (end: JobEnd) => void>();
  const started = new Map<string, () => void>();
  e.on("started", (taskId) => {
    log.push({ at: Date.now(), what: "started", taskId });
    started.get(taskId)?.();
  });
  e.on("finished", (taskId, end) => {
    log.push({ at: Date.now(), what: "finished", taskId });
    ends.set(taskId, end);
    waiters.get(taskId)?.(end);
  });
  return {
    log,
    finished: (taskId: string) => new Promise<JobEnd>((r) => (ends.has(taskId) ? r(ends.get(taskId)!) : waiters.set(taskId, r))),
    started: (taskId: string) => new Promise<void>((r) => (log.some((l) => l.what === "started" && l.taskId === taskId) ? r() : started.set(taskId, r))),
  };
}

async function until(what: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Live (not zombie) processes of a process group, from /proc. */
function groupMembers(pgid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      const s = readProcStat(pid);
      return s !== null && s.pgrp === pgid && s.state !== "Z";
    });
}

describe("local executor", () => {
  it("runs a job in its work dir, logs to files and reports its exit code", async () => {
    const e = executor();
    const events = record(e);
    const ok = workDir('echo "hello from $(basename "$PWD")"; echo oops >&2; exit 0\n');
    const bad = workDir("exit 7\n");
    const okId = await e.submit(spec("ok", ok));
    await e.submit(spec("bad", bad));
    expect(await events.finished("ok")).toEqual({ exitCode: 0, signal: null, reason: "exit" });
    expect(await events.finished("bad")).toEqual({ exitCode: 7, signal: null, reason: "exit" });
    expect(fs.readFileSync(path.join(ok, "stdout.log"), "utf8")).toBe(`hello from ${path.basename(ok)}\n`);
    expect(fs.readFileSync(path.join(ok, "stderr.log"), "utf8")).toBe("oops\n");
    const state = readJobState(ok)!;
    expect(state).toMatchObject({ jobId: okId, taskId: "ok", exitCode: 0, reason: "exit", signal: null });
    expect(state.pgid).toBe(state.pid);
    expect(state.procStart).toBeGreaterThan(0);
    expect(Date.parse(state.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(state.startedAt));
    expect(e.load).toEqual({ inUse: 0, queued: 0 });
  });

  it("keeps to its slots, first in first out: the third of three jobs waits for one of two slots", async () => {
    const e = executor(2);
    const events = record(e);
    for (const t of ["a", "b", "c"]) await e.submit(spec(t, workDir("sleep 0.3\n")));
    await events.started("b");
    expect(e.load).toEqual({ inUse: 2, queued: 1 });
    await events.finished("c");
    const at = (what: string, t: string) => events.log.find((l) => l.what === what && l.taskId === t)!.at;
    expect(at("started", "c")).toBeGreaterThanOrEqual(Math.min(at("finished", "a"), at("finished", "b")));
    expect(at("started", "b") - at("started", "a")).toBeLessThan(200);
  });

  it("gives a job min(cores, slots) slots, so a wide job runs alone and does not wait forever", async () => {
    const e = executor(2);
    const events = record(e);
    await e.submit(spec("wide", workDir("sleep 0.2\n"), { cores: 64 }));
    await e.submit(spec("narrow", workDir("exit 0\n")));
    await events.started("wide");
    expect(e.load).toEqual({ inUse: 2, queued: 1 });
    await events.finished("narrow");
    const at = (what: string, t: string) => events.log.find((l) => l.what === what && l.taskId === t)!.at;
    expect(at("started", "narrow")).toBeGreaterThanOrEqual(at("finished", "wide"));
  });

  it("ends a job at its walltime, with every process of its group", async () => {
    const e = executor();
    const events = record(e);
    const dir = workDir("sleep 30 &\necho $! > child.pid\nsleep 30\n");
    await e.submit(spec("slow", dir, { walltimeMin: 0.4 / 60 }));
    await events.started("slow");
    await until(() => fs.existsSync(path.join(dir, "child.pid")));
    const child = Number(fs.readFileSync(path.join(dir, "child.pid"), "utf8"));
    const { pgid } = readJobState(dir)!;
    expect(groupMembers(pgid)).toContain(child);
    const end = await events.finished("slow");
    expect(end).toEqual({ exitCode: 143, signal: null, reason: "timeout" });
    await until(() => groupMembers(pgid).length === 0, 1_000);
    expect(isSameProcess(child, readProcStat(child)?.start ?? -1)).toBe(false);
    expect(readJobState(dir)).toMatchObject({ reason: "timeout", stopping: "timeout", exitCode: 143 });
  });

  it("cancels a queued job without starting it, and a running one with SIGTERM then SIGKILL", async () => {
    const e = executor(1);
    const events = record(e);
    // The running job ignores SIGTERM (as do its children), so only the SIGKILL after the grace period ends it.
    const stubborn = workDir("trap '' TERM\ntouch ready\nsleep 30\n");
    const waiting = workDir("echo ran > ran.txt\n");
    const runningId = await e.submit(spec("running", stubborn));
    const queuedId = await e.submit(spec("queued", waiting));
    await events.started("running");
    // Signals sent before the script has set its trap would end it at once: wait until it has.
    await until(() => fs.existsSync(path.join(stubborn, "ready")));
    await e.cancel(queuedId);
    expect(await events.finished("queued")).toEqual({ exitCode: null, signal: null, reason: "cancelled" });
    const t0 = Date.now();
    await e.cancel(runningId);
    expect(await events.finished("running")).toEqual({ exitCode: null, signal: "SIGKILL", reason: "cancelled" });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(groupMembers(readJobState(stubborn)!.pgid)).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(path.join(waiting, "ran.txt"))).toBe(false);
    expect(events.log.some((l) => l.what === "started" && l.taskId === "queued")).toBe(false);
  });

  it("a cancelled job that stops on SIGTERM keeps its exit status", async () => {
    const e = executor(1);
    const events = record(e);
    const dir = workDir("trap 'echo bye; exit 9' TERM\ntouch ready\nsleep 30 & wait\n");
    const id = await e.submit(spec("polite", dir));
    await until(() => fs.existsSync(path.join(dir, "ready")));
    await e.cancel(id);
    expect(await events.finished("polite")).toEqual({ exitCode: 9, signal: null, reason: "cancelled" });
    expect(fs.readFileSync(path.join(dir, "stdout.log"), "utf8")).toBe("bye\n");
  });
});

describe("local executor after a restart", () => {
  it("keeps watching a job still running and reports its real exit code when it ends", async () => {
    const before = executor();
    const dir = workDir("sleep 0.5\nexit 3\n");
    const jobId = await before.submit(spec("t", dir));
    await record(before).started("t");
    await before.close();
    const after = executor();
    const events = record(after);
    expect(await after.recover([{ taskId: "t", jobId, workDir: dir }])).toEqual([{ taskId: "t", state: "running" }]);
    expect(after.load.inUse).toBe(1);
    expect(await events.finished("t")).toEqual({ exitCode: 3, signal: null, reason: "exit" });
    expect(readJobState(dir)).toMatchObject({ exitCode: 3, reason: "exit" });
    expect(after.load.inUse).toBe(0);
  });

  it("a recovered job can still be cancelled and still times out", async () => {
    const before = executor();
    const a = workDir("touch ready\nsleep 30\n");
    const b = workDir("sleep 30\n");
    const aId = await before.submit(spec("a", a));
    const bId = await before.submit(spec("b", b, { walltimeMin: 0.5 / 60 }));
    await record(before).started("b");
    await until(() => fs.existsSync(path.join(a, "ready")));
    await before.close();
    const after = executor();
    const events = record(after);
    const states = await after.recover([
      { taskId: "a", jobId: aId, workDir: a },
      { taskId: "b", jobId: bId, workDir: b },
    ]);
    expect(states.map((s) => s.state)).toEqual(["running", "running"]);
    await after.cancel(aId);
    expect(await events.finished("a")).toEqual({ exitCode: 143, signal: null, reason: "cancelled" });
    expect(await events.finished("b")).toEqual({ exitCode: 143, signal: null, reason: "timeout" });
  });

  it("reports a watched job as lost when it is killed from outside without an exit status", async () => {
    const before = executor();
    const dir = workDir("sleep 30\n");
    const jobId = await before.submit(spec("t", dir));
    await record(before).started("t");
    await before.close();
    const after = executor();
    const events = record(after);
    expect((await after.recover([{ taskId: "t", jobId, workDir: dir }]))[0].state).toBe("running");
    process.kill(-readJobState(dir)!.pgid, "SIGKILL");
    expect(await events.finished("t")).toEqual({ exitCode: null, signal: null, reason: "lost" });
    expect(after.load.inUse).toBe(0);
  });

  it("reports the end of a job that finished while no API was watching", async () => {
    const before = executor();
    const dir = workDir("sleep 0.1\nexit 5\n");
    const jobId = await before.submit(spec("t", dir));
    await record(before).started("t");
    await before.close();
    await until(() => fs.existsSync(path.join(dir, "job.exit")));
    await until(() => !isSameProcess(readJobState(dir)!.pid, readJobState(dir)!.procStart));
    const after = executor();
    expect(await after.recover([{ taskId: "t", jobId, workDir: dir }])).toEqual([{ taskId: "t", state: { exitCode: 5, signal: null, reason: "exit" } }]);
    // Settled for good: the state file now carries the end.
    expect(readJobState(dir)).toMatchObject({ exitCode: 5, reason: "exit" });
    expect(after.load.inUse).toBe(0);
  });

  it("reports a job recorded as finished by the API before it stopped", async () => {
    const before = executor();
    const events = record(before);
    const dir = workDir("exit 4\n");
    const jobId = await before.submit(spec("t", dir));
    await events.finished("t");
    await before.close();
    const after = executor();
    expect(await after.recover([{ taskId: "t", jobId, workDir: dir }])).toEqual([{ taskId: "t", state: { exitCode: 4, signal: null, reason: "exit" } }]);
  });

  it("calls a job lost when its process died without an exit status", async () => {
    const before = executor();
    const dir = workDir("sleep 30\n");
    const jobId = await before.submit(spec("t", dir));
    await record(before).started("t");
    await before.close();
    const { pgid } = readJobState(dir)!;
    process.kill(-pgid, "SIGKILL"); // the wrapper dies too: nobody records a status
    await until(() => groupMembers(pgid).length === 0);
    const after = executor();
    expect(await after.recover([{ taskId: "t", jobId, workDir: dir }])).toEqual([{ taskId: "t", state: "lost" }]);
    expect(readJobState(dir)).toMatchObject({ reason: "lost", exitCode: null });
  });

  it("calls a job lost when its pid now belongs to another process, and leaves that process alone", async () => {
    const dir = workDir("exit 0\n");
    const other = readProcStat(process.pid)!;
    writeJobState(dir, {
      jobId: "j1",
      taskId: "t",
      pid: process.pid,
      pgid: process.pid,
      procStart: other.start - 1,
      startedAt: new Date().toISOString(),
      slots: 1,
      walltimeMin: 0.01,
    });
    const after = executor();
    expect(await after.recover([{ taskId: "t", jobId: "j1", workDir: dir }])).toEqual([{ taskId: "t", state: "lost" }]);
    expect(readJobState(dir)).toMatchObject({ reason: "lost" });
    // The pid is alive all along: only the start time told the two processes apart.
    expect(isSameProcess(process.pid, other.start)).toBe(true);
  });

  it("calls a job lost when its work dir has no state, or the state of another run", async () => {
    const dir = workDir("exit 0\n");
    const e = executor();
    expect(await e.recover([{ taskId: "t", jobId: "nope", workDir: dir }])).toEqual([{ taskId: "t", state: "lost" }]);
    const events = record(e);
    await e.submit(spec("t", dir));
    await events.finished("t");
    expect(await e.recover([{ taskId: "t", jobId: "an-earlier-run", workDir: dir }])).toEqual([{ taskId: "t", state: "lost" }]);
  });
});

describe("executor settings", () => {
  it("has as many slots as COMPUTE_SLOTS, by default the core count", async () => {
    const env = (e: Record<string, string>) => e as NodeJS.ProcessEnv;
    expect(loadConfig(env({})).COMPUTE_SLOTS).toBe(os.availableParallelism());
    const e = createExecutor(loadConfig(env({ COMPUTE_SLOTS: "3" })));
    expect([e.name, e.slots]).toEqual(["local", 3]);
    await e.close();
    expect(() => loadConfig(env({ COMPUTE_SLOTS: "0" }))).toThrow(/COMPUTE_SLOTS/);
  });
});

describe("jobs that wait for others (JobSpec.after)", () => {
  it("holds a job until the ones it names ended well, outside the slots; it then runs", async () => {
    const e = executor(1);
    const r = record(e);
    const aDir = workDir("sleep 0.3; echo a > out.txt\n");
    const a = await e.submit(spec("a", aDir));
    // b succeeds only if a's output is there when it starts.
    const bDir = workDir(`test -f ${JSON.stringify(path.join(aDir, "out.txt"))}\n`);
    const b = await e.submit({ ...spec("b", bDir), after: [a] });
    // Held jobs are counted as waiting, and do not take the only slot from a.
    await r.started("a");
    expect(e.load).toEqual({ inUse: 1, queued: 1 });
    expect(b).not.toBe(a);
    expect(await r.finished("a")).toEqual({ exitCode: 0, signal: null, reason: "exit" });
    expect(await r.finished("b")).toEqual({ exitCode: 0, signal: null, reason: "exit" });
    const order = r.log.map((l) => `${l.what}:${l.taskId}`);
    expect(order.indexOf("started:b")).toBeGreaterThan(order.indexOf("finished:a"));
  });

  it("drops a held job unrun when one it needs fails, and the jobs held on that one in turn", async () => {
    const e = executor(2);
    const r = record(e);
    const a = await e.submit(spec("a", workDir("exit 4\n")));
    const b = await e.submit({ ...spec("b", workDir("echo ran > ran.txt\n")), after: [a] });
    const cDir = workDir("echo ran > ran.txt\n");
    await e.submit({ ...spec("c", cDir), after: [b] });
    expect((await r.finished("a")).exitCode).toBe(4);
    expect(await r.finished("b")).toEqual({ exitCode: null, signal: null, reason: "cancelled" });
    expect(await r.finished("c")).toEqual({ exitCode: null, signal: null, reason: "cancelled" });
    expect(fs.existsSync(path.join(cDir, "ran.txt"))).toBe(false);
    expect(r.log.some((l) => l.what === "started" && l.taskId !== "a")).toBe(false);
  });

  it("runs a job whose dependency already ended well, refuses one naming an unknown job, and cancels a held job", async () => {
    const e = executor(2);
    const r = record(e);
    const a = await e.submit(spec("a", workDir("true\n")));
    await r.finished("a");
    await e.submit({ ...spec("late", workDir("true\n")), after: [a] });
    expect(await r.finished("late")).toEqual({ exitCode: 0, signal: null, reason: "exit" });
    await e.submit({ ...spec("orphan", workDir("true\n")), after: ["no-such-job"] });
    expect((await r.finished("orphan")).reason).toBe("cancelled");
    const long = await e.submit(spec("long", workDir("sleep 5\n")));
    const held = await e.submit({ ...spec("held", workDir("true\n")), after: [long] });
    await e.cancel(held);
    expect(await r.finished("held")).toEqual({ exitCode: null, signal: null, reason: "cancelled" });
    await e.cancel(long);
    expect((await r.finished("long")).reason).toBe("cancelled");
  });
});
