/**
 * Instrument file upload benchmark (docs/instrument-data.md; the issue's "a 2 GiB instrument file uploaded without
 * the API's memory growing"), on PGlite and, when a server answers, on PostgreSQL, in one run:
 *  1. TrialDetection/UploadInstrumentFile as the demo `transfer` user (FileTransferAdmin): a BENCH_BYTES file
 *     (default 2 GiB) in one multipart body, its `Sha256` field after the file;
 *  2. TrialDetection/UploadEquipmentData with an instrument's token (created by the demo `equip` user for one of
 *     its instruments): a smaller file (BENCH_TOKEN_BYTES, default 256 MiB), the same checks.
 * For each: time and throughput, and the API process's resident memory before, at its peak during (sampled every
 * 200 ms from /proc/<pid>/status, and the kernel's own high-water mark, VmHWM) and after. The receiver streams the
 * file to disk through a few buffers, so the peak should stay near the level before whatever the file's size.
 * The body is made on the fly (patterned pseudo-random bytes, 1 MiB at a time, hashed as they go): the bench never
 * holds the file, and the disk only the API's stored copy. Each answer is checked: Size, Sha256 (the one computed while
 * sending) and the stored file's size under <dataDir>/instrument-files/.
 * The platform runs as `npm start` does (production build: run `npm run build` first).
 * Usage: npm run bench:instrument   (env BENCH_BYTES, BENCH_TOKEN_BYTES; BENCH_DATABASE_URL for another server)
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DEMO_USERS } from "../api/db/seed.ts";
import type { InstrumentFileDetail } from "../common/instrument-data.ts";
import { killAll, onBothBackends, platformPids, settled, startPlatform, type Platform } from "./platform.ts";
import { smsLogin } from "./sms-login.ts";

const MiB = 1024 * 1024;
const BYTES = Number(process.env.BENCH_BYTES ?? 2 * 1024 * MiB);
const TOKEN_BYTES = Number(process.env.BENCH_TOKEN_BYTES ?? Math.min(BYTES, 256 * MiB));
const CHUNK = MiB;
const SAMPLE_MS = 200;
// Both files stay in the data dir until the run ends; the rest is room for the database and the logs.
const DISK_NEEDED = (BYTES + TOKEN_BYTES) * 1.2;
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

/** Demo users log in by SMS; their mobiles follow DEMO_USERS' order (api/db/seed.ts). */
const mobileOf = (name: string) => `1380000000${DEMO_USERS.findIndex((u) => u.name === name) + 1}`;

// ---------------------------------------------------------------------------------------------------------------
// The body, made as it is sent

/** One MiB of seeded xorshift bytes: incompressible-looking, the same on every run and backend. */
function patternBlock(): Buffer {
  const b = Buffer.allocUnsafe(CHUNK);
  let x = 0x9e3779b9;
  for (let i = 0; i < CHUNK; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b.writeUInt32LE(x >>> 0, i);
  }
  return b;
}

const part = (boundary: string, disposition: string, type?: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`);

/**
 * A multipart body of `bytes` file bytes, then the `Sha256` field (the server accepts the fields in any order, and
 * only after the last byte is the hash known). Its length is known first: the hash is always 64 hex digits.
 */
function multipart(bytes: number, fileName: string) {
  const boundary = `ferrum-bench-${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
  const block = patternBlock();
  if (block.includes(boundary)) throw new Error("the boundary occurs in the pattern");
  const head = part(boundary, `name="file"; filename="${fileName}"`, "application/octet-stream");
  const fieldHead = Buffer.concat([Buffer.from("\r\n"), part(boundary, `name="Sha256"`)]);
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash("sha256");
  let digest = "";
  function* chunks(): Generator<Buffer> {
    yield head;
    for (let sent = 0, n = 0; sent < bytes; sent += CHUNK, n++) {
      // A fresh buffer each time: the socket may still hold the last one. The chunk's number makes each differ.
      const c = Buffer.from(block.subarray(0, Math.min(CHUNK, bytes - sent)));
      if (c.length >= 8) c.writeDoubleLE(n, 0);
      hash.update(c);
      yield c;
    }
    digest = hash.digest("hex");
    yield Buffer.concat([fieldHead, Buffer.from(digest), end]);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length: head.length + bytes + fieldHead.length + 64 + end.length, chunks, sha256: () => digest };
}

// ---------------------------------------------------------------------------------------------------------------
// The API's memory

/** VmRSS and VmHWM (the peak since the last reset) of a process, MiB. */
function memOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: kib("VmRSS"), hwm: kib("VmHWM") };
}

/** Resets a process's VmHWM to its RSS now, so the kernel records the peak of what follows; false when refused. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** Samples a process's RSS every SAMPLE_MS until stopped; the kernel's peak catches what falls between. */
function sampleRss(pid: number) {
  let peak = memOf(pid).rss;
  let samples = 1;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memOf(pid).rss);
      samples++;
    } catch {} // the process ended: its exit is reported by the upload failing
  }, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return { peak, samples };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One upload

