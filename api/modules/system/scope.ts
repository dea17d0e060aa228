import type { Db } from "../../db/index.ts";
import type { AuthUser } from "../../http/router.ts";

/**
 * What an administrator may see and manage (the data scope of docs/access.md, "部门管理 scope"):
 * a SystemAdmin everything; an InsideAdmin their own department and its descendants; an OutsideAdmin the
 * people of their own enterprise. An admin without a department (or enterprise) manages nobody.
 */
export type AdminScope = { kind: "all" } | { kind: "department"; rootId: string | null } | { kind: "enterprise"; enterpriseId: string | null };

export async function adminScope(db: Db, user: AuthUser): Promise<AdminScope> {
  if (user.roles.includes("SystemAdmin")) return { kind: "all" };
  const [u] = await db.query<{ department_id: string | null; enterprise_id: string | null }>(`select department_id, enterprise_id from users where id = $1`, [user.id]);
  if (user.roles.includes("InsideAdmin")) return { kind: "department", rootId: u?.department_id ?? null };
  return { kind: "enterprise", enterpriseId: u?.enterprise_id ?? null };
}

/**
 * SQL for the ids of a department and all its descendants, with the root as parameter `$n`; the tree's
 * parent index makes each level one index lookup.
 */
export const subtreeSql = (param: string) =>
  `with recursive subtree(id) as (select ${param}::uuid union all select d.id from departments d join subtree s on d.parent_id = s.id) select id from subtree`;
