/**
 * Test-data benchmarks (issue 16, "Measured"), on PGlite and, when a server answers, on PostgreSQL, in one run,
 * through the API of a started platform (production build: run `npm run build` first):
 *  1. TrialDetection/SearchSimilarData over 200,000 records, each mode (composition ranges, nearest to a typed
 *     composition, to a grade's mid-points and to a record's, composition and properties, a grade's
 *     specification, with its plot): p50/p95 at one connection (target p95 < 50 ms);
 *  2. TrialDetection/GetTestRecords, the records table, unfiltered and filtered, and its CSV export of a grade;
 *  3. the first query after the start (it waits for the search index to load) and the API's resident memory;
 *  4. the offline upload of a 20,000-row Excel file (19 quantities a row): the check and the import, time, and the
 *     API's peak resident memory above its level before (VmHWM, reset through /proc/<pid>/clear_refs).
 * The records are written before the platform starts (the demo's generator, seeded, so both backends search
 * the same data).
 * Usage: npm run bench:testdata [-- --runs 200 --records 200000 --upload-rows 20000]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../api/config.ts";
import { openDb } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { seed } from "../api/db/seed.ts";
import "../api/modules/index.ts";
import ExcelJS from "exceljs";
import { TEMPLATE_QUANTITIES } from "../common/test-upload.ts";
import { unitOf } from "../common/test-records.ts";
import { fillTestRecords } from "../api/modules/testData/demo.ts";
import { timed } from "./load.ts";
import { killAll, onBothBackends, platformPids, rssMiB, sessionCookie, settled, startPlatform } from "./platform.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("runs", 200);
const RECORDS = arg("records", 200_000);
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

async function prepare(dataDir: string, databaseUrl?: string): Promise<void> {
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "1", ADMIN_PASSWORD: "Bench-Admin-2026", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
    await seed(db, config);
    const [{ id }] = await db.query<{ id: string }>(`select id from users where name = 'uploader'`);
    await fillTestRecords(db, RECORDS, id);
  } finally {
    await db.close();
  }
}

interface Result {
  backend: string;
  fillS: number;
  index: { loadMs: number; rss: number };
  calls: Array<{ name: string; rows: number; p50: number; p95: number }>;
  exportMs: number;
  exportRows: number;
  upload: { bytes: number; checkMs: number; importMs: number; imported: number; baseMiB: number; peakMiB: number };
}

const UPLOAD_ROWS = arg("upload-rows", 20_000);

/** A workbook of UPLOAD_ROWS good rows in the template's columns, written with exceljs's streaming writer. */
async function uploadWorkbook(file: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = wb.addWorksheet("检测数据");
  sheet.addRow(["编号", "牌号", "炉号", "状态", "检测日期", ...TEMPLATE_QUANTITIES.map((k) => (unitOf(k) ? `${k} (${unitOf(k)})` : k))]).commit();
  for (let i = 0; i < UPLOAD_ROWS; i++) {
    const v = (base: number, spread: number) => Math.round((base + ((i * 7919) % 1000) / 1000 * spread) * 10000) / 10000;
    sheet.addRow([`BUP${String(i).padStart(6, "0")}`, "42CrMo", `H${i % 500}`, "调质", new Date(Date.UTC(2025, i % 12, 1 + (i % 28))), v(0.38, 0.07), v(0.17, 0.2), v(0.5, 0.3), v(0.005, 0.02), v(0.002, 0.02), v(0.9, 0.3), v(0, 0.3), v(0.15, 0.1), v(0, 0.05), v(0, 0.2), v(0.01, 0.03), v(0.002, 0.01), v(900, 300), v(750, 250), v(12, 8), v(45, 20), v(260, 80), v(40, 80), 20]).commit();
  }
  sheet.commit();
  await wb.commit();
}

/** Resident memory now and at its peak since the last reset, MiB (a process's VmRSS and VmHWM). */
const memOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kib("VmRSS"), peak: kib("VmHWM") };
};

