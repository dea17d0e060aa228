import { z } from "zod";
import { PROJECT_LIMITS as L } from "../../../common/forms/limits.ts";
import { projectSchema } from "../../../common/forms/project.ts";
import { PROJECT_LEVELS, PROJECT_STATUSES, type BudgetPeriod, type ProjectInfo, type ProjectMember, type ProjectOption, type ProjectRow, type ProjectStatus } from "../../../common/projects.ts";

export type { ProjectInfo, ProjectMember, ProjectOption, ProjectRow };
import { sanitizeRichText } from "../../../common/sanitize.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, parsePaging, parseSort, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, fieldError, isUniqueViolation, iso, keyedFieldError, requireId } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { attachmentPaths, loadAttachments, resolveAttachments, setAttachments } from "../notices/attachment-refs.ts";
import { noticeTexts } from "../notices/texts.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { fill } from "../system/texts.ts";
import { CORE_HOURS } from "../tasks/resources.ts";
import { accessColumns, accessOf, callerOf, scopeSql, mayDelete, mayEdit, mayRead, projectNotFound, type Access, type AccessColumns, type Caller } from "./access.ts";
import { projectTexts } from "./texts.ts";
import { roundHours, usedCoreHours } from "./usage.ts";

export interface Row {
  id: string;
  code: string;
  name: string;
  funding: string;
  start_date: string;
  end_date: string;
  status: ProjectStatus;
  leader_id: string;
  leader_name: string;
  budget_core_hours: number | null;
  budget_period: BudgetPeriod;
  version: number;
  created_at: Date;
}
export interface Detail extends Row {
  description: string;
}

/** Over `p` (projects) and `l` (the leader's users row); dates as the database's own YYYY-MM-DD, never shifted by a time zone. */
const COLUMNS = `p.id, p.code, p.name, p.funding, to_char(p.start_date, 'YYYY-MM-DD') as start_date, to_char(p.end_date, 'YYYY-MM-DD') as end_date,
  p.status, p.leader_id, coalesce(nullif(l.real_name, ''), l.name) as leader_name, p.budget_core_hours::float8 as budget_core_hours, p.budget_period,
  p.version, p.created_at`;
const DETAIL = `${COLUMNS}, p.description`;
const FROM = "projects p join users l on l.id = p.leader_id";

const refused = (field: string, key: keyof typeof projectTexts, status: number = Status.badRequest) => keyedFieldError(field, key, projectTexts, status);
/** A refusal whose text carries a figure (`{used}`, `{n}`), in the shape keyedFieldError answers. */
export function refusedWith(field: string, key: keyof typeof projectTexts, vars: Record<string, string | number>, status: number): ApiError {
  const text = fill(projectTexts[key], vars);
  return new ApiError(status, text, { fields: [{ field, key, message: text.zh }] });
}

/**
 * The project with the caller's access to it (access.ts), or null when there is no such project; `lock` takes
 * the row for the rest of the transaction (every write to a project or its members does).
 */
export async function loadProject(db: Db, caller: Caller, id: string, lock = false): Promise<{ row: Detail; access: Access } | null> {
  const w = new Where();
  const idParam = w.param(id);
  const [r] = await db.query<Detail & AccessColumns>(
    `select ${DETAIL}, ${accessColumns(caller, (v) => w.param(v))} from ${FROM} where p.id = ${idParam}${lock ? " for update of p" : ""}`,
    w.params,
  );
  return r ? { row: r, access: accessOf(caller, r) } : null;
}

interface Figures {
  members: number;
  tasks: number;
  used: number;
}

/** People, tasks and used core-hours of the projects shown (only those: a page, one project). */
async function figuresOf(db: Db, rows: Row[]): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  if (!rows.length) return out;
  const [counts, used] = await Promise.all([
    db.query<{ id: string; members: number; tasks: number }>(
      `select q.id, (select count(*) from project_members m where m.project_id = q.id)::int + 1 as members,
              (select count(*) from compute_tasks t where t.project_id = q.id)::int as tasks
         from unnest($1::uuid[]) as q(id)`,
      [rows.map((r) => r.id)],
    ),
    usedCoreHours(
      db,
      rows.map((r) => ({ id: r.id, period: r.budget_period })),
    ),
  ]);
  for (const c of counts) out.set(c.id, { members: Number(c.members), tasks: Number(c.tasks), used: used.get(c.id) ?? 0 });
  return out;
}

