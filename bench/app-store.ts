/**
 * App store benchmark (docs/app-store.md), on PGlite (and with `--postgres` also on a throw-away schema of the
 * PostgreSQL server at BENCH_DATABASE_URL, side by side), through the API of a started platform (production
 * build: run `npm run build` first):
 *  1. sandbox overhead: one trivial python3 app (reads params.json, writes one scalar to result.json) run
 *     RUNS times each, interleaved: plain `/usr/bin/python3 main.py` spawned by the bench, the same script through
 *     runSandboxed in the bench process, and the whole task path (CalculateTask/CreateTask of the published
 *     store version `store:<id>@<version>` → succeeded, seen by polling GetTask), with the task path split by the
 *     task row's timestamps and the sandbox's own time inside the job (its app-run.json);
 *  2. MaterialAPP/UploadPackage of a package just under the 20 MiB limit (random, incompressible data), a new
 *     version each time: the call's time is the read, the checks and the start of the test run;
 *  3. the store with 1,000 published apps (written into the database before the platform starts, as
 *     bench/testdata.ts does, since PGlite has one process only): GetStore newest, most used, by keyword and by
 *     category, GetApp of a random app, and the web page /steelAppDashboard/index (one GetStore call with its shelves).
 * Usage: npm run bench:appstore [-- --runs 30 --calls 200 --page-calls 50 --uploads 5 --apps 1000 --postgres]
 */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../api/config.ts";
import { openDb } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { DEMO_USERS, seed } from "../api/db/seed.ts";
import "../api/modules/index.ts";
import { versionDir } from "../api/modules/appStore/app-definition.ts";
import { PACKAGE_LIMITS } from "../api/modules/appStore/package.ts";
import { runSandboxed, sandboxProblem } from "../api/modules/appStore/sandbox.ts";
import { writeZip, type ZipSpec } from "../api/modules/appStore/test-archives.ts";
import { COMPUTE_CATEGORIES } from "../api/modules/compute/categories.ts";
import type { VersionView } from "../common/app-store.ts";
import { apiCall } from "./api-process.ts";
import { percentile, timed } from "./load.ts";
import { killAll, pgSchemaUrl, PG_URL, sessionCookie, settled, startPlatform, type Platform } from "./platform.ts";
import { smsLogin } from "./sms-login.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("runs", 30);
const CALLS = arg("calls", 200);
const PAGE_CALLS = arg("page-calls", 50);
const UPLOADS = arg("uploads", 5);
const APPS = arg("apps", 1000);
const POSTGRES = process.argv.includes("--postgres");
/** A short poll, as bench/tasks.ts uses: one client, so the polling barely loads the API. */
const POLL_MS = 5;
/** The interpreter the sandbox runs (`/usr/bin/python3 -B`); PATH's python3 may be a pyenv shim, a bash script. */
const PYTHON = "/usr/bin/python3";
const MiB = 1024 * 1024;
const EXAMPLE = path.resolve("api/modules/appStore/examples/ms-bs");

// The PGlite column must be PGlite whatever the shell exports: the platform inherits this environment.
delete process.env.DATABASE_URL;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "–");
const sorted = (xs: number[]) => xs.filter(Number.isFinite).sort((a, b) => a - b);
const p50p95 = (xs: number[], d = 0) => {
  const s = sorted(xs);
  return `${fmt(percentile(s, 50), d)} / ${fmt(percentile(s, 95), d)}`;
};
const mobileOf = (name: string) => `1380000000${DEMO_USERS.findIndex((u) => u.name === name) + 1}`;

/** Temp dirs not removed yet: removed at exit too, however the run ends (the packages are 20 MiB each). */
const tempDirs = new Set<string>();
const removeDir = (d: string) => {
  fs.rmSync(d, { recursive: true, force: true });
  tempDirs.delete(d);
};
process.on("exit", () => [...tempDirs].forEach(removeDir));
/** As root the sandbox runs as a uid of its own, which must be able to search every folder above its dirs. */
const tempDir = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(d, 0o711);
  tempDirs.add(d);
  return d;
};

