import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import { smsLogin } from "./sms-login.ts";

/** A whole platform (web + API) started as `npm start` runs it, for benchmarks that measure pages (bench/run.ts, bench/people.ts). */

const SECRET = "bench-session-secret-0123456789";
export const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Every platform this run started, so none outlives it whatever fails. */
const started = new Set<ChildProcess>();
export function killAll() {
  for (const p of started) {
    // The platform's process group: npm start's web process and the API it spawned.
    try {
      process.kill(-p.pid!, "SIGKILL");
    } catch {}
  }
}
process.on("exit", killAll);
for (const s of ["SIGINT", "SIGTERM"] as const) process.on(s, () => process.exit(130));

async function waitFor(url: string, proc: ChildProcess, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.exitCode !== null) throw new Error(`the platform exited (code ${proc.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not up: ${url}`);
}

export async function pgSchemaUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
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

/**
 * Runs one measurement on the embedded PGlite, then on a throw-away schema of the PostgreSQL server
 * when one answers, so both backends are compared side by side in one run.
 */
export async function onBothBackends<T>(run: (backend: string, databaseUrl?: string) => Promise<T>): Promise<T[]> {
  const results = [await run("PGlite")];
  const pg = await pgSchemaUrl();
  if (!pg) {
    console.log("(no PostgreSQL server answered: PGlite only)");
    return results;
  }
  try {
    results.push(await run("PostgreSQL", pg.url));
  } finally {
    await pg.drop();
  }
  return results;
}

const childrenOf = (p: number): number[] =>
  fs
    .readFileSync(`/proc/${p}/task/${p}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

/** Resident memory of a process and all its descendants (npm start: the web process and its API). */
export function rssMiB(pid: number): number {
  const rss = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) / 1024;
  const walk = (p: number): number => rss(p) + childrenOf(p).reduce((sum, c) => sum + walk(c), 0);
  return walk(pid);
}

/** CPU time (user + system, all threads: GC and compiler threads included) a process has used, in ms. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // After the command name, which may itself hold ") ".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}
let ticks = 0;
const clockTicks = () => (ticks ||= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100);

/** The platform's two processes: the web (npm start's own) and the API it spawned. */
export function platformPids(platform: Platform): { web: number; api: number } {
  const web = platform.proc.pid!;
  const [api] = childrenOf(web);
  if (!api) throw new Error("the platform's API process is not running");
  return { web, api };
}

/**
 * Waits until the platform is idle: both processes stay busy for seconds after they first answer (the upload
 * sweep, code compiled on first use) and after a bench's own set-up (a task run to the end), and measurements
 * must not share the CPU with that. Idle: both together under 5% of a core over a second; at most a minute.
 */
export async function settled(platform: Platform): Promise<void> {
  const { web, api } = platformPids(platform);
  const used = () => cpuMs(web) + cpuMs(api);
  const end = Date.now() + 60_000;
  let last = used();
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = used();
    if (now - last < 50) return;
    last = now;
  }
  console.warn("the platform did not become idle within a minute; measuring anyway");
}

/** A port nothing listens on now (the OS picks it), so a platform never answers for another one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Platform {
  base: string;
  api: string;
  dataDir: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** `npm start` of the checkout in `dir` (production mode, demo data) on its own ports and data dir. */
export async function startPlatform(dir: string, databaseUrl?: string, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-"))): Promise<Platform> {
  const [port, apiPort] = [await freePort(), await freePort()];
  // As the checkout's `npm start` runs it (its node flags included), without npm in between; older commits
  // whose start script is not a plain `node …` command ran `tsx server/start.ts`.
  const start: string = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts.start;
  const entry = start.startsWith("node ") ? start.split(/\s+/).slice(1) : ["--import", "tsx", "server/start.ts"];
  const proc = spawn(process.execPath, entry, {
    cwd: dir,
    // Its own process group, so the whole platform can be stopped, the API child included.
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      SESSION_SECRET: SECRET,
      UPSTREAM_URL: `http://127.0.0.1:${apiPort}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  started.add(proc);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/dashboard`, proc);
  const platform: Platform = {
    base,
    api: `http://127.0.0.1:${apiPort}`,
    dataDir,
    proc,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => {
          started.delete(proc);
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        process.kill(-proc.pid!, "SIGTERM");
      }),
  };
  await settled(platform);
  return platform;
}

/**
 * A web session for the admin, logged in by SMS code through the embedded provider's outbox: the platform runs
 * in production mode, where a fixed captcha is refused.
 */
export async function sessionCookie(platform: Platform): Promise<{ cookie: string; token: string }> {
  const { token, userId } = await smsLogin(platform.api, platform.dataDir, "13800000001");
  const storage = createCookieSessionStorage({ cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: [SECRET] } });
  const s = await storage.getSession();
  s.set("token", token);
  s.set("userId", userId);
  s.set("tokenDate", Date.now());
  return { cookie: (await storage.commitSession(s)).split(";")[0], token };
}

