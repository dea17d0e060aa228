/**
 * Workflow benchmarks (issue 7), side by side in one run, the API as its own process (PGlite, COMPUTE_SLOTS=4):
 *  1. a chain of N trivial steps, each taking a value from the one before, as one workflow, against the same N
 *     tasks submitted by a client one after another, each waiting for the last (what a user scripted before);
 *  2. a fan-out of N independent trivial steps as one workflow, against N plain tasks submitted at once;
 * and per step what the workflow adds inside its job: the prepare and publish processes (node + tsx each).
 * Usage: npm run bench:workflow [-- --steps 6]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { apiCall as call, startApiProcess } from "./api-process.ts";
import { smsLogin } from "./sms-login.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const N = arg("steps", 6);
const ADMIN_MOBILE = "13800000001";
/** Solver time negligible: what is left is the platform's own overhead. */
const TRIVIAL = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 1, depthMm: 2, nodes: 21, steps: 10, diffusivity: "constant" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FINISHED = ["succeeded", "failed", "cancelled"];

async function waitTask(base: string, token: string, id: string): Promise<{ status: string; startedAt: string; finishedAt: string }> {
  for (;;) {
    const v = await call(base, "CalculateTask/GetTask", token, undefined, { id });
    if (FINISHED.includes(v.status)) {
      if (v.status !== "succeeded") throw new Error(`task ${id} ${v.status}: ${v.error}`);
      return v;
    }
    await sleep(20);
  }
}

const submit = async (base: string, token: string, json: unknown) => (await call(base, "CalculateTask/CreateTask", token, json)).taskId as string;
const task = (params: unknown) => ({ appId: "carburizing", mode: "graphical", params, resources: { cores: 1, walltimeMin: 5 } });

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-workflow-"));
  const api = await startApiProcess(5991, dataDir, { COMPUTE_SLOTS: "4", TASK_MAX_RUNNING_PER_USER: "8", TASK_MAX_QUEUED_PER_USER: "50" });
  try {
    const { token } = await smsLogin(api.base, dataDir, ADMIN_MOBILE);
    const b = api.base;
    await waitTask(b, token, await submit(b, token, task(TRIVIAL))); // warm-up

    const chainSteps = Array.from({ length: N }, (_, i) => ({
      id: `s${i}`,
      app: "carburizing",
      params: TRIVIAL,
      ...(i ? { inputs: { timeH: `steps.s${i - 1}.params.timeH` } } : {}),
    }));
    const runWorkflow = async (steps: unknown[]) => {
      const id = await submit(b, token, { appId: "workflow", mode: "graphical", params: { steps } });
      await waitTask(b, token, id);
      return id;
    };
    const chainWf = await timed(() => runWorkflow(chainSteps));
    const chainByHand = await timed(async () => {
      for (let i = 0; i < N; i++) await waitTask(b, token, await submit(b, token, task(TRIVIAL)));
    });
    const fanSteps = Array.from({ length: N }, (_, i) => ({ id: `f${i}`, app: "carburizing", params: TRIVIAL }));
    let fanId = "";
    const fanWf = await timed(async () => (fanId = await runWorkflow(fanSteps)));
    let plainRuns: Array<{ startedAt: string; finishedAt: string }> = [];
    const fanPlain = await timed(async () => {
      const ids = await Promise.all(Array.from({ length: N }, () => submit(b, token, task(TRIVIAL))));
      plainRuns = await Promise.all(ids.map((id) => waitTask(b, token, id)));
    });

    // Inside a job: the time its run took (task timestamps), a fan-out's step against a plain task of the same
    // fan-out, both N at once on the same slots.
    const steps = (await call(b, "CalculateTask/GetWorkflow", token, undefined, { id: fanId })).steps as Array<{ startedAt: string; finishedAt: string }>;
    const runMs = (runs: Array<{ startedAt: string; finishedAt: string }>) => runs.map((s) => Date.parse(s.finishedAt) - Date.parse(s.startedAt)).sort((x, y) => x - y);
    const stepMs = runMs(steps);
    const plainMs = runMs(plainRuns);
    const med = (xs: number[]) => xs[Math.floor(xs.length / 2)];

    const rows = [
      [`chain of ${N}, each step reads the last`, chainWf, chainByHand, "workflow", "client waits, submits the next"],
      [`fan-out of ${N} independent`, fanWf, fanPlain, "workflow", `${N} plain tasks at once`],
    ] as const;
    console.log(`\nWorkflow benchmark (carburizing steps of negligible solver time, COMPUTE_SLOTS=4, PGlite)\n`);
    console.log("| case | workflow (ms) | by hand (ms) | by hand is |");
    console.log("|---|---:|---:|---|");
    for (const [name, wf, hand, , how] of rows) console.log(`| ${name} | ${wf.toFixed(0)} | ${hand.toFixed(0)} | ${how} |`);
    console.log(`\nMedian job time in the fan-outs: a workflow step ${med(stepMs)} ms (prepare + app + publish), a plain task ${med(plainMs)} ms (app alone).`);
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