const rowOf = (r: Row, a: Access, f: Figures | undefined): ProjectRow => ({
  Id: r.id,
  Code: r.code,
  Name: r.name,
  Funding: r.funding,
  StartDate: r.start_date,
  EndDate: r.end_date,
  Status: r.status,
  LeaderId: r.leader_id,
  LeaderName: r.leader_name,
  MyRole: a.role,
  Members: f?.members ?? 1,
  BudgetCoreHours: r.budget_core_hours === null ? null : Number(r.budget_core_hours),
  BudgetPeriod: r.budget_period,
  UsedCoreHours: f?.used ?? 0,
  Tasks: f?.tasks ?? 0,
  CanEdit: a.edit,
  Version: r.version,
  CreatedAt: iso(r.created_at)!,
});

/** The project as the operation log keeps it (before and after a write). */
const logged = (r: Detail) => ({
  Id: r.id,
  Code: r.code,
  Name: r.name,
  Funding: r.funding,
  StartDate: r.start_date,
  EndDate: r.end_date,
  Status: r.status,
  LeaderId: r.leader_id,
  LeaderName: r.leader_name,
  BudgetCoreHours: r.budget_core_hours === null ? null : Number(r.budget_core_hours),
  BudgetPeriod: r.budget_period,
  Description: r.description,
  Version: r.version,
});

/**
 * The ids of the projects the caller leads (param `me`), co-leads or takes part in, by ProjectDataLevel. As an
 * array the planner cannot turn into a semi-join: someone in many projects can be among the member index's
 * most common values, and `p.id in (…)` then read all 10,000 projects (18 ms on PGlite) instead of fetching
 * the caller's hundred by key (bench/projects.ts).
 */
function mineSql(level: (typeof PROJECT_LEVELS)[number], me: string): string {
  const led = `select id from projects where leader_id = ${me}`;
  const part = (role: string | null) => `select project_id from project_members where user_id = ${me}${role ? ` and role = '${role}'` : ""}`;
  const ids = level === "1" ? `${led} union all ${part("colead")}` : level === "2" ? part("member") : `${led} union all ${part(null)}`;
  return `p.id = any(array(${ids}))`;
}

const filters = z.object({
  level: optional(z.enum(PROJECT_LEVELS)),
  status: optional(z.enum(["all", ...PROJECT_STATUSES])),
});
// Lower-cased in the "C" collation, so both databases sort alike (code point order; PGlite has no other).
const SORT = { name: `lower(p.name) collate "C"`, code: `lower(p.code) collate "C"`, startDate: "p.start_date", endDate: "p.end_date", createdAt: "p.created_at" };

/**
 * Project/GetProjectList (any user): the caller's own projects by `level` (0 all I lead, co-lead or take part
 * in; 1 those I lead or co-lead; 2 those I am a plain member of), `keyword` (name or code), `status`
 * (all/active/closed), `sort` (name, code, startDate, endDate, createdAt; `-` descending), `page`, `pageSize`.
 * The membership lookups go through the leader and member indexes; the counts and core-hours are only
 * worked out for the page's rows.
 */
export function listProjects(db: Db, user: AuthUser, query: URLSearchParams): Promise<Page<ProjectRow>> {
  return projectPage(db, user, query, "mine");
}

/**
 * Project/SearchProjects (SystemAdmin every project, InsideAdmin those led from their department subtree,
 * OutsideAdmin those led from their enterprise; /systemManage/myProjectSearch): the list's filters, the
 * keyword also matching the leader's name; whether the caller takes part or not.
 */
