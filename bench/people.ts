/**
 * People administration benchmarks (issue 13), on PGlite and, when a server answers, on PostgreSQL, in one run:
 *  1. System/GetPersonList over 100,000 people in ~2,200 departments (20 institutes × 10 divisions × 10
 *     groups): department subtree + name prefix + role (page 1), the same without the subtree, the whole list at
 *     page 500, one institute's subtree at page 500; p50/p95 at one connection, from the client;
 *  2. the department tree page and the people page with those departments: server render p50/p95 and HTML size;
 *  3. an Excel import of 5,000 people: preview (read + check) and confirmation times, and the API's peak memory.
 * The data is written before the platform starts (the same SQL on both databases); the platform runs as
 * `npm start` does (production build: run `npm run build` first).
 * Usage: npm run bench:people [-- --runs 200]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import ExcelJS from "exceljs";
import { loadConfig } from "../api/config.ts";
import { openDb, type Db } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { seed } from "../api/db/seed.ts";
import "../api/modules/index.ts";
import { timed } from "./load.ts";
import { killAll, onBothBackends, sessionCookie, startPlatform, type Platform } from "./platform.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("runs", 200);
const PEOPLE = arg("people", 100_000);
const IMPORT = arg("import", 5_000);
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

/** The institute's departments and people, written straight into a fresh, migrated and seeded database. */
export async function fill(db: Db): Promise<void> {
  await db.query(`insert into departments(name, code, sort) select '研究院' || g, 'R' || g, g from generate_series(1, 20) g`);
  await db.query(
    `insert into departments(parent_id, name, code, sort) select d.id, '研究所' || g, d.code || '-' || g, g from departments d, generate_series(1, 10) g where d.code ~ '^R[0-9]+$'`,
  );
  await db.query(
    `insert into departments(parent_id, name, code, sort) select d.id, '研究室' || g, d.code || '-' || g, g from departments d, generate_series(1, 10) g where d.code ~ '^R[0-9]+-[0-9]+$'`,
  );
  await db.query(
    `with leaves as (select id, row_number() over (order by code) - 1 as n from departments where code ~ '^R[0-9]+-[0-9]+-[0-9]+$')
     insert into users(name, real_name, mobile, password_hash, update_pwd, department_id, gender)
     select 'u' || lpad(g::text, 6, '0'),
            (array['王','李','张','刘','陈','杨','赵','黄','周','吴','徐','孙','胡','朱','高','林','何','郭','马','罗'])[1 + (g * 7) % 20]
              || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀英','霞','平'])[1 + (g * 13) % 20],
            '139' || lpad(g::text, 8, '0'), '!', true, l.id, (array[0, 1, 9])[1 + g % 3]
       from generate_series(1, $1::int) g join leaves l on l.n = g % 2000`,
    [PEOPLE],
  );
  await db.query(
    `insert into user_roles(user_id, role_code)
     select id, (array['DataUpload','OutsideUser','EquimentAdmin','FileTransferAdmin','SGUser'])[1 + abs(hashtext(name)) % 5] from users where name ~ '^u[0-9]{6}$'`,
  );
  await db.query(`analyze`);
}

async function prepare(dataDir: string, databaseUrl?: string): Promise<string> {
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "1", ADMIN_PASSWORD: "Bench-Admin-2026", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
    await seed(db, config);
    await fill(db);
    const [r1] = await db.query<{ id: string }>(`select id from departments where code = 'R1'`);
    return r1.id;
  } finally {
    await db.close();
  }
}

