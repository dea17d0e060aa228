import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { App } from "../../app.ts";
import { storeAppId } from "../../compute/apps/store-apps.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, parsePaging, Where } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso } from "../../http/fields.ts";
import type { Lang } from "../../http/messages.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { ratingsOf } from "./ratings.ts";
import { versionDir } from "./app-definition.ts";
import { renderDocs } from "./docs.ts";
import { CATEGORY_CODES, labelIn, type AppManifest } from "./manifest.ts";
import { storeTexts } from "./texts.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { STORE_SHELVES, STORE_SORTS, type StoreApp, type StoreCard, type StorePage, type StoreShelf, type StoreSort } from "../../../common/app-store.ts";

/**
 * The store (MaterialAPP/GetStore, GetApp; docs/app-store.md "The store"): every app with a published version,
 * shown by its latest one, searchable by name, id, tag and category and sorted by newest or most used; an app's
 * page with its documentation, versions and changelogs, authors and how often it ran.
 */

const storeFilters = z.object({
  keyword: optional(z.string().trim().max(50)),
  category: optional(z.enum(CATEGORY_CODES)),
  tag: optional(z.string().trim().max(24)),
  sort: optional(z.enum(STORE_SORTS)),
  shelves: optional(z.coerce.number().int().min(1).max(24)),
});

interface CardRow {
  app_id: string;
  version: string;
  manifest: AppManifest;
  published_at: Date;
  owner_name: string;
  runs: number;
  rating: number | null;
  ratings: number;
  featured_at: Date | null;
}

// Each app's latest published version, with how many tasks ran any version of it (store:<app>@<version>), its
// authors' test runs left out.
const LATEST = `(select distinct on (v.app_id) v.app_id, v.version, v.manifest, v.published_at, a.owner_name, a.featured_at
    from store_app_versions v join store_apps a on a.id = v.app_id where v.state = 'published' order by v.app_id, v.published_at desc) s
  left join (select substring(app_id from '^store:([a-z0-9-]+)@') as store_app, count(*)::int as runs from compute_tasks
    where app_id like 'store:%' and id not in (select test_task_id from store_app_versions where test_task_id is not null) group by 1) u
    on u.store_app = s.app_id
  left join (select app_id as rated_app, avg(stars)::float8 as rating, count(*)::int as ratings from store_app_ratings group by app_id) r on r.rated_app = s.app_id`;

const cardOf = (r: CardRow, lang: Lang): StoreCard => ({
  AppId: r.app_id,
  RunId: storeAppId(r.app_id, r.version),
  Version: r.version,
  Name: labelIn(r.manifest.names, lang),
  Description: labelIn(r.manifest.descriptions, lang),
  Category: r.manifest.category,
  Tags: r.manifest.tags ?? [],
  Authors: r.manifest.authors,
  OwnerName: r.owner_name,
  PublishedAt: iso(r.published_at)!,
  Runs: Number(r.runs ?? 0),
  Rating: r.rating === null || r.rating === undefined ? null : Math.round(Number(r.rating) * 10) / 10,
  Ratings: Number(r.ratings ?? 0),
  Featured: r.featured_at !== null && r.featured_at !== undefined,
});

/** How each sort orders the cards (columns of `cards`, below). */
const ORDERS: Record<StoreSort, string> = {
  used: "s.runs desc, s.published_at desc",
  rated: "s.rating desc nulls last, s.ratings desc nulls last, s.published_at desc",
  name: "s.manifest->'names'->>'zh', s.app_id",
  newest: "s.published_at desc, s.app_id",
};
/** How each shelf picks and orders its cards: featured ones by when, rated ones only. */
const SHELF_SQL: Record<StoreShelf, { where: string; order: string }> = {
  featured: { where: "where s.featured_at is not null", order: "s.featured_at desc, s.app_id" },
  used: { where: "", order: ORDERS.used },
  rated: { where: "where s.rating is not null", order: ORDERS.rated },
  newest: { where: "", order: ORDERS.newest },
};

/**
 * MaterialAPP/GetStore (`keyword`, `category`, `tag`, `sort`, `page`, `pageSize`; `shelves`: cards per shelf):
 * the store's apps, a page at a time, and with `shelves` the store page's three shelves too. One statement:
 * the cards (each app's latest version with its runs and rating) are worked out once for the page and the
 * shelves, instead of once per call.
 */
