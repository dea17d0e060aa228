import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { jobNameFor } from "./slurm-parse.ts";
import { SlurmExecutor } from "./slurm.ts";
import type { JobEnd } from "./types.ts";

/**
 * The executor's bookkeeping against stand-in Slurm commands (SLURM_BIN_DIR): what it asks Slurm and how it
 * settles each case. The real cluster is exercised in tests/integration/slurm.test.ts; here the answers are
 * set by hand so every path (squeue's final state, jobcomp, job.exit only, nothing, a reused id) is reached.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-slurm-unit-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const executors: SlurmExecutor[] = [];
afterEach(async () => {
  for (const e of executors.splice(0)) await e.close();
});

/** A folder of fake sbatch/squeue/scancel/sinfo/scontrol that log their calls and print what the test wrote. */
function fakeSlurm() {
  const bin = fs.mkdtempSync(path.join(root, "bin-"));
  const script = (name: string, body: string) => fs.writeFileSync(path.join(bin, name), `#!/bin/bash\nD=$(dirname "$0")\necho "${name} $*" >> "$D/calls.log"\n${body}\n`, { mode: 0o755 });
  script("sbatch", 'n=$(( $(cat "$D/next" 2>/dev/null || echo 100) + 1 )); echo $n > "$D/next"; echo "$n"');
  script("squeue", '[ -f "$D/squeue.fail" ] && { echo "slurm_load_jobs error: Unable to contact slurm controller" >&2; exit 1; }; cat "$D/squeue.txt" 2>/dev/null; true');
  script("scancel", "true");
  script("sinfo", 'echo "n1|mixed|3/5/0/8|16000|9000|batch*"; echo "n2|idle|0/8/0/8|16000|15000|batch*"; echo "n3|idle|0/4/0/4|8000|7000|other"');
  script("scontrol", `echo "JobCompLoc              = $D/jobcomp.txt"; echo "JobCompType             = jobcomp/filetxt"`);
  return {
    bin,
    calls: (name: string) => (fs.existsSync(path.join(bin, "calls.log")) ? fs.readFileSync(path.join(bin, "calls.log"), "utf8").split("\n").filter((l) => l.startsWith(`${name} `)) : []),
    squeue: (lines: string[]) => fs.writeFileSync(path.join(bin, "squeue.txt"), lines.map((l) => `${l}\n`).join("")),
    jobcomp: (lines: string[]) => fs.appendFileSync(path.join(bin, "jobcomp.txt"), lines.map((l) => `${l}\n`).join("")),
    failSqueue: (on: boolean) => (on ? fs.writeFileSync(path.join(bin, "squeue.fail"), "") : fs.rmSync(path.join(bin, "squeue.fail"), { force: true })),
  };
}

const line = (id: string, state: string, taskId: string, reason = "None", cpus = 1) => `${id}|${state}|${reason}|0:01|${cpus}|root|batch|${jobNameFor(taskId)}`;

function setup(pollMs = 40) {
  const fake = fakeSlurm();
  const ex = new SlurmExecutor({ memPerCoreMb: 700, pollMs, binDir: fake.bin });
  executors.push(ex);
  const started: string[] = [];
  const ends = new Map<string, JobEnd>();
  ex.on("started", (taskId) => started.push(taskId));
  ex.on("finished", (taskId, end) => ends.set(taskId, end));
  return { fake, ex, started, ends };
}

let dirs = 0;
function workDir(): string {
  const dir = path.join(root, `w${++dirs}`);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "job.sh"), "true\n");
  return dir;
}

