/**
 * Page benchmarks, side by side in one run (docs/decisions.md, 10):
 *  1. server render time of each page at one connection (p50/p95, the API calls behind it included), then
 *     throughput at 16 connections, with the admin logged in for pages behind login; on the embedded PGlite and,
 *     when a server answers, on PostgreSQL; with the CPU time each process spends per page (where the time goes:
 *     the web's render or the API and its database) and the platform's resident memory (web + API) after the load;
 *  2. the JavaScript each page makes the browser load before it is usable, measured in Chromium.
 * With `--baseline <git ref>` the same runs are made against that commit too (built in a temporary worktree),
 * page by page in turns, so both columns see the same machine at the same time.
 * Usage: npm run bench [-- --baseline HEAD~5 --seconds 5 --connections 16]
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { apiCall } from "./api-process.ts";
import { load, type LoadResult } from "./load.ts";
import { cpuMs, killAll, pgSchemaUrl, platformPids, rssMiB, sessionCookie, settled, startPlatform, type Platform } from "./platform.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SECONDS = Number(arg("seconds") ?? 5);
const CONNECTIONS = Number(arg("connections") ?? 16);
const BASELINE = arg("baseline");
/**
 * Pages behind login (the API answers user info, menu and counts for each) and public ones (no cookie sent).
 * TASK_PAGE stands for the page of a finished carburizing task, made on each platform before the runs.
 */
const TASK_PAGE = "/steelResearchCompute/computeTaskSource?id=";
const PAGES = ["/computeDynamicRoute/index", "/myInfo/index", "/infoCenter/noticeCenter", "/systemManage/feedback", TASK_PAGE, "/dashboard", "/login"];
const PUBLIC = new Set(["/dashboard", "/login"]);

