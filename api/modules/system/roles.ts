import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, keyedFieldError } from "../../http/fields.ts";
import { roleGrantsSchema, type RoleGrantsInput } from "../../../common/forms/role-grants.ts";
import { ROLE_CODES, type GrantNode, type PType, type RoleRow } from "../../../common/roles.ts";
import { flattenTree, RESOURCE_TREE, type ResourceNode } from "../menus/resource-tree.ts";
import { logOperation, type Actor } from "./oplog.ts";
import { roleGrantTexts } from "./texts.ts";

/**
 * Roles and grants (/systemManage/roleManage, docs/access.md): which pages each role sees, as the tree in code
 * grants them by default and as this site changed them. A change is kept in resource_grant_changes (so the
 * start-up seeder lays it over the tree's defaults again) and written into resource_grants at once; the menu
 * cache is cleared on every instance, so the role's users see it on their next page.
 */


/** The pages an administrator must keep for SystemAdmin: without them nobody could change grants again. */
export const SYSTEM_ADMIN_KEEPS = ["systemManage", "roleManage"] as const;

const FLAT = flattenTree(RESOURCE_TREE);
const BY_CODE = new Map(FLAT.map((n) => [n.code, n]));
const TREE_CODES = FLAT.map((n) => n.code);

/** What the tree in code grants a role on a page, without the site's changes. */
export const defaultGrant = (n: ResourceNode, role: string): PType | null =>
  !n.roles.includes(role as never) ? null : n.readOnly.includes(role as never) ? "ReadOnly" : "ReadAndWrite";

const defaultsOf = (role: string): Map<string, PType> => {
  const m = new Map<string, PType>();
  for (const n of FLAT) {
    const g = defaultGrant(n, role);
    if (g) m.set(n.code, g);
  }
  return m;
};

async function effectiveGrants(db: Db, role: string): Promise<Map<string, PType>> {
  const rows = await db.query<{ code: string; ptype: PType }>(
    `select r.code, g.ptype from resource_grants g join resources r on r.id = g.resource_id
      where g.role_code = $1 and r.code = any($2::text[])`,
    [role, TREE_CODES],
  );
  return new Map(rows.map((r) => [r.code, r.ptype]));
}

const differences = (a: Map<string, PType>, b: Map<string, PType>): string[] =>
  TREE_CODES.filter((c) => (a.get(c) ?? null) !== (b.get(c) ?? null));

/** System/GetRoleList: the nine roles in the spec's order, with their people and how many pages the site changed. */
export async function listRoles(db: Db): Promise<RoleRow[]> {
  const rows = await db.query<{ code: string; name: string; grants_version: number; people: number }>(
    `select r.code, r.name, r.grants_version, (select count(*)::int from user_roles ur where ur.role_code = r.code) as people
       from roles r where r.code = any($1::text[])`,
    [[...ROLE_CODES]],
  );
  const grants = await db.query<{ role_code: string; code: string; ptype: PType }>(
    `select g.role_code, r.code, g.ptype from resource_grants g join resources r on r.id = g.resource_id where r.code = any($1::text[])`,
    [TREE_CODES],
  );
  const byRole = new Map<string, Map<string, PType>>();
  for (const g of grants) {
    const m = byRole.get(g.role_code) ?? new Map<string, PType>();
    m.set(g.code, g.ptype);
    byRole.set(g.role_code, m);
  }
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return ROLE_CODES.filter((c) => byCode.has(c)).map((code) => {
    const r = byCode.get(code)!;
    return {
      Code: code,
      Name: r.name,
      People: Number(r.people),
      Changes: differences(byRole.get(code) ?? new Map(), defaultsOf(code)).length,
      Version: Number(r.grants_version),
    };
  });
}

export interface RoleResources {
  Role: RoleRow;
  Tree: GrantNode[];
}

async function roleRow(db: Db, role: unknown): Promise<RoleRow> {
  const found = (await listRoles(db)).find((r) => r.Code === role);
  if (!found) throw keyedFieldError("Role", "roleInvalid", roleGrantTexts, Status.notFound);
  return found;
}

/** System/GetRoleResources: the whole tree, each page with this role's grant and the tree's default. */
export async function roleResources(db: Db, role: unknown): Promise<RoleResources> {
  const row = await roleRow(db, role);
  const granted = await effectiveGrants(db, row.Code);
  const build = (n: ResourceNode): GrantNode => ({
    Code: n.code,
    Name: n.name,
    Url: n.url,
    Hidden: n.hidden,
    External: !n.url.startsWith("/"),
    Granted: granted.get(n.code) ?? null,
    Default: defaultGrant(n, row.Code),
    Children: n.children.map(build),
  });
  return { Role: row, Tree: RESOURCE_TREE.map(build) };
}

