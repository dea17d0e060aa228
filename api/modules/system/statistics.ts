import { z } from "zod";
import type { App } from "../../app.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { Lang } from "../../http/messages.ts";
import { texts } from "../../http/messages.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { findApp } from "../../compute/apps/index.ts";
import { CORE_HOURS } from "../tasks/resources.ts";
import { adminScope, subtreeSql } from "./scope.ts";
import { taskFileSizes } from "./task-storage.ts";
import type { DataStatistics, Usage } from "../../../common/statistics.ts";

/** Longest range one request may ask for, in days (a year of daily login counts is 366 rows). */
export const MAX_RANGE_DAYS = 366;
const DEFAULT_DAYS = 30;

const statsTexts = {
  rangeTooLong: texts(`统计范围不能超过 ${MAX_RANGE_DAYS} 天`, `The range can be at most ${MAX_RANGE_DAYS} days`, `El intervalo admite como máximo ${MAX_RANGE_DAYS} días`, `範囲は ${MAX_RANGE_DAYS} 日以内です`),
  rangeReversed: texts("开始日期不能晚于结束日期", "The start cannot be after the end", "El inicio no puede ser posterior al final", "開始日は終了日より後にできません"),
  noDepartment: texts("未分配部门", "No department", "Sin departamento", "部署なし"),
};

const query = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const localToday = () => {
  const now = new Date();
  return isoDay(new Date(now.getTime() - now.getTimezoneOffset() * 60_000));
};

/** The asked range, whole days in the server's time zone: the last 30 days (or `defaultDays`) unless given. */
export function statisticsRange(q: URLSearchParams, defaultDays = DEFAULT_DAYS): { from: string; to: string; days: number } {
  const f = parse(query, Object.fromEntries(q));
  const to = f.to ?? localToday();
  const from = f.from ?? isoDay(new Date(Date.parse(to) - (defaultDays - 1) * DAY_MS));
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days < 1) throw new ApiError(Status.badRequest, statsTexts.rangeReversed, { fields: [{ field: "from", message: statsTexts.rangeReversed.zh }] });
  if (days > MAX_RANGE_DAYS) throw new ApiError(Status.badRequest, statsTexts.rangeTooLong, { fields: [{ field: "from", message: statsTexts.rangeTooLong.zh }] });
  return { from, to, days };
}


/** Every day of the range, so a day without logins shows as zero rather than missing. */
function daysOf(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => isoDay(new Date(Date.parse(from) + i * DAY_MS)));
}

/** Every month the range touches ("2026-10"). */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split("-").map(Number);
  const [ty, tm] = to.slice(0, 7).split("-").map(Number);
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/**
 * System/GetDataStatistics (SystemAdmin everything; InsideAdmin their department subtree): people, logins
 * per day, tasks and core-hours per category, app and department, storage, feedback and notice reads, for
 * a date range (whole days). One query per figure, each filtered to the caller's people.
 */