async function run(backend: string, databaseUrl?: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-testdata-"));
  const t0 = performance.now();
  await prepare(dataDir, databaseUrl);
  const fillS = (performance.now() - t0) / 1000;
  console.log(`${backend}: migrated, seeded and filled ${RECORDS.toLocaleString("en")} records in ${fmt(fillS)} s`);
  const platform = await startPlatform(process.cwd(), databaseUrl, dataDir);
  try {
    const { token } = await sessionCookie(platform);
    const call = async (p: string, json: unknown, query: Record<string, string> = {}) => {
      const res = await fetch(`${platform.api}/api/${p}?${new URLSearchParams(query)}`, {
        method: "POST",
        headers: { xteam: "xteam", AuthorizationToken: token, "content-type": "application/json" },
        body: JSON.stringify(json),
      });
      const env = await res.json();
      if (env.status !== 200) throw new Error(`${p}: ${env.status} ${env.msg}`);
      return env.returnData;
    };
    // The index starts loading with the API; its first query waits for the load to end.
    const tLoad = performance.now();
    await call("TrialDetection/GetTestRecords", { pageSize: 1 });
    const loadMs = performance.now() - tLoad;
    await settled(platform);
    const rss = rssMiB(platformPids(platform).api);

    const searches: Array<[string, unknown]> = [
      ["range: C 0.38–0.45, Cr 0.9–1.2, Mo 0.15–0.25", { Mode: "range", Rows: [{ ElementName: "C", MinValue: 0.38, MaxValue: 0.45 }, { ElementName: "Cr", MinValue: 0.9, MaxValue: 1.2 }, { ElementName: "Mo", MinValue: 0.15, MaxValue: 0.25 }] }],
      ["range: C 0.1–0.5 (most records)", { Mode: "range", Rows: [{ ElementName: "C", MinValue: 0.1, MaxValue: 0.5 }] }],
      ["nearest 20 to a typed composition (5 elements)", { Mode: "nearest", Rows: ["C:0.42", "Si:0.25", "Mn:0.7", "Cr:1.05", "Mo:0.2"].map((s) => ({ ElementName: s.split(":")[0], MinValue: Number(s.split(":")[1]) })) }],
      ["nearest 20 to 42CrMo's mid-points", { Mode: "nearest", Grade: "42CrMo" }],
      ["nearest 100 to a record's composition", { Mode: "nearest", SampleCode: "BTR0000123", K: 100 }],
      ["property: C 0.3–0.5, Rm ≥ 900 MPa, 调质", { Mode: "property", Rows: [{ ElementName: "C", MinValue: 0.3, MaxValue: 0.5 }, { ElementName: "Rm", MinValue: 900 }], Condition: "调质" }],
      ["grade: fits 42CrMo", { Mode: "grade", Grade: "42CrMo" }],
      ["grade: fits 42CrMo, with the Rm–C plot", { Mode: "grade", Grade: "42CrMo", PlotX: "C", PlotY: "Rm" }],
    ];
    const calls: Result["calls"] = [];
    for (const [name, body] of searches) {
      const rows = (await call("TrialDetection/SearchSimilarData", body, { pageSize: "20" })).total;
      calls.push({ name: `SearchSimilarData ${name}`, rows, ...(await timed(RUNS, () => call("TrialDetection/SearchSimilarData", body, { pageSize: "20" }))) });
    }
    for (const [name, q] of [
      ["unfiltered, newest first", {}],
      ["level 1 (mine)", { level: "1" }],
      ["grade 42CrMo", { grade: "42CrMo" }],
      ["Cr 0.8–1.1, sorted by Rm", { element: "Cr", min: "0.8", max: "1.1", sort: "-Rm" }],
      ["page 500", { page: "500" }],
    ] as Array<[string, Record<string, string>]>) {
      const body = { pageSize: 20, ...q };
      const rows = (await call("TrialDetection/GetTestRecords", body)).total;
      calls.push({ name: `GetTestRecords ${name}`, rows, ...(await timed(RUNS, () => call("TrialDetection/GetTestRecords", body))) });
    }
    const tExport = performance.now();
    const csv = await (await fetch(`${platform.api}/api/TrialDetection/ExportTestRecords?grade=42CrMo&format=csv`, { headers: { xteam: "xteam", AuthorizationToken: token } })).text();
    const exportMs = performance.now() - tExport;
    // 4. The offline upload of a 20,000-row workbook: check, then import.
    const book = path.join(dataDir, "upload-20000.xlsx");
    await uploadWorkbook(book);
    const bytes = fs.readFileSync(book);
    const apiPid = platformPids(platform).api;
    await settled(platform);
    fs.writeFileSync(`/proc/${apiPid}/clear_refs`, "5");
    const baseMiB = memOf(apiPid).rss;
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)]), "upload-20000.xlsx");
    const tCheck = performance.now();
    const checked = await (await fetch(`${platform.api}/api/TrialDetection/CheckTestDataUpload`, { method: "POST", body: form, headers: { xteam: "xteam", AuthorizationToken: token } })).json();
    const checkMs = performance.now() - tCheck;
    if (checked.status !== 200 || checked.returnData.Bad !== 0) throw new Error(`upload check: ${checked.status} ${checked.msg} ${JSON.stringify(checked.returnData?.Errors?.slice(0, 3))}`);
    const tImport = performance.now();
    const imported = await call("TrialDetection/ImportTestDataUpload", { Id: checked.returnData.Id, Mode: "all", Version: checked.returnData.Version });
    const importMs = performance.now() - tImport;
    const upload = { bytes: bytes.length, checkMs, importMs, imported: imported.Imported, baseMiB, peakMiB: memOf(apiPid).peak };
    return { backend, fillS, index: { loadMs, rss }, calls, exportMs, exportRows: csv.trim().split("\r\n").length - 1, upload };
  } finally {
    await platform.stop();
  }
}

