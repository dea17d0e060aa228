/**
 * Steel-grade search benchmark (issue 14: "Composition-range search over the grade database scaled to 100,000
 * synthetic grades: p95 under 30 ms"), on PGlite and, when a server answers, on PostgreSQL, in one run:
 *  1. DataResource/GetGradeList over the shipped grades plus 100,000 synthetic ones (about a million element
 *     ranges, loaded with insertGrades as the seeder loads the real ones): one, two and four element
 *     conditions, an "at most" condition that also takes grades without the element, a designation prefix, and
 *     a condition with a family filter and a late page; then SearchProperty and GetGradeDetail; p50/p95 at one
 *     connection, from the client, with the total each answers;
 *  2. the page /dataResource/dataResourceList with two conditions: server render p50/p95 and HTML size.
 * The platform runs as `npm start` does (production build: run `npm run build` first).
 * Usage: npm run bench:grades [-- --runs 200 --grades 100000]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../api/config.ts";
import { openDb, type Db } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { seed } from "../api/db/seed.ts";
import "../api/modules/index.ts";
import type { ElementRange, GradeSeed, PropertyFigure } from "../api/modules/dataResources/grades/types.ts";
import { insertGrades } from "../api/modules/dataResources/seed-grades.ts";
import { GRADE_FAMILIES, GRADE_SYSTEMS } from "../common/steel-grades.ts";
import { timed } from "./load.ts";
import { killAll, onBothBackends, sessionCookie, startPlatform } from "./platform.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("runs", 200);
const GRADES = arg("grades", 100_000);
const CHUNK = 5_000;
const SOURCE = { key: "bench-synthetic", title: "Synthetic grades for the benchmark", kind: "handbook" as const };
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

/** A small seeded generator (mulberry32), so every run and both backends get the same grades. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Grade i: C, Si, Mn always (a range), P and S as caps, then alloying elements with the odds a steel table
 * has them (Cr most, B least), each a range of a width like a standard's, at a level spread over its span.
 */
function synthetic(i: number, rnd: () => number): GradeSeed {
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const range = (element: string, lo: number, hi: number, width: number): ElementRange => {
    const min = r2(lo + rnd() * (hi - lo));
    return { element, min, max: r2(min + width * (0.5 + rnd())), source: SOURCE.key };
  };
  const composition: ElementRange[] = [
    range("C", 0.02, 1.2, 0.08),
    range("Si", 0.1, 1.6, 0.2),
    range("Mn", 0.2, 1.6, 0.3),
    { element: "P", max: 0.035, source: SOURCE.key },
    { element: "S", max: 0.035, source: SOURCE.key },
  ];
  const optional: Array<[string, number, number, number, number]> = [
    // element, odds, low, high, width
    ["Cr", 0.6, 0.3, 26, 0.4],
    ["Ni", 0.35, 0.3, 22, 0.6],
    ["Mo", 0.4, 0.1, 5, 0.15],
    ["V", 0.2, 0.05, 2, 0.1],
    ["W", 0.08, 0.5, 18, 1],
    ["Cu", 0.1, 0.1, 3, 0.3],
    ["Ti", 0.08, 0.02, 0.8, 0.1],
    ["Nb", 0.06, 0.02, 0.5, 0.05],
    ["N", 0.05, 0.05, 0.4, 0.05],
    ["B", 0.03, 0.0005, 0.004, 0.002],
  ];
  for (const [el, odds, lo, hi, width] of optional) if (rnd() < odds) composition.push(range(el, lo, hi, width));
  const properties: PropertyFigure[] = [{ property: "tensileStrength", min: Math.round(400 + rnd() * 1400), condition: rnd() < 0.5 ? "quenched and tempered" : "annealed", source: SOURCE.key }];
  return {
    key: `bench-${i}`,
    name: `BX${i.toString(36).toUpperCase()}Cr${i % 97}`,
    system: GRADE_SYSTEMS[i % GRADE_SYSTEMS.length],
    standard: `BENCH ${1000 + (i % 400)}-2026`,
    family: GRADE_FAMILIES[i % GRADE_FAMILIES.length],
    composition,
    properties,
    equivalents: [],
  };
}

async function fill(db: Db): Promise<number> {
  const rnd = random(20261126);
  let elements = 0;
  for (let start = 0; start < GRADES; start += CHUNK) {
    const batch = Array.from({ length: Math.min(CHUNK, GRADES - start) }, (_, k) => synthetic(start + k, rnd));
    elements += batch.reduce((a, g) => a + g.composition.length, 0);
    await insertGrades(db, batch, start === 0 ? [SOURCE] : []);
  }
  for (const t of ["steel_grades", "steel_grade_elements", "steel_grade_properties", "steel_sources"]) await db.query(`analyze ${t}`);
  return elements;
}

async function prepare(dataDir: string, databaseUrl?: string): Promise<number> {
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "1", ADMIN_PASSWORD: "Bench-Admin-2026", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
    // The shipped grades are seeded here; the platform's start then finds them loaded and keeps the synthetic ones.
    await seed(db, config);
    return await fill(db);
  } finally {
    await db.close();
  }
}

interface Result {
  backend: string;
  fillS: number;
  elements: number;
  coldMs: number;
  calls: Array<{ name: string; p50: number; p95: number; rows: number }>;
  page: { p50: number; p95: number; kib: number };
}

