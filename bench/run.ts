/**
 * Benchmarks, side by side in one run:
 *  1. authenticated page render throughput (requests/s, p50/p95/p99 at 50 connections, API in the loop),
 *     on the embedded PGlite and, when a server answers, on PostgreSQL; with the server's memory after load;
 *  2. the JavaScript each page makes the browser load (raw and gzip), measured in Chromium.
 * Usage: npm run bench [-- --seconds 10 --connections 50]
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createCookieSessionStorage } from "@remix-run/node";
import { chromium } from "@playwright/test";
import { load, type LoadResult } from "./load.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const SECONDS = arg("seconds", 10);
const CONNECTIONS = arg("connections", 50);
const SECRET = "bench-session-secret-0123456789";
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** Pages behind login (the API answers user info, menu and counts for each) and public ones (no cookie sent). */
const PAGES = ["/computeDynamicRoute/index", "/myInfo/index", "/infoCenter/noticeCenter", "/dashboard", "/login"];
const PUBLIC = new Set(["/dashboard", "/login"]);

async function waitFor(url: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not up: ${url}`);
}

async function pgSchemaUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  try {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
    await c.connect();
    const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
    await c.query(`create schema ${schema}`);
    await c.end();
    const u = new URL(PG_URL);
    u.searchParams.set("options", `-c search_path=${schema}`);
    return {
      url: u.toString(),
      async drop() {
        const d = new pg.Client({ connectionString: PG_URL });
        await d.connect();
        await d.query(`drop schema ${schema} cascade`);
        await d.end();
      },
    };
  } catch {
    return null;
  }
}

/** Resident memory of the platform: the `npm start` process (web) plus its children (the API). */
function rssMiB(pid: number): number {
  const rss = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) / 1024;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return rss(pid) + children.reduce((sum, c) => sum + rss(c), 0);
}

interface Platform {
  base: string;
  api: string;
  dataDir: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

async function startPlatform(port: number, apiPort: number, databaseUrl?: string): Promise<Platform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-"));
  const proc = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, SEED_DEMO: "1", SESSION_SECRET: SECRET, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/dashboard`);
  return {
    base,
    api: `http://127.0.0.1:${apiPort}`,
    dataDir,
    proc,
    stop: () =>
      new Promise((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/**
 * Logs in by SMS code through the embedded provider's outbox: the platform runs in production mode, where
 * a fixed captcha is refused.
 */
async function sessionCookie(apiBase: string, dataDir: string, mobile: string): Promise<string> {
  const h = { xteam: "xteam" };
  const since = Date.now() - 1000;
  const sent = await (await fetch(`${apiBase}/api/Login/GetLoginMobileValidateCode?mobile=${mobile}`, { headers: h })).json();
  if (sent.status !== 200) throw new Error(`bench SMS failed: ${sent.msg}`);
  let code = "";
  for (let i = 0; i < 50 && !code; i++) {
    const file = path.join(dataDir, "sms-outbox.jsonl");
    const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)) : [];
    code = lines.filter((l) => l.mobile === mobile && Date.parse(l.at) >= since).pop()?.code ?? "";
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const body = new URLSearchParams({ mobile, verificationCode: code, verificationString: sent.returnData });
  const r = await (await fetch(`${apiBase}/api/Login/MobileLoginMethod`, { method: "POST", headers: { ...h, "content-type": "application/x-www-form-urlencoded" }, body })).json();
  if (r.status !== 200) throw new Error(`bench login failed: ${r.msg}`);
  const storage = createCookieSessionStorage({ cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: [SECRET] } });
  const s = await storage.getSession();
  s.set("token", r.returnData.token);
  s.set("userId", r.returnData.userId);
  s.set("tokenDate", Date.now());
  return (await storage.commitSession(s)).split(";")[0];
}

async function jsBytes(base: string, cookie: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const ctx = await browser.newContext();
  const [name, value] = cookie.split(/=(.*)/s);
  await ctx.addCookies([{ name, value, url: base }]);
  const rows: Array<{ page: string; scripts: number; rawKiB: number; gzipKiB: number; laterScripts: number; laterGzipKiB: number }> = [];
  const gz = (bs: Buffer[]) => bs.reduce((a, b) => a + zlib.gzipSync(b, { level: 6 }).length, 0) / 1024;
  for (const p of PAGES) {
    const page = await ctx.newPage();
    // Scripts until the load event are the page's first load; after it come the lazily loaded islands
    // (the real-time client), which must not weigh on the first load.
    let loaded = false;
    page.on("load", () => (loaded = true));
    const first: Promise<Buffer>[] = [];
    const later: Promise<Buffer>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      (loaded ? later : first).push(res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(base + p, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(2500);
    const [a, b] = await Promise.all([Promise.all(first), Promise.all(later)]);
    rows.push({
      page: p,
      scripts: a.length,
      rawKiB: a.reduce((x, y) => x + y.length, 0) / 1024,
      gzipKiB: gz(a),
      laterScripts: b.length,
      laterGzipKiB: gz(b),
    });
    await page.close();
  }
  await browser.close();
  return rows;
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "-");

async function main() {
  const results: Array<{ backend: string; page: string; r: LoadResult; rss: number }> = [];
  let js: Awaited<ReturnType<typeof jsBytes>> = [];
  const pg = await pgSchemaUrl();
  const backends: Array<{ name: string; url?: string }> = [{ name: "pglite" }, ...(pg ? [{ name: "postgres", url: pg.url }] : [])];
  for (const [i, b] of backends.entries()) {
    const platform = await startPlatform(3950 + i, 5950 + i, b.url);
    try {
      const cookie = await sessionCookie(platform.api, platform.dataDir, "13800000001");
      for (const p of PAGES) {
        // Warm up (first renders compile and fill caches), then measure.
        const headers: Record<string, string> = PUBLIC.has(p) ? {} : { cookie };
        await load(platform.base + p, { connections: 4, seconds: 1, headers });
        const r = await load(platform.base + p, { connections: CONNECTIONS, seconds: SECONDS, headers });
        results.push({ backend: b.name, page: p, r, rss: rssMiB(platform.proc.pid!) });
      }
      if (i === 0) js = await jsBytes(platform.base, cookie);
    } finally {
      await platform.stop();
    }
  }
  await pg?.drop();

  console.log(`\nPage render throughput, ${CONNECTIONS} connections, ${SECONDS} s each, admin logged in for pages behind login (npm start: web process + API process with its database, production mode)`);
  console.log("| page | backend | req/s | p50 ms | p95 ms | p99 ms | errors | RSS MiB after (web + API) |");
  console.log("|---|---|---:|---:|---:|---:|---:|---:|");
  for (const p of PAGES) {
    for (const x of results.filter((y) => y.page === p)) {
      console.log(`| ${p} | ${x.backend} | ${fmt(x.r.rps)} | ${fmt(x.r.p50)} | ${fmt(x.r.p95)} | ${fmt(x.r.p99)} | ${x.r.errors} | ${fmt(x.rss, 0)} |`);
    }
  }
  console.log("\nJavaScript loaded per page (Chromium, logged in): first load (until the load event), then islands loaded after it");
  console.log("| page | first-load scripts | raw KiB | gzip KiB | later scripts | later gzip KiB |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of js) {
    console.log(`| ${r.page} | ${r.scripts} | ${fmt(r.rawKiB)} | ${fmt(r.gzipKiB)} | ${r.laterScripts} | ${fmt(r.laterGzipKiB)} |`);
  }
}

await main();