/** The API process under the platform (its only child), for its peak memory. */
function apiPid(p: Platform): number {
  return Number(fs.readFileSync(`/proc/${p.proc.pid}/task/${p.proc.pid}/children`, "utf8").trim().split(/\s+/)[0]);
}
const statusMiB = (pid: number, field: "VmRSS" | "VmHWM") => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("人员");
  sheet.addRow(["用户名*", "姓名*", "手机号", "邮箱", "身份证号", "性别", "部门", "企业", "角色*"]);
  for (let i = 1; i <= IMPORT; i++) {
    sheet.addRow([`imp${String(i).padStart(6, "0")}`, `导入${i}`, `137${String(i).padStart(8, "0")}`, `imp${i}@example.org`, "", i % 2 ? "男" : "女", `研究院${1 + (i % 20)}/研究所${1 + (i % 10)}/研究室${1 + (i % 7)}`, "", "数据上传员"]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Result {
  backend: string;
  lists: Array<{ name: string; p50: number; p95: number; total: number }>;
  pages: Array<{ name: string; p50: number; p95: number; kib: number }>;
  import: { previewS: number; confirmS: number; rssBefore: number; peak: number };
}

async function run(backend: string, databaseUrl?: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-people-"));
  const r1 = await prepare(dataDir, databaseUrl);
  const platform = await startPlatform(process.cwd(), databaseUrl, dataDir);
  try {
    const { cookie, token } = await sessionCookie(platform);
    const api = async (p: string, query: Record<string, string>) => {
      const res = await fetch(`${platform.api}/api/${p}?${new URLSearchParams(query)}`, { headers: { xteam: "xteam", AuthorizationToken: token } });
      const env = await res.json();
      if (env.status !== 200) throw new Error(`${p}: ${env.status} ${env.msg}`);
      return env.returnData;
    };
    const queries: Array<[string, Record<string, string>]> = [
      ["subtree + 王 + DataUpload, page 1", { departmentId: r1, keyword: "王", role: "DataUpload", pageSize: "20" }],
      ["王 + DataUpload, page 1", { keyword: "王", role: "DataUpload", pageSize: "20" }],
      ["everyone by user name, page 500", { sort: "userName", page: "500", pageSize: "20" }],
      ["one institute's subtree, page 500", { departmentId: r1, page: "500", pageSize: "10" }],
    ];
    const lists = [];
    for (const [name, q] of queries) {
      const total = (await api("System/GetPersonList", q)).total as number;
      lists.push({ name, total, ...(await timed(RUNS, () => api("System/GetPersonList", q))) });
    }
    const pages = [];
    for (const url of ["/systemManage/deptMangae", "/systemManage/personManage"]) {
      const get = async () => {
        const res = await fetch(platform.base + url, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
        return res.text();
      };
      const kib = (await get()).length / 1024;
      pages.push({ name: url, kib, ...(await timed(Math.min(RUNS, 60), get)) });
    }
    const file = await workbook();
    const pid = apiPid(platform);
    const rssBefore = statusMiB(pid, "VmRSS");
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(file)]), "people.xlsx");
    let t0 = performance.now();
    const preview = await (await fetch(`${platform.api}/api/System/ImportPersons`, { method: "POST", headers: { xteam: "xteam", AuthorizationToken: token }, body: form })).json();
    const previewS = (performance.now() - t0) / 1000;
    if (preview.status !== 200 || !preview.returnData.Batch) throw new Error(`import preview: ${preview.status} ${preview.msg} bad=${preview.returnData?.Bad}`);
    t0 = performance.now();
    const done = await (
      await fetch(`${platform.api}/api/System/ConfirmPersonImport`, {
        method: "POST",
        headers: { xteam: "xteam", AuthorizationToken: token, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ Batch: preview.returnData.Batch }),
      })
    ).json();
    const confirmS = (performance.now() - t0) / 1000;
    if (done.returnData?.Imported !== IMPORT) throw new Error(`import confirm: ${done.status} ${done.msg}`);
    return { backend, lists, pages, import: { previewS, confirmS, rssBefore, peak: statusMiB(pid, "VmHWM") } };
  } finally {
    await platform.stop();
  }
}

async function main() {
  const results = await onBothBackends(run);
  const cols = results.map((r) => r.backend);
  console.log(`\nSystem/GetPersonList, ${PEOPLE.toLocaleString("en")} people, ${RUNS} calls each, ms (p50 / p95): ${cols.join(" | ")}`);
  console.log(`| query | rows | ${cols.join(" | ")} |\n|---|---|${cols.map(() => "---|").join("")}`);
  results[0].lists.forEach((l, i) => console.log(`| ${l.name} | ${l.total} | ${results.map((r) => `${fmt(r.lists[i].p50)} / ${fmt(r.lists[i].p95)}`).join(" | ")} |`));
  console.log(`\nPages with ~2,200 departments, server render ms (p50 / p95), HTML KiB`);
  console.log(`| page | ${cols.join(" | ")} |\n|---|${cols.map(() => "---|").join("")}`);
  results[0].pages.forEach((p, i) => console.log(`| ${p.name} | ${results.map((r) => `${fmt(r.pages[i].p50)} / ${fmt(r.pages[i].p95)} (${fmt(r.pages[i].kib, 0)} KiB)`).join(" | ")} |`));
  console.log(`\nExcel import of ${IMPORT.toLocaleString("en")} people`);
  console.log(`| | ${cols.join(" | ")} |\n|---|${cols.map(() => "---|").join("")}`);
  console.log(`| preview (read + check), s | ${results.map((r) => fmt(r.import.previewS, 2)).join(" | ")} |`);
  console.log(`| confirmation (insert), s | ${results.map((r) => fmt(r.import.confirmS, 2)).join(" | ")} |`);
  console.log(`| API RSS before → peak, MiB | ${results.map((r) => `${fmt(r.import.rssBefore, 0)} → ${fmt(r.import.peak, 0)}`).join(" | ")} |`);
}

if (process.argv[1]?.endsWith("people.ts")) {
  try {
    await main();
  } finally {
    killAll();
  }
}
