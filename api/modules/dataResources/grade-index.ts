import type { ElementCondition } from "../../../common/grade-search.ts";
import { GRADE_SORT_KEYS, gradeNameKey, type GradeSortKey } from "../../../common/steel-grades.ts";
import type { Db } from "../../db/index.ts";

/**
 * The grade search's index, kept in the API's memory: every grade's designation key, number, standard, system,
 * family and each element's range as typed arrays, plus the grades' order for each sort. A composition search
 * is then a scan of a few Float64Arrays (about 2 ms over 100,000 grades) instead of a semi-join per condition
 * whose cost grows with what matches (60–170 ms on PGlite for the same searches, bench/grades.ts). The
 * grades are reference data that only a release (the seeder) changes; triggers bump a one-row generation on
 * every write to them (migration 020), so each instance rebuilds on its next search after any change, as the
 * department tree does.
 */
export interface GradeIndex {
  ids: string[];
  nameKeys: string[];
  numbers: string[]; // as designation keys ("1.4301" → "14301"), "" when none
  standards: string[]; // lower case
  systems: string[];
  families: string[];
  /** Element → [lo, hi] per grade: lo = min or 0, hi = max or ∞; NaN where the grade does not name the element. */
  ranges: Map<string, { lo: Float64Array; hi: Float64Array }>;
  /** Sort ("name", "-name"…) → grade positions in that order, ties by key ascending either way. */
  orders: Record<string, Int32Array>;
  bytes: number;
}

export interface GradeFilter {
  keyword: string; // raw; compared as a designation key prefix
  standard: string;
  system: string;
  family: string;
  conditions: ElementCondition[];
}

interface IndexCache {
  generation: string | null;
  built: GradeIndex | null;
  /** A build under way and the generation it reads, which concurrent searches wait for instead of building too. */
  building: { generation: string; done: Promise<GradeIndex> } | null;
  hits: number;
  misses: number;
}

const caches = new WeakMap<Db, IndexCache>();
const cacheOf = (db: Db): IndexCache => {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = { generation: null, built: null, building: null, hits: 0, misses: 0 }));
  return c;
};

/** The grade index as a managed cache (/systemManage/cacheManage). */
export function gradeIndexCache(db: Db) {
  const c = cacheOf(db);
  return {
    stats: () => ({ entries: c.built ? c.built.ids.length : 0, bytes: c.built?.bytes ?? null, hits: c.hits, misses: c.misses }),
    clear: () => {
      c.built = null;
      c.generation = null;
    },
  };
}

/**
 * The index, built again when the grade tables' generation moved. The generation is read before the rows, so
 * an index is never labelled newer than it is; searches that arrive during a build wait for it.
 */
export async function gradeIndex(db: Db): Promise<GradeIndex> {
  const c = cacheOf(db);
  const [{ generation }] = await db.query<{ generation: string }>(`select generation::text as generation from steel_grades_generation`);
  if (c.built && c.generation === generation) {
    c.hits++;
    return c.built;
  }
  if (c.building?.generation === generation) return c.building.done;
  c.misses++;
  const done = buildIndex(db);
  c.building = { generation, done };
  try {
    const built = await done;
    if (c.building?.done === done) {
      c.generation = generation;
      c.built = built;
    }
    return built;
  } finally {
    if (c.building?.done === done) c.building = null;
  }
}

/** Each sort's SQL order; descending keeps ties by key ascending, as the lists' SQL did. */
const SORT_SQL: Record<GradeSortKey, string> = { name: `name_key collate "C"`, standard: `standard collate "C"`, family: "family", system: "system" };

