/**
 * Thermodynamic tables from a TDB through Ferrum's CALPHAD engine (solvers/calphad): for each matrix
 * composition x on a ln x grid, the matrix phase alone at (T, x) gives the chemical potentials, and the
 * precipitate phase minimised against those potentials gives the parallel-tangent driving force and the
 * precipitate's composition (kawin's 'tangent' method). The Gibbs–Thomson interfacial compositions come from
 * the same table by inversion (thermo.ts). A table costs ~100 small equilibria (≈0.3 s); a run builds one
 * per temperature node and reuses it, so a 500 h run never calls the engine inside its time loop.
 */
import fs from "node:fs";
import { shippedDatabase } from "../calphad/databases/index.ts";
import { equilibrium, minimizeAtPotentials, phaseContext, type PhaseContext } from "../calphad/equilibrium/index.ts";
import { buildPhaseModels } from "../calphad/models/index.ts";
import type { PhaseModel } from "../calphad/model.ts";
import { parseTdb } from "../calphad/tdb/index.ts";
import { TABLE_POINTS, type ThermoTable } from "./thermo.ts";

export interface CalphadSystem {
  solvent: string;
  solute: string;
  matrix: PhaseModel;
  precipitate: PhaseModel;
  components: string[];
  precipitateCtx: PhaseContext;
}

/** Loads a shipped database and builds the matrix and precipitate models for the binary solvent–solute. */
export function loadCalphadSystem(databaseId: string, solvent: string, solute: string, matrixPhase: string, precipitatePhase: string): CalphadSystem {
  const entry = shippedDatabase(databaseId);
  if (!entry) throw new Error(`unknown database ${databaseId}`);
  const db = parseTdb(fs.readFileSync(entry.path, "utf8"));
  const models = buildPhaseModels(db, [solvent, solute], [matrixPhase, precipitatePhase]);
  const matrix = models.find((m) => m.name === matrixPhase.toUpperCase());
  const precipitate = models.find((m) => m.name === precipitatePhase.toUpperCase());
  if (!matrix) throw new Error(`phase ${matrixPhase} has no constituents of ${solvent}–${solute} in ${databaseId}`);
  if (!precipitate) throw new Error(`phase ${precipitatePhase} has no constituents of ${solvent}–${solute} in ${databaseId}`);
  const components = matrix.components.slice();
  return { solvent: solvent.toUpperCase(), solute: solute.toUpperCase(), matrix, precipitate, components, precipitateCtx: phaseContext(precipitate, components) };
}

/** Grid points for the matrix-only equilibrium: one phase at a given composition needs only a coarse start. */
const MATRIX_GRID_POINTS = 200;

/** Parallel-tangent driving force (J/mol of atoms) of the precipitate against the matrix at (T, x), and its solute fraction. */
export function calphadDrivingForce(sys: CalphadSystem, T: number, x: number, start?: ArrayLike<number>): { dg: number; xBeta: number; y: Float64Array } {
  const eq = equilibrium([sys.matrix], { T, X: { [sys.solute]: x } }, { gridPoints: MATRIX_GRID_POINTS });
  const mu = sys.components.map((c) => eq.MU[c]);
  const ctx = sys.precipitateCtx;
  const y0 = start ?? new Float64Array(ctx.nY).fill(1);
  const r = minimizeAtPotentials(ctx, T, 101325, mu, y0);
  // Solute fraction of the precipitate at the tangent: moles of each component per formula unit from y.
  const s = sys.components.indexOf(sys.solute);
  let nSolute = 0;
  let nAll = 0;
  for (let c = 0; c < ctx.nC; c++) {
    let m = 0;
    for (let i = 0; i < ctx.nY; i++) m += ctx.a[c * ctx.nY + i] * r.y[i];
    nAll += m;
    if (c === s) nSolute = m;
  }
  if (!Number.isFinite(r.drivingForce)) throw new Error(`driving force of ${sys.precipitate.name} at T=${T} K, x=${x} did not converge`);
  return { dg: r.drivingForce, xBeta: nSolute / nAll, y: r.y };
}

/**
 * The table at T from x_lo to x_hi (ln-spaced). x_hi must stay below the precipitate's composition: up to
 * there ΔG rises with x (d/dx of the tangent's value is (x_β − x)·G'' > 0), which the inversion relies on.
 */
export function calphadTable(sys: CalphadSystem, T: number, xLo: number, xHi: number, points = TABLE_POINTS): ThermoTable {
  const lnx = new Float64Array(points);
  const dg = new Float64Array(points);
  const xBeta = new Float64Array(points);
  const lo = Math.log(xLo);
  const hi = Math.log(xHi);
  let y: Float64Array | undefined;
  for (let i = 0; i < points; i++) {
    lnx[i] = lo + ((hi - lo) * i) / (points - 1);
    const r = calphadDrivingForce(sys, T, Math.exp(lnx[i]), y);
    dg[i] = r.dg;
    xBeta[i] = r.xBeta;
    y = r.y; // neighbouring compositions have neighbouring tangents: start the next minimisation here
  }
  // A flat or falling stretch (past the ΔG maximum) would make the inversion ambiguous: cut the table there.
  let n = points;
  for (let i = 1; i < points; i++) {
    if (!(dg[i] > dg[i - 1])) {
      n = i;
      break;
    }
  }
  if (n < 3) throw new Error(`driving force of ${sys.precipitate.name} does not rise with ${sys.solute} at T=${T} K`);
  return { T, lnx: lnx.slice(0, n), dg: dg.slice(0, n), xBeta: xBeta.slice(0, n) };
}