// ---------------------------------------------------------------------------------------------------------------
// The apps

const SCRIPT = `import json\nwith open("params.json") as f:\n    p = json.load(f)\nwith open("result.json", "w") as f:\n    json.dump({"y": p["x"] * 2}, f)\n`;

function manifestOf(id: string, version: string) {
  return {
    id,
    version,
    names: { zh: `基准 ${id}`, en: `Bench ${id}` },
    descriptions: { zh: "把 x 乘以 2。", en: "Multiplies x by 2." },
    category: "Other",
    inputs: [{ name: "x", kind: "integer", label: { zh: "输入", en: "Input" }, min: 0, max: 1000, default: 21 }],
    runtime: "python3",
    command: "main.py",
    resources: { cores: 1, memoryMiB: 128, walltimeMin: 1 },
    outputs: [{ name: "y", kind: "scalar", label: { zh: "结果", en: "Result" } }],
    example: { x: 21 },
    license: "MIT",
    authors: ["基准测试"],
    changelog: `${version}: bench.`,
    tags: ["bench"],
  };
}

const packageEntries = (id: string, version: string, data?: Buffer): ZipSpec[] => [
  { name: "ferrum-app.json", body: JSON.stringify(manifestOf(id, version)) },
  { name: "main.py", body: SCRIPT },
  ...(data ? [{ name: "data.bin", body: data }] : []),
];

/**
 * UPLOADS zips of the large app, versions 1.0.0…, each just under the upload limit. Random bytes do not deflate,
 * so the zip is the data plus deflate's stored-block headers and the zip's own; the margin leaves room for both.
 */
async function largePackages(dir: string): Promise<string[]> {
  const data = crypto.randomBytes(PACKAGE_LIMITS.maxCompressedBytes - 64 * 1024);
  const files: string[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const file = path.join(dir, `bench-large-1.0.${i}.zip`);
    await writeZip(file, packageEntries("bench-large", `1.0.${i}`, data));
    const size = fs.statSync(file).size;
    if (size > PACKAGE_LIMITS.maxCompressedBytes) throw new Error(`${file} is ${size} bytes, over the ${PACKAGE_LIMITS.maxCompressedBytes} limit`);
    files.push(file);
  }
  return files;
}

// ---------------------------------------------------------------------------------------------------------------
// The 1,000 apps, written before the platform starts

/** Topics for names and tags: a keyword search for one of them finds about a tenth of the apps. */
const TOPICS = [
  { zh: "扩散", en: "Diffusion", tags: ["diffusion", "carburizing"] },
  { zh: "相图", en: "Phase diagram", tags: ["phase", "calphad"] },
  { zh: "析出", en: "Precipitation", tags: ["precipitation", "kinetics"] },
  { zh: "焊接", en: "Welding", tags: ["welding", "heat-input"] },
  { zh: "轧制", en: "Rolling", tags: ["rolling", "fem"] },
  { zh: "凝固", en: "Solidification", tags: ["solidification", "casting"] },
  { zh: "疲劳", en: "Fatigue", tags: ["fatigue", "s-n"] },
  { zh: "淬透性", en: "Hardenability", tags: ["hardenability", "jominy"] },
  { zh: "蠕变", en: "Creep", tags: ["creep", "larson-miller"] },
  { zh: "腐蚀", en: "Corrosion", tags: ["corrosion", "pren"] },
];
const KEYWORD = "diffusion";
/** The store page's own page size (its PAGE_SIZE): the API's default of 10 is not what a browsing user costs. */
const STORE_PAGE = "24";
const CATEGORY = "Spread";

/**
 * APPS published apps as one statement (a data-modifying CTE fills both tables), each a copy of the shipped
 * ms-bs manifest with its own id, names, category and tags, and that example's README as its documentation,
 * so GetApp renders a real page. Published a minute apart, so "newest" has an order to follow.
 */