const CALLS: Array<[string, string, Array<[string, string]>, (r: any) => number]> = [
  ["C 0.40–0.50", "DataResource/GetGradeList", [["comp", "C,0.40,0.50"]], (r) => r.total],
  ["Cr 0.8–1.1, Mo ≥ 0.15", "DataResource/GetGradeList", [["comp", "Cr,0.8,1.1"], ["comp", "Mo,0.15,"]], (r) => r.total],
  [
    "Cr 17–19, Ni 8–10, Mo 2–3, C ≤ 0.08",
    "DataResource/GetGradeList",
    [["comp", "Cr,17,19"], ["comp", "Ni,8,10"], ["comp", "Mo,2,3"], ["comp", "C,,0.08"]],
    (r) => r.total,
  ],
  ["Ni ≤ 0.3 (grades without Ni too)", "DataResource/GetGradeList", [["comp", "Ni,,0.3"]], (r) => r.total],
  ["Cr 0.8–1.1, family, page 20", "DataResource/GetGradeList", [["comp", "Cr,0.8,1.1"], ["family", "alloyStructural"], ["page", "20"], ["sort", "-name"]], (r) => r.total],
  ["designation prefix \"bx1\"", "DataResource/GetGradeList", [["keyword", "bx1"]], (r) => r.total],
  ["SearchProperty Rm 900–1200, quenched", "DataResource/SearchProperty", [["property", "tensileStrength"], ["min", "900"], ["max", "1200"], ["condition", "quenched"]], (r) => r.total],
  ["GetGradeDetail (one synthetic grade)", "DataResource/GetGradeDetail", [["key", "bench-4242"]], (r) => r.Composition.length],
];

async function run(backend: string, databaseUrl?: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-grades-"));
  const t0 = performance.now();
  const elements = await prepare(dataDir, databaseUrl);
  const fillS = (performance.now() - t0) / 1000;
  console.log(`${backend}: migrated, seeded and loaded ${GRADES.toLocaleString("en")} grades (${elements.toLocaleString("en")} element ranges) in ${fmt(fillS)} s`);
  const platform = await startPlatform(process.cwd(), databaseUrl, dataDir);
  try {
    const { cookie, token } = await sessionCookie(platform);
    const api = async (p: string, query: Array<[string, string]>) => {
      const res = await fetch(`${platform.api}/api/${p}?${new URLSearchParams(query)}`, { headers: { xteam: "xteam", AuthorizationToken: token } });
      const env = await res.json();
      if (env.status !== 200) throw new Error(`${p}: ${env.status} ${env.msg}`);
      return env.returnData;
    };
    // The first search builds the API's grade index (grade-index.ts); every later one reuses it.
    const c0 = performance.now();
    await api("DataResource/GetGradeList", [["comp", "C,0.40,0.50"]]);
    const coldMs = performance.now() - c0;
    const calls = [];
    for (const [name, p, q, rows] of CALLS) {
      const n = rows(await api(p, q));
      calls.push({ name, rows: n, ...(await timed(RUNS, () => api(p, q))) });
    }
    const url = "/dataResource/dataResourceList?el=Cr&min=0.8&max=1.1&el=Mo&min=0.15&max=";
    const get = async () => {
      const res = await fetch(platform.base + url, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
      return res.text();
    };
    const html = await get();
    if (!html.includes('data-testid="grades-count"')) throw new Error(`${url}: no result count in the page`);
    return { backend, fillS, elements, coldMs, calls, page: { kib: html.length / 1024, ...(await timed(Math.min(RUNS, 60), get)) } };
  } finally {
    await platform.stop();
  }
}

async function main() {
  const results = await onBothBackends(run);
  const cols = results.map((r) => r.backend);
  console.log(`\nGrade searches over ${GRADES.toLocaleString("en")} synthetic grades + the shipped ones, ${RUNS} calls each, ms (p50 / p95; target p95 < 30): ${cols.join(" | ")}`);
  console.log(`| call | total | ${cols.join(" | ")} |\n|---|---|${cols.map(() => "---|").join("")}`);
  results[0].calls.forEach((c, i) => console.log(`| ${c.name} | ${c.rows} | ${results.map((r) => `${fmt(r.calls[i].p50)} / ${fmt(r.calls[i].p95)}`).join(" | ")} |`));
  console.log(`\nPage, server render ms (p50 / p95), HTML KiB`);
  console.log(`| page | ${cols.join(" | ")} |\n|---|${cols.map(() => "---|").join("")}`);
  console.log(`| /dataResource/dataResourceList (Cr 0.8–1.1, Mo ≥ 0.15) | ${results.map((r) => `${fmt(r.page.p50)} / ${fmt(r.page.p95)} (${fmt(r.page.kib, 0)} KiB)`).join(" | ")} |`);
  console.log(`\nFirst search after the start (builds the index), ms: ${results.map((r) => `${r.backend} ${fmt(r.coldMs, 0)}`).join(", ")}`);
  console.log(`\nData written before the start (migrate + seed + load), s: ${results.map((r) => `${r.backend} ${fmt(r.fillS)}`).join(", ")}`);
}

if (process.argv[1]?.endsWith("grades.ts")) {
  try {
    await main();
  } finally {
    killAll();
  }
}
