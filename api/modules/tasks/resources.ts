import { z } from "zod";
import type { App } from "../../app.ts";
import { findApp } from "../../compute/apps/index.ts";
import { STORE_APP_PREFIX } from "../../compute/apps/store-apps.ts";
import { SlurmExecutor } from "../../compute/executor/slurm.ts";
import { isTaskAdmin } from "../../compute/tasks/service.ts";
import type { Texts } from "../../http/messages.ts";
import { parse, type Router } from "../../http/router.ts";
import { optional } from "../../db/paged.ts";

/**
 * The compute resource calls (issue 4): what the executors hold now (/supercomputeResource/index) and the
 * usage per app, user, department or month (/ResourceManagement/SoftwareUsageStatistics). Normal users see
 * their own tasks; SystemAdmin / InsideAdmin everyone's.
 */

const user = { auth: "user" } as const;
/** At most this many running/queued task rows go to an admin's resource page. */
const ROWS_MAX = 200;

const noDepartment: Texts = { zh: "未分配部门", en: "No department", es: "Sin departamento", ja: "部署なし" };

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

const day = z.string().regex(/^\d{4}-\d\d-\d\d$/);
export const GROUPS = ["app", "user", "department", "month"] as const;
const statsQuery = z.object({
  from: optional(day),
  to: optional(day),
  groupBy: optional(z.enum(GROUPS)),
  /** store: the app store's apps only (/ResourceManagement/APPUsageStatistics), an app's versions counted together. */
  kind: optional(z.enum(["store"])),
});

/** Core-hours of a finished task that ran: cores × (finished − started). */
export const CORE_HOURS = `case when t.started_at is not null and t.finished_at is not null and t.status in ('succeeded', 'failed', 'cancelled')
  then coalesce((t.resources->>'cores')::float8, 1) * extract(epoch from (t.finished_at - t.started_at))::float8 / 3600 else 0 end`;

/**
 * The Slurm partition behind the executor: its nodes and its whole queue (anyone's jobs, as squeue shows every
 * user), from the executor's cached sinfo/squeue view; null while Slurm does not answer.
 */
async function slurmView(ex: SlurmExecutor) {
  try {
    const { partition, nodes, queue } = await ex.cluster();
    return {
      partition,
      nodes: nodes.map((n) => ({ name: n.name, state: n.state, cpus: n.cpusTotal, cpusAllocated: n.cpusAllocated, memoryMb: n.memoryMb, freeMemoryMb: n.freeMemoryMb })),
      queue: queue.slice(0, ROWS_MAX).map((j) => ({ jobId: j.jobId, name: j.name, user: j.user, state: j.state, reason: j.reason, elapsed: j.elapsed, cpus: j.cpus })),
      queueTotal: queue.length,
    };
  } catch (e) {
    console.error("slurm view:", (e as Error).message);
    return null;
  }
}