async function prepare(dataDir: string, databaseUrl?: string): Promise<{ prepareS: number; insertMs: number }> {
  const t0 = performance.now();
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "1", ADMIN_PASSWORD: "Bench-Admin-2026", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
    await seed(db, config);
    const [owner] = await db.query<{ id: string; name: string }>(`select id, real_name as name from users where name = 'inside'`);
    const [admin] = await db.query<{ name: string }>(`select real_name as name from users where name = 'admin'`);
    const base = JSON.parse(fs.readFileSync(path.join(EXAMPLE, "ferrum-app.json"), "utf8"));
    const readme = fs.readFileSync(path.join(EXAMPLE, base.docs), "utf8");
    const now = Date.now();
    const rows = Array.from({ length: APPS }, (_, i) => {
      const topic = TOPICS[i % TOPICS.length];
      const id = `bench-app-${String(i).padStart(4, "0")}`;
      const version = `1.${i % 4}.0`;
      const manifest = {
        ...base,
        id,
        version,
        names: { zh: `${topic.zh}计算 ${i}`, en: `${topic.en} tool ${i}`, es: `${topic.en} ${i}`, ja: `${topic.zh}計算 ${i}` },
        category: COMPUTE_CATEGORIES[i % COMPUTE_CATEGORIES.length].category,
        tags: [...topic.tags, `group-${i % 7}`],
      };
      return { id, version, manifest, published_at: new Date(now - (APPS - i) * 60_000).toISOString(), sha: crypto.createHash("sha256").update(id).digest("hex") };
    });
    for (const r of rows) {
      const root = path.join(versionDir(dataDir, r.id, r.version), "seed");
      fs.mkdirSync(root, { recursive: true, mode: 0o755 });
      fs.writeFileSync(path.join(root, base.docs), readme);
    }
    const tInsert = performance.now();
    await db.query(
      `with x as (select * from jsonb_to_recordset($1::jsonb) as x(id text, version text, manifest jsonb, published_at timestamptz, sha text)),
            apps as (insert into store_apps (id, owner_id, owner_name, created_at) select id, $2, $3, published_at from x)
       insert into store_app_versions (app_id, version, state, manifest, file_name, package_file, package_root, package_bytes, package_sha256, files, uploaded_by, uploaded_by_name,
         uploaded_at, submitted_at, reviewed_by_name, reviewed_at, published_at)
       select id, version, 'published', manifest, id || '-' || version || '.zip', 'seed.zip', 'seed', 12000, sha, $4::jsonb, $2, $3, published_at, published_at, $5, published_at, published_at from x`,
      [
        JSON.stringify(rows),
        owner.id,
        owner.name,
        JSON.stringify([
          { path: "ferrum-app.json", bytes: 6000 },
          { path: "main.py", bytes: 9000 },
          { path: base.docs, bytes: readme.length },
        ]),
        admin.name,
      ],
    );
    return { prepareS: (performance.now() - t0) / 1000, insertMs: performance.now() - tInsert };
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

interface TaskView {
  id: string;
  status: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  result: { scalars: Array<{ key: string; value: number }> } | null;
}

async function uploadPackage(platform: Platform, token: string, file: string): Promise<{ ms: number; view: VersionView }> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(fs.readFileSync(file))]), path.basename(file));
  const t0 = performance.now();
  const res = await fetch(`${platform.api}/api/MaterialAPP/UploadPackage`, { method: "POST", body: form, headers: { xteam: "xteam", AuthorizationToken: token } });
  const env = await res.json();
  const ms = performance.now() - t0;
  if (env.status !== 200) throw new Error(`UploadPackage ${path.basename(file)}: ${env.status} ${env.msg} ${JSON.stringify(env.returnData?.Problems ?? "")}`);
  return { ms, view: env.returnData };
}

