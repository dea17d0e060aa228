/**
 * Research project benchmarks (issue 14: "Project list with 10,000 projects and 50 members each, level filter:
 * p95 under 30 ms"), on PGlite and, when a server answers, on PostgreSQL, in one run:
 *  1. Project/GetProjectList for the demo admin over 10,000 projects of 50 members each (500,000 member rows,
 *     from a pool of 20,000 people) and 50,000 finished compute tasks; the admin leads 30 of them, co-leads 20
 *     and is a member of 100, spread over the 10,000: level 0, 1 and 2, level 0 with a keyword, level 0 page 5
 *     by start date descending; then Project/GetProjectInfo of one the admin leads and
 *     Project/GetMyProjectOptions; p50/p95 at one connection, from the client, with the rows each answers;
 *  2. the page /myProject/myProjectList: server render p50/p95 and HTML size.
 * The data is written before the platform starts (the same SQL on both databases); the platform runs as
 * `npm start` does (production build: run `npm run build` first).
 * Usage: npm run bench:projects [-- --runs 200 --projects 10000 --members 50 --users 20000 --tasks 50000]
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

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("runs", 200);
const PROJECTS = arg("projects", 10_000);
const MEMBERS = arg("members", 50);
const USERS = Math.max(arg("users", 20_000), MEMBERS + 1);
const TASKS = arg("tasks", 50_000);
const KEYWORD = "钛合金";
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

/**
 * Which of the generated projects (numbered 1 … PROJECTS) the admin takes part in, and how: 3, 2 and 10 in
 * every thousand, so 30, 20 and 100 of 10,000, spread over all of them.
 */
const adminLeads = (n: string) => `(${n} % 1000 in (10, 40, 70))`;
const adminCoLeads = (n: string) => `(${n} % 1000 in (20, 60))`;
const adminMember = (n: string) => `(${n} % 100 = 5)`;

/**
 * The projects, their people and their tasks, written straight into a fresh, migrated and seeded database.
 * Project n's leader is pool person (n·7919 mod USERS) + 1, its k-th member (k = 1 … MEMBERS) person
 * (n·7919 + k·step mod USERS) + 1 with step = ⌊USERS / (MEMBERS + 1)⌋: all different within a project, the
 * leader never a member row. Members 1 and 2 are co-leads, the others plain members; where the admin co-leads
 * or is a member, they take the last member's place.
 */
