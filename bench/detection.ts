/**
 * Test-detection benchmarks (issue 15, "Measured"), on PGlite and, when a server answers, on PostgreSQL, in
 * one run, through the API of a started platform (production build: run `npm run build` first):
 *  1. TrialDetection/RegisterSamples of 500 pieces in one call (an order of 5 lines × 100), time per call over
 *     several orders; then TrialDetection/GetSampleLabels of those 500 on an A4 sheet and on a 50 × 30 roll:
 *     time and PDF size;
 *  2. TrialDetection/GetDetectionTaskOrderBase over 50,000 orders (200 projects, half for departments, half
 *     for enterprises): unfiltered, by state, by client, by state and client, overdue, by keyword; p50/p95 at
 *     one connection (target p95 < 30 ms);
 *  3. TrialDetection/GetSample by ID;
 *  4. the report of an order of 20 samples × 8 quantities: issuing it (SetTaskOrderState report, which draws
 *     the PDF) and TrialDetection/GetReportPdf, the stored copy.
 * The 50,000 orders are written before the platform starts (the same SQL on both databases).
 * Usage: npm run bench:detection [-- --runs 200 --orders 50000 --register 5]
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
import { timed } from "./load.ts";
import { killAll, onBothBackends, sessionCookie, startPlatform } from "./platform.ts";
import { smsLogin } from "./sms-login.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("runs", 200);
const ORDERS = arg("orders", 50_000);
const REGISTER = arg("register", 5);
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

/** 200 detection projects (even ones for a department, odd ones for an enterprise) and ORDERS orders over them. */
async function fill(db: Db): Promise<void> {
  const [{ id: admin }] = await db.query<{ id: string }>(`select id from users where mobile = '13800000001'`);
  await db.query(`insert into departments(name, code, sort) select '检测委托部门' || g, 'BD' || g, g from generate_series(1, 20) g`);
  await db.query(`insert into enterprises(name) select '委托企业 ' || g from generate_series(1, 20) g`);
  await db.query(
    `with d as (select id, row_number() over (order by code) as n from departments where code ~ '^BD[0-9]+$'),
          e as (select id, row_number() over (order by name) as n from enterprises where name like '委托企业 %')
     insert into detection_projects (code, name, client_department_id, client_enterprise_id, leader_id, created_by)
     select 'BDP-' || g, '基准检测项目 ' || g,
            case when g % 2 = 0 then (select id from d where n = 1 + g % 20) end,
            case when g % 2 = 1 then (select id from e where n = 1 + g % 20) end, $1, $1
       from generate_series(1, 200) g`,
    [admin],
  );
  await db.query(
    `with p as (select id, client_department_id, client_enterprise_id, row_number() over (order by code) as n from detection_projects where code like 'BDP-%')
     insert into detection_orders (code, project_id, client_department_id, client_enterprise_id, state, grade, due_date, created_by, created_at, state_changed_at)
     select 'BWT' || lpad(g::text, 7, '0'), p.id, p.client_department_id, p.client_enterprise_id,
            (array['draft','submitted','received','in_test','to_verify','verified','reported','reported','reported','cancelled'])[1 + g % 10],
            '42CrMo', current_date - 200 + g % 400, $2, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series(1, $1::int) g join p on p.n = 1 + g % 200`,
    [ORDERS, admin],
  );
  await db.query(
    `insert into detection_order_lines (order_id, line_no, description, grade, quantity, methods)
     select id, 1, '棒材', '42CrMo', 1 + abs(hashtext(code)) % 3, array['TENSILE-RT'] from detection_orders where code like 'BWT%'`,
  );
  // A report (version 1; a stand-in PDF) for each reported order, as the reports page lists them.
  await db.query(
    `insert into detection_reports (order_id, version, code, pdf, sha256, verify_token, lang, issued_by, issued_by_name, issued_at)
     select id, 1, code || '-R1', '\\x255044462d'::bytea, md5(code), replace(gen_random_uuid()::text, '-', ''), 'zh', $1, 'admin', state_changed_at
       from detection_orders where code like 'BWT%' and state = 'reported'`,
    [admin],
  );
  for (const { t } of await db.query<{ t: string }>(`select quote_ident(tablename) as t from pg_tables where schemaname = current_schema() and tablename like 'detection%'`)) {
    await db.query(`analyze ${t}`);
  }
}

