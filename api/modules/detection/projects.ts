import { z } from "zod";
import type { DetectionProjectRow } from "../../../common/detection.ts";
import { detectionProjectSchema, type DetectionProjectInput } from "../../../common/forms/detection.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, parsePaging, parseSort, Where, windowedPagedQuery, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, isUniqueViolation, iso, keyedFieldError } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { readerOf, readerSql, requireLab } from "./access.ts";
import { detectionTexts } from "./texts.ts";

/** One detection project as TrialDetection/GetDetectionProjectBase lists it. */

interface Row {
  id: string;
  code: string;
  name: string;
  client_department_id: string | null;
  client_enterprise_id: string | null;
  client_name: string;
  research_project_id: string | null;
  research_project_name: string | null;
  standards: string;
  due_date: string | null;
  status: "active" | "closed";
  leader_id: string;
  leader_name: string;
  orders: number;
  version: number;
  created_at: Date;
}

const COLUMNS = `p.id, p.code, p.name, p.client_department_id, p.client_enterprise_id,
  coalesce(d.name, e.name, '') as client_name, p.research_project_id, rp.name as research_project_name, p.standards,
  to_char(p.due_date, 'YYYY-MM-DD') as due_date, p.status, p.leader_id, coalesce(nullif(l.real_name, ''), l.name) as leader_name,
  (select count(*) from detection_orders o where o.project_id = p.id)::int as orders, p.version, p.created_at`;
const FROM = `detection_projects p join users l on l.id = p.leader_id
  left join departments d on d.id = p.client_department_id left join enterprises e on e.id = p.client_enterprise_id
  left join projects rp on rp.id = p.research_project_id`;

const rowOf = (r: Row): DetectionProjectRow => ({
  Id: r.id,
  Code: r.code,
  Name: r.name,
  ClientKind: r.client_department_id ? "department" : "enterprise",
  ClientId: (r.client_department_id ?? r.client_enterprise_id)!,
  ClientName: r.client_name,
  ResearchProjectId: r.research_project_id,
  ResearchProjectName: r.research_project_name,
  Standards: r.standards,
  DueDate: r.due_date,
  Status: r.status,
  LeaderId: r.leader_id,
  LeaderName: r.leader_name,
  Orders: Number(r.orders),
  Version: r.version,
  CreatedAt: iso(r.created_at)!,
});

const refused = (field: string, key: keyof typeof detectionTexts, status: number = Status.badRequest) => keyedFieldError(field, key, detectionTexts, status);

const filters = z.object({ status: optional(z.enum(["all", "active", "closed"])), id: optional(z.uuid()) });
const SORT = { code: `lower(p.code) collate "C"`, name: `lower(p.name) collate "C"`, dueDate: "p.due_date", createdAt: "p.created_at" };

/**
 * TrialDetection/GetDetectionProjectBase (POST, as the spec has it; the body or the query carries `keyword` (code,
 * name or client), `status`, `id` (one project, for its form), `sort`, `page`, `pageSize`): the detection
 * projects the caller may read.
 */
export async function listDetectionProjects(db: Db, user: AuthUser, input: URLSearchParams): Promise<Page<DetectionProjectRow>> {
  const reader = await readerOf(db, user);
  const paging = parsePaging(input, 100);
  const f = parse(filters, Object.fromEntries(input));
  const sort = parseSort(input, SORT, "-createdAt", "p.id");
  const w = new Where();
  w.and(readerSql(reader, "p", (v) => w.param(v)));
  if (paging.keyword) {
    const k = w.param(containsPattern(paging.keyword));
    w.and(`(p.code ilike ${k} escape '\\' or p.name ilike ${k} escape '\\' or d.name ilike ${k} escape '\\' or e.name ilike ${k} escape '\\')`);
  }
  if (f.status === "active" || f.status === "closed") w.and(`p.status = ${w.param(f.status)}`);
  if (f.id) w.and(`p.id = ${w.param(f.id)}`);
  const { total, rows } = await windowedPagedQuery<Row>(db, { select: COLUMNS, from: FROM, where: w, orderBy: sort.sql }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map(rowOf) };
}