/** A small carburizing task run to the end, for the task page: its result has plots, scalars and a log. */
async function finishedTask(platform: Platform, token: string): Promise<string> {
  const params = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 1, depthMm: 2, nodes: 101, steps: 200, diffusivity: "constant" };
  const { taskId } = await apiCall(platform.api, "CalculateTask/CreateTask", token, { appId: "carburizing", mode: "graphical", params, resources: { cores: 1, walltimeMin: 5 } });
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    const { status } = await apiCall(platform.api, "CalculateTask/GetTask", token, undefined, { id: taskId });
    if (status === "succeeded") return taskId;
    if (status !== "queued" && status !== "running") throw new Error(`bench task ended ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("bench task did not finish in 2 minutes");
}

interface JsRow {
  page: string;
  scripts: number;
  gzipKiB: number;
  laterGzipKiB: number;
}

/** Scripts until the load event are the page's first load; after it come the lazily loaded islands. */
async function jsBytes(base: string, cookie: string, taskId: string): Promise<JsRow[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const ctx = await browser.newContext();
    const [name, value] = cookie.split(/=(.*)/s);
    await ctx.addCookies([{ name, value, url: base }]);
    const rows: JsRow[] = [];
    const gz = (bs: Buffer[]) => bs.reduce((a, b) => a + zlib.gzipSync(b, { level: 6 }).length, 0) / 1024;
    for (const p of PAGES) {
      const page = await ctx.newPage();
      let loaded = false;
      page.on("load", () => (loaded = true));
      const first: Promise<Buffer>[] = [];
      const later: Promise<Buffer>[] = [];
      page.on("response", (res) => {
        if (res.request().resourceType() !== "script") return;
        (loaded ? later : first).push(res.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(base + (p === TASK_PAGE ? p + taskId : p), { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      const [a, b] = await Promise.all([Promise.all(first), Promise.all(later)]);
      rows.push({ page: p, scripts: a.length, gzipKiB: gz(a), laterGzipKiB: gz(b) });
      await page.close();
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/**
 * First-load JavaScript of every page route, from the build's manifest (the route's module and imports, its
 * parents', and the entry's; the same sum Chromium measures for the pages above): the pages a browser run
 * does not visit are held to the target too.
 */
function routeScripts(dir: string): Array<{ route: string; gzipKiB: number }> {
  const build = path.join(dir, "public/build");
  const file = fs.readdirSync(build).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) return [];
  const src = fs.readFileSync(path.join(build, file), "utf8");
  type Route = { id: string; parentId?: string; module: string; imports?: string[] };
  const manifest = JSON.parse(src.slice(src.indexOf("{"), src.lastIndexOf("}") + 1)) as { entry: { module: string; imports: string[] }; routes: Record<string, Route> };
  const sizes = new Map<string, number>();
  const gzip = (url: string) => {
    if (!sizes.has(url)) sizes.set(url, zlib.gzipSync(fs.readFileSync(path.join(dir, "public", url)), { level: 6 }).length / 1024);
    return sizes.get(url)!;
  };
  return Object.values(manifest.routes)
    .filter((r) => r.id !== "root" && r.id !== "routes/_app")
    .map((r) => {
      const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (let at: Route | undefined = r; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
        urls.add(at.module);
        for (const i of at.imports ?? []) urls.add(i);
      }
      return { route: r.id.replace(/^routes\//, ""), gzipKiB: [...urls].reduce((sum, u) => sum + gzip(u), 0) };
    })
    .sort((a, b) => b.gzipKiB - a.gzipKiB);
}

/** A checkout of `ref` beside this one, built, with its own npm packages when its lock file differs. */
function baselineCheckout(ref: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-baseline-"));
  execFileSync("git", ["worktree", "add", "--detach", dir, ref], { stdio: "ignore" });
  const remove = () => {
    try {
      execFileSync("git", ["worktree", "remove", "--force", dir], { stdio: "ignore" });
    } catch {}
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // node_modules is shared only when both the lock file and the patches applied to it (patches/) are the same.
    const patches = (d: string) => (fs.existsSync(path.join(d, "patches")) ? fs.readdirSync(path.join(d, "patches")).map((f) => fs.readFileSync(path.join(d, "patches", f), "utf8")).join("\n") : "");
    const sameLock = fs.readFileSync(path.join(dir, "package-lock.json"), "utf8") === fs.readFileSync("package-lock.json", "utf8") && patches(dir) === patches(".");
    if (sameLock) fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
    else execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir, stdio: "ignore" });
    execFileSync("npm", ["run", "build"], { cwd: dir, stdio: "ignore" });
  } catch (e) {
    remove();
    throw e;
  }
  return { dir, remove };
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "-");

interface Measured {
  one: LoadResult;
  many: LoadResult;
  /** CPU ms per page at one connection, all threads (GC included), of the web and of the API. */
  cpuWeb: number;
  cpuApi: number;
  rss: number;
}

async function main() {
  const baseline = BASELINE ? baselineCheckout(BASELINE) : null;
  const scripts = new Map<string, ReturnType<typeof routeScripts>>();
  const variants = [...(baseline ? [{ name: `before (${BASELINE})`, dir: baseline.dir }] : []), { name: "now", dir: process.cwd() }];
  const pg = await pgSchemaUrl();
  const pg2 = baseline && pg ? await pgSchemaUrl() : null;
  const backends = [{ name: "pglite", urls: [undefined, undefined] }, ...(pg ? [{ name: "postgres", urls: [pg.url, pg2?.url ?? pg.url] }] : [])];
  for (const v of variants) scripts.set(v.name, routeScripts(v.dir));
  const results = new Map<string, Measured>();
  const js = new Map<string, JsRow[]>();
  try {
    for (const [b, backend] of backends.entries()) {
      const platforms = await Promise.all(variants.map((v, i) => startPlatform(v.dir, backend.urls[i])));
      try {
        const sessions = await Promise.all(platforms.map((p) => sessionCookie(p)));
        const tasks = await Promise.all(platforms.map((p, i) => finishedTask(p, sessions[i].token)));
        await Promise.all(platforms.map((p) => settled(p)));
        for (const page of PAGES) {
          // In turns, page by page: both columns see the same machine.
          for (const [i, platform] of platforms.entries()) {
            const headers: Record<string, string> = PUBLIC.has(page) ? {} : { cookie: sessions[i].cookie };
            const url = platform.base + (page === TASK_PAGE ? page + tasks[i] : page);
            // Warm up (first renders compile and fill caches), then one connection for render time, then many.
            await load(url, { connections: 4, seconds: 1, headers });
            const { web, api } = platformPids(platform);
            const [web0, api0] = [cpuMs(web), cpuMs(api)];
            const one = await load(url, { connections: 1, seconds: SECONDS, headers });
            const [cpuWeb, cpuApi] = [(cpuMs(web) - web0) / one.requests, (cpuMs(api) - api0) / one.requests];
            const many = await load(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
            results.set(`${variants[i].name}|${backend.name}|${page}`, { one, many, cpuWeb, cpuApi, rss: rssMiB(platform.proc.pid!) });
          }
        }
        if (b === 0) for (const [i, platform] of platforms.entries()) js.set(variants[i].name, await jsBytes(platform.base, sessions[i].cookie, tasks[i]));
      } finally {
        await Promise.all(platforms.map((p) => p.stop()));
      }
    }
  } finally {
    await pg?.drop();
    await pg2?.drop();
    baseline?.remove();
  }

  const cols = variants.map((v) => v.name);
  const pair = (f: (m: Measured) => string, key: string) => cols.map((c) => (results.has(`${c}|${key}`) ? f(results.get(`${c}|${key}`)!) : "-")).join(" → ");
  console.log(`\nPage render, production build (npm start: web process + API process with its database), admin logged in for pages behind login.`);
  console.log(`One connection for ${SECONDS} s (render time, API calls included), then ${CONNECTIONS} connections for ${SECONDS} s; RSS of web + API after.`);
  if (baseline) console.log(`Each cell: ${cols.join(" → ")}.`);
  console.log("| page | backend | p50 ms, 1 conn | p95 ms, 1 conn | CPU ms/page web | CPU ms/page API | req/s, " + CONNECTIONS + " conn | p95 ms, " + CONNECTIONS + " conn | errors | RSS MiB |");
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  const name = (page: string) => (page === TASK_PAGE ? "a finished task's page" : page);
  for (const page of PAGES) {
    for (const backend of backends) {
      const key = `${backend.name}|${page}`;
      console.log(
        `| ${name(page)} | ${backend.name} | ${pair((m) => fmt(m.one.p50, 2), key)} | ${pair((m) => fmt(m.one.p95, 2), key)} | ${pair((m) => fmt(m.cpuWeb), key)} | ${pair((m) => fmt(m.cpuApi), key)} | ${pair((m) => fmt(m.many.rps), key)} | ${pair((m) => fmt(m.many.p95), key)} | ${pair((m) => String(m.one.errors + m.many.errors), key)} | ${pair((m) => fmt(m.rss, 0), key)} |`,
      );
    }
  }
  console.log("\nJavaScript each page loads before it is usable (Chromium, logged in; gzip), and the islands loaded after the load event");
  console.log("| page | first-load scripts | first-load gzip KiB | later gzip KiB |");
  console.log("|---|---:|---:|---:|");
  for (const [i, p] of PAGES.entries()) {
    const rows = cols.map((c) => js.get(c)?.[i]);
    const cell = (f: (r: JsRow) => string) => rows.map((r) => (r ? f(r) : "-")).join(" → ");
    console.log(`| ${name(p)} | ${cell((r) => String(r.scripts))} | ${cell((r) => fmt(r.gzipKiB))} | ${cell((r) => fmt(r.laterGzipKiB))} |`);
  }
  const now = scripts.get("now") ?? [];
  const over = now.filter((r) => r.gzipKiB > 150);
  console.log(`\nFirst-load JavaScript of all ${now.length} routes (build manifest, gzip KiB; resource routes count the shell's): ${over.length} above 150; the largest, and any above 150 in a column:`);
  console.log("| route | " + cols.join(" | ") + " |");
  console.log("|---|" + cols.map(() => "---:").join("|") + "|");
  const listed = now.filter((r, i) => i < 12 || cols.some((c) => (scripts.get(c)?.find((x) => x.route === r.route)?.gzipKiB ?? 0) > 150));
  for (const r of listed) console.log(`| ${r.route} | ${cols.map((c) => fmt(scripts.get(c)?.find((x) => x.route === r.route)?.gzipKiB ?? NaN)).join(" | ")} |`);
}

try {
  await main();
} finally {
  killAll();
}