/** A version once its test run ended; throws unless it passed. */
async function tested(platform: Platform, token: string, id: string): Promise<VersionView> {
  const end = Date.now() + 60_000;
  for (;;) {
    const v: VersionView = await apiCall(platform.api, "MaterialAPP/GetAppVersion", token, undefined, { id });
    if (v.State !== "testing") {
      if (v.State !== "tested") throw new Error(`test run of ${v.AppId}@${v.Version}: ${v.State} ${v.TestError ?? ""}`);
      return v;
    }
    if (Date.now() > end) throw new Error(`test run of ${v.AppId}@${v.Version} still running after a minute`);
    await sleep(POLL_MS);
  }
}

/** The trivial app through the whole store path: upload, its test run, submit (author), publish (administrator). */
async function publishTrivial(platform: Platform, author: string, admin: string, dir: string): Promise<string> {
  const file = path.join(dir, "bench-trivial-1.0.0.zip");
  await writeZip(file, packageEntries("bench-trivial", "1.0.0"));
  const { view } = await uploadPackage(platform, author, file);
  const v = await tested(platform, author, view.Id);
  const sent: VersionView = await apiCall(platform.api, "MaterialAPP/SubmitForReview", author, { Id: v.Id, RowVersion: v.RowVersion });
  const done: VersionView = await apiCall(platform.api, "MaterialAPP/Review", admin, { Id: v.Id, RowVersion: sent.RowVersion, Decision: "publish", Comment: "bench" });
  if (done.State !== "published") throw new Error(`bench-trivial: ${done.State} after publishing`);
  return `store:${v.AppId}@${v.Version}`;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Sandbox overhead

interface SandboxSample {
  plain: number;
  sandboxed: number;
  createCall: number;
  task: number;
  queued: number;
  job: number;
  inJob: number;
}

/** A fresh work dir with the params the task path gets, for one plain or sandboxed run. */
function workDir(root: string, x: number): string {
  const d = fs.mkdtempSync(path.join(root, "w-"));
  fs.chmodSync(d, 0o755);
  fs.writeFileSync(path.join(d, "params.json"), JSON.stringify({ x }));
  return d;
}

const resultOf = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, "result.json"), "utf8")) as { y: number }).y;

async function plainRun(appDir: string, dir: string, x: number): Promise<number> {
  const t0 = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const p = spawn(PYTHON, [path.join(appDir, "main.py")], { cwd: dir, stdio: "ignore" });
    p.on("error", reject);
    p.on("close", resolve);
  });
  const y = resultOf(dir);
  const ms = performance.now() - t0;
  if (code !== 0 || y !== 2 * x) throw new Error(`plain python3: exit ${code}, y ${y}`);
  return ms;
}

async function sandboxedRun(appDir: string, dir: string, x: number): Promise<number> {
  const t0 = performance.now();
  // As run-cli.ts starts it for a task of this manifest (timeout 10 s under the walltime).
  const run = await runSandboxed({ workDir: dir, appDir, runtime: "python3", command: "main.py", resources: { cores: 1, memoryMiB: 128, walltimeMin: 1 }, timeoutMs: 50_000 });
  const y = run.reason === "ok" ? resultOf(dir) : NaN;
  const ms = performance.now() - t0;
  if (y !== 2 * x) throw new Error(`runSandboxed: ${run.reason}, exit ${run.exitCode}: ${fs.readFileSync(run.stderrPath, "utf8").slice(0, 500)}`);
  return ms;
}