export function registerResources(router: Router, app: App): void {
  router.get(
    "CalculateTask/GetComputeResources",
    async (ctx) => {
      const me = ctx.user!.id;
      const admin = isTaskAdmin(ctx.user!);
      const ex = app.tasks.executor;
      const [counts] = await app.db.query<{ running: number; queued: number; my_running: number; my_queued: number }>(
        `select count(*) filter (where status = 'running')::int as running,
                count(*) filter (where status = 'queued')::int as queued,
                count(*) filter (where status = 'running' and user_id = $1)::int as my_running,
                count(*) filter (where status = 'queued' and user_id = $1)::int as my_queued
           from compute_tasks where status in ('queued', 'running')`,
        [me],
      );
      // Tasks queued before my oldest queued one (anyone's): roughly how many go before mine.
      const [ahead] = await app.db.query<{ n: number | null }>(
        `select (select count(*)::int from compute_tasks q
                  where q.status = 'queued' and (q.created_at, q.id) < (m.created_at, m.id)) as n
           from (select created_at, id from compute_tasks where status = 'queued' and user_id = $1
                  order by created_at, id limit 1) m`,
        [me],
      );
      let tasks: Array<Record<string, unknown>> | null = null;
      if (admin) {
        const rows = await app.db.query<{
          id: string;
          app_id: string;
          status: string;
          created_at: Date;
          started_at: Date | null;
          resources: { cores?: number };
          user_name: string;
          real_name: string;
        }>(
          `select t.id, t.app_id, t.status, t.created_at, t.started_at, t.resources, u.name as user_name, u.real_name
             from compute_tasks t join users u on u.id = t.user_id
            where t.status in ('queued', 'running')
            order by case when t.status = 'running' then 0 else 1 end, coalesce(t.started_at, t.created_at), t.id
            limit ${ROWS_MAX}`,
        );
        tasks = rows.map((r) => ({
          id: r.id,
          appId: r.app_id,
          appName: findApp(r.app_id)?.names[ctx.lang] ?? r.app_id,
          userName: r.user_name,
          realName: r.real_name,
          status: r.status,
          cores: Number(r.resources?.cores ?? 1),
          since: iso(r.status === "running" ? (r.started_at ?? r.created_at) : r.created_at),
        }));
      }
      const load = ex.load;
      const slurm = ex instanceof SlurmExecutor ? await slurmView(ex) : undefined;
      return {
        executors: [{ name: ex.name, slots: ex.slots, slotsInUse: Math.min(load.inUse, ex.slots), queued: load.queued }],
        running: Number(counts.running),
        queued: Number(counts.queued),
        myRunning: Number(counts.my_running),
        myQueued: Number(counts.my_queued),
        aheadOfMine: ahead?.n == null ? null : Number(ahead.n),
        everyone: admin,
        tasks,
        ...(slurm === undefined ? {} : { slurm }),
      };
    },
    user,
  );

  router.get(
    "CalculateTask/GetSoftwareUsageStatistics",
    async (ctx) => {
      const q = parse(statsQuery, Object.fromEntries(ctx.query));
      const groupBy = q.groupBy ?? "app";
      const everyone = isTaskAdmin(ctx.user!);
      const params: unknown[] = [];
      const where: string[] = [];
      const p = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      if (!everyone) where.push(`t.user_id = ${p(ctx.user!.id)}`);
      if (q.from) where.push(`t.created_at >= ${p(q.from)}::date`);
      if (q.to) where.push(`t.created_at < ${p(q.to)}::date + 1`);
      const store = q.kind === "store";
      if (store) where.push(`t.app_id like ${p(`${STORE_APP_PREFIX}%`)}`);
      const key = {
        app: store ? `substring(t.app_id from '^${STORE_APP_PREFIX}([a-z0-9-]+)@')` : "t.app_id",
        user: "t.user_id::text",
        department: "coalesce(d.id::text, '')",
        month: "to_char(t.created_at, 'YYYY-MM')",
      }[groupBy];
      const label = {
        // A store app by its newest version's name (the versions are counted together under the app's id).
        app: store ? "max(t.app_id)" : "min(t.app_id)",
        user: "min(case when u.real_name <> '' then u.real_name || ' (' || u.name || ')' else u.name end)",
        department: "min(d.name)",
        month: `${key}`,
      }[groupBy];
      const rows = await app.db.query<Record<string, number | string | null>>(
        `select ${key} as key, ${label} as label,
                coalesce(sum(${CORE_HOURS}), 0)::float8 as core_hours,
                count(*)::int as tasks,
                count(distinct t.user_id)::int as users,
                count(*) filter (where t.status = 'succeeded')::int as succeeded,
                count(*) filter (where t.status = 'failed')::int as failed,
                count(*) filter (where t.status = 'cancelled')::int as cancelled,
                count(*) filter (where t.status = 'running')::int as running,
                count(*) filter (where t.status = 'queued')::int as queued
           from compute_tasks t
           join users u on u.id = t.user_id
           left join departments d on d.id = u.department_id
          ${where.length ? `where ${where.join(" and ")}` : ""}
          group by ${key}
          order by ${groupBy === "month" ? "key" : "core_hours desc, tasks desc, key"}`,
        params,
      );
      const out = rows.map((r) => {
        const k = String(r.key ?? "");
        let name = String(r.label ?? k);
        if (groupBy === "app") name = findApp(store ? String(r.label) : k)?.names[ctx.lang] ?? k;
        if (groupBy === "department" && !k) name = noDepartment[ctx.lang];
        return {
          key: k,
          label: name,
          coreHours: Number(r.core_hours),
          tasks: Number(r.tasks),
          users: Number(r.users),
          succeeded: Number(r.succeeded),
          failed: Number(r.failed),
          cancelled: Number(r.cancelled),
          running: Number(r.running),
          queued: Number(r.queued),
        };
      });
      const sum = (f: keyof (typeof out)[number]) => out.reduce((a, r) => a + (r[f] as number), 0);
      // People are counted once over the period, not once per group.
      const [{ users }] = await app.db.query<{ users: number }>(`select count(distinct t.user_id)::int as users from compute_tasks t ${where.length ? `where ${where.join(" and ")}` : ""}`, params);
      return {
        groupBy,
        from: q.from ?? null,
        to: q.to ?? null,
        everyone,
        rows: out,
        total: {
          coreHours: sum("coreHours"),
          tasks: sum("tasks"),
          users: Number(users),
          succeeded: sum("succeeded"),
          failed: sum("failed"),
          cancelled: sum("cancelled"),
          running: sum("running"),
          queued: sum("queued"),
        },
      };
    },
    user,
  );
}