async function buildIndex(db: Db): Promise<GradeIndex> {
  // One snapshot for the grades and their ranges (a reload committing in between cannot leave grades without
  // ranges); the database decides the orders (its "C" collation), as the SQL lists did.
  const sorts = GRADE_SORT_KEYS.flatMap((k) => [k, `-${k}`]);
  const { grades, elements } = await db.transaction(async (tx) => {
    await tx.query(`set transaction isolation level repeatable read`);
    const grades = await tx.query<{ id: string; name_key: string; number: string; standard: string; system: string; family: string } & Record<string, number>>(
      `select id, name_key, coalesce(number, '') as number, standard, system, family,
              ${sorts.map((s, i) => `(row_number() over (order by ${SORT_SQL[s.replace("-", "") as GradeSortKey]} ${s.startsWith("-") ? "desc" : "asc"}, key collate "C"))::int - 1 as r${i}`).join(",\n              ")}
         from steel_grades`,
    );
    const elements = await tx.query<{ grade_id: string; element: string; lo: string; hi: string }>(`select grade_id, element, lo::text as lo, hi::text as hi from steel_grade_elements`);
    return { grades, elements };
  });
  const n = grades.length;
  const position = new Map<string, number>();
  const orders: Record<string, Int32Array> = Object.fromEntries(sorts.map((s) => [s, new Int32Array(n)]));
  grades.forEach((g, i) => {
    position.set(g.id, i);
    sorts.forEach((s, k) => (orders[s][g[`r${k}`]] = i));
  });
  const ranges = new Map<string, { lo: Float64Array; hi: Float64Array }>();
  for (const e of elements) {
    let r = ranges.get(e.element);
    if (!r) ranges.set(e.element, (r = { lo: new Float64Array(n).fill(NaN), hi: new Float64Array(n).fill(NaN) }));
    const i = position.get(e.grade_id);
    if (i === undefined) continue;
    r.lo[i] = Number(e.lo);
    r.hi[i] = e.hi === "Infinity" ? Infinity : Number(e.hi);
  }
  const text = (f: (g: (typeof grades)[number]) => string) => grades.map(f);
  const ids = text((g) => g.id);
  const nameKeys = text((g) => g.name_key);
  const bytes = n * (36 + 4 * sorts.length) + [...nameKeys, ...ids].reduce((a, s) => a + s.length * 2, 0) + ranges.size * n * 16;
  return {
    ids,
    nameKeys,
    numbers: text((g) => gradeNameKey(g.number)),
    standards: text((g) => g.standard.toLowerCase()),
    systems: text((g) => g.system),
    families: text((g) => g.family),
    ranges,
    orders,
    bytes,
  };
}

/**
 * The positions of the grades matching `f`, in the order of `sort` ("name", "-name"…), and how many matched:
 * only `offset`…`offset + limit` are collected. The standard matches from its start, ignoring case ("gb/t
 * 3077" finds GB/T 3077-2015). A condition matches a grade whose range of the
 * element overlaps it; one whose minimum is 0 or open also takes grades whose standard does not name the
 * element (they have none specified, which is what "Ni at most 0.3" asks for).
 */
export function searchIndex(ix: GradeIndex, f: GradeFilter, sort: string, offset: number, limit: number): { total: number; page: number[] } {
  const prefix = f.keyword ? gradeNameKey(f.keyword) : "";
  const conds = f.conditions.map((c) => ({
    r: ix.ranges.get(c.element),
    min: c.min ?? -Infinity,
    max: c.max ?? Infinity,
    takesAbsent: c.min === null || c.min === 0,
  }));
  const standard = f.standard.trim().toLowerCase();
  const order = ix.orders[sort] ?? ix.orders.name;
  const n = order.length;
  const page: number[] = [];
  let total = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k];
    if (f.system && ix.systems[i] !== f.system) continue;
    if (f.family && ix.families[i] !== f.family) continue;
    if (standard && !ix.standards[i].startsWith(standard)) continue;
    if (prefix && !ix.nameKeys[i].startsWith(prefix) && !ix.numbers[i].startsWith(prefix)) continue;
    let ok = true;
    for (const c of conds) {
      const lo = c.r ? c.r.lo[i] : NaN;
      if (Number.isNaN(lo)) {
        if (!c.takesAbsent) ok = false;
      } else if (!(lo <= c.max && c.r!.hi[i] >= c.min)) ok = false;
      if (!ok) break;
    }
    if (!ok) continue;
    if (total >= offset && page.length < limit) page.push(i);
    total++;
  }
  return { total, page };
}