/** CreateTask → succeeded as the client sees it, polled every POLL_MS; then, untimed, the task's own account. */
async function taskRun(platform: Platform, token: string, appId: string, x: number) {
  const t0 = performance.now();
  const { taskId } = await apiCall(platform.api, "CalculateTask/CreateTask", token, { appId, mode: "graphical", params: { x } });
  const createCall = performance.now() - t0;
  let view: TaskView;
  for (;;) {
    view = await apiCall(platform.api, "CalculateTask/GetTask", token, undefined, { id: taskId });
    if (["succeeded", "failed", "cancelled"].includes(view.status)) break;
    if (performance.now() - t0 > 60_000) throw new Error(`task ${taskId} still ${view.status} after a minute`);
    await sleep(POLL_MS);
  }
  const task = performance.now() - t0;
  const y = view.result?.scalars.find((s) => s.key === "y")?.value;
  if (view.status !== "succeeded" || y !== 2 * x) throw new Error(`task ${taskId} ${view.status} (y ${y}): ${view.error}`);
  const res = await fetch(`${platform.api}/api/CalculateTask/GetTaskFile?${new URLSearchParams({ id: taskId, path: "app-run.json" })}`, { headers: { xteam: "xteam", AuthorizationToken: token } });
  const inJob = res.ok ? Number((await res.json()).durationMs) : NaN;
  return {
    createCall,
    task,
    queued: Date.parse(view.startedAt!) - Date.parse(view.createdAt),
    job: Date.parse(view.finishedAt!) - Date.parse(view.startedAt!),
    inJob,
  };
}

/**
 * The three kinds interleaved, in an order that turns each round, so machine noise and whatever one run leaves
 * behind (the API still settling after a task, a warm page cache) fall on all of them alike.
 */
async function sandboxOverhead(platform: Platform, token: string, appId: string, root: string): Promise<SandboxSample[]> {
  const appDir = path.join(root, "app");
  fs.mkdirSync(appDir, { mode: 0o755 });
  fs.writeFileSync(path.join(appDir, "main.py"), SCRIPT, { mode: 0o644 });
  const one = async (round: number): Promise<SandboxSample> => {
    const x = round + 1;
    const s = {} as SandboxSample;
    const kinds = [
      async () => (s.plain = await plainRun(appDir, workDir(root, x), x)),
      async () => (s.sandboxed = await sandboxedRun(appDir, workDir(root, x), x)),
      async () => Object.assign(s, await taskRun(platform, token, appId, x)),
    ];
    for (let k = 0; k < kinds.length; k++) await kinds[(round + k) % kinds.length]();
    return s;
  };
  await one(0); // warm-up: python's files in the page cache, the job bundle built, the first queries planned
  const samples: SandboxSample[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await one(i));
  return samples;
}

// ---------------------------------------------------------------------------------------------------------------
// One backend

interface Result {
  backend: string;
  prepareS: number;
  insertMs: number;
  startS: number;
  sandbox: SandboxSample[];
  uploads: Array<{ ms: number; testMs: number; bytes: number }>;
  store: Array<{ name: string; matches: number | string; p50: number; p95: number }>;
}