export async function loadDetectionProject(db: Db, id: string, lock = false): Promise<DetectionProjectRow | null> {
  const [r] = await db.query<Row>(`select ${COLUMNS} from ${FROM} where p.id = $1${lock ? " for update of p" : ""}`, [id]);
  return r ? rowOf(r) : null;
}

async function exists(tx: Db, table: "departments" | "enterprises" | "projects" | "users", id: string): Promise<boolean> {
  return (await tx.query(`select 1 from ${table} where id = $1`, [id])).length > 0;
}

/**
 * TrialDetection/SaveDetectionProject (the lab): a new project (no Id; the caller is in charge unless LeaderId
 * says otherwise) or an edit at the Version the form was opened with. Codes are unique ignoring case; a project's
 * client cannot change once it has orders (they are filed under it). Logged with before and after.
 */
export async function saveDetectionProject(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<{ Id: string; Version: number }> {
  requireLab(user);
  const input: DetectionProjectInput = checkBody(detectionProjectSchema, body, detectionTexts);
  const clientId = input.ClientId!;
  return db.transaction(async (tx) => {
    if (!(await exists(tx, input.ClientKind === "department" ? "departments" : "enterprises", clientId))) throw refused("ClientId", "clientUnknown");
    if (input.ResearchProjectId && !(await exists(tx, "projects", input.ResearchProjectId))) throw refused("ResearchProjectId", "researchProjectInvalid");
    const leader = input.LeaderId ?? user.id;
    if (!(await exists(tx, "users", leader))) throw refused("LeaderId", "leaderInvalid");
    const dept = input.ClientKind === "department" ? clientId : null;
    const ent = input.ClientKind === "enterprise" ? clientId : null;
    const values = [input.Code, input.Name, dept, ent, input.ResearchProjectId ?? null, input.Standards, input.DueDate ?? null, input.Status, leader];
    try {
      if (!input.Id) {
        const [r] = await tx.query<{ id: string }>(
          `insert into detection_projects (code, name, client_department_id, client_enterprise_id, research_project_id, standards, due_date, status, leader_id, created_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
          [...values, user.id],
        );
        const after = await loadDetectionProject(tx, r.id);
        await logOperation(tx, actor, { action: "detectionProject.save", targetType: "detectionProject", targetId: r.id, targetName: input.Name, before: null, after });
        return { Id: r.id, Version: 1 };
      }
      const before = await loadDetectionProject(tx, input.Id, true);
      if (!before) throw new ApiError(Status.notFound, detectionTexts.notFound);
      if (input.Version !== before.Version) throw refused("Version", "stale", Status.conflict);
      const clientChanged = before.ClientKind !== input.ClientKind || before.ClientId !== clientId;
      if (clientChanged && before.Orders > 0) throw refused("ClientId", "clientLocked", Status.conflict);
      await tx.query(
        `update detection_projects set code = $1, name = $2, client_department_id = $3, client_enterprise_id = $4, research_project_id = $5,
                standards = $6, due_date = $7, status = $8, leader_id = $9, version = version + 1, updated_at = now()
          where id = $10`,
        [...values, input.Id],
      );
      const after = await loadDetectionProject(tx, input.Id);
      await logOperation(tx, actor, { action: "detectionProject.save", targetType: "detectionProject", targetId: input.Id, targetName: input.Name, before, after });
      return { Id: input.Id, Version: after!.Version };
    } catch (e) {
      if (isUniqueViolation(e, "detection_projects_code")) throw refused("Code", "codeTaken");
      throw e;
    }
  });
}

/**
 * TrialDetection/GetClientOptions (the lab): who a detection project can be for, for the project form: the
 * institute's departments and the outside enterprises, by name. The lab's members need not be the people
 * administrators who may read the department tree.
 */
export async function clientOptions(db: Db, user: AuthUser): Promise<{ Departments: { Id: string; Name: string }[]; Enterprises: { Id: string; Name: string }[] }> {
  requireLab(user);
  const departments = await db.query<{ id: string; name: string }>(`select id, name from departments order by name limit 2000`);
  const enterprises = await db.query<{ id: string; name: string }>(`select id, name from enterprises order by name limit 2000`);
  return { Departments: departments.map((d) => ({ Id: d.id, Name: d.name })), Enterprises: enterprises.map((e) => ({ Id: e.id, Name: e.name })) };
}
