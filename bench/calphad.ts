/**
 * CALPHAD benchmark, in one run: on each binary shipped database the wall time of one equilibrium (median of a
 * few runs after a warm-up) and of one whole binary T–x diagram (scan, tie-lines, invariants), with what the
 * diagram found so a faster run is seen to be the same diagram; on each ternary one an isothermal section
 * (triangles and fields found beside the time); and the model's cost, 1e5 gibbsGradient calls per phase. Runs the library in this process; the
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
import { ternarySection } from "../solvers/calphad/ternary/index.ts";

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

/** Each ternary shipped database at a temperature where its section is known (Cr–Ti–V: the 923 K). */
const SECTIONS: Array<{ id: string; components: [string, string, string]; T: number }> = [
  { id: "crtiv_ghosh", components: ["CR", "TI", "V"], T: 923 },
  { id: "FeCrNi_kawin_matcalc", components: ["FE", "CR", "NI"], T: 900 },
  { id: "AlScZr", components: ["AL", "SC", "ZR"], T: 700 },
  { id: "NiCrAl", components: ["NI", "CR", "AL"], T: 1273 },
];
const sections = SECTIONS.map((c) => {
  const db = parseTdb(fs.readFileSync(shippedDatabase(c.id)!.path, "utf8"));
  const models = buildPhaseModels(db, db.elements.VA ? [...c.components, "VA"] : c.components);
  // One equilibrium inside the triangle (the Cr–Ti–V point; elsewhere the centre), warmed up first.
  const X = c.id === "crtiv_ghosh" ? { CR: 0.129, TI: 0.861 } : { [c.components[0]]: 1 / 3, [c.components[1]]: 1 / 3 };
  equilibrium(models, { T: c.T, X });
  const eq: number[] = [];
  let stable = "";
  for (let i = 0; i < RUNS; i++) {
    const e0 = performance.now();
    stable = equilibrium(models, { T: c.T, X }).phases.map((p) => p.name).join("+");
    eq.push(performance.now() - e0);
  }
  const t0 = performance.now();
  const sec = ternarySection(models, { components: c.components, T: c.T });
  return {
    database: c.id,
    phases: models.length,
    "equilibrium (ms)": +median(eq).toFixed(1),
    stable,
    "section (s)": +((performance.now() - t0) / 1000).toFixed(2),
    at: `${c.T} K`,
    "three-phase triangles": sec.threePhase.length,
    "two-phase fields": sec.twoPhase.length,
  };
});
console.table(sections);

/** The models' own cost: 1e5 gibbsGradient calls over changing site fractions, at fixed T and with T changing. */
function gradientCalls(id: string, phase: string, changeT: boolean, n = 100_000): number {
  const d = shippedDatabase(id)!;
  const [m] = buildPhaseModels(parseTdb(fs.readFileSync(d.path, "utf8")), d.elements, [phase]);
  const size = m.sublattices.reduce((a, sub) => a + sub.constituents.length, 0);
  const y = new Float64Array(size);
  const grad = new Float64Array(size);
  let sink = 0;
  const t0 = performance.now();
  for (let k = 0; k < n; k++) {
    let i = 0;
    for (const sub of m.sublattices) {
      const c = sub.constituents.length;
      // Walk the composition so no call repeats the previous one.
      for (let j = 0; j < c; j++) y[i + j] = (1 + ((k + 3 * j) % 97)) / 1000 + (j === 0 ? 1 : 0);
      let sum = 0;
      for (let j = 0; j < c; j++) sum += y[i + j];
      for (let j = 0; j < c; j++) y[i + j] /= sum;
      i += c;
    }
    sink += m.gibbsGradient(changeT ? 800 + (k % 500) : 1000, 101325, y, grad) + grad[0];
  }
  if (!Number.isFinite(sink)) throw new Error(`${id} ${phase}: a non-finite energy`);
  return performance.now() - t0;
}
console.table(
  [
    ["FeCrNi_kawin_matcalc", "FCC_A1", "2 sublattices, magnetic, ternary RK"],
    ["alzn_mey", "FCC_A1", "1 sublattice, RK to order 2"],
    ["alfe", "B2_BCC", "3 sublattices, order–disorder, magnetic disordered part"],
  ].map(([id, phase, what]) => ({ phase: `${id} ${phase}`, what, "1e5 calls, fixed T (ms)": +gradientCalls(id, phase, false).toFixed(0), "T changing (ms)": +gradientCalls(id, phase, true).toFixed(0) })),
);
