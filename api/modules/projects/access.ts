import type { ProjectRole } from "../../../common/projects.ts";
import type { Db } from "../../db/index.ts";
import { Status } from "../../http/envelope.ts";
import { keyedFieldError } from "../../http/fields.ts";
import type { AuthUser } from "../../http/router.ts";
import { adminScope, subtreeSql, type AdminScope } from "../system/scope.ts";
import { projectTexts } from "./texts.ts";

/**
 * Who may do what with a project (docs/projects.md), in one place:
 *
 * | | read | edit (fields, members) | delete |
 * |---|---|---|---|
 * | leader | yes | yes | yes (without tasks) |
 * | co-lead | yes | yes | no |
 * | member | yes | no (may leave) | no |
 * | SystemAdmin | yes | yes | yes (without tasks) |
 * | InsideAdmin whose department subtree holds the leader's department | yes | yes | no |
 * | OutsideAdmin of the leader's enterprise | yes | no | no |
 *
 * Anyone else is told the project does not exist (404), so ids reveal nothing; a reader refused an edit
 * gets the platform's 403.
 */

export interface Caller {
  id: string;
  systemAdmin: boolean;
  /** The administrator's data scope (scope.ts); null for a user who administers nobody. */
  scope: AdminScope | null;
}

export async function callerOf(db: Db, user: AuthUser): Promise<Caller> {
  // adminScope gives every non-InsideAdmin an enterprise scope: only the administrators may use theirs.
  const admin = user.roles.some((r) => r === "SystemAdmin" || r === "InsideAdmin" || r === "OutsideAdmin");
  return { id: user.id, systemAdmin: user.roles.includes("SystemAdmin"), scope: admin ? await adminScope(db, user) : null };
}

/** What a query needs to decide: the caller's relation and whether their administration covers the leader. */
export interface AccessColumns {
  my_role: ProjectRole;
  admin_read: boolean;
  admin_edit: boolean;
}

/**
 * The select-list columns `my_role`, `admin_read` and `admin_edit` over `p` (projects) and `l` (the leader's
 * users row), with the caller's values bound through `param` (a `Where`'s, so list queries can use them).
 */
export function accessColumns(caller: Caller, param: (v: unknown) => string): string {
  const me = param(caller.id);
  const role = `case when p.leader_id = ${me} then 'leader' else (select m.role from project_members m where m.project_id = p.id and m.user_id = ${me}) end`;
  return `${role} as my_role, ${adminSql(caller, param, "read")} as admin_read, ${adminSql(caller, param, "edit")} as admin_edit`;
}

/** The projects an administrator looks after (their leader in the caller's scope), as a condition on `l`. */
export const scopeSql = (caller: Caller, param: (v: unknown) => string): string => adminSql(caller, param, "read");

function adminSql(caller: Caller, param: (v: unknown) => string, what: "read" | "edit"): string {
  const s = caller.scope;
  if (!s) return "false";
  if (s.kind === "all") return "true";
  if (s.kind === "department") return s.rootId ? `(l.department_id is not null and l.department_id in (${subtreeSql(param(s.rootId))}))` : "false";
  // An OutsideAdmin looks after their enterprise's people and may read their projects, not change them.
  return what === "read" && s.enterpriseId ? `(l.enterprise_id is not null and l.enterprise_id = ${param(s.enterpriseId)})` : "false";
}

export interface Access {
  role: ProjectRole;
  read: boolean;
  edit: boolean;
  delete: boolean;
}

export function accessOf(caller: Caller, c: AccessColumns): Access {
  const role = c.my_role;
  return {
    role,
    read: role !== null || c.admin_read,
    edit: role === "leader" || role === "colead" || c.admin_edit,
    delete: role === "leader" || caller.systemAdmin,
  };
}

export const projectNotFound = (field = "Id") => keyedFieldError(field, "notFound", projectTexts, Status.notFound);
const notAllowed = (field: string) => keyedFieldError(field, "notAllowed", projectTexts, Status.forbidden);

/** Refuses (404) anyone who may not read the project; `field` names the call's project id. */
export function mayRead(a: Access, field = "Id"): void {
  if (!a.read) throw projectNotFound(field);
}

/** Refuses a non-reader (404) and a reader who may not edit (403). */
export function mayEdit(a: Access, field = "Id"): void {
  mayRead(a, field);
  if (!a.edit) throw notAllowed(field);
}

/** Refuses a non-reader (404) and a reader who may not delete (403). */
export function mayDelete(a: Access, field = "Id"): void {
  mayRead(a, field);
  if (!a.delete) throw notAllowed(field);
}

/** Removing a member: a member may leave (remove themselves); removing anyone else needs the right to edit. */
export function mayRemoveMember(a: Access, caller: Caller, userId: string, field = "ProjectId"): void {
  mayRead(a, field);
  if (!a.edit && userId !== caller.id) throw notAllowed(field);
}
