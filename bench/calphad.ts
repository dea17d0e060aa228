/**
 * CALPHAD benchmark: on each binary shipped database, the wall time of one equilibrium (median of a few runs
 * after a warm-up) and of one whole binary T–x diagram (scan, tie-lines, invariants), side by side, with what
 * the diagram found so a faster run is seen to be the same diagram. Runs the library in this process; the
 * apps' CLIs add node start-up (~0.5 s) and the writing of result.json and the SVG.
 * Usage: npm run bench:calphad [-- --runs 5 --step 2]
 */
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { shippedDatabase } from "../solvers/calphad/databases/index.ts";
import { equilibrium, type EquilibriumConditions } from "../solvers/calphad/equilibrium/index.ts";
import { binaryDiagram } from "../solvers/calphad/mapping/index.ts";
import { buildPhaseModels } from "../solvers/calphad/models/index.ts";
import { parseTdb } from "../solvers/calphad/tdb/index.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("runs", 5);
const STEP = arg("step", 2);

/** Each binary database at a point inside a two-phase field, and its diagram's range (K). */
const CASES: Array<{ id: string; components: [string, string]; point: EquilibriumConditions; Tmin: number; Tmax: number }> = [
  { id: "pbsn", components: ["PB", "SN"], point: { T: 450, X: { SN: 0.5 } }, Tmin: 300, Tmax: 650 },
  { id: "alzn_mey", components: ["AL", "ZN"], point: { T: 600, X: { ZN: 0.4 } }, Tmin: 300, Tmax: 1000 },
  { id: "alfe", components: ["AL", "FE"], point: { T: 1000, X: { FE: 0.3 } }, Tmin: 600, Tmax: 1900 },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const rows = CASES.map((c) => {
  const db = parseTdb(fs.readFileSync(shippedDatabase(c.id)!.path, "utf8"));
  const models = buildPhaseModels(db, db.elements.VA ? [...c.components, "VA"] : c.components);
  equilibrium(models, c.point); // warm-up: the JIT compiles the energy functions before anything is timed
  const eq: number[] = [];
  let phases = "";
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = equilibrium(models, c.point);
    eq.push(performance.now() - t0);
    phases = r.phases.map((p) => p.name).join("+");
  }
  const t0 = performance.now();
  const d = binaryDiagram(models, { components: c.components, Tmin: c.Tmin, Tmax: c.Tmax, step: STEP });
  const diagramS = (performance.now() - t0) / 1000;
  return {
    database: c.id,
    phases: models.length,
    "equilibrium (ms)": +median(eq).toFixed(1),
    at: `${c.point.T} K ${JSON.stringify(c.point.X)}: ${phases}`,
    "diagram (s)": +diagramS.toFixed(2),
    range: `${c.Tmin}–${c.Tmax} K / ${STEP} K`,
    temperatures: d.stats.steps,
    "tie-lines": d.stats.tieLines,
    boundaries: d.boundaries.length,
    invariants: d.invariants.length,
  };
});
console.table(rows);
for (const r of rows) {
  console.log(`${r.database}: equilibrium ${r["equilibrium (ms)"]} ms, diagram ${r["diagram (s)"]} s (${r.temperatures} temperatures, ${r["tie-lines"]} tie-lines, ${r.invariants} invariants)`);
}
