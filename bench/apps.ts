/**
 * The platform's overhead per compute app (issue 5), side by side in one run: for every app whose code is
 * installed, its example input (the form's pre-filled values)
 *   - by hand: the same rendered deck and job script run with bash in a scratch folder, as a researcher would
 *     run the code themselves;
 *   - through the platform: CalculateTask/CreateTask on a production-mode API (local executor, PGlite), watched
 *     with GetTask every 50 ms until it succeeds — submit, queue, job wrapper, output parsing, pictures.
 * Each is the median of --runs (default 3) after one warm-up. The ratio is platform ÷ by hand.
 * Usage: npm run bench:apps [-- --runs 3 --apps qe-pw,lammps]
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { detect } from "../api/compute/apps/availability.ts";
import { APPS } from "../api/compute/apps/index.ts";
import type { AppDefinition } from "../api/compute/apps/types.ts";
import { writeInputs } from "../api/compute/tasks/workdir.ts";
import { apiCall as call, startApiProcess } from "./api-process.ts";
import { percentile } from "./load.ts";
import { smsLogin } from "./sms-login.ts";

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(argOf("runs") ?? 3);
const ONLY = argOf("apps")?.split(",");
const ADMIN_MOBILE = "13800000001";
const PORT = 5995;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

function paramsOf(app: AppDefinition<any>): unknown {
  return app.validateParams ? app.validateParams(app.example ?? {}) : app.paramsSchema.parse(app.example ?? {});
}

/** Runs the app's job script on its rendered deck in a fresh folder; milliseconds of wall time. */
async function byHand(app: AppDefinition<any>, params: unknown): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${app.id}-`));
  try {
    await writeInputs(dir, app.renderDeck(params).files);
    fs.writeFileSync(path.join(dir, "job.sh"), app.jobScript({ taskId: "bench", workDir: dir, mainInput: app.mainInput, cores: 1, walltimeMin: 30 }));
    const t0 = performance.now();
    execFileSync("bash", ["job.sh"], { cwd: dir, stdio: ["ignore", fs.openSync(path.join(dir, "stdout.log"), "w"), fs.openSync(path.join(dir, "stderr.log"), "w")] });
    return performance.now() - t0;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** CreateTask → GetTask says succeeded, as a client sees it; milliseconds. */
async function throughPlatform(base: string, token: string, app: AppDefinition<any>, params: unknown): Promise<number> {
  const t0 = performance.now();
  const { taskId } = await call(base, "CalculateTask/CreateTask", token, { appId: app.id, mode: "graphical", params, resources: { cores: 1, walltimeMin: 30 } });
  for (;;) {
    const task = await call(base, "CalculateTask/GetTask", token, undefined, { id: taskId });
    if (task.status === "succeeded") return performance.now() - t0;
    if (task.status === "failed" || task.status === "cancelled") throw new Error(`${app.id} task ${task.status}: ${task.error}`);
    await sleep(50);
  }
}

async function main() {
  const apps: Array<{ app: AppDefinition<any>; params: unknown; version: string }> = [];
  for (const app of APPS) {
    if (!app.code || (ONLY && !ONLY.includes(app.id))) continue;
    const av = await detect(app);
    if (!av.available) {
      console.log(`skip ${app.id}: ${av.reason?.en}`);
      continue;
    }
    apps.push({ app, params: paramsOf(app), version: av.version });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-apps-"));
  const api = await startApiProcess(PORT, dataDir, { COMPUTE_SLOTS: "1" });
  const rows: string[] = [];
  try {
    const { token } = await smsLogin(api.base, dataDir, ADMIN_MOBILE);
    for (const { app, params, version } of apps) {
      // One warm-up each: the first run pays for page cache and the code's own start-up files.
      await byHand(app, params);
      await throughPlatform(api.base, token, app, params);
      const hand: number[] = [];
      const platform: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        hand.push(await byHand(app, params));
        platform.push(await throughPlatform(api.base, token, app, params));
      }
      const h = median(hand);
      const p = median(platform);
      rows.push(`| ${app.id} | ${version} | ${h.toFixed(0)} | ${p.toFixed(0)} | ${(p - h).toFixed(0)} | ${(p / h).toFixed(2)} |`);
      console.error(`${app.id}: by hand ${h.toFixed(0)} ms, platform ${p.toFixed(0)} ms`);
    }
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nApps, example inputs, 1 core, median of ${RUNS} (ms):\n`);
  console.log("| app | code version | by hand (bash job.sh) | platform (CreateTask → succeeded seen) | overhead | ratio |");
  console.log("|---|---|---:|---:|---:|---:|");
  for (const r of rows) console.log(r);
}

await main();