export async function fill(db: Db): Promise<void> {
  const [{ id: admin }] = await db.query<{ id: string }>(`select id from users where mobile = '13800000001'`);
  const step = Math.floor(USERS / (MEMBERS + 1));
  await db.query(`insert into departments(name, code, sort) select '课题组' || g, 'PG' || g, g from generate_series(1, 50) g`);
  await db.query(
    `with groups as (select id, row_number() over (order by code) - 1 as n from departments where code ~ '^PG[0-9]+$')
     insert into users(name, real_name, mobile, password_hash, update_pwd, department_id)
     select 'pu' || lpad(g::text, 6, '0'),
            (array['王','李','张','刘','陈','杨','赵','黄','周','吴','徐','孙','胡','朱','高','林','何','郭','马','罗'])[1 + (g * 7) % 20]
              || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀英','霞','平'])[1 + (g * 13) % 20],
            '137' || lpad(g::text, 8, '0'), '!', true, d.id
       from generate_series(1, $1::int) g join groups d on d.n = g % 50`,
    [USERS],
  );
  // Number → id, for the joins below; dropped at the end.
  await db.query(`create table bench_pu as select substr(name, 3)::int as n, id from users where name ~ '^pu[0-9]{6}$'`);
  await db.query(`alter table bench_pu add primary key (n)`);
  await db.query(
    `insert into projects(code, name, funding, start_date, end_date, leader_id, description, budget_core_hours, budget_period, status, created_by, created_at, updated_at)
     select 'BP' || lpad(g::text, 6, '0'),
            (array['高强钢','耐热合金','钛合金','镍基高温合金','铝合金','焊接接头','热障涂层','增材制造','相变动力学','耐蚀钢'])[1 + abs(hashtext(g::text)::bigint) % 10]
              || (array['组织调控','性能预测','工艺优化','数据库建设','多尺度模拟'])[1 + g % 5] || '研究 ' || g,
            (array['国家重点研发计划','国家自然科学基金','院自主课题','企业委托'])[1 + g % 4],
            date '2020-01-01' + g % 1800, date '2020-01-01' + g % 1800 + 365 * (1 + g % 4),
            case when ${adminLeads("g")} then $2::uuid else u.id end,
            '<p>项目 ' || g || ' 的研究内容与目标。</p>',
            case when g % 3 = 0 then null else (500 * (1 + g % 40))::numeric end,
            (array['project','year','month'])[1 + g % 3],
            case when g % 7 = 3 then 'closed' else 'active' end,
            u.id, now() - make_interval(mins => g * 5), now() - make_interval(mins => g * 5)
       from generate_series(1, $1::int) g join bench_pu u on u.n = (g * 7919) % ${USERS} + 1`,
    [PROJECTS, admin],
  );
  await db.query(`create table bench_pp as select substr(code, 3)::int as n, id, leader_id, created_at from projects where code ~ '^BP[0-9]{6}$'`);
  await db.query(`alter table bench_pp add primary key (n)`);
  await db.query(
    `insert into project_members(project_id, user_id, role, added_at)
     select p.id, u.id, case when k <= 2 then 'colead' else 'member' end, p.created_at + make_interval(mins => k)
       from bench_pp p cross join generate_series(1, $1::int) k
       join bench_pu u on u.n = (p.n * 7919 + k * ${step}) % ${USERS} + 1
      where not (k = $1::int and (${adminCoLeads("p.n")} or ${adminMember("p.n")}))`,
    [MEMBERS],
  );
  await db.query(
    `insert into project_members(project_id, user_id, role, added_at)
     select id, $1::uuid, case when ${adminCoLeads("n")} then 'colead' else 'member' end, created_at + interval '1 hour'
       from bench_pp where ${adminCoLeads("n")} or ${adminMember("n")}`,
    [admin],
  );
  // Finished runs, TASKS / PROJECTS per project, by its leader, created over the last ~375 days (so a month's and
  // a year's budget periods each hold some), 2 cores for 10 minutes to 2 hours.
  await db.query(
    `insert into compute_tasks(user_id, app_id, app_version, category, mode, params, input_files, input_hash, resources, status, exit_code,
                               executor, job_id, created_at, started_at, finished_at, project_id)
     select p.leader_id, (array['carburizing','calphad','kwn','phasefield'])[1 + i % 4], '1.0', 'Spread', 'graphical', '{}'::jsonb, '{}', 'bench',
            '{"cores": 2, "walltimeMin": 60}'::jsonb, 'succeeded', 0, 'local', 'bench-' || i,
            now() - make_interval(hours => i % 9000), now() - make_interval(hours => i % 9000) + interval '1 minute',
            now() - make_interval(hours => i % 9000) + make_interval(mins => 11 + i % 110), p.id
       from generate_series(1, $1::int) i join bench_pp p on p.n = i % ${PROJECTS} + 1`,
    [TASKS],
  );
  await db.query(`drop table bench_pu`);
  await db.query(`drop table bench_pp`);
  // Every table of this database's (or this run's schema's) own, not other schemas on a shared server. Analyze's
  // sample decides whether the admin (120 of 500,000 member rows) is among project_members.user_id's most common
  // values; when it is, the estimate rises from ~25 rows to ~200 and the list's plan can turn to a scan of all
  // projects: `prepare` reports which, as it changes the figures from one run to the next.
  for (const { t } of await db.query<{ t: string }>(`select quote_ident(tablename) as t from pg_tables where schemaname = current_schema()`)) await db.query(`analyze ${t}`);
}

async function prepare(dataDir: string, databaseUrl?: string): Promise<{ led: string; adminMcv: boolean }> {
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "1", ADMIN_PASSWORD: "Bench-Admin-2026", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
    await seed(db, config);
    await fill(db);
    // One the admin leads (the first of them): its details, members and tasks.
    const [led] = await db.query<{ id: string }>(`select p.id from projects p join users u on u.id = p.leader_id where u.mobile = '13800000001' order by p.code limit 1`);
    const [mcv] = await db.query<{ hit: boolean | null }>(
      `select (select id::text from users where mobile = '13800000001') = any(most_common_vals::text::text[]) as hit
         from pg_stats where schemaname = current_schema() and tablename = 'project_members' and attname = 'user_id'`,
    );
    return { led: led.id, adminMcv: mcv?.hit === true };
  } finally {
    await db.close();
  }
}

interface Result {
  backend: string;
  fillS: number;
  calls: Array<{ name: string; p50: number; p95: number; rows: number }>;
  page: { p50: number; p95: number; kib: number; rows: number };
}

