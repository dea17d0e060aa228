/**
 * Slurm executor benchmarks, on a one-node cluster started for the run (tests/integration/slurm-cluster.ts):
 *  1. the poller's cost with many jobs: 200 held jobs (sbatch --hold, so they stay PENDING and cost nothing),
 *     then the median of N polls of the one `squeue --jobs <all ids>` call and of its parse, beside what one
 *     squeue per job would cost, and the executor's recover() of all 200 (one squeue); then all are cancelled;
 *  2. task overhead, local against Slurm: the same trivial carburizing task through the API (a child process,
 *     production mode, PGlite) with EXECUTOR=local and EXECUTOR=slurm (default 2 s poll, and 250 ms), wall time
 *     from CreateTask to finished as the client sees it, and the task row's created → started → finished.
 * Usage: npm run bench:slurm [-- --jobs 200 --polls 20 --tasks 5]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { SlurmCommands } from "../api/compute/executor/slurm-commands.ts";
import { SQUEUE_FORMAT, jobNameFor, parseSqueue } from "../api/compute/executor/slurm-parse.ts";
import { SlurmExecutor } from "../api/compute/executor/slurm.ts";
import { startSlurmCluster, type SlurmCluster } from "../tests/integration/slurm-cluster.ts";
import { apiCall as call, startApiProcess } from "./api-process.ts";
import { percentile } from "./load.ts";
import { smsLogin } from "./sms-login.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const JOBS = arg("jobs", 200);
const POLLS = arg("polls", 20);
const TASKS = arg("tasks", 5);
const ADMIN_MOBILE = "13800000001";
const BASE_PORT = 5980;
/** Solver time negligible: what is left is the platform's and the executor's own overhead. */
const TRIVIAL = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 1, depthMm: 2, nodes: 21, steps: 10, diffusivity: "constant" };

/** Task-id-like names, so recover() below recognises the jobs as the ones it was asked about. */
const benchTaskId = (i: number) => `${String(i).padStart(8, "0")}-bench`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