interface Upload {
  route: string;
  bytes: number;
  seconds: number;
  rss: { before: number; peak: number; hwm: number; after: number; samples: number };
  /** Empty when every check passed, else what failed. */
  errors: string[];
}

/** POSTs a body of known length with node:http (no chunked encoding), writing as fast as the socket drains. */
function post(url: string, headers: Record<string, string>, body: ReturnType<typeof multipart>): Promise<{ http: number; text: string; sendError?: Error }> {
  const u = new URL(url);
  const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: "POST", headers: { ...headers, "content-type": body.contentType, "content-length": String(body.length) } });
  const answered = new Promise<{ http: number; text: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ http: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  // Written as fast as the socket drains; a connection that closes early (a refusal) ends the sending too.
  const sent = new Promise<Error | undefined>((resolve) => {
    const it = body.chunks();
    const pump = () => {
      for (;;) {
        if (req.destroyed) return resolve(new Error("the connection closed before the body was sent"));
        const n = it.next();
        if (n.done) return void req.end(() => resolve(undefined));
        if (!req.write(n.value)) return void req.once("drain", pump);
      }
    };
    req.on("error", resolve);
    req.on("close", () => resolve(req.writableFinished ? undefined : new Error("the connection closed before the body was sent")));
    pump();
  });
  // A refusal may come before the body is read whole (a bad token): its answer, when node reads it before the
  // connection breaks (else the write error: EPIPE), then how sending ended.
  return answered.then(async (a) => ({ ...a, sendError: await sent }));
}

/** Files under <dataDir>/instrument-files/ by size, and any `.part-` left behind. */
function stored(dataDir: string) {
  const dir = path.join(dataDir, "instrument-files");
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  return { sizes: names.filter((n) => !n.startsWith(".part-")).map((n) => fs.statSync(path.join(dir, n)).size), parts: names.filter((n) => n.startsWith(".part-")).length };
}

