import { ELEMENT_STEP, QUANTITY_KEYS, RECORD_SOURCES, columnOf, type Element, type RecordSource } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";
import { METHODS } from "../detection/methods.ts";

/**
 * The test records' search index: every record's filterable fields in typed arrays in the API's memory, so the
 * records table and the similar-data searches filter, count, rank and page 200,000 records in a few
 * milliseconds on PGlite as on PostgreSQL (docs/test-data.md has the measurements: the best SQL plans took
 * 70–1000 ms on PGlite, whose 16 MB of buffers read the rest through the file system). The database stays the
 * truth: the index answers which ids, in which order; the rows shown are read by id.
 *
 * Coherence across instances without a bus: before each query the index rereads the records changed by every
 * transaction that was unfinished when it last looked (`test_record_changes`, migration 031), so a write by
 * this or another instance is seen by the next query after its commit.
 */
const NO = -1;
const METHOD_BIT = new Map(METHODS.map((m, i) => [m.code, 1 << i]));
const FULL_RELOAD_MS = 60 * 60 * 1000;
const LOAD_CHUNK = 20_000;

/** Small dictionaries for repeated values (ids of owners and departments, grades, conditions). */
class Dict {
  private ids = new Map<string, number>();
  readonly values: string[] = [];
  of(v: string | null): number {
    if (v === null) return NO;
    let n = this.ids.get(v);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(v);
      this.ids.set(v, n);
    }
    return n;
  }
  find(v: string): number {
    return this.ids.get(v) ?? NO;
  }
}

interface LoadedRow {
  id: string;
  code: string;
  heat_no: string;
  grade: string;
  condition: string;
  source: RecordSource;
  methods: string[];
  tested_at: Date;
  owner_id: string | null;
  owner_name: string;
  department_id: string | null;
  enterprise_id: string | null;
  project_id: string | null;
  [column: string]: unknown;
}
const LOAD_COLUMNS = `id, code, heat_no, grade, condition, source, methods, tested_at, owner_id, owner_name, department_id, enterprise_id, project_id, ${QUANTITY_KEYS.map(columnOf).join(", ")}`;

/** A numeric range on one quantity; `open` lets a record that never measured it pass (a grade's maximum). */
export interface IndexRange {
  key: string;
  min: number | null;
  max: number | null;
  open?: boolean;
}

export interface IndexQuery {
  /** Only records of these (outside readers: their enterprise; empty: none). */
  enterprise?: string | null;
  /** Level 1: owned by this user, or of one of these research projects. */
  mine?: { ownerId: string; projectIds: string[] };
  /** Level 2 and the administrators' subtree: records of these departments. */
  departments?: string[];
  keyword?: string;
  grade?: string;
  measured?: string;
  ranges?: IndexRange[];
  method?: string;
  from?: number;
  to?: number;
  project?: string;
  source?: RecordSource;
  ownerName?: string;
  condition?: string;
  sort?: { key: string; desc: boolean };
  page?: number;
  size?: number;
  nearest?: { targets: { key: string; target: number; weight: number }[]; k: number };
  plot?: { x: string; y: string; max: number };
}

export interface IndexAnswer {
  total: number;
  ids: string[];
  distances: number[] | null;
  points: [number, number][] | null;
}

export class RecordIndex {
  private n = 0;
  private cap = 0;
  private ids: string[] = [];
  private pos = new Map<string, number>();
  private codes: string[] = [];
  private heats: string[] = [];
  private ownerNames = new Int32Array(0);
  private testedAt = new Float64Array(0);
  private sources = new Uint8Array(0);
  private methods = new Int32Array(0);
  private grade = new Int32Array(0);
  private condition = new Int32Array(0);
  private owner = new Int32Array(0);
  private department = new Int32Array(0);
  private enterprise = new Int32Array(0);
  private project = new Int32Array(0);
  private cols = new Map<string, Float64Array>();
  private uuids = new Dict();
  private grades = new Dict();
  private conditions = new Dict();
  private names = new Dict();
  /** Positions in each sort's order, cached until the next change. */
  private orders = new Map<string, Int32Array>();
  private xmin: string | null = null;
  private loadedAt = 0;
  private busy: Promise<void> = Promise.resolve();

  constructor(private db: Db) {}