export function searchProjects(db: Db, user: AuthUser, query: URLSearchParams): Promise<Page<ProjectRow>> {
  return projectPage(db, user, query, "scope");
}

async function projectPage(db: Db, user: AuthUser, query: URLSearchParams, which: "mine" | "scope"): Promise<Page<ProjectRow>> {
  const paging = parsePaging(query, 100);
  const f = parse(filters, Object.fromEntries(query));
  const sort = parseSort(query, SORT, "-createdAt", "p.id");
  const caller = await callerOf(db, user);
  const w = new Where();
  const select = `${COLUMNS}, ${accessColumns(caller, (v) => w.param(v))}`;
  if (which === "mine") w.and(mineSql(f.level ?? "0", w.param(caller.id)));
  else w.and(scopeSql(caller, (v) => w.param(v)));
  if (paging.keyword) {
    const k = w.param(containsPattern(paging.keyword));
    const leader = which === "scope" ? ` or l.real_name ilike ${k} escape '\\' or l.name ilike ${k} escape '\\'` : "";
    w.and(`(p.name ilike ${k} escape '\\' or p.code ilike ${k} escape '\\'${leader})`);
  }
  if (f.status === "active" || f.status === "closed") w.and(`p.status = ${w.param(f.status)}`);
  const { total, rows } = await pagedQuery<Row & AccessColumns>(db, { select, from: FROM, where: w, orderBy: sort.sql }, paging);
  const figures = await figuresOf(db, rows);
  return { total, page: paging.page, size: paging.size, rows: rows.map((r) => rowOf(r, accessOf(caller, r), figures.get(r.id))) };
}

/**
 * Project/GetProjectInfo (`id`): the list's row with the description, the people (leader first), the last 10
 * tasks and the last 20 operation-log rows about it. Someone who may not read it is told it does not exist.
 */
export async function projectInfo(db: Db, user: AuthUser, id: string): Promise<ProjectInfo> {
  const caller = await callerOf(db, user);
  const found = await loadProject(db, caller, id);
  if (!found) throw projectNotFound();
  mayRead(found.access);
  const { row, access } = found;
  const [figures, members, tasks, activity, files] = await Promise.all([
    figuresOf(db, [row]),
    db.query<{ id: string; name: string; real_name: string; department: string; role: ProjectMember["Role"]; added_at: Date }>(
      `select x.id, x.name, x.real_name, x.department, x.role, x.added_at from (
         select u.id, u.name, u.real_name, coalesce(d.name, '') as department, 'leader' as role, p.created_at as added_at, 0 as rank
           from projects p join users u on u.id = p.leader_id left join departments d on d.id = u.department_id where p.id = $1
         union all
         select u.id, u.name, u.real_name, coalesce(d.name, '') as department, m.role, m.added_at, case m.role when 'colead' then 1 else 2 end as rank
           from project_members m join users u on u.id = m.user_id left join departments d on d.id = u.department_id where m.project_id = $1
       ) x
       order by x.rank, lower(coalesce(nullif(x.real_name, ''), x.name)) collate "C", x.id`,
      [id],
    ),
    db.query<{ id: string; app_id: string; status: string; created_at: Date; user_name: string; core_hours: number }>(
      `select t.id, t.app_id, t.status, t.created_at, u.name as user_name, (${CORE_HOURS})::float8 as core_hours
         from compute_tasks t join users u on u.id = t.user_id
        where t.project_id = $1 order by t.created_at desc, t.id desc limit 10`,
      [id],
    ),
    db.query<{ at: Date; user_name: string; action: string }>(
      `select l.at, l.user_name, l.action from operation_log l where l.target_type = 'project' and l.target_id = $1 order by l.at desc, l.id desc limit 20`,
      [id],
    ),
    loadAttachments(db, "project", id),
  ]);
  const { Members: _count, ...base } = rowOf(row, access, figures.get(row.id));
  return {
    ...base,
    Description: sanitizeRichText(row.description),
    Members: members.map((m) => ({ UserId: m.id, UserName: m.name, RealName: m.real_name, Department: m.department, Role: m.role, AddedAt: iso(m.added_at)! })),
    RecentTasks: tasks.map((t) => ({ Id: t.id, AppId: t.app_id, Status: t.status, CreatedAt: iso(t.created_at)!, UserName: t.user_name, CoreHours: Number(t.core_hours) })),
    Activity: activity.map((a) => ({ At: iso(a.at)!, UserName: a.user_name, Action: a.action })),
    Attachments: files,
  };
}

