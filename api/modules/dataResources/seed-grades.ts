import crypto from "node:crypto";
import { gradeNameKey } from "../../../common/steel-grades.ts";
import type { Db } from "../../db/index.ts";
import type { GradeSeed, SourceDoc } from "./grades/types.ts";

/** The shipped_data row of the grade database. */
export const GRADES_DATASET = "steel-grades";

/** A version of the data: any changed figure, source or grade gives another. */
export const datasetVersion = (grades: readonly GradeSeed[], sources: readonly SourceDoc[]) =>
  crypto.createHash("sha256").update(JSON.stringify({ grades, sources })).digest("hex").slice(0, 32);

/**
 * Loads the grade database when the shipped data differs from what the database holds (first start, or a
 * release that corrected a figure): everything is replaced in one transaction, so a reader sees the old data
 * or the new, never half. The grades are the platform's, not users', so nothing anyone saved is touched. Two
 * instances starting together take turns on an advisory lock; the second finds the version loaded.
 */
export async function loadGrades(db: Db, grades: readonly GradeSeed[], sources: readonly SourceDoc[]): Promise<boolean> {
  const version = datasetVersion(grades, sources);
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext($1::text))`, [GRADES_DATASET]);
    const [loaded] = await tx.query<{ version: string }>(`select version from shipped_data where name = $1`, [GRADES_DATASET]);
    if (loaded?.version === version) return false;
    await tx.query(`delete from steel_grades`);
    await tx.query(`delete from steel_sources`);
    await insertGrades(tx, grades, sources);
    await tx.query(
      `insert into shipped_data(name, version) values ($1, $2) on conflict (name) do update set version = excluded.version, loaded_at = now()`,
      [GRADES_DATASET, version],
    );
    return true;
  });
}

/**
 * Inserts sources and grades with a few set-based statements (one JSON parameter each), so the benchmark's
 * 100,000 synthetic grades load as fast as the shipped hundred.
 */
export async function insertGrades(db: Db, grades: readonly GradeSeed[], sources: readonly SourceDoc[]): Promise<void> {
  if (sources.length) {
    await db.query(
      `insert into steel_sources(key, title, kind, year)
       select key, title, kind, year from jsonb_to_recordset($1::jsonb) as x(key text, title text, kind text, year int)
       on conflict (key) do nothing`,
      [JSON.stringify(sources)],
    );
  }
  const rows = grades.map((g) => ({
    key: g.key,
    name: g.name,
    name_key: gradeNameKey(g.name),
    number: g.number ?? null,
    system: g.system,
    standard: g.standard,
    family: g.family,
    es: g.equivalentsSource?.source ?? null,
    ew: g.equivalentsSource?.where ?? null,
  }));
  await db.query(
    `insert into steel_grades(key, name, name_key, number, system, standard, family, equivalents_source, equivalents_where)
     select key, name, name_key, number, system, standard, family, es, ew
       from jsonb_to_recordset($1::jsonb) as x(key text, name text, name_key text, number text, system text, standard text, family text, es text, ew text)`,
    [JSON.stringify(rows)],
  );
  const elements = grades.flatMap((g) =>
    g.composition.map((e) => ({ key: g.key, element: e.element, min: e.min ?? null, max: e.max ?? null, source: e.source, at: e.where ?? null })),
  );
  await db.query(
    `insert into steel_grade_elements(grade_id, element, min_pct, max_pct, source, source_where)
     select g.id, x.element, x.min, x.max, x.source, x.at
       from jsonb_to_recordset($1::jsonb) as x(key text, element text, min numeric, max numeric, source text, at text)
       join steel_grades g on g.key = x.key`,
    [JSON.stringify(elements)],
  );
  const properties = grades.flatMap((g) =>
    g.properties.map((p) => ({
      key: g.key,
      property: p.property,
      min: p.min ?? null,
      max: p.max ?? null,
      value: p.value ?? null,
      condition: p.condition,
      t: p.temperatureC ?? null,
      source: p.source,
      at: p.where ?? null,
    })),
  );
  await db.query(
    `insert into steel_grade_properties(grade_id, property, min_value, max_value, value, condition, temperature_c, source, source_where)
     select g.id, x.property, x.min, x.max, x.value, x.condition, x.t, x.source, x.at
       from jsonb_to_recordset($1::jsonb) as x(key text, property text, min numeric, max numeric, value numeric, condition text, t numeric, source text, at text)
       join steel_grades g on g.key = x.key`,
    [JSON.stringify(properties)],
  );
  const pairs = grades.flatMap((g) => g.equivalents.map((e) => ({ a: g.key, b: e })));
  await db.query(
    `insert into steel_grade_equivalents(grade_id, equivalent_id)
     select ga.id, gb.id from jsonb_to_recordset($1::jsonb) as x(a text, b text)
       join steel_grades ga on ga.key = x.a join steel_grades gb on gb.key = x.b
     on conflict do nothing`,
    [JSON.stringify(pairs)],
  );
}