async function run(backend: string, packages: string[], databaseUrl?: string): Promise<Result> {
  const dataDir = tempDir("ferrum-bench-appstore-");
  const work = tempDir("ferrum-bench-appstore-work-");
  let platform: Platform | null = null;
  try {
    process.stderr.write(`${backend}: migrate, seed and ${APPS} store apps…\n`);
    const { prepareS, insertMs } = await prepare(dataDir, databaseUrl);
    const tStart = performance.now();
    platform = await startPlatform(process.cwd(), databaseUrl, dataDir);
    const startS = (performance.now() - tStart) / 1000;
    const admin = await sessionCookie(platform);
    const author = await smsLogin(platform.api, dataDir, mobileOf("inside"));

    process.stderr.write(`${backend}: publishing the trivial app…\n`);
    const appId = await publishTrivial(platform, author.token, admin.token, work);
    await settled(platform);
    process.stderr.write(`${backend}: ${RUNS} × plain, runSandboxed and the task path…\n`);
    const sandbox = await sandboxOverhead(platform, admin.token, appId, work);

    process.stderr.write(`${backend}: ${UPLOADS} uploads of ${fmt(fs.statSync(packages[0]).size / MiB, 2)} MiB…\n`);
    await settled(platform);
    const uploads: Result["uploads"] = [];
    for (const file of packages) {
      const { ms, view } = await uploadPackage(platform, author.token, file);
      // Not part of the call's time: the next upload starts on a quiet API, as the first did.
      const t0 = performance.now();
      await tested(platform, author.token, view.Id);
      uploads.push({ ms, testMs: performance.now() - t0, bytes: fs.statSync(file).size });
    }

    process.stderr.write(`${backend}: the store, ${CALLS} calls each…\n`);
    await settled(platform);
    const store: Result["store"] = [];
    const storeCalls: Array<[string, Record<string, string>]> = [
      ["GetStore, no filter (newest)", { pageSize: STORE_PAGE }],
      ["GetStore, no filter, with the three shelves (the store page's one call)", { pageSize: STORE_PAGE, shelves: "8" }],
      ["GetStore sort=used", { sort: "used", pageSize: STORE_PAGE }],
      [`GetStore keyword=${KEYWORD}`, { keyword: KEYWORD, pageSize: STORE_PAGE }],
      [`GetStore category=${CATEGORY}`, { category: CATEGORY, pageSize: STORE_PAGE }],
    ];
    for (const [name, query] of storeCalls) {
      const call = () => apiCall(platform!.api, "MaterialAPP/GetStore", admin.token, undefined, query);
      const { total } = await call();
      store.push({ name, matches: total, ...(await timed(CALLS, call)) });
    }
    // A different app each call, the same sequence on every backend.
    let seedN = 1;
    const randomApp = () => `bench-app-${String((seedN = (seedN * 48271) % 2147483647) % APPS).padStart(4, "0")}`;
    store.push({
      name: "GetApp, a random app (its README rendered)",
      matches: "1",
      ...(await timed(CALLS, async () => {
        const a = await apiCall(platform!.api, "MaterialAPP/GetApp", admin.token, undefined, { id: randomApp() });
        if (!a.DocsHtml) throw new Error(`GetApp ${a.AppId}: no documentation`);
      })),
    });
    const page = async () => {
      const res = await fetch(`${platform!.base}/steelAppDashboard/index`, { headers: { cookie: admin.cookie } });
      const html = await res.text();
      if (res.status !== 200 || !html.includes("bench-app-")) throw new Error(`/steelAppDashboard/index: HTTP ${res.status}`);
    };
    store.push({ name: "web page /steelAppDashboard/index (one GetStore call)", matches: "", ...(await timed(PAGE_CALLS, page)) });
    return { backend, prepareS, insertMs, startS, sandbox, uploads, store };
  } finally {
    // stop() removes the data dir once the platform exited; not when the platform never came up.
    await platform?.stop();
    removeDir(dataDir);
    removeDir(work);
  }
}

// ---------------------------------------------------------------------------------------------------------------

function table(title: string, cols: string[], rows: Array<[string, string[]]>) {
  console.log(`\n## ${title}\n`);
  console.log(`| | ${cols.join(" | ")} |\n|---|${cols.map(() => "---:|").join("")}`);
  for (const [name, cells] of rows) console.log(`| ${name} | ${cells.join(" | ")} |`);
}