async function upload(platform: Platform, route: string, headers: Record<string, string>, bytes: number): Promise<Upload> {
  const apiPid = platformPids(platform).api;
  // Measured from a quiet API: the work after the start and the logins must not count as the upload's.
  await settled(platform);
  const hwmReset = resetPeak(apiPid);
  const before = memOf(apiPid).rss;
  const body = multipart(bytes, `bench-${bytes}.bin`);
  const sampler = sampleRss(apiPid);
  const t0 = performance.now();
  const errors: string[] = [];
  let env: { status?: number; msg?: string; returnData?: InstrumentFileDetail } = {};
  try {
    const r = await post(`${platform.api}/api/${route}`, { xteam: "xteam", ...headers }, body);
    if (r.sendError) errors.push(`sending stopped: ${r.sendError.message}`);
    try {
      env = JSON.parse(r.text);
    } catch {
      errors.push(`HTTP ${r.http}, not an envelope: ${r.text.slice(0, 200)}`);
    }
  } catch (e) {
    errors.push(`request failed: ${(e as Error).message}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  const { peak, samples } = sampler.stop();
  const m = memOf(apiPid);
  const d = env.returnData;
  if (env.status !== undefined && env.status !== 200) errors.push(`status ${env.status}: ${env.msg}`);
  else if (d) {
    if (d.Size !== bytes) errors.push(`Size ${d.Size}, sent ${bytes}`);
    if (d.Sha256 !== body.sha256()) errors.push(`Sha256 ${d.Sha256}, sent ${body.sha256()}`);
    const onDisk = stored(platform.dataDir);
    if (!onDisk.sizes.includes(bytes)) errors.push(`no stored file of ${bytes} bytes (found: ${onDisk.sizes.join(", ") || "none"})`);
    if (onDisk.parts) errors.push(`${onDisk.parts} .part- file(s) left`);
  }
  return { route, bytes, seconds, rss: { before, peak: Math.max(peak, m.rss), hwm: hwmReset ? m.hwm : NaN, after: m.rss, samples }, errors };
}

// ---------------------------------------------------------------------------------------------------------------
// One backend

/** A JSON call as a demo user; returns returnData, throws on any status but 200. */
async function call(platform: Platform, token: string, p: string, json: unknown) {
  const r = await fetch(`${platform.api}/api/${p}`, { method: "POST", headers: { xteam: "xteam", AuthorizationToken: token, "content-type": "application/json" }, body: JSON.stringify(json) });
  const env = await r.json();
  if (env.status !== 200) throw new Error(`${p}: ${env.status} ${env.msg}`);
  return env.returnData;
}

/** Free bytes where the data dirs go; throws when a run's files would not fit. */
function checkDisk() {
  const s = fs.statfsSync(os.tmpdir());
  const free = s.bavail * s.bsize;
  if (free < DISK_NEEDED) throw new Error(`${os.tmpdir()} has ${fmt(free / 1024 ** 3, 2)} GiB free; a run needs ${fmt(DISK_NEEDED / 1024 ** 3, 2)} GiB ((${BYTES} + ${TOKEN_BYTES} bytes) × 1.2)`);
  return free;
}

/** Data dirs not removed yet: removed at exit too, however the run ends (they hold gigabytes). */
const dataDirs = new Set<string>();
const removeDir = (d: string) => {
  fs.rmSync(d, { recursive: true, force: true });
  dataDirs.delete(d);
};
process.on("exit", () => [...dataDirs].forEach(removeDir));

async function run(backend: string, databaseUrl?: string): Promise<{ backend: string; uploads: Upload[] }> {
  checkDisk();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-instrument-"));
  dataDirs.add(dataDir);
  let platform: Platform | null = null;
  try {
    platform = await startPlatform(process.cwd(), databaseUrl, dataDir);
    console.log(`${backend}: platform up (API pid ${platformPids(platform).api})`);
    const transfer = await smsLogin(platform.api, dataDir, mobileOf("transfer"));
    const equip = await smsLogin(platform.api, dataDir, mobileOf("equip"));
    const person = await upload(platform, "TrialDetection/UploadInstrumentFile", { AuthorizationToken: transfer.token }, BYTES);
    console.log(`${backend}: UploadInstrumentFile ${fmt(person.seconds)} s${person.errors.length ? ` FAILED: ${person.errors.join("; ")}` : ""}`);
    const equipment = await call(platform, equip.token, "TrialDetection/GetMyExperimentalEquipment", { pageSize: 10 });
    const equipmentId: string | undefined = equipment.rows[0]?.Id;
    if (!equipmentId) throw new Error("the equip user has no instrument");
    const { Token } = await call(platform, equip.token, "TrialDetection/CreateEquipmentToken", { EquipmentId: equipmentId, Label: "bench" });
    const viaToken = await upload(platform, "TrialDetection/UploadEquipmentData", { Authorization: `Bearer ${Token}` }, TOKEN_BYTES);
    console.log(`${backend}: UploadEquipmentData ${fmt(viaToken.seconds)} s${viaToken.errors.length ? ` FAILED: ${viaToken.errors.join("; ")}` : ""}`);
    return { backend, uploads: [person, viaToken] };
  } finally {
    await platform?.stop();
    // stop() removes it once the platform exited; not when the platform never came up.
    removeDir(dataDir);
  }
}

// ---------------------------------------------------------------------------------------------------------------

function table(title: string, cols: string[], rows: Array<[string, string[]]>) {
  console.log(`\n## ${title}\n`);
  console.log(`| | ${cols.join(" | ")} |\n|---|${cols.map(() => "---:|").join("")}`);
  for (const [name, cells] of rows) console.log(`| ${name} | ${cells.join(" | ")} |`);
}

async function main() {
  const free = checkDisk();
  console.log(`Uploads of ${BYTES.toLocaleString("en")} bytes (person) and ${TOKEN_BYTES.toLocaleString("en")} bytes (token); ${fmt(free / 1024 ** 3)} GiB free in ${os.tmpdir()}`);
  const results = await onBothBackends(run);
  const cols = results.map((r) => r.backend);
  [0, 1].forEach((i) => {
    const us = results.map((r) => r.uploads[i]);
    table(`${us[0].route} (${fmt(us[0].bytes / MiB, us[0].bytes % MiB ? 1 : 0)} MiB)`, cols, [
      ["bytes", us.map((u) => u.bytes.toLocaleString("en"))],
      ["seconds", us.map((u) => fmt(u.seconds, 2))],
      ["MB/s (10⁶ bytes)", us.map((u) => fmt(u.bytes / 1e6 / u.seconds))],
      ["API RSS before (MiB)", us.map((u) => fmt(u.rss.before))],
      [`API RSS peak, sampled every ${SAMPLE_MS} ms (MiB)`, us.map((u) => `${fmt(u.rss.peak)} (${u.rss.samples} samples)`)],
      ["API RSS peak, kernel VmHWM (MiB)", us.map((u) => fmt(u.rss.hwm))],
      ["API RSS after (MiB)", us.map((u) => fmt(u.rss.after))],
      ["peak growth (MiB, highest peak − before)", us.map((u) => fmt(Math.max(u.rss.peak, Number.isFinite(u.rss.hwm) ? u.rss.hwm : 0) - u.rss.before))],
      ["checks (status, Size, Sha256, stored file)", us.map((u) => (u.errors.length ? `FAILED: ${u.errors.join("; ")}` : "ok"))],
    ]);
  });
  console.log(`\nThis bench's own peak RSS: ${fmt(process.resourceUsage().maxRSS / 1024)} MiB (the body is made as it is sent)`);
  if (results.some((r) => r.uploads.some((u) => u.errors.length))) process.exitCode = 1;
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(killAll);