async function run(backend: string, databaseUrl?: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-projects-"));
  const t0 = performance.now();
  const { led, adminMcv } = await prepare(dataDir, databaseUrl);
  const fillS = (performance.now() - t0) / 1000;
  console.log(`${backend}: migrated, seeded and filled in ${fmt(fillS)} s; the admin is ${adminMcv ? "" : "not "}among project_members.user_id's most common values`);
  const platform = await startPlatform(process.cwd(), databaseUrl, dataDir);
  try {
    const { cookie, token } = await sessionCookie(platform);
    const api = async (p: string, query: Record<string, string>) => {
      const res = await fetch(`${platform.api}/api/${p}?${new URLSearchParams(query)}`, { headers: { xteam: "xteam", AuthorizationToken: token } });
      const env = await res.json();
      if (env.status !== 200) throw new Error(`${p}: ${env.status} ${env.msg}`);
      return env.returnData;
    };
    const calls: Array<[string, string, Record<string, string>, (r: any) => number]> = [
      ["GetProjectList level 0 (all mine)", "Project/GetProjectList", { level: "0" }, (r) => r.total],
      ["GetProjectList level 1 (I lead or co-lead)", "Project/GetProjectList", { level: "1" }, (r) => r.total],
      ["GetProjectList level 2 (I am a member)", "Project/GetProjectList", { level: "2" }, (r) => r.total],
      [`GetProjectList level 0 + keyword ${KEYWORD}`, "Project/GetProjectList", { level: "0", keyword: KEYWORD }, (r) => r.total],
      ["GetProjectList level 0, page 5, -startDate", "Project/GetProjectList", { level: "0", page: "5", sort: "-startDate" }, (r) => r.total],
      ["GetProjectInfo (one I lead)", "Project/GetProjectInfo", { id: led }, (r) => r.Members.length],
      ["GetMyProjectOptions", "Project/GetMyProjectOptions", {}, (r) => r.length],
    ];
    const out = [];
    for (const [name, p, q, rows] of calls) {
      const n = rows(await api(p, q));
      out.push({ name, rows: n, ...(await timed(RUNS, () => api(p, q))) });
    }
    const url = "/myProject/myProjectList";
    const get = async () => {
      const res = await fetch(platform.base + url, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
      return res.text();
    };
    const html = await get();
    // The page's list is level 0, page 1: the same total as the first call; check it shows the admin's projects.
    const shown = (html.match(/BP\d{6}/g) ?? []).length;
    if (!shown) throw new Error(`${url}: no project in the page`);
    return { backend, fillS, calls: out, page: { kib: html.length / 1024, rows: out[0].rows, ...(await timed(Math.min(RUNS, 60), get)) } };
  } finally {
    await platform.stop();
  }
}

async function main() {
  const results = await onBothBackends(run);
  const cols = results.map((r) => r.backend);
  const people = (PROJECTS * MEMBERS).toLocaleString("en");
  console.log(
    `\nProject calls of the demo admin, ${PROJECTS.toLocaleString("en")} projects × ${MEMBERS} members (${people} member rows, ${USERS.toLocaleString("en")} people), ` +
      `${TASKS.toLocaleString("en")} tasks, ${RUNS} calls each, ms (p50 / p95; target p95 < 30): ${cols.join(" | ")}`,
  );
  console.log(`| call | rows | ${cols.join(" | ")} |\n|---|---|${cols.map(() => "---|").join("")}`);
  results[0].calls.forEach((c, i) => console.log(`| ${c.name} | ${c.rows} | ${results.map((r) => `${fmt(r.calls[i].p50)} / ${fmt(r.calls[i].p95)}`).join(" | ")} |`));
  console.log(`\nPage, server render ms (p50 / p95), HTML KiB`);
  console.log(`| page | rows | ${cols.join(" | ")} |\n|---|---|${cols.map(() => "---|").join("")}`);
  const p = results[0].page;
  console.log(`| /myProject/myProjectList | ${p.rows} | ${results.map((r) => `${fmt(r.page.p50)} / ${fmt(r.page.p95)} (${fmt(r.page.kib, 0)} KiB)`).join(" | ")} |`);
  console.log(`\nData written before the start (migrate + seed + fill), s: ${results.map((r) => `${r.backend} ${fmt(r.fillS)}`).join(", ")}`);
}

if (process.argv[1]?.endsWith("projects.ts")) {
  try {
    await main();
  } finally {
    killAll();
  }
}