async function main() {
  const started = performance.now();
  const problem = sandboxProblem();
  if (problem) throw new Error(`no sandbox here: ${problem}`);
  const packageDir = tempDir("ferrum-bench-appstore-pkg-");
  process.stderr.write(`writing ${UPLOADS} packages…\n`);
  const packages = await largePackages(packageDir);

  const results = [await run("PGlite", packages)];
  if (POSTGRES) {
    const pg = await pgSchemaUrl();
    if (!pg) console.log(`(--postgres: no PostgreSQL server answered at ${PG_URL}: PGlite only)`);
    else {
      try {
        results.push(await run("PostgreSQL", packages, pg.url));
      } finally {
        await pg.drop();
      }
    }
  }
  const cols = results.map((r) => r.backend);
  const tool = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { encoding: "utf8" }).trim().split("\n")[0];
    } catch {
      return "?";
    }
  };
  console.log(`\n# App store bench\n`);
  console.log(
    `node ${process.version}, ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? "?"}), Linux ${os.release()}, ${tool(PYTHON, ["--version"])}, ${tool("bwrap", ["--version"])}; backends: ${cols.join(", ")}`,
  );
  console.log(
    `set-up: ${results.map((r) => `${r.backend} migrate + seed + ${APPS} apps ${fmt(r.prepareS, 1)} s (the insert ${fmt(r.insertMs)} ms), platform start ${fmt(r.startS, 1)} s`).join("; ")}`,
  );

  const col = (pick: (s: SandboxSample) => number) => results.map((r) => p50p95(r.sandbox.map(pick), 1));
  const diff = (a: (s: SandboxSample) => number, b: (s: SandboxSample) => number) => results.map((r) => fmt(percentile(sorted(r.sandbox.map(a)), 50) - percentile(sorted(r.sandbox.map(b)), 50), 1));
  table(`1. Sandbox overhead: a trivial python3 app, ${RUNS} runs each, interleaved; ms, p50 / p95`, cols, [
    [`plain: \`${PYTHON} main.py\` spawned by the bench (spawn → exit → result.json read)`, col((s) => s.plain)],
    ["sandboxed: runSandboxed in the bench process (nice + bwrap + prlimit, same script, result.json read)", col((s) => s.sandboxed)],
    ["task path: CreateTask of `store:bench-trivial@1.0.0` → succeeded seen by GetTask (5 ms polls)", col((s) => s.task)],
    ["… of which the CreateTask call", col((s) => s.createCall)],
    ["… created → started (task row)", col((s) => s.queued)],
    ["… started → finished (task row: the job, node run-cli + sandbox + parsing)", col((s) => s.job)],
    ["… the sandbox inside the job (its app-run.json durationMs)", col((s) => s.inJob)],
    [
      "… the job outside the sandbox: started → finished − the sandbox inside, p50",
      diff(
        (s) => s.job,
        (s) => s.inJob,
      ),
    ],
    [
      "sandbox's own cost: sandboxed − plain, p50",
      diff(
        (s) => s.sandboxed,
        (s) => s.plain,
      ),
    ],
    [
      "task path's cost around the sandbox: task path − sandboxed, p50",
      diff(
        (s) => s.task,
        (s) => s.sandboxed,
      ),
    ],
  ]);

  table(
    `2. UploadPackage of a ${fmt(results[0].uploads[0].bytes / MiB, 2)} MiB zip (limit ${PACKAGE_LIMITS.maxCompressedBytes / MiB} MiB; random data), ${UPLOADS} new versions; ms, p50 / p95`,
    cols,
    [
      ["UploadPackage call (send, read, checks, test run started)", results.map((r) => p50p95(r.uploads.map((u) => u.ms)))],
      ["… as MB/s (10⁶ bytes), p50", results.map((r) => fmt(r.uploads[0].bytes / 1e3 / percentile(sorted(r.uploads.map((u) => u.ms)), 50), 1))],
      ["answered → test run ended (not in the call's time)", results.map((r) => p50p95(r.uploads.map((u) => u.testMs)))],
    ],
  );

  console.log(
    `\n## 3. The store with ${APPS.toLocaleString("en")} published apps; ${CALLS} calls each (${PAGE_CALLS} for the page) after up to 20 warm-up calls, one at a time, admin's token, GetStore pages of ${STORE_PAGE} as the page asks; ms\n`,
  );
  console.log(`| call | matches | ${cols.map((c) => `${c} p50 / p95`).join(" | ")} |\n|---|---:|${cols.map(() => "---:|").join("")}`);
  results[0].store.forEach((c, i) => console.log(`| ${c.name} | ${c.matches} | ${results.map((r) => `${fmt(r.store[i].p50, 1)} / ${fmt(r.store[i].p95, 1)}`).join(" | ")} |`));
  console.log(`\n(whole bench ${fmt((performance.now() - started) / 1000)} s)`);
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(killAll);