async function pollCost(cluster: SlurmCluster) {
  const cmd = new SlurmCommands({ conf: cluster.conf });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-slurm-"));
  const ids: string[] = [];
  const t0 = performance.now();
  for (let i = 0; i < JOBS; i++) {
    const out = await cmd.run("sbatch", ["--parsable", "--hold", "--job-name", jobNameFor(benchTaskId(i)), "--chdir", work, "--output", "/dev/null", "--wrap", "true"]);
    ids.push(out.trim().split(";")[0]);
  }
  const submitMs = (performance.now() - t0) / JOBS;
  try {
    const args = ["--noheader", "--states", "all", "--jobs", ids.join(","), "--format", SQUEUE_FORMAT];
    const callMs: number[] = [];
    const parseMs: number[] = [];
    let seen = 0;
    for (let i = 0; i < POLLS; i++) {
      const a = performance.now();
      const out = await cmd.run("squeue", args);
      const b = performance.now();
      seen = parseSqueue(out).length;
      parseMs.push(performance.now() - b);
      callMs.push(b - a);
    }
    // What a poller calling squeue once per job would pay: a sample of single calls, scaled to all jobs.
    const single: number[] = [];
    for (const id of ids.slice(0, 20)) {
      const a = performance.now();
      await cmd.run("squeue", ["--noheader", "--states", "all", "--jobs", id, "--format", SQUEUE_FORMAT]);
      single.push(performance.now() - a);
    }
    const ex = new SlurmExecutor({ memPerCoreMb: 100, pollMs: 60_000, conf: cluster.conf });
    const r0 = performance.now();
    const states = await ex.recover(ids.map((jobId, i) => ({ taskId: benchTaskId(i), jobId, workDir: work })));
    const recoverMs = performance.now() - r0;
    await ex.close();
    return { submitMs, seen, callMs: median(callMs), parseMs: median(parseMs), singleMs: median(single), recoverMs, recovered: states.filter((s) => s.state === "running").length };
  } finally {
    const c0 = performance.now();
    await cmd.run("scancel", ids);
    const cancelMs = performance.now() - c0;
    console.log(`(cancelled ${ids.length} jobs with one scancel in ${fmt(cancelMs, 0)} ms)`);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

interface TaskView {
  status: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

async function overhead(label: string, port: number, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-exec-"));
  const api = await startApiProcess(port, dataDir, env);
  try {
    const { token } = await smsLogin(api.base, dataDir, ADMIN_MOBILE);
    const rows: Array<{ wall: number; queued: number; run: number }> = [];
    for (let i = 0; i < TASKS; i++) {
      const t0 = performance.now();
      const { taskId } = await call(api.base, "CalculateTask/CreateTask", token, { appId: "carburizing", mode: "graphical", params: TRIVIAL, resources: { cores: 1, walltimeMin: 5 } });
      for (;;) {
        const v: TaskView = await call(api.base, "CalculateTask/GetTask", token, undefined, { id: taskId });
        if (["succeeded", "failed", "cancelled"].includes(v.status)) {
          if (v.status !== "succeeded") throw new Error(`${label}: task ${taskId} ${v.status}: ${v.error}`);
          const created = Date.parse(v.createdAt);
          rows.push({ wall: performance.now() - t0, queued: Date.parse(v.startedAt!) - created, run: Date.parse(v.finishedAt!) - Date.parse(v.startedAt!) });
          break;
        }
        if (performance.now() - t0 > 60_000) throw new Error(`${label}: task ${taskId} still ${v.status} after a minute`);
        await sleep(20);
      }
    }
    return { label, wall: median(rows.map((r) => r.wall)), queued: median(rows.map((r) => r.queued)), run: median(rows.map((r) => r.run)) };
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`Slurm executor benchmark: ${JOBS} held jobs × ${POLLS} polls, ${TASKS} trivial tasks per executor; ${os.cpus().length} cores, node ${process.version}`);
  const cluster = await startSlurmCluster({ cpus: 2 });
  try {
    const p = await pollCost(cluster);
    console.log(`\n1. The poller with ${JOBS} jobs of this API in Slurm (all PENDING, held); ms, median of ${POLLS}`);
    console.log("| what | ms |\n|---|---:|");
    console.log(`| sbatch --hold, per job | ${fmt(p.submitMs)} |`);
    console.log(`| one squeue --jobs <${JOBS} ids> (${p.seen} lines) | ${fmt(p.callMs)} |`);
    console.log(`| parsing its output | ${fmt(p.parseMs, 2)} |`);
    console.log(`| one squeue per job instead: one call | ${fmt(p.singleMs)} |`);
    console.log(`| one squeue per job instead: a whole poll (× ${JOBS}) | ${fmt(p.singleMs * JOBS, 0)} |`);
    console.log(`| recover() of all ${JOBS} after a restart (one squeue; ${p.recovered} still there) | ${fmt(p.recoverMs)} |`);

    const results = [];
    results.push(await overhead("local", BASE_PORT, { EXECUTOR: "local", COMPUTE_SLOTS: "2" }));
    results.push(await overhead("slurm, SLURM_POLL_MS=2000", BASE_PORT + 1, { EXECUTOR: "slurm", SLURM_CONF: cluster.conf, SLURM_POLL_MS: "2000" }));
    results.push(await overhead("slurm, SLURM_POLL_MS=250", BASE_PORT + 2, { EXECUTOR: "slurm", SLURM_CONF: cluster.conf, SLURM_POLL_MS: "250" }));
    console.log(`\n2. One trivial carburizing task at a time through the API (PGlite); ms, median of ${TASKS}`);
    console.log("| executor | CreateTask → finished (seen) | created → started (row) | started → finished (row) |\n|---|---:|---:|---:|");
    for (const r of results) console.log(`| ${r.label} | ${fmt(r.wall, 0)} | ${fmt(r.queued, 0)} | ${fmt(r.run, 0)} |`);
  } finally {
    await cluster.stop();
  }
}

await main();