async function main() {
  const results = await onBothBackends(run);
  const cols = results.map((r) => r.backend);
  console.log(`\nCalls over ${RECORDS.toLocaleString("en")} records, ${RUNS} each, ms (p50 / p95; target p95 < 50 for the searches)`);
  console.log(`| call | matches | ${cols.join(" | ")} |\n|---|---|${cols.map(() => "---|").join("")}`);
  results[0].calls.forEach((c, i) => console.log(`| ${c.name} | ${c.rows} | ${results.map((r) => `${fmt(r.calls[i].p50)} / ${fmt(r.calls[i].p95)}`).join(" | ")} |`));
  console.log(`\nExport of grade 42CrMo as CSV: ${results.map((r) => `${r.backend} ${r.exportRows} rows in ${fmt(r.exportMs, 0)} ms`).join(", ")}`);
  console.log(`First query after the start (waits for the search index): ${results.map((r) => `${r.backend} ${fmt(r.index.loadMs, 0)} ms`).join(", ")}; API RSS with the index loaded: ${results.map((r) => `${r.backend} ${fmt(r.index.rss, 0)} MiB`).join(", ")}`);
  console.log(`\nOffline upload of ${UPLOAD_ROWS.toLocaleString("en")} rows (${fmt(results[0].upload.bytes / 1048576)} MiB .xlsx): ${results
    .map((r) => `${r.backend} check ${fmt(r.upload.checkMs / 1000, 2)} s, import ${fmt(r.upload.importMs / 1000, 2)} s (${r.upload.imported} records), API RSS ${fmt(r.upload.baseMiB, 0)} MiB → peak ${fmt(r.upload.peakMiB, 0)} MiB`)
    .join("; ")}`);
  console.log(`Data written before the start (migrate + seed + fill), s: ${results.map((r) => `${r.backend} ${fmt(r.fillS)}`).join(", ")}`);
}

if (process.argv[1]?.endsWith("testdata.ts")) {
  try {
    await main();
  } finally {
    killAll();
  }
}
