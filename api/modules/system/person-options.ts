import { ADMIN_ROLES, ROLE_CODES } from "../../../common/forms/person.ts";
import type { Db } from "../../db/index.ts";
import type { AuthUser } from "../../http/router.ts";
import { departmentTree, type DepartmentNode } from "./departments.ts";
import { adminScope } from "./scope.ts";

export interface PersonOptions {
  /** The departments the caller may place people in, depth-first in tree order (Depth 0 = a root of their view). */
  Departments: Array<{ Id: string; Name: string; Depth: number; Disabled: boolean }>;
  /** The enterprises the caller may place people in. */
  Enterprises: Array<{ Id: string; Name: string; Disabled: boolean }>;
  /** Every role, and whether the caller may grant it. */
  Roles: Array<{ Code: string; Grantable: boolean }>;
}

/**
 * System/GetPersonOptions: what the person form and the list's filters offer this admin, in their scope: a
 * SystemAdmin every department and enterprise and role; an InsideAdmin their subtree and the non-admin roles;
 * an OutsideAdmin their enterprise and the non-admin roles.
 */
export async function personOptions(db: Db, user: AuthUser): Promise<PersonOptions> {
  const scope = await adminScope(db, user);
  const Departments: PersonOptions["Departments"] = [];
  const walk = (nodes: DepartmentNode[], depth: number) => {
    for (const n of nodes) {
      Departments.push({ Id: n.Id, Name: n.Name, Depth: depth, Disabled: n.Disabled });
      walk(n.Children, depth + 1);
    }
  };
  if (scope.kind !== "enterprise") walk(await departmentTree(db, user), 0);
  const Enterprises =
    scope.kind === "department"
      ? []
      : (
          await db.query<{ id: string; name: string; disabled: boolean }>(
            scope.kind === "all" ? `select id, name, disabled from enterprises order by lower(name)` : `select id, name, disabled from enterprises where id = $1`,
            scope.kind === "all" ? [] : [scope.enterpriseId],
          )
        ).map((e) => ({ Id: e.id, Name: e.name, Disabled: e.disabled }));
  const Roles = ROLE_CODES.map((Code) => ({ Code, Grantable: scope.kind === "all" || !ADMIN_ROLES.includes(Code) }));
  return { Departments, Enterprises, Roles };
}
