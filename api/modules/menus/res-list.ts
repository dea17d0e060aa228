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

// The tree depends only on the set of roles and changes only when the seed rewrites it at start or an
// administrator changes a role's grants (which clears it here and on the other instances); the TTL bounds
// staleness should such a message be lost.
const CACHE_TTL_MS = 60_000;

interface RoleSetCache {
  entries: Map<string, { at: number; rows: Promise<Row[]>; bytes: number }>;
  hits: number;
  misses: number;
}
const caches = new WeakMap<Db, RoleSetCache>();

const cacheOf = (db: Db): RoleSetCache => {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = { entries: new Map(), hits: 0, misses: 0 }));
  return c;
};

/** Called by the tree seeder and the grants page after they rewrite resources or grants. */
export function clearResListCache(db: Db): void {
  cacheOf(db).entries.clear();
}

/** The menu-tree cache for /systemManage/cacheManage: one entry per set of roles. */
export function resListCacheStats(db: Db) {
  const c = cacheOf(db);
  let bytes = 0;
  for (const e of c.entries.values()) bytes += e.bytes;
  return { entries: c.entries.size, bytes, hits: c.hits, misses: c.misses };
}

function grantedRows(db: Db, roles: readonly string[]): Promise<Row[]> {
  const cache = cacheOf(db);
  const key = [...roles].sort().join(",");
  const hit = cache.entries.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) {
    cache.hits++;
    return hit.rows;
  }
  cache.misses++;
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
  const entry = { at: Date.now(), rows, bytes: 0 };
  cache.entries.set(key, entry);
  rows.then(
    (r) => (entry.bytes = Buffer.byteLength(JSON.stringify(r))),
    () => cache.entries.get(key) === entry && cache.entries.delete(key),
  );
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