  get size(): number {
    return this.n;
  }

  /** Brings the index up to date with every committed change; queries call it first. Serialised per instance. */
  refresh(): Promise<void> {
    const next = this.busy.then(() => this.catchUp());
    this.busy = next.catch(() => {});
    return next;
  }

  private async catchUp(): Promise<void> {
    const [{ xmin }] = await this.db.query<{ xmin: string }>(`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
    if (this.xmin === null || Date.now() - this.loadedAt > FULL_RELOAD_MS) {
      await this.loadAll();
    } else {
      const changed = await this.db.query<{ record_id: string }>(`select distinct record_id from test_record_changes where xid >= $1::xid8`, [this.xmin]);
      if (changed.length) await this.reload(changed.map((c) => c.record_id));
    }
    this.xmin = xmin;
  }

  private async loadAll(): Promise<void> {
    this.n = 0;
    this.pos.clear();
    this.orders.clear();
    // Sized for what is there (and a little more), not the next power of two: a quantity column is 8 bytes a record.
    const [{ n }] = await this.db.query<{ n: number }>(`select count(*)::int as n from test_records`);
    if (Number(n) > this.cap) this.grow(Math.ceil(Number(n) * 1.05));
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const rows = await this.db.query<LoadedRow>(`select ${LOAD_COLUMNS} from test_records where id > $1 order by id limit ${LOAD_CHUNK}`, [after]);
      for (const r of rows) this.put(r);
      if (rows.length < LOAD_CHUNK) break;
      after = rows[rows.length - 1].id;
    }
    this.loadedAt = Date.now();
    await this.db.query(`delete from test_record_changes where at < now() - interval '1 day'`);
  }

  private async reload(ids: string[]): Promise<void> {
    const rows = await this.db.query<LoadedRow>(`select ${LOAD_COLUMNS} from test_records where id = any($1::uuid[])`, [ids]);
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) this.remove(id);
    for (const r of rows) this.put(r);
    this.orders.clear();
  }

  /** Room for at least `want` records: doubling as records come, or sized once for a full load. */
  private grow(want = this.cap * 2): void {
    const cap = Math.max(1024, want);
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(cap).fill(NaN);
      b.set(a);
      return b;
    };
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.testedAt = f64(this.testedAt);
    const s = new Uint8Array(cap);
    s.set(this.sources);
    this.sources = s;
    this.methods = i32(this.methods);
    this.grade = i32(this.grade);
    this.condition = i32(this.condition);
    this.owner = i32(this.owner);
    this.department = i32(this.department);
    this.enterprise = i32(this.enterprise);
    this.project = i32(this.project);
    this.ownerNames = i32(this.ownerNames);
    for (const k of QUANTITY_KEYS) this.cols.set(k, f64(this.cols.get(k) ?? new Float64Array(0)));
    this.cap = cap;
  }

  private put(r: LoadedRow): void {
    let i = this.pos.get(r.id);
    if (i === undefined) {
      if (this.n === this.cap) this.grow();
      i = this.n++;
      this.pos.set(r.id, i);
    }
    this.ids[i] = r.id;
    this.codes[i] = r.code.toLowerCase();
    this.heats[i] = r.heat_no.toLowerCase();
    this.ownerNames[i] = this.names.of(r.owner_name.toLowerCase());
    this.testedAt[i] = new Date(r.tested_at).getTime();
    this.sources[i] = RECORD_SOURCES.indexOf(r.source);
    this.methods[i] = r.methods.reduce((m, c) => m | (METHOD_BIT.get(c) ?? 0), 0);
    this.grade[i] = this.grades.of(r.grade.toLowerCase());
    this.condition[i] = this.conditions.of(r.condition.toLowerCase());
    this.owner[i] = this.uuids.of(r.owner_id);
    this.department[i] = this.uuids.of(r.department_id);
    this.enterprise[i] = this.uuids.of(r.enterprise_id);
    this.project[i] = this.uuids.of(r.project_id);
    for (const k of QUANTITY_KEYS) {
      const v = r[columnOf(k)];
      this.cols.get(k)![i] = v === null || v === undefined ? NaN : Number(v);
    }
  }

  /** Moves the last record into the removed one's place. */
  private remove(id: string): void {
    const i = this.pos.get(id);
    if (i === undefined) return;
    const last = --this.n;
    this.pos.delete(id);
    if (i !== last) {
      const lastId = this.ids[last];
      this.ids[i] = lastId;
      this.pos.set(lastId, i);
      for (const a of [this.codes, this.heats]) a[i] = a[last];
      for (const a of [this.testedAt, this.sources, this.methods, this.grade, this.condition, this.owner, this.department, this.enterprise, this.project, this.ownerNames]) a[i] = a[last];
      for (const c of this.cols.values()) c[i] = c[last];
    }
    this.ids.length = this.codes.length = this.heats.length = this.n;
    for (const c of this.cols.values()) c[last] = NaN;
  }

  /** The positions of every record in a sort's order (cached until the next change). */
  private ordered(key: string, desc: boolean): Int32Array {
    const name = `${desc ? "-" : ""}${key}`;
    let order = this.orders.get(name);
    if (order) return order;
    const idx = Array.from({ length: this.n }, (_, i) => i);
    const dir = desc ? -1 : 1;
    // Ties and missing values keep a stable, id-based order; a record without the value sorts last either way.
    const byId = (a: number, b: number) => (this.ids[a] < this.ids[b] ? 1 : -1);
    if (key === "code" || key === "grade") {
      const text = key === "code" ? this.codes : Array.from(this.grade.subarray(0, this.n), (g) => this.grades.values[g] ?? "");
      idx.sort((a, b) => (text[a] === text[b] ? byId(a, b) : text[a] < text[b] ? -dir : dir));
    } else {
      const v = key === "testedAt" ? this.testedAt : this.cols.get(key)!;
      idx.sort((a, b) => {
        const x = v[a];
        const y = v[b];
        if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? byId(a, b) : Number.isNaN(x) ? 1 : -1;
        return x === y ? byId(a, b) : (x - y) * dir;
      });
    }
    order = Int32Array.from(idx);
    this.orders.set(name, order);
    return order;
  }

  /**
   * The records the query's filters keep, as a mask over positions: each filter is one tight pass over its own
   * array (a range over 200,000 values takes a fraction of a millisecond), skipping positions already out.
   */
  private mask(q: IndexQuery): Uint8Array {
    const n = this.n;
    const keep = new Uint8Array(n).fill(1);
    const pass = (test: (i: number) => boolean) => {
      for (let i = 0; i < n; i++) if (keep[i] === 1 && !test(i)) keep[i] = 0;
    };
    const ofInts = (a: Int32Array, wanted: Set<number>) => {
      for (let i = 0; i < n; i++) if (keep[i] === 1 && !wanted.has(a[i])) keep[i] = 0;
    };
    if (q.enterprise !== undefined) ofInts(this.enterprise, new Set(q.enterprise === null ? [] : [this.uuids.find(q.enterprise)].filter((e) => e !== NO)));
    if (q.mine) {
      const me = this.uuids.find(q.mine.ownerId);
      const projects = new Set(q.mine.projectIds.map((p) => this.uuids.find(p)).filter((p) => p !== NO));
      pass((i) => (me !== NO && this.owner[i] === me) || projects.has(this.project[i]));
    }
    if (q.departments) ofInts(this.department, new Set(q.departments.map((d) => this.uuids.find(d)).filter((d) => d !== NO)));
    for (const r of q.ranges ?? []) {
      const col = this.cols.get(r.key)!;
      const lo = r.min ?? -Infinity;
      const hi = r.max ?? Infinity;
      // NaN (not measured) fails both comparisons: it passes only where the range is open.
      const open = !!r.open && r.min === null;
      for (let i = 0; i < n; i++) {
        const v = col[i];
        if (keep[i] === 1 && !(v >= lo && v <= hi) && !(open && v !== v)) keep[i] = 0;
      }
    }
    if (q.measured) {
      const col = this.cols.get(q.measured)!;
      for (let i = 0; i < n; i++) if (col[i] !== col[i]) keep[i] = 0;
    }
    if (q.grade) {
      // The start of a grade ("42CrMo" finds 42CrMo4 too), or in double quotes the grade exactly (the catalogue's links).
      const exact = /^".+"$/.test(q.grade);
      const g = (exact ? q.grade.slice(1, -1) : q.grade).toLowerCase();
      ofInts(this.grade, new Set(this.grades.values.flatMap((v, k) => ((exact ? v === g : v.startsWith(g)) ? [k] : []))));
    }
    if (q.condition) {
      const c = q.condition.toLowerCase();
      ofInts(this.condition, new Set(this.conditions.values.flatMap((v, k) => (v.includes(c) ? [k] : []))));
    }
    if (q.method) {
      const bit = METHOD_BIT.get(q.method) ?? 0;
      pass((i) => (this.methods[i] & bit) !== 0);
    }
    if (q.from !== undefined) pass((i) => this.testedAt[i] >= q.from!);
    if (q.to !== undefined) pass((i) => this.testedAt[i] < q.to!);
    if (q.project) ofInts(this.project, new Set([this.uuids.find(q.project)].filter((p) => p !== NO)));
    if (q.source) {
      const s = RECORD_SOURCES.indexOf(q.source);
      pass((i) => this.sources[i] === s);
    }
    if (q.keyword) {
      const k = q.keyword.toLowerCase();
      pass((i) => this.codes[i].startsWith(k) || this.heats[i].startsWith(k));
    }
    if (q.ownerName) {
      const o = q.ownerName.toLowerCase();
      ofInts(this.ownerNames, new Set(this.names.values.flatMap((v, k) => (v.includes(o) ? [k] : []))));
    }
    return keep;
  }

  /**
   * The records matching a query: their total and the page's ids in the sort's order; or, with `nearest`, the
   * k records of the smallest weighted distance (in ELEMENT_STEP steps) among those that measured every element
   * named; and up to `plot.max` (x, y) points of the matches that have both quantities.
   */
  async query(q: IndexQuery): Promise<IndexAnswer> {
    await this.refresh();
    const keep = this.mask(q);
    if (q.nearest) return this.nearest(keep, q.nearest);
    const sort = q.sort ?? { key: "testedAt", desc: true };
    const order = this.ordered(sort.key, sort.desc);
    const size = q.size ?? 20;
    const first = ((q.page ?? 1) - 1) * size;
    const ids: string[] = [];
    let total = 0;
    const points: [number, number][] | null = q.plot ? [] : null;
    const px = q.plot ? this.cols.get(q.plot.x)! : null;
    const py = q.plot ? this.cols.get(q.plot.y)! : null;
    for (let k = 0; k < this.n; k++) {
      const i = order[k];
      if (keep[i] === 0) continue;
      if (total >= first && ids.length < size) ids.push(this.ids[i]);
      total++;
      if (points && points.length < q.plot!.max && !Number.isNaN(px![i]) && !Number.isNaN(py![i])) points.push([px![i], py![i]]);
    }
    return { total, ids, distances: null, points };
  }

  private nearest(keep: Uint8Array, n: NonNullable<IndexQuery["nearest"]>): IndexAnswer {
    const terms = n.targets.map((t) => ({ col: this.cols.get(t.key)!, target: t.target, w: t.weight / ELEMENT_STEP[t.key as Element] ** 2 }));
    // The k best so far, kept sorted by distance (then id, for a stable answer); k is at most 100.
    const best: { d: number; i: number }[] = [];
    let total = 0;
    for (let i = 0; i < this.n; i++) {
      if (keep[i] === 0) continue;
      let d = 0;
      for (const t of terms) {
        const diff = t.col[i] - t.target;
        d += t.w * diff * diff;
      }
      if (d !== d) continue; // an element not measured
      total++;
      if (best.length === n.k && (d > best[n.k - 1].d || (d === best[n.k - 1].d && this.ids[i] > this.ids[best[n.k - 1].i]))) continue;
      let at = best.length;
      while (at > 0 && (best[at - 1].d > d || (best[at - 1].d === d && this.ids[best[at - 1].i] > this.ids[i]))) at--;
      best.splice(at, 0, { d, i });
      if (best.length > n.k) best.pop();
    }
    return { total, ids: best.map((b) => this.ids[b.i]), distances: best.map((b) => Math.sqrt(b.d)), points: null };
  }
}

/** One index per database (each API instance has one database; tests open several). */
const indexes = new WeakMap<Db, RecordIndex>();
export function recordIndexOf(db: Db): RecordIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new RecordIndex(db);
    indexes.set(db, index);
  }
  return index;
}