async function until(what: string, ok: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("SlurmExecutor with stand-in commands", () => {
  it("reads the partition's CPUs as its slots (the default partition, each node once)", () => {
    const { ex } = setup();
    expect(ex.slots).toBe(16);
  });

  it("submits with sbatch's resource flags and follows all jobs with ONE squeue per poll", async () => {
    const { fake, ex, started } = setup();
    const tasks = ["aaaaaaaa-1", "bbbbbbbb-2", "cccccccc-3"];
    const dirsOf = tasks.map(() => workDir());
    // As real Slurm, squeue lists a job as soon as sbatch accepted it.
    fake.squeue(tasks.map((taskId, i) => line(String(101 + i), "PENDING", taskId, "Priority")));
    const ids: string[] = [];
    for (const [i, taskId] of tasks.entries()) ids.push(await ex.submit({ taskId, workDir: dirsOf[i], script: "job.sh", cores: 2, walltimeMin: 1.5 }));
    expect(ids).toEqual(["101", "102", "103"]);
    const sb = fake.calls("sbatch")[0];
    expect(sb).toContain(`--job-name ferrum-aaaaaaaa --chdir ${dirsOf[0]} --output stdout.log --error stderr.log --open-mode=append --ntasks 1 --cpus-per-task 2 --mem 1400 --time 2`);
    expect(sb.endsWith(path.join(dirsOf[0], "slurm-batch.sh"))).toBe(true);

    fake.squeue([line("101", "RUNNING", tasks[0], "None", 2), line("102", "PENDING", tasks[1], "Resources", 2), line("103", "RUNNING", tasks[2], "None", 2)]);
    await until("two started", () => started.length === 2);
    const before = fake.calls("squeue").length;
    // Three more polls, however slowly a loaded machine runs them (a fixed wait flaked in CI).
    await until("three more polls", () => fake.calls("squeue").length - before > 2);
    const polls = fake.calls("squeue").slice(before);
    // Every poll is one call naming every watched job, never one call per job.
    for (const call of polls) expect(call).toContain("--jobs 101,102,103");
    expect(started.sort()).toEqual([tasks[0], tasks[2]]);
    expect(ex.load).toEqual({ inUse: 4, queued: 1 });
    expect(ex.describe("102")).toEqual({ state: "PENDING (Resources)" });
    expect(ex.describe("101")).toEqual({ state: "RUNNING" });
    expect(ex.describe("999")).toBeNull();
  });

  it("settles ended jobs: squeue's final state, the jobcomp record, job.exit alone, nothing (lost), a reused id", async () => {
    const { fake, ex, ends, started } = setup();
    const t = { done: "d0000000-1", timedOut: "e0000000-2", exitOnly: "f0000000-3", gone: "a1000000-4", reused: "b2000000-5", cancelled: "c3000000-6" };
    const dirOf: Record<string, string> = {};
    const idOf: Record<string, string> = {};
    // As real Slurm, squeue lists a job as soon as sbatch accepted it (ids from 101 on).
    fake.squeue(Object.values(t).map((taskId, i) => line(String(101 + i), "PENDING", taskId, "Priority")));
    for (const [k, taskId] of Object.entries(t)) {
      dirOf[k] = workDir();
      idOf[k] = await ex.submit({ taskId, workDir: dirOf[k], script: "job.sh", cores: 1, walltimeMin: 1 });
    }
    // What the wrapper would have written.
    fs.writeFileSync(path.join(dirOf.done, "job.exit"), `${idOf.done} 0\n`);
    fs.writeFileSync(path.join(dirOf.exitOnly, "job.exit"), `${idOf.exitOnly} 4\n`);
    fs.writeFileSync(path.join(dirOf.reused, "job.exit"), `${idOf.reused} 0\n`);
    fake.jobcomp([
      `JobId=${idOf.timedOut} UserId=root(0) GroupId=root(0) Name=${jobNameFor(t.timedOut)} JobState=TIMEOUT Partition=batch TimeLimit=1 ExitCode=0:15 `,
      `JobId=${idOf.cancelled} UserId=root(0) GroupId=root(0) Name=${jobNameFor(t.cancelled)} JobState=CANCELLED Partition=batch TimeLimit=1 ExitCode=0:0 `,
    ]);
    fake.squeue([line(idOf.done, "COMPLETED", t.done), line(idOf.reused, "RUNNING", "99999999-other")]);
    await until("six ends", () => ends.size === 6);
    expect(ends.get(t.done)).toEqual({ exitCode: 0, signal: null, reason: "exit" });
    expect(ends.get(t.timedOut)).toEqual({ exitCode: null, signal: "SIGTERM", reason: "timeout" });
    expect(ends.get(t.exitOnly)).toEqual({ exitCode: 4, signal: null, reason: "exit" });
    expect(ends.get(t.gone)).toEqual({ exitCode: null, signal: null, reason: "lost" });
    // Another job holds the id now (a reset cluster): this task's own job.exit says how it ended.
    expect(ends.get(t.reused)).toEqual({ exitCode: 0, signal: null, reason: "exit" });
    expect(ends.get(t.cancelled)).toEqual({ exitCode: null, signal: null, reason: "cancelled" });
    // Jobs that ran between two polls still get their start, before their end; cancelled and lost ones do not.
    expect(started.sort()).toEqual([t.done, t.timedOut, t.exitOnly, t.reused].sort());
    // The jobcomp file's place was asked once.
    expect(fake.calls("scontrol")).toHaveLength(1);
  });

  it("recovers with one squeue; while Slurm does not answer it keeps every job and settles them once it does", async () => {
    const { fake, ex, ends, started } = setup();
    const [a, b, c] = [workDir(), workDir(), workDir()];
    fake.squeue([line("7", "RUNNING", "a0000000-1"), line("8", "FAILED", "b0000000-2"), line("9", "PENDING", "c0000000-3", "Priority")]);
    fs.writeFileSync(path.join(b, "job.exit"), "8 3\n");
    const states = await ex.recover([
      { taskId: "a0000000-1", jobId: "7", workDir: a },
      { taskId: "b0000000-2", jobId: "8", workDir: b },
      { taskId: "c0000000-3", jobId: "9", workDir: c },
      { taskId: "d0000000-4", jobId: "10", workDir: workDir() },
    ]);
    // The pending one (9) is watched but not answered: its task stays queued until it really starts.
    expect(states).toEqual([
      { taskId: "a0000000-1", state: "running" },
      { taskId: "b0000000-2", state: { exitCode: 3, signal: null, reason: "exit" } },
      { taskId: "d0000000-4", state: "lost" },
    ]);
    expect(fake.calls("squeue")).toHaveLength(1);
    expect(fake.calls("squeue")[0]).toContain("--jobs 7,8,9,10");
    fake.squeue([line("7", "RUNNING", "a0000000-1"), line("9", "RUNNING", "c0000000-3")]);
    await until("the pending one starts", () => started.includes("c0000000-3"));
    expect(started).toEqual(["c0000000-3"]);

    const { fake: down, ex: ex2, ends: ends2 } = setup();
    down.failSqueue(true);
    const d = workDir();
    expect(await ex2.recover([{ taskId: "e0000000-5", jobId: "11", workDir: d }])).toEqual([{ taskId: "e0000000-5", state: "running" }]);
    await new Promise((r) => setTimeout(r, 150));
    expect(ends2.size).toBe(0);
    down.squeue([line("11", "COMPLETED", "e0000000-5")]);
    down.failSqueue(false);
    await until("settled after Slurm answers", () => ends2.size === 1);
    expect(ends2.get("e0000000-5")).toEqual({ exitCode: 0, signal: null, reason: "exit" });
    expect(ends.size).toBe(0);
  });

  it("cancel is scancel of the job id; the end comes from Slurm's CANCELLED", async () => {
    const { fake, ex, ends } = setup();
    const dir = workDir();
    const id = await ex.submit({ taskId: "f1000000-1", workDir: dir, script: "job.sh", cores: 1, walltimeMin: 1 });
    fake.squeue([line(id, "RUNNING", "f1000000-1")]);
    await ex.cancel(id);
    expect(fake.calls("scancel")).toEqual([`scancel ${id}`]);
    fs.writeFileSync(path.join(dir, "job.exit"), `${id} 143\n`);
    fake.squeue([line(id, "CANCELLED", "f1000000-1")]);
    await until("cancelled", () => ends.size === 1);
    expect(ends.get("f1000000-1")).toEqual({ exitCode: 143, signal: null, reason: "cancelled" });
  });
});