async function prepare(dataDir: string, databaseUrl?: string): Promise<{ enterprise: string }> {
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "1", ADMIN_PASSWORD: "Bench-Admin-2026", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
    await seed(db, config);
    await fill(db);
    // The client of an enterprise's project (odd ones are), with its 1/200 share of the orders.
    const [e] = await db.query<{ id: string }>(`select client_enterprise_id as id from detection_projects where code = 'BDP-1'`);
    return { enterprise: e.id };
  } finally {
    await db.close();
  }
}

interface Result {
  backend: string;
  fillS: number;
  register: { p50: number; max: number };
  labels: Array<{ size: string; ms: number; kib: number; pages: number }>;
  calls: Array<{ name: string; p50: number; p95: number; rows: number }>;
  report: { issueMs: number[]; pdf: { p50: number; p95: number }; kib: number };
}

async function run(backend: string, databaseUrl?: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-detection-"));
  const t0 = performance.now();
  const { enterprise } = await prepare(dataDir, databaseUrl);
  const fillS = (performance.now() - t0) / 1000;
  console.log(`${backend}: migrated, seeded and filled in ${fmt(fillS)} s`);
  const platform = await startPlatform(process.cwd(), databaseUrl, dataDir);
  try {
    const { token } = await sessionCookie(platform);
    const call = async (p: string, opts: { query?: Record<string, string>; json?: unknown } = {}) => {
      const res = await fetch(`${platform.api}/api/${p}?${new URLSearchParams(opts.query ?? {})}`, {
        method: opts.json === undefined ? "GET" : "POST",
        headers: { xteam: "xteam", AuthorizationToken: token, ...(opts.json === undefined ? {} : { "content-type": "application/json" }) },
        body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
      });
      const env = await res.json();
      if (env.status !== 200) throw new Error(`${p}: ${env.status} ${env.msg}`);
      return env.returnData;
    };
    const move = async (id: string, actions: string[], from: number) => {
      for (const [i, Action] of actions.entries()) await call("TrialDetection/SetTaskOrderState", { json: { Id: id, Action, Version: from + i } });
    };
    const [project] = (await call("TrialDetection/GetDetectionProjectBase", { json: { keyword: "BDP-1", pageSize: 1 } })).rows;

    // 1. 500 pieces registered in one call, on several fresh orders; then the last one's labels.
    const times: number[] = [];
    let last = { id: "", samples: [] as { Code: string }[] };
    for (let r = 0; r < REGISTER; r++) {
      const lines = Array.from({ length: 5 }, (_, i) => ({ Description: `棒材 ${i + 1}`, Grade: "42CrMo", HeatNo: `H${r}${i}`, Quantity: 100, Methods: ["TENSILE-RT"] }));
      const o = await call("TrialDetection/SaveTaskOrder", { json: { ProjectId: project.Id, Grade: "42CrMo", Lines: lines } });
      await move(o.Id, ["submit", "receive"], 1);
      const t = performance.now();
      const made = await call("TrialDetection/RegisterSamples", { json: { OrderId: o.Id, Storage: "基准柜" } });
      times.push(performance.now() - t);
      last = { id: o.Id, samples: made.Samples };
    }
    if (last.samples.length !== 500) throw new Error(`registered ${last.samples.length}, not 500`);
    times.sort((a, b) => a - b);
    const labels = [];
    for (const size of ["a4-3x8", "50x30"]) {
      const t = performance.now();
      const res = await fetch(`${platform.api}/api/TrialDetection/GetSampleLabels?orderId=${last.id}&size=${size}`, { headers: { xteam: "xteam", AuthorizationToken: token } });
      const pdf = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - t;
      if (res.headers.get("content-type") !== "application/pdf") throw new Error(`labels ${size}: ${res.status}`);
      labels.push({ size, ms, kib: pdf.length / 1024, pages: (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length });
    }

    // 2. The order list, 3. a sample by its ID.
    const list: Array<[string, Record<string, string>]> = [
      ["unfiltered, newest first", {}],
      ["state = in_test", { state: "in_test" }],
      ["client = one enterprise", { clientKind: "enterprise", clientId: enterprise }],
      ["state = reported and client = one enterprise", { state: "reported", clientKind: "enterprise", clientId: enterprise }],
      ["overdue", { overdue: "1" }],
      ["keyword BWT00123 (order code)", { keyword: "BWT00123" }],
      ["state = submitted, page 20, by due date", { state: "submitted", page: "20", sort: "dueDate" }],
    ];
    const calls = [];
    for (const [name, q] of list) {
      const body = { pageSize: "20", ...q };
      const rows = (await call("TrialDetection/GetDetectionTaskOrderBase", { json: body })).total;
      calls.push({ name: `GetDetectionTaskOrderBase ${name}`, rows, ...(await timed(RUNS, () => call("TrialDetection/GetDetectionTaskOrderBase", { json: body }))) });
    }
    for (const [name, q] of [
      ["current reports, newest first", {}],
      ["keyword BWT00123 (report or order code)", { keyword: "BWT00123" }],
      ["every version, page 20", { versions: "all", page: "20" }],
    ] as Array<[string, Record<string, string>]>) {
      const body = { pageSize: "20", ...q };
      const rows = (await call("TrialDetection/GetReportList", { json: body })).total;
      calls.push({ name: `GetReportList ${name}`, rows, ...(await timed(RUNS, () => call("TrialDetection/GetReportList", { json: body }))) });
    }
    const code = last.samples[250].Code;
    calls.push({ name: "GetSample by ID", rows: 1, ...(await timed(RUNS, () => call("TrialDetection/GetSample", { query: { code } }))) });

    // 4. A report of 20 samples × 8 quantities (tensile 5 + hardness 1 + impact 2), issued, then read back.
    const o = await call("TrialDetection/SaveTaskOrder", {
      json: { ProjectId: project.Id, Grade: "42CrMo", Lines: [{ Description: "Φ25 调质棒材", HeatNo: "H-R", Quantity: 20, Methods: ["TENSILE-RT", "HARD-HBW", "IMPACT-KV2"] }] },
    });
    await move(o.Id, ["submit", "receive"], 1);
    const samples = (await call("TrialDetection/RegisterSamples", { json: { OrderId: o.Id } })).Samples as { Id: string }[];
    await move(o.Id, ["start"], 3);
    for (const [i, s] of samples.entries()) {
      const save = (Method: string, values: Record<string, number>) =>
        call("TrialDetection/SaveResults", { json: { SampleId: s.Id, Method, Equipment: "bench", Values: Object.entries(values).map(([Quantity, Value]) => ({ Quantity, Value: String(Value) })) } });
      await save("TENSILE-RT", { Rm: 1070 + i * 3, "Rp0.2": 930 + i, ReH: 950 + i, A: 11 + (i % 4), Z: 45 + (i % 7) });
      await save("HARD-HBW", { HBW: 300 + i });
      await save("IMPACT-KV2", { KV2: 60 + i, T: 20 });
    }
    await move(o.Id, ["complete"], 4);
    // The verification needs a second person: the bench's SMS-logged admin entered everything, so another lab
    // member verifies through the API with their own session.
    const other = await sessionFor(platform, "13800000003");
    await callAs(platform.api, other, "TrialDetection/SetTaskOrderState", { Id: o.Id, Action: "verify", Version: 5 });
    const t = performance.now();
    await move(o.Id, ["report"], 6);
    const issueMs = [performance.now() - t];
    const [rep] = (await call("TrialDetection/GetReports", { query: { orderId: o.Id } })).Reports;
    const get = async () => Buffer.from(await (await fetch(`${platform.api}/api/TrialDetection/GetReportPdf?id=${rep.Id}`, { headers: { xteam: "xteam", AuthorizationToken: token } })).arrayBuffer());
    const pdf = await get();
    // A corrected version draws it again: a second timing of the generation, with the fonts already read.
    const t2 = performance.now();
    await call("TrialDetection/ReissueReport", { json: { OrderId: o.Id, Reason: "基准测试" } });
    issueMs.push(performance.now() - t2);
    const report = { issueMs, pdf: await timed(Math.min(RUNS, 100), get), kib: pdf.length / 1024 };
    return { backend, fillS, register: { p50: times[Math.floor(times.length / 2)], max: times[times.length - 1] }, labels, calls, report };
  } finally {
    await platform.stop();
  }
}

/** A token for another demo user, by SMS login (production mode refuses the fixed captcha). */
async function sessionFor(platform: { api: string; dataDir: string }, mobile: string): Promise<string> {
  return (await smsLogin(platform.api, platform.dataDir, mobile)).token;
}
async function callAs(api: string, token: string, p: string, json: unknown) {
  const res = await fetch(`${api}/api/${p}`, { method: "POST", headers: { xteam: "xteam", AuthorizationToken: token, "content-type": "application/json" }, body: JSON.stringify(json) });
  const env = await res.json();
  if (env.status !== 200) throw new Error(`${p}: ${env.status} ${env.msg}`);
  return env.returnData;
}

async function main() {
  const results = await onBothBackends(run);
  const cols = results.map((r) => r.backend);
  console.log(`\nRegisterSamples, 500 pieces in one call, ms over ${REGISTER} orders (p50 / max): ${results.map((r) => `${r.backend} ${fmt(r.register.p50)} / ${fmt(r.register.max)}`).join(" | ")}`);
  console.log(`\nGetSampleLabels of those 500: ms, KiB, pages`);
  console.log(`| size | ${cols.join(" | ")} |\n|---|${cols.map(() => "---|").join("")}`);
  results[0].labels.forEach((l, i) => console.log(`| ${l.size} | ${results.map((r) => `${fmt(r.labels[i].ms, 0)} ms, ${fmt(r.labels[i].kib, 0)} KiB, ${r.labels[i].pages} pages`).join(" | ")} |`));
  console.log(`\nCalls over ${ORDERS.toLocaleString("en")} orders, ${RUNS} each, ms (p50 / p95; target p95 < 30 for the list)`);
  console.log(`| call | rows | ${cols.join(" | ")} |\n|---|---|${cols.map(() => "---|").join("")}`);
  results[0].calls.forEach((c, i) => console.log(`| ${c.name} | ${c.rows} | ${results.map((r) => `${fmt(r.calls[i].p50)} / ${fmt(r.calls[i].p95)}`).join(" | ")} |`));
  console.log(`\nReport of 20 samples × 8 quantities: issue (report action; then a corrected version) ms, stored PDF read p50 / p95 ms, size`);
  for (const r of results) {
    const rep = r.report;
    console.log(`| ${r.backend} | issue ${rep.issueMs.map((m) => fmt(m, 0)).join(", ")} ms | read ${fmt(rep.pdf.p50)} / ${fmt(rep.pdf.p95)} ms | ${fmt(rep.kib, 0)} KiB |`);
  }
  console.log(`\nData written before the start (migrate + seed + fill), s: ${results.map((r) => `${r.backend} ${fmt(r.fillS)}`).join(", ")}`);
}

if (process.argv[1]?.endsWith("detection.ts")) {
  try {
    await main();
  } finally {
    killAll();
  }
}
