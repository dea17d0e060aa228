/**
 * Compute task benchmarks (issue 4), on PGlite and, when a server answers, on PostgreSQL, in one run:
 *  1. task overhead: trivial carburizing tasks (21 nodes × 10 steps, solver time negligible) submitted one
 *     after another through CalculateTask/CreateTask and watched with GetTask; p50/p95 of submit → running and
 *     submit → succeeded as the client sees them, the same intervals from the task's own timestamps, and the
 *     solver's time from its log; beside it the process start cost (node + tsx, and the solver CLI whole,
 *     through tsx and as the bundle jobs run);
 *  2. API throughput while both compute slots run long carburizing tasks: closed-loop load on cheap
 *     authenticated calls, against the same load with no task running.
 * The API runs as a child process in production mode with COMPUTE_SLOTS=2, as `npm run start:api` would.
 * Usage: npm run bench:tasks [-- --tasks 30 --seconds 10 --connections 16]
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { cliBundle } from "../api/compute/cli-bundle.ts";
import { renderCarburizingDeck, solveCarburizing, validateCarburizingParams } from "../solvers/diffusion/index.ts";
import { apiCall as call, startApiProcess } from "./api-process.ts";
import { load, percentile, type LoadResult } from "./load.ts";
import { smsLogin } from "./sms-login.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const TASKS = arg("tasks", 30);
const SECONDS = arg("seconds", 10);
const CONNECTIONS = arg("connections", 16);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ADMIN_MOBILE = "13800000001";
const BASE_PORT = 5990;

/** Solver time negligible: what is left is the platform's own overhead. */
const TRIVIAL = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 1, depthMm: 2, nodes: 21, steps: 10, diffusivity: "constant" as const };
/** Minutes of solver time on two cores: only ever cancelled. */
const LONG = { ...TRIVIAL, timeH: 2, depthMm: 3, nodes: 2001, steps: 200_000, diffusivity: "tibbetts" as const };
/** Cheap authenticated calls: the task list (a join on compute_tasks) and the unread count every page asks. */
const CALLS = ["CalculateTask/GetCalculateTaskOrderBase", "SysMessage/GetNoReadMessageCount"];

