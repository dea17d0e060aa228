import type { MenuItem } from "../../../common/user-context.ts";
import type { Db } from "../../db/index.ts";

export type { MenuItem };

/** ChildMenuList nests up to three levels (section 3). */
export const MAX_MENU_DEPTH = 3;

interface Row {
  id: string;
  parent_id: string | null;
  code: string;
  name: string;
  url: string;
  icon: string;
  show_type: number;
  sort: number;
  hidden: boolean;
  ptype: "ReadAndWrite" | "ReadOnly";
}

// The tree depends only on the set of roles and changes only when the seed rewrites it at start, so it is
// kept per role set; the TTL bounds staleness when another instance re-seeds a shared database.
const CACHE_TTL_MS = 60_000;
const caches = new WeakMap<Db, Map<string, { at: number; rows: Promise<Row[]> }>>();

/** Called by the tree seeder after it rewrites resources or grants. */
export function clearResListCache(db: Db): void {
  caches.delete(db);
}

function grantedRows(db: Db, roles: readonly string[]): Promise<Row[]> {
  const cache = caches.get(db) ?? new Map<string, { at: number; rows: Promise<Row[]> }>();
  caches.set(db, cache);
  const key = [...roles].sort().join(",");
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.rows;
  const rows = db.query<Row>(
    `select r.id, r.parent_id, r.code, r.name, r.url, r.icon, r.show_type, r.sort, r.hidden,
            case when bool_or(g.ptype = 'ReadAndWrite') then 'ReadAndWrite' else 'ReadOnly' end as ptype
       from resources r
       join resource_grants g on g.resource_id = r.id
      where g.role_code = any($1::text[])
      group by r.id
      order by r.sort, r.code`,
    [[...roles]],
  );
  cache.set(key, { at: Date.now(), rows });
  rows.catch(() => cache.delete(key));
  return rows;
}

/**
 * The resources granted to any of the user's roles, as a tree. PType is ReadAndWrite when any of the roles
 * grants it. An entry whose parent is not granted is left out (it would have no place in the menu).
 * Siblings are ordered by Sort.
 */
export async function loadResList(db: Db, roles: readonly string[]): Promise<MenuItem[]> {
  const rows = await grantedRows(db, roles);
  const byParent = new Map<string | null, Row[]>();
  for (const r of rows) {
    const list = byParent.get(r.parent_id) ?? [];
    list.push(r);
    byParent.set(r.parent_id, list);
  }
  const build = (r: Row, depth: number): MenuItem => {
    const kids = depth < MAX_MENU_DEPTH ? (byParent.get(r.id) ?? []) : [];
    return {
      ID: r.id,
      Name: menuName(r.code, r.name, roles),
      Code: r.code,
      Url: r.url,
      Icon: r.icon,
      ShowType: Number(r.show_type),
      PType: r.ptype,
      Sort: Number(r.sort),
      ChildMenuList: kids.filter((k) => !k.hidden).map((k) => build(k, depth + 1)),
      HideChildMenuList: kids.filter((k) => k.hidden).map((k) => build(k, depth + 1)),
    };
  };
  return (byParent.get(null) ?? []).map((r) => build(r, 1));
}

/** Section 6: systemManage reads 部门管理 for a department admin (InsideAdmin or OutsideAdmin without SystemAdmin). */
export function menuName(code: string, name: string, roles: readonly string[]): string {
  if (code === "systemManage" && !roles.includes("SystemAdmin") && (roles.includes("InsideAdmin") || roles.includes("OutsideAdmin"))) {
    return "部门管理";
  }
  return name;
}
