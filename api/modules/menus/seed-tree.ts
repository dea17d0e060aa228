import type { Db } from "../../db/index.ts";
import { clearResListCache } from "./res-list.ts";
import { flattenTree, RESOURCE_TREE, type ResourceNode } from "./resource-tree.ts";

/**
 * Upserts the resource tree by Code on every start: names, urls, icons, sort and parents follow the code's
 * tree, new entries are added, and the grants of every entry in the tree are rebuilt: the tree's defaults,
 * with the site's own changes (resource_grant_changes, made on /systemManage/roleManage) laid over them.
 * Entries no longer in the tree are left alone (a release only adds pages). Five statements, one transaction.
 */
export async function seedResourceTree(db: Db, tree: readonly ResourceNode[] = RESOURCE_TREE): Promise<void> {
  const flat = flattenTree(tree);
  const nodes = JSON.stringify(
    flat.map((n) => ({ code: n.code, name: n.name, url: n.url, icon: n.icon, show_type: n.showType, sort: n.sort, hidden: n.hidden, parent: n.parent })),
  );
  const grants = JSON.stringify(
    flat.flatMap((n) => n.roles.map((role) => ({ code: n.code, role, ptype: n.readOnly.includes(role) ? "ReadOnly" : "ReadAndWrite" }))),
  );
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into resources(code, name, url, icon, show_type, sort, hidden)
       select code, name, url, icon, show_type, sort, hidden
         from jsonb_to_recordset($1::jsonb) as x(code text, name text, url text, icon text, show_type smallint, sort int, hidden boolean)
       on conflict (code) do update
          set name = excluded.name, url = excluded.url, icon = excluded.icon, show_type = excluded.show_type,
              sort = excluded.sort, hidden = excluded.hidden`,
      [nodes],
    );
    await tx.query(
      `update resources r set parent_id = p.id
         from jsonb_to_recordset($1::jsonb) as x(code text, parent text)
         left join resources p on p.code = x.parent
        where r.code = x.code and r.parent_id is distinct from p.id`,
      [nodes],
    );
    await tx.query(
      `delete from resource_grants g using resources r
        where g.resource_id = r.id and r.code in (select code from jsonb_to_recordset($1::jsonb) as x(code text))`,
      [nodes],
    );
    // The defaults, except where the site changed them…
    await tx.query(
      `insert into resource_grants(resource_id, role_code, ptype)
       select r.id, x.role, x.ptype
         from jsonb_to_recordset($1::jsonb) as x(code text, role text, ptype text)
         join resources r on r.code = x.code
         join roles on roles.code = x.role
        where not exists (select 1 from resource_grant_changes c where c.role_code = x.role and c.resource_code = x.code)`,
      [grants],
    );
    // …and the site's grants (a change with no ptype takes a default away).
    await tx.query(
      `insert into resource_grants(resource_id, role_code, ptype)
       select r.id, c.role_code, c.ptype
         from resource_grant_changes c
         join resources r on r.code = c.resource_code
        where c.ptype is not null and c.resource_code in (select code from jsonb_to_recordset($1::jsonb) as x(code text))`,
      [nodes],
    );
  });
  clearResListCache(db);
}