/**
 * Project/SaveProject (any user; changes: the project's editors, access.ts): adds a project (no Id; the
 * leader is `LeaderId` or the caller) or changes one (Id and the Version opened; a stale version is a 409 and
 * changes nothing). The code is unique ignoring case; a budget may not be set below what the project has
 * already used in the (new) budget period. A new leader who was a member is no longer also a member; the
 * leader they replace stays in the project as a co-lead.
 */
export async function saveProject(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<{ Id: string; Version: number }> {
  const input = checkBody(projectSchema, body, projectTexts);
  const description = sanitizeRichText(input.Description);
  // Sanitising can lengthen a text a little (a link's rel); the limit is on what is stored.
  if (description.length > L.description) throw refused("Description", "descriptionTooLong");
  // The schema takes any real calendar date; the database has no year 0.
  for (const field of ["StartDate", "EndDate"] as const) if (input[field] < "0001-01-01") throw refused(field, "dateInvalid");
  // The documents: uploaded files (paths) in the form's order; absent keeps what the project holds.
  const rawFiles = (body as Record<string, unknown> | null)?.Attachments;
  const paths = rawFiles === undefined ? null : attachmentPaths(rawFiles);
  if (paths === "bad") throw fieldError("Attachments", noticeTexts.attachmentRefused);
  const caller = await callerOf(db, user);
  try {
    return await db.transaction(async (tx) => {
      let before: Detail | null = null;
      let filesBefore: Awaited<ReturnType<typeof loadAttachments>> = [];
      if (input.Id) {
        const found = await loadProject(tx, caller, input.Id, true);
        if (!found) throw projectNotFound();
        mayEdit(found.access);
        before = found.row;
        if (input.Version !== before.version) throw refused("Version", "stale", Status.conflict);
        filesBefore = await loadAttachments(tx, "project", before.id);
      }
      // Files the caller uploaded, and those the project already holds (a co-lead keeps the leader's).
      const fileIds = paths === null ? null : await resolveAttachments(tx, paths, user, new Set(filesBefore.map((f) => f.path)));
      const leaderId = input.LeaderId ?? before?.leader_id ?? caller.id;
      if (input.LeaderId && input.LeaderId !== before?.leader_id) {
        const [leader] = await tx.query(`select 1 from users where id = $1 and not disabled`, [input.LeaderId]);
        if (!leader) throw refused("LeaderId", "leaderInvalid");
      }
      const [sameCode] = await tx.query(`select 1 from projects where lower(code) = lower($1) and id is distinct from $2`, [input.Code, input.Id ?? null]);
      if (sameCode) throw refused("Code", "codeTaken", Status.conflict);
      const budget = input.BudgetCoreHours ?? null;
      if (before && budget !== null) {
        const used = roundHours((await usedCoreHours(tx, [{ id: before.id, period: input.BudgetPeriod }])).get(before.id) ?? 0);
        if (budget < used) throw refusedWith("BudgetCoreHours", "budgetBelowUsed", { used }, Status.badRequest);
      }
      const values = [input.Code, input.Name, input.Funding, input.StartDate, input.EndDate, leaderId, description, budget, input.BudgetPeriod, input.Status];
      let id: string;
      if (before) {
        id = before.id;
        await tx.query(
          `update projects set code = $2, name = $3, funding = $4, start_date = $5::date, end_date = $6::date, leader_id = $7, description = $8,
                  budget_core_hours = $9, budget_period = $10, status = $11, version = version + 1, updated_at = now()
            where id = $1`,
          [id, ...values],
        );
        if (leaderId !== before.leader_id) {
          // Handing over the lead: the new leader is no longer also a member; the old one stays, as a co-lead.
          await tx.query(`delete from project_members where project_id = $1 and user_id = $2`, [id, leaderId]);
          await tx.query(`insert into project_members (project_id, user_id, role) values ($1, $2, 'colead') on conflict do nothing`, [id, before.leader_id]);
        }
      } else {
        [{ id }] = await tx.query<{ id: string }>(
          `insert into projects (code, name, funding, start_date, end_date, leader_id, description, budget_core_hours, budget_period, status, created_by)
           values ($1, $2, $3, $4::date, $5::date, $6, $7, $8, $9, $10, $11) returning id`,
          [...values, caller.id],
        );
      }
      if (fileIds !== null) await setAttachments(tx, "project", id, fileIds);
      const [after] = await tx.query<Detail>(`select ${DETAIL} from ${FROM} where p.id = $1`, [id]);
      const filesAfter = fileIds === null ? filesBefore : await loadAttachments(tx, "project", id);
      await logOperation(tx, actor, {
        action: before ? "project.update" : "project.create",
        targetType: "project",
        targetId: after.id,
        targetName: after.name,
        before: before && { ...logged(before), Files: filesBefore.map((f) => f.name) },
        after: { ...logged(after), Files: filesAfter.map((f) => f.name) },
      });
      return { Id: after.id, Version: after.version };
    });
  } catch (e) {
    // Two people taking the same code at once: the unique index decides, with the same message.
    if (isUniqueViolation(e, "projects_code")) throw refused("Code", "codeTaken", Status.conflict);
    throw e;
  }
}

/**
 * Project/DeleteProject (`Id`, optional `Version`; the leader or a SystemAdmin): only a project no compute task
 * was charged to; one with tasks can be closed instead.
 */
export async function deleteProject(db: Db, user: AuthUser, actor: Actor, body: Record<string, unknown>): Promise<true> {
  const id = requireId(body.Id ?? body.id, "Id");
  const version = body.Version === undefined || body.Version === "" ? null : Number(body.Version);
  const caller = await callerOf(db, user);
  await db.transaction(async (tx) => {
    const found = await loadProject(tx, caller, id, true);
    if (!found) throw projectNotFound();
    mayDelete(found.access);
    const cur = found.row;
    if (version !== null && version !== cur.version) throw refused("Version", "stale", Status.conflict);
    const [{ n }] = await tx.query<{ n: number }>(`select count(*)::int as n from compute_tasks where project_id = $1`, [id]);
    if (n > 0) throw refusedWith("Id", "hasTasks", { n }, Status.conflict);
    await tx.query(`delete from projects where id = $1`, [id]);
    await logOperation(tx, actor, { action: "project.delete", targetType: "project", targetId: id, targetName: cur.name, before: logged(cur), after: null });
  });
  return true;
}

/** Project/GetMyProjectOptions: the active projects the caller leads, co-leads or takes part in, by name (the compute form's choice). */
export async function myProjectOptions(db: Db, user: AuthUser): Promise<ProjectOption[]> {
  const rows = await db.query<{ id: string; code: string; name: string; budget_core_hours: number | null; budget_period: BudgetPeriod }>(
    `select p.id, p.code, p.name, p.budget_core_hours::float8 as budget_core_hours, p.budget_period
       from projects p
      where p.status = 'active' and ${mineSql("0", "$1")}
      order by lower(p.name) collate "C", lower(p.code) collate "C", p.id`,
    [user.id],
  );
  const used = await usedCoreHours(
    db,
    rows.map((r) => ({ id: r.id, period: r.budget_period })),
  );
  return rows.map((r) => ({
    Id: r.id,
    Code: r.code,
    Name: r.name,
    BudgetCoreHours: r.budget_core_hours === null ? null : Number(r.budget_core_hours),
    BudgetPeriod: r.budget_period,
    UsedCoreHours: used.get(r.id) ?? 0,
  }));
}