export async function getStore(db: Db, query: URLSearchParams, lang: Lang): Promise<StorePage> {
  const f = parse(storeFilters, Object.fromEntries(query));
  const paging = parsePaging(query, 60);
  const w = new Where();
  if (f.keyword) {
    const k = w.param(containsPattern(f.keyword));
    // Names and descriptions in every language, the id and the tags: a researcher may search in any of them.
    w.and(`(s.app_id ilike ${k} escape '\\' or (s.manifest->'names')::text ilike ${k} escape '\\' or (s.manifest->'tags')::text ilike ${k} escape '\\')`);
  }
  if (f.category) w.and(`s.manifest->>'category' = ${w.param(f.category)}`);
  if (f.tag) w.and(`s.manifest->'tags' ? ${w.param(f.tag)}`);
  const order = ORDERS[f.sort ?? "newest"];
  const list = `(select 'list' as shelf, row_number() over (order by ${order}) as n, s.*, count(*) over ()::int as total from cards s ${w.sql} order by ${order} ${w.pageSql(paging)})`;
  const shelves = f.shelves
    ? STORE_SHELVES.map(
        (k) => `(select '${k}', row_number() over (order by ${SHELF_SQL[k].order}), s.*, 0 from cards s ${SHELF_SQL[k].where} order by ${SHELF_SQL[k].order} limit ${w.param(f.shelves)})`,
      )
    : [];
  // Each part numbers its rows in its own order: a union's output order is not the parts' (a parallel plan may mix them).
  const rows = await db.query<CardRow & { shelf: "list" | StoreShelf; n: number; total: number }>(
    `with cards as materialized (select s.*, coalesce(u.runs, 0) as runs, r.rating, coalesce(r.ratings, 0) as ratings from ${LATEST})
     select * from (${[list, ...shelves].join(" union all ")}) parts order by shelf, n`,
    w.params,
  );
  const of = (shelf: string) => rows.filter((r) => r.shelf === shelf).map((r) => cardOf(r, lang));
  const page = of("list");
  return {
    total: rows.find((r) => r.shelf === "list")?.total ?? 0,
    page: paging.page,
    size: paging.size,
    rows: page,
    ...(f.shelves ? { Shelves: Object.fromEntries(STORE_SHELVES.map((k) => [k, of(k)])) as Record<StoreShelf, StoreCard[]> } : {}),
  };
}

/** MaterialAPP/GetApp (`id`): a published app's page; an app with no published version is "not found". */
export async function getApp(app: App, user: AuthUser, query: URLSearchParams, lang: Lang): Promise<StoreApp> {
  const id = query.get("id") ?? "";
  const [r] = await app.db.query<CardRow & { package_root: string; owner_id: string | null }>(
    `select s.*, coalesce(u.runs, 0) as runs, r.rating, coalesce(r.ratings, 0) as ratings, (select package_root from store_app_versions where app_id = s.app_id and version = s.version) as package_root,
       (select owner_id from store_apps where id = s.app_id) as owner_id
       from ${LATEST} where s.app_id = $1`,
    [id],
  );
  if (!r) throw new ApiError(Status.notFound, storeTexts.appNotFound);
  const versions = await app.db.query<{ version: string; published_at: Date; manifest: AppManifest }>(
    `select version, published_at, manifest from store_app_versions where app_id = $1 and state = 'published' order by published_at desc`,
    [id],
  );
  const m = r.manifest;
  let docs: string | null = null;
  if (m.docs) {
    const file = path.join(versionDir(app.config.dataDir, r.app_id, r.version), r.package_root, m.docs);
    docs = await readFile(file, "utf8").then(renderDocs, () => null);
  }
  return {
    ...cardOf(r, lang),
    DocsHtml: docs,
    License: m.license,
    Runtime: m.runtime,
    Command: m.command,
    Resources: m.resources,
    Inputs: m.inputs.map((i) => ({ Name: i.name, Label: labelIn(i.label, lang), Unit: i.unit ?? null })),
    Outputs: m.outputs.map((o) => ({ Name: o.name, Label: labelIn(o.label, lang), Kind: o.kind, Unit: o.unit ?? null })),
    Voices: await ratingsOf(app.db, user, r.app_id, r.owner_id),
    Versions: versions.map((v) => ({ Version: v.version, RunId: storeAppId(id, v.version), PublishedAt: iso(v.published_at)!, Changelog: v.manifest.changelog ?? "" })),
  };
}

const featureInput = z.object({ AppId: z.string().max(40), Featured: z.boolean() });

/**
 * MaterialAPP/Feature (`AppId`, `Featured`): an app administrator puts a published app on the store's featured
 * shelf or takes it off; logged with who and when.
 */
export async function featureApp(db: Db, actor: Actor, body: unknown): Promise<{ AppId: string; Featured: boolean }> {
  const input = parse(featureInput, body);
  return db.transaction(async (tx) => {
    const [a] = await tx.query<{ featured_at: Date | null }>(
      `select featured_at from store_apps a where id = $1 and exists (select 1 from store_app_versions v where v.app_id = a.id and v.state = 'published') for update`,
      [input.AppId],
    );
    if (!a) throw new ApiError(Status.notFound, storeTexts.appNotFound);
    if ((a.featured_at !== null) !== input.Featured) {
      await tx.query(`update store_apps set featured_at = ${input.Featured ? "now()" : "null"}, featured_by_name = $2 where id = $1`, [input.AppId, input.Featured ? actor.name : null]);
      await logOperation(tx, actor, {
        action: input.Featured ? "storeApp.feature" : "storeApp.unfeature",
        targetType: "storeApp",
        targetId: input.AppId,
        targetName: input.AppId,
        before: { featured: a.featured_at !== null },
        after: { featured: input.Featured },
      });
    }
    return { AppId: input.AppId, Featured: input.Featured };
  });
}