export async function dataStatistics(app: App, user: AuthUser, q: URLSearchParams, lang: Lang): Promise<DataStatistics> {
  const { from, to, days } = statisticsRange(q);
  const { db } = app;
  const scope = await adminScope(db, user);
  // `inScope` filters users aliased u; the queries name their values :from, :to and :root.
  let inScope = "true";
  let scopeName: string | null = null;
  if (scope.kind === "department") {
    if (scope.rootId) {
      inScope = `u.department_id in (${subtreeSql(":root")})`;
      scopeName = (await db.query<{ name: string }>(`select name from departments where id = $1`, [scope.rootId]))[0]?.name ?? null;
    } else inScope = "false";
  } else if (scope.kind === "enterprise") inScope = "false"; // not a caller of this call (routes.ts)
  const all = scope.kind === "all";
  const inRange = (col: string) => `${col} >= :from::date and ${col} < :to::date + 1`;
  const named: Record<string, unknown> = { from, to, root: scope.kind === "department" ? scope.rootId : null };
  // Each query gets only the values it names, as positional parameters.
  const q1 = <T>(sql: string) => {
    const values: unknown[] = [];
    const text = sql.replace(/(?<!:):(from|to|root)\b/g, (_, k: string) => {
      values.push(named[k]);
      return `$${values.length}`;
    });
    return db.query<T>(text, values);
  };
  const usageBy = (key: string) =>
    q1<{ key: string; label: string | null; tasks: number; core_hours: number }>(
      `select ${key} as key, min(d.name) as label, count(*)::int as tasks, coalesce(sum(${CORE_HOURS}), 0)::float8 as core_hours
         from compute_tasks t join users u on u.id = t.user_id left join departments d on d.id = u.department_id
        where ${inScope} and ${inRange("t.created_at")}
        group by 1 order by core_hours desc, tasks desc, 1`,
    );

  const [people, newPerMonth, logins, byCategory, byApp, byDept, attachments, scopedTasks, feedback, feedbackTypes, notices, reads, recent] = await Promise.all([
    q1<{ total: number; enabled: number; active7: number; active30: number; new_in_range: number }>(
      `select count(*)::int as total, count(*) filter (where not u.disabled)::int as enabled,
              count(*) filter (where u.last_login_at >= now() - interval '7 days')::int as active7,
              count(*) filter (where u.last_login_at >= now() - interval '30 days')::int as active30,
              count(*) filter (where ${inRange("u.created_at")})::int as new_in_range
         from users u where ${inScope}`,
    ),
    q1<{ month: string; n: number }>(
      `select to_char(u.created_at, 'YYYY-MM') as month, count(*)::int as n from users u
        where ${inScope} and ${inRange("u.created_at")} group by 1`,
    ),
    // A failed attempt for a name nobody has belongs to no department: only a SystemAdmin sees those.
    q1<{ day: string; ok: number; failed: number }>(
      `select to_char(l.at, 'YYYY-MM-DD') as day, count(*) filter (where l.success)::int as ok, count(*) filter (where not l.success)::int as failed
         from login_audit l ${all ? "" : `join users u on u.id = l.user_id and ${inScope}`}
        where ${inRange("l.at")} group by 1`,
    ),
    usageBy("t.category"),
    usageBy("t.app_id"),
    usageBy("coalesce(d.id::text, '')"),
    q1<{ n: number; bytes: number }>(
      `select count(*)::int as n, coalesce(sum(a.size), 0)::float8 as bytes
         from attachments a ${all ? "" : `join users u on u.id = a.owner_id and ${inScope}`}`,
    ),
    all ? Promise.resolve(null) : q1<{ id: string }>(`select t.id from compute_tasks t join users u on u.id = t.user_id where ${inScope}`),
    q1<{ total: number; replied: number }>(
      `select count(*)::int as total, count(*) filter (where f.reply is not null)::int as replied
         from feedback f ${all ? "" : `join users u on u.id = f.user_id and ${inScope}`} where ${inRange("f.created_at")}`,
    ),
    q1<{ type: number; n: number }>(
      `select f.type, count(*)::int as n from feedback f ${all ? "" : `join users u on u.id = f.user_id and ${inScope}`}
        where ${inRange("f.created_at")} group by 1 order by 1`,
    ),
    q1<{ n: number }>(`select count(*)::int as n from notices n where ${inRange("n.published_at")}`),
    q1<{ n: number; readers: number }>(
      `select count(*)::int as n, count(distinct r.user_id)::int as readers
         from notice_reads r join users u on u.id = r.user_id and ${inScope} where ${inRange("r.read_at")}`,
    ),
    q1<{ id: string; title: string; published_at: Date; reads: number }>(
      `select n.id, n.title, n.published_at, count(u.id)::int as reads
         from notices n left join notice_reads r on r.notice_id = n.id left join users u on u.id = r.user_id and ${inScope}
        where ${inRange("n.published_at")} group by n.id order by n.published_at desc limit 10`,
    ),
  ]);

  const sizes = await taskFileSizes(app.config.dataDir);
  const taskIds = scopedTasks ? scopedTasks.map((t) => t.id) : [...sizes.keys()];
  const taskFileBytes = taskIds.reduce((n, id) => n + (sizes.get(id) ?? 0), 0);

  const perMonth = new Map(newPerMonth.map((r) => [r.month, Number(r.n)]));
  const perDay = new Map(logins.map((r) => [r.day, r]));
  const usage = (rows: Array<{ key: string; label: string | null; tasks: number; core_hours: number }>, label: (r: { key: string; label: string | null }) => string): Usage[] =>
    rows.map((r) => ({ Key: r.key, Label: label(r), Tasks: Number(r.tasks), CoreHours: Number(r.core_hours) }));
  const p = people[0];
  const byCat = usage(byCategory, (r) => r.key);
  return {
    From: from,
    To: to,
    Scope: { Kind: all ? "all" : "department", Name: scopeName },
    People: {
      Total: Number(p.total),
      Enabled: Number(p.enabled),
      Active7: Number(p.active7),
      Active30: Number(p.active30),
      NewInRange: Number(p.new_in_range),
      NewPerMonth: monthsOf(from, to).map((m) => ({ Month: m, Count: perMonth.get(m) ?? 0 })),
    },
    Logins: {
      Successes: logins.reduce((n, r) => n + Number(r.ok), 0),
      Failures: logins.reduce((n, r) => n + Number(r.failed), 0),
      PerDay: daysOf(from, days).map((d) => ({ Day: d, Successes: Number(perDay.get(d)?.ok ?? 0), Failures: Number(perDay.get(d)?.failed ?? 0) })),
    },
    Tasks: {
      Tasks: byCat.reduce((n, r) => n + r.Tasks, 0),
      CoreHours: byCat.reduce((n, r) => n + r.CoreHours, 0),
      ByCategory: byCat,
      ByApp: usage(byApp, (r) => findApp(r.key)?.names[lang] ?? r.key),
      ByDepartment: usage(byDept, (r) => (r.key ? (r.label ?? r.key) : statsTexts.noDepartment[lang])),
    },
    Storage: { Attachments: Number(attachments[0].n), AttachmentBytes: Number(attachments[0].bytes), TaskDirectories: taskIds.filter((id) => sizes.has(id)).length, TaskFileBytes: taskFileBytes },
    Feedback: { Total: Number(feedback[0].total), Replied: Number(feedback[0].replied), ByType: feedbackTypes.map((r) => ({ Type: Number(r.type), Count: Number(r.n) })) },
    Notices: {
      Published: Number(notices[0].n),
      Reads: Number(reads[0].n),
      Readers: Number(reads[0].readers),
      People: Number(p.enabled),
      Recent: recent.map((r) => ({ Id: r.id, Title: r.title, PublishedAt: new Date(r.published_at).toISOString(), Reads: Number(r.reads) })),
    },
  };
}
