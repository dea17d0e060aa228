import { LAB_STAFF_ROLES } from "../../../common/roles.ts";
import type { DataLevel } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { AuthUser } from "../../http/router.ts";
import { adminScope, subtreeSql } from "../system/scope.ts";
import type { IndexQuery } from "./record-index.ts";

/**
 * Which test records a person sees (docs/test-data.md), as the part of an index query that limits them: the
 * institute's staff (the testing pages' inside roles) every record; outside users (OutsideUser, OutsideAdmin)
 * their enterprise's; anyone else (SGUser) none, 403. TestDetectionDataLevel narrows it: 1 "my tasks"
 * (records the reader owns, or of a research project they lead or take part in), 2 "group tasks" (their
 * department and its sub-departments; an outside reader's enterprise).
 */
type Scope = Pick<IndexQuery, "enterprise" | "mine" | "departments">;

export async function readerScope(db: Db, user: AuthUser, level: DataLevel): Promise<Scope> {
  const staff = user.roles.some((r) => (LAB_STAFF_ROLES as readonly string[]).includes(r));
  const outside = !staff && (user.roles.includes("OutsideUser") || user.roles.includes("OutsideAdmin"));
  if (!staff && !outside) throw new ApiError(Status.forbidden, "forbidden");
  const [u] = await db.query<{ department_id: string | null; enterprise_id: string | null }>(`select department_id, enterprise_id from users where id = $1`, [user.id]);
  const scope: Scope = outside ? { enterprise: u?.enterprise_id ?? null } : {};
  if (level === 1) {
    const projects = await db.query<{ id: string }>(`select id from projects where leader_id = $1 union select project_id from project_members where user_id = $1`, [user.id]);
    scope.mine = { ownerId: user.id, projectIds: projects.map((p) => p.id) };
  } else if (level === 2 && !outside) {
    scope.departments = await subtree(db, u?.department_id ?? null);
  }
  return scope;
}

/** A scope as a SQL condition on `test_records r` (the grouped pages: sources, catalogue), parameters by `p`. */
export function scopeSql(scope: Scope, p: (v: unknown) => string): string {
  const where: string[] = [];
  if ("enterprise" in scope) where.push(scope.enterprise ? `r.enterprise_id = ${p(scope.enterprise)}` : "false");
  if (scope.mine) where.push(`(r.owner_id = ${p(scope.mine.ownerId)} or r.project_id = any(${p(scope.mine.projectIds)}::uuid[]))`);
  if (scope.departments) where.push(`r.department_id = any(${p(scope.departments)}::uuid[])`);
  return where.length ? where.join(" and ") : "true";
}

/**
 * /systemManage/myTestDataTableSearch: the administrators' view across people, by their data scope (a
 * SystemAdmin all, an InsideAdmin their department subtree, an OutsideAdmin their enterprise).
 */
export async function adminRecordScope(db: Db, user: AuthUser): Promise<Scope> {
  const scope = await adminScope(db, user);
  if (scope.kind === "department") return { departments: await subtree(db, scope.rootId) };
  if (scope.kind === "enterprise") return { enterprise: scope.enterpriseId };
  return {};
}

async function subtree(db: Db, rootId: string | null): Promise<string[]> {
  if (!rootId) return [];
  return (await db.query<{ id: string }>(subtreeSql("$1"), [rootId])).map((r) => r.id);
}