/** The tree's rules for one role's grants; every broken one is named by its page (`Grants.<code>`). */
function checkTreeRules(input: RoleGrantsInput): void {
  const fields: Array<{ field: string; key: string; message: string }> = [];
  const refuse = (code: string, key: "pageUnknown" | "groupHidden" | "adminLockout") =>
    fields.push({ field: `Grants.${code}`, key, message: roleGrantTexts[key].zh });
  for (const code of Object.keys(input.Grants)) {
    const n = BY_CODE.get(code);
    if (!n) refuse(code, "pageUnknown");
    // The menu shows a page only inside its group: a page without its group would be granted yet unreachable.
    else if (n.parent && !input.Grants[n.parent]) refuse(code, "groupHidden");
  }
  if (input.Role === "SystemAdmin") {
    for (const code of SYSTEM_ADMIN_KEEPS) if (input.Grants[code] !== "ReadAndWrite") refuse(code, "adminLockout");
  }
  if (fields.length) throw new ApiError(Status.badRequest, roleGrantTexts[fields[0].key as keyof typeof roleGrantTexts], { fields });
}

/**
 * Writes one role's grants as a whole, with its operation-log row (only the pages that changed, before and
 * after), in one transaction; then clears the menu cache on every instance. A stale Version is a 409.
 */
async function writeGrants(app: App, actor: Actor, role: string, version: number | undefined, chosen: Map<string, PType>, action: string) {
  const defaults = defaultsOf(role);
  const result = await app.db.transaction(async (tx) => {
    const [locked] = await tx.query<{ name: string; grants_version: number }>(`select name, grants_version from roles where code = $1 for update`, [role]);
    if (!locked) throw keyedFieldError("Role", "roleInvalid", roleGrantTexts, Status.notFound);
    if (version !== undefined && version !== Number(locked.grants_version)) throw keyedFieldError("Version", "stale", roleGrantTexts, Status.conflict);
    const before = await effectiveGrants(tx, role);
    const changedCodes = differences(before, chosen);
    const siteChanges = differences(chosen, defaults).map((code) => ({ code, ptype: chosen.get(code) ?? null }));
    await tx.query(`delete from resource_grant_changes where role_code = $1`, [role]);
    await tx.query(
      `insert into resource_grant_changes(role_code, resource_code, ptype, changed_by)
       select $1, x.code, x.ptype, $3 from jsonb_to_recordset($2::jsonb) as x(code text, ptype text)`,
      [role, JSON.stringify(siteChanges), actor.id],
    );
    await tx.query(
      `delete from resource_grants g using resources r where g.resource_id = r.id and g.role_code = $1 and r.code = any($2::text[])`,
      [role, TREE_CODES],
    );
    await tx.query(
      `insert into resource_grants(resource_id, role_code, ptype)
       select r.id, $1, x.ptype from jsonb_to_recordset($2::jsonb) as x(code text, ptype text) join resources r on r.code = x.code`,
      [role, JSON.stringify([...chosen].map(([code, ptype]) => ({ code, ptype })))],
    );
    const [bumped] = await tx.query<{ grants_version: number }>(
      `update roles set grants_version = grants_version + 1 where code = $1 returning grants_version`,
      [role],
    );
    if (changedCodes.length) {
      const pick = (m: Map<string, PType>) => Object.fromEntries(changedCodes.map((c) => [c, m.get(c) ?? null]));
      await logOperation(tx, actor, { action, targetType: "role", targetId: role, targetName: locked.name, before: pick(before), after: pick(chosen) });
    }
    return { Version: Number(bumped.grants_version), Changed: changedCodes.length, Changes: siteChanges.length };
  });
  await app.caches.clear("menuTrees");
  return result;
}

/** System/SaveRoleResources: {Role, Version, Grants: {code: PType}}; a page not in Grants is not shown. */
export async function saveRoleResources(app: App, actor: Actor, body: Record<string, unknown>) {
  const input = checkBody(roleGrantsSchema, body, roleGrantTexts);
  checkTreeRules(input);
  return writeGrants(app, actor, input.Role, input.Version, new Map(Object.entries(input.Grants)), "role.grants");
}

/** System/ResetRoleResources: {Role, Version}: the role's grants back to the tree's defaults, the site's changes dropped. */
export async function resetRoleResources(app: App, actor: Actor, body: Record<string, unknown>) {
  const input = checkBody(roleGrantsSchema.pick({ Role: true, Version: true }), body, roleGrantTexts);
  return writeGrants(app, actor, input.Role, input.Version, defaultsOf(input.Role), "role.reset");
}
