import { ELEMENTS, PROPERTIES } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";

/**
 * Fills `test_records` with `count` plausible steel test records, for the demo (SEED_DEMO: 400 of them, so the
 * similar-data search has something to find) and the benchmarks (200,000): each
 * record is one of the catalogue's grades, its composition drawn inside the grade's ranges (a limit given only
 * as a maximum: between 0 and it), and strength and hardness that rise with carbon and alloy, as quenched
 * and tempered or as rolled. Deterministic (a seeded generator), so two runs search the same data.
 */
export async function fillTestRecords(db: Db, count: number, ownerId: string, prefix = "BTR", ownerName = "基准数据"): Promise<void> {
  const grades = await db.query<{ id: string; name: string; element: string; min_pct: string | null; max_pct: string | null }>(
    `select g.id, g.name, e.element, e.min_pct, e.max_pct from steel_grades g join steel_grade_elements e on e.grade_id = g.id
     where g.family in ('carbon', 'alloyStructural', 'spring', 'bearing') order by g.key, e.element`,
  );
  const byGrade = new Map<string, { name: string; ranges: Map<string, [number, number]> }>();
  for (const r of grades) {
    const g = byGrade.get(r.id) ?? { name: r.name, ranges: new Map() };
    g.ranges.set(r.element, [Number(r.min_pct ?? 0), Number(r.max_pct ?? Number(r.min_pct) * 2)]);
    byGrade.set(r.id, g);
  }
  const list = [...byGrade.values()].filter((g) => g.ranges.has("C"));
  let seed = 20261127;
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const conditions = ["调质 (860 °C 油淬, 550 °C 回火 2 h)", "热轧态", "正火", "退火", "淬火+低温回火"];
  const cols = [...ELEMENTS.map((e) => e.toLowerCase()), ...PROPERTIES.map((p) => p.column)];
  const BATCH = 5000;
  const start = Date.UTC(2020, 0, 1);
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    const codes: string[] = [];
    const gradeNames: string[] = [];
    const conds: string[] = [];
    const tested: string[] = [];
    const values: (number | null)[][] = cols.map(() => []);
    for (let i = 0; i < n; i++) {
      const g = list[Math.floor(random() * list.length)];
      const comp = new Map<string, number | null>();
      for (const e of ELEMENTS) {
        const r = g.ranges.get(e);
        // Elements the grade does not limit: measured by OES at residual levels, or (half the time) not at all.
        const v = r ? r[0] + random() * (r[1] - r[0]) : e === "N" || e === "B" || random() < 0.5 ? null : random() * 0.05;
        comp.set(e, v === null ? null : Math.round(v * 10000) / 10000);
      }
      const qt = random() < 0.5;
      const c = comp.get("C") ?? 0.3;
      const alloy = (comp.get("Cr") ?? 0) + (comp.get("Mo") ?? 0) * 2 + (comp.get("Ni") ?? 0) * 0.5 + (comp.get("Mn") ?? 0) * 0.3;
      const rm = Math.round((qt ? 450 + 1100 * c + 180 * alloy : 300 + 650 * c + 60 * alloy) * (0.93 + random() * 0.14));
      const props: Record<string, number | null> = {
        rm,
        rp02: Math.round(rm * (qt ? 0.82 + random() * 0.08 : 0.55 + random() * 0.1)),
        reh: null,
        elongation: Math.round((qt ? 22 - c * 20 : 30 - c * 25) * (0.85 + random() * 0.3) * 10) / 10,
        reduction: Math.round((qt ? 60 - c * 30 : 55 - c * 30) * (0.9 + random() * 0.2) * 10) / 10,
        hbw: Math.round(rm / 3.4),
        hrc: null,
        hv: random() < 0.3 ? Math.round(rm / 3.2) : null,
        kv2: qt ? Math.round(30 + random() * 90) : null,
        kv2_temp: qt ? 20 : null,
        grain: random() < 0.2 ? Math.round(5 + random() * 4) : null,
      };
      codes.push(`${prefix}${String(done + i + 1).padStart(7, "0")}`);
      gradeNames.push(g.name);
      conds.push(qt ? conditions[0] : conditions[1 + Math.floor(random() * 4)]);
      tested.push(new Date(start + Math.floor(random() * 6 * 365 * 86400_000)).toISOString());
      cols.forEach((col, k) => values[k].push(k < ELEMENTS.length ? (comp.get(ELEMENTS[k]) ?? null) : props[col]));
    }
    const arrays = [codes, gradeNames, conds, tested, ...values];
    await db.query(
      `insert into test_records (code, source, grade, condition, tested_at, owner_id, owner_name, department_id, enterprise_id, methods, ${cols.join(", ")})
       select code, 'upload', grade, condition, tested_at, $${arrays.length + 1}, $${arrays.length + 2},
              (select department_id from users where id = $${arrays.length + 1}), (select enterprise_id from users where id = $${arrays.length + 1}),
              array['CHEM-OES', 'TENSILE-RT'], ${cols.join(", ")}
       from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], ${cols.map((_, k) => `$${k + 5}::float8[]`).join(", ")})
         as t(code, grade, condition, tested_at, ${cols.join(", ")})`,
      [...arrays, ownerId, ownerName],
    );
  }
  await db.query(`analyze test_records`);
}

/** The demo's records (SEED_DEMO): 400 offline-uploaded records of the demo uploader, once. */
export async function seedDemoTestRecords(db: Db): Promise<void> {
  const [u] = await db.query<{ id: string; name: string }>(`select id, coalesce(nullif(real_name, ''), name) as name from users where name = 'uploader'`);
  if (!u || (await db.query(`select 1 from test_records where code like 'DEMO-%' limit 1`)).length) return;
  await fillTestRecords(db, 400, u.id, "DEMO-", u.name);
}