const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const SOLVER_CLI = fileURLToPath(new URL("../solvers/diffusion/cli.ts", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "–");

async function pgSchema(): Promise<{ url: string; drop(): Promise<void> } | null> {
  try {
    const { default: pg } = await import("pg");
    const schema = `bench_tasks_${crypto.randomBytes(4).toString("hex")}`;
    const run = async (sql: string) => {
      const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
      await c.connect();
      await c.query(sql);
      await c.end();
    };
    await run(`create schema ${schema}`);
    const u = new URL(PG_URL);
    u.searchParams.set("options", `-c search_path=${schema}`);
    return { url: u.toString(), drop: () => run(`drop schema ${schema} cascade`) };
  } catch {
    return null;
  }
}

interface TaskView {
  id: string;
  status: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

/** One trivial task, watched by polling GetTask every 5 ms (one client, so the polling barely loads the API). */
async function oneTask(base: string, token: string) {
  const t0 = performance.now();
  const { taskId } = await call(base, "CalculateTask/CreateTask", token, { appId: "carburizing", mode: "graphical", params: TRIVIAL, resources: { cores: 1, walltimeMin: 5 } });
  const submitted = performance.now() - t0;
  let running = NaN;
  let view: TaskView;
  for (;;) {
    view = await call(base, "CalculateTask/GetTask", token, undefined, { id: taskId });
    const at = performance.now() - t0;
    if (view.status !== "queued" && Number.isNaN(running)) running = at;
    if (["succeeded", "failed", "cancelled"].includes(view.status)) {
      if (view.status !== "succeeded") throw new Error(`task ${taskId} ${view.status}: ${view.error}`);
      const log: { text: string } = await call(base, "CalculateTask/GetTaskLog", token, undefined, { id: taskId });
      const solverS = Number(/done in ([\d.]+) s/.exec(log.text)?.[1] ?? NaN);
      const created = Date.parse(view.createdAt);
      return {
        submitted,
        running,
        done: at,
        queuedMs: Date.parse(view.startedAt!) - created,
        runMs: Date.parse(view.finishedAt!) - Date.parse(view.startedAt!),
        solverMs: solverS * 1000,
      };
    }
    if (at > 60_000) throw new Error(`task ${taskId} still ${view.status} after a minute`);
    await sleep(5);
  }
}

/** What a job pays before the solver runs: node with the tsx loader, and the solver CLI on the trivial deck. */
function startCost(runs = 5) {
  const time = (args: string[], cwd?: string) => {
    const t0 = performance.now();
    execFileSync(process.execPath, args, { cwd, stdio: "ignore" });
    return performance.now() - t0;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-cli-"));
  try {
    fs.writeFileSync(path.join(dir, "carburize.in"), renderCarburizingDeck(validateCarburizingParams(TRIVIAL)));
    time(["--import", TSX, SOLVER_CLI, "carburize.in"], dir); // warm tsx's transform cache, as a running platform has
    const rows = [
      { what: "node -e 0", ms: median(Array.from({ length: runs }, () => time(["-e", "0"]))) },
      { what: "node --import tsx -e 0", ms: median(Array.from({ length: runs }, () => time(["--import", TSX, "-e", "0"]))) },
      { what: "solver CLI on the trivial deck through tsx (node + tsx + solver + result.json)", ms: median(Array.from({ length: runs }, () => time(["--import", TSX, SOLVER_CLI, "carburize.in"], dir))) },
    ];
    // What jobs run now (api/compute/cli-bundle.ts): the CLI bundled into one plain ES module.
    const bundle = cliBundle(SOLVER_CLI);
    if (bundle) rows.push({ what: "the same, bundled (node + bundle + solver + result.json), as jobs run it", ms: median(Array.from({ length: runs }, () => time([bundle, "carburize.in"], dir))) });
    const params = validateCarburizingParams(TRIVIAL);
    solveCarburizing(params);
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) solveCarburizing(params);
    rows.push({ what: "solveCarburizing in process (21 nodes × 10 steps)", ms: (performance.now() - t0) / 100 });
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface BackendResult {
  backend: string;
  tasks: Array<Awaited<ReturnType<typeof oneTask>>>;
  loads: Array<{ call: string; busy: boolean; r: LoadResult }>;
}

async function runBackend(name: string, port: number, env: Record<string, string>): Promise<BackendResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-tasks-"));
  const api = await startApiProcess(port, dataDir, { COMPUTE_SLOTS: "2", ...env });
  try {
    const { token } = await smsLogin(api.base, dataDir, ADMIN_MOBILE);
    process.stderr.write(`${name}: ${TASKS} trivial tasks…\n`);
    await oneTask(api.base, token); // warm-up: first queries, first job
    const tasks = [];
    for (let i = 0; i < TASKS; i++) tasks.push(await oneTask(api.base, token));

    const headers = { xteam: "xteam", AuthorizationToken: token };
    const measure = async (busy: boolean) => {
      const out = [];
      for (const c of CALLS) {
        await call(api.base, c, token); // answers 200 in the envelope, not only in HTTP
        await load(`${api.base}/api/${c}`, { connections: 4, seconds: 0.5, headers });
        out.push({ call: c, busy, r: await load(`${api.base}/api/${c}`, { connections: CONNECTIONS, seconds: SECONDS, headers }) });
      }
      return out;
    };
    process.stderr.write(`${name}: load with idle slots…\n`);
    const loads = await measure(false);

    process.stderr.write(`${name}: load with both slots busy…\n`);
    const long = await Promise.all(
      [0, 1].map(async () => (await call(api.base, "CalculateTask/CreateTask", token, { appId: "carburizing", mode: "graphical", params: LONG, resources: { cores: 1, walltimeMin: 10 } })).taskId as string),
    );
    const statuses = async () => Promise.all(long.map(async (id) => ((await call(api.base, "CalculateTask/GetTask", token, undefined, { id })) as TaskView).status));
    for (let i = 0; (await statuses()).some((s) => s !== "running"); i++) {
      if (i > 200) throw new Error("long tasks did not start");
      await sleep(50);
    }
    await sleep(500); // past node start-up: the solvers are computing
    loads.push(...(await measure(true)));
    const after = await statuses();
    if (after.some((s) => s !== "running")) throw new Error(`a long task ended during the load: ${after.join(", ")}`);
    for (const id of long) await call(api.base, "CalculateTask/CancelTask", token, { id });
    return { backend: name, tasks, loads };
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = performance.now();
  process.stderr.write("process start cost…\n");
  const start = startCost();
  const results: BackendResult[] = [await runBackend("pglite", BASE_PORT, {})];
  const pg = await pgSchema();
  if (pg) {
    try {
      results.push(await runBackend("postgres", BASE_PORT + 1, { DATABASE_URL: pg.url }));
    } finally {
      await pg.drop();
    }
  } else console.log("(no PostgreSQL server answers: PGlite only)");

  console.log(`\nProcess start cost, median of 5 (node ${process.version}, ${os.availableParallelism()} cores)`);
  console.log("| what | ms |");
  console.log("|---|---:|");
  for (const r of start) console.log(`| ${r.what} | ${fmt(r.ms, r.ms < 10 ? 2 : 0)} |`);

  console.log(`\nTask overhead: ${TASKS} trivial carburizing tasks (${TRIVIAL.nodes} nodes × ${TRIVIAL.steps} steps) one after another, COMPUTE_SLOTS=2; ms, p50 / p95`);
  console.log("| backend | CreateTask call | submit → running (seen) | submit → succeeded (seen) | created → started (task row) | started → finished (task row) | solver (its log, 10 ms steps) |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const b of results) {
    const col = (k: keyof BackendResult["tasks"][number]) => {
      const xs = b.tasks.map((t) => t[k]).filter(Number.isFinite).sort((x, y) => x - y);
      return `${fmt(percentile(xs, 50))} / ${fmt(percentile(xs, 95))}`;
    };
    console.log(`| ${b.backend} | ${col("submitted")} | ${col("running")} | ${col("done")} | ${col("queuedMs")} | ${col("runMs")} | ${col("solverMs")} |`);
  }

  console.log(`\nAPI throughput, ${CONNECTIONS} connections closed loop, ${SECONDS} s each, admin's token; idle = no task running, busy = two long carburizing tasks in both slots`);
  console.log("| backend | call | slots | req/s | p50 ms | p95 ms | p99 ms | errors | req/s busy ÷ idle |");
  console.log("|---|---|---|---:|---:|---:|---:|---:|---:|");
  for (const b of results) {
    for (const c of CALLS) {
      const idle = b.loads.find((l) => l.call === c && !l.busy)!.r;
      for (const l of b.loads.filter((x) => x.call === c)) {
        const ratio = l.busy ? fmt(l.r.rps / idle.rps, 2) : "";
        console.log(`| ${b.backend} | ${c} | ${l.busy ? "busy" : "idle"} | ${fmt(l.r.rps)} | ${fmt(l.r.p50, 1)} | ${fmt(l.r.p95, 1)} | ${fmt(l.r.p99, 1)} | ${l.r.errors} | ${ratio} |`);
      }
    }
  }
  console.log(`\n(whole bench ${fmt((performance.now() - started) / 1000)} s)`);
}

await main();
process.exit(0);
