/**
 * Test-data benchmarks (issue 16, "Measured"), on PGlite and, when a server answers, on PostgreSQL, in one run,
 * through the API of a started platform (production build: run `npm run build` first):
 *  1. TrialDetection/SearchSimilarData over 200,000 records, each mode (composition ranges, nearest to a typed
 *     composition, to a grade's mid-points and to a record's, composition and properties, a grade's
 *     specification, with its plot): p50/p95 at one connection (target p95 < 50 ms);
 *  2. TrialDetection/GetTestRecords, the records table, unfiltered and filtered, and its CSV export of a grade;
 *  3. the first query after the start (it waits for the search index to load) and the API's resident memory.
 * The records are written before the platform starts (the demo's generator, seeded, so both backends search
 * the same data).
 * Usage: npm run bench:testdata [-- --runs 200 --records 200000]
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
}

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
    return { backend, fillS, index: { loadMs, rss }, calls, exportMs, exportRows: csv.trim().split("\r\n").length - 1 };
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
  console.log(`Data written before the start (migrate + seed + fill), s: ${results.map((r) => `${r.backend} ${fmt(r.fillS)}`).join(", ")}`);
}

if (process.argv[1]?.endsWith("testdata.ts")) {
  try {
    await main();
  } finally {
    killAll();
  }
}
