/**
 * What the KWN model needs from thermodynamics at one temperature, as a table over the matrix's solute
 * mole fraction x (on a ln x grid):
 *  - the nucleation driving force ΔG(x), J per mole of atoms of precipitate (parallel tangent), and the
 *    precipitate composition x_β(x) at that tangent;
 *  - its inverse, the Gibbs–Thomson-shifted interfacial composition: a particle of radius R whose molar
 *    energy is raised by ΔG_R = V_m^β·2γ/R is in local equilibrium with the matrix at the x_α where
 *    ΔG(x_α) = ΔG_R (two-phase equilibrium with the raised precipitate ⇔ its parallel-tangent driving force
 *    equals the raise), and the precipitate side is x_β(x_α).
 * Both the simple (dilute-solution) thermodynamics and the CALPHAD tables come in this one form, so the
 * kinetics code has a single path and its tests cover both.
 */
import { GAS_CONSTANT } from "./constants.ts";

export interface ThermoTable {
  T: number;
  /** ln x, increasing. */
  lnx: Float64Array;
  /** ΔG(x), J/mol of atoms; increasing with x on the table's range. */
  dg: Float64Array;
  /** Precipitate solute fraction at the parallel tangent. */
  xBeta: Float64Array;
}

/** Index k with lnx[k] ≤ v < lnx[k+1], clamped to the first/last interval (so ends extrapolate linearly). */
function interval(a: Float64Array, v: number): number {
  let lo = 0;
  let hi = a.length - 1;
  if (v <= a[0]) return 0;
  if (v >= a[hi]) return hi - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (a[mid] <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** ΔG (J/mol of atoms) and x_β for a matrix at solute fraction x; linear in ln x between nodes (and beyond the ends). */
export function drivingForceAt(t: ThermoTable, x: number): { dg: number; xBeta: number } {
  const v = Math.log(Math.max(x, 1e-300));
  const k = interval(t.lnx, v);
  const w = (v - t.lnx[k]) / (t.lnx[k + 1] - t.lnx[k]);
  const xb = t.xBeta[k] + Math.min(Math.max(w, 0), 1) * (t.xBeta[k + 1] - t.xBeta[k]);
  return { dg: t.dg[k] + w * (t.dg[k + 1] - t.dg[k]), xBeta: xb };
}

/**
 * The matrix composition in equilibrium with a precipitate raised by `gExtra` J/mol of atoms, and the
 * precipitate's own composition there; null when no matrix composition on the table reaches that driving
 * force (the particle is too small to exist at any matrix composition: kawin's "no tie-line" case).
 */
export function interfaceAt(t: ThermoTable, gExtra: number): { xAlpha: number; xBeta: number } | null {
  const n = t.dg.length;
  if (gExtra > t.dg[n - 1]) return null;
  const k = interval(t.dg, gExtra);
  const w = (gExtra - t.dg[k]) / (t.dg[k + 1] - t.dg[k]);
  const lnx = t.lnx[k] + w * (t.lnx[k + 1] - t.lnx[k]);
  return { xAlpha: Math.exp(lnx), xBeta: t.xBeta[k] + Math.min(Math.max(w, 0), 1) * (t.xBeta[k + 1] - t.xBeta[k]) };
}

/** The equilibrium (flat interface) matrix solubility: ΔG(x) = 0. */
export function solubilityAt(t: ThermoTable): number {
  return interfaceAt(t, 0)?.xAlpha ?? NaN;
}

/** Blends two tables on the same ln x grid linearly in T (non-isothermal runs between CALPHAD grid temperatures). */
export function blendTables(a: ThermoTable, b: ThermoTable, T: number): ThermoTable {
  if (a === b || a.T === b.T) return a;
  const w = (T - a.T) / (b.T - a.T);
  const mix = (p: Float64Array, q: Float64Array) => p.map((v, i) => v + w * (q[i] - v));
  return { T, lnx: a.lnx, dg: mix(a.dg, b.dg), xBeta: mix(a.xBeta, b.xBeta) };
}

/** Simple thermodynamics: solubility x_eq(T) = A·exp(−Q/RT) and a stoichiometric precipitate of solute fraction x_β. */
export interface SimpleThermoInput {
  solubilityA: number;
  solubilityQ: number;
  precipitateX: number;
}

export function simpleSolubility(s: SimpleThermoInput, T: number): number {
  return s.solubilityA * Math.exp(-s.solubilityQ / (GAS_CONSTANT * T));
}

/**
 * Driving force of the dilute (ideal) solution against a stoichiometric precipitate, J per mole of atoms of
 * precipitate: ΔG = RT·[x_β·ln(x/x_eq) + (1−x_β)·ln((1−x)/(1−x_eq))] — the parallel tangent of an ideal
 * matrix whose solute activity is x/x_eq relative to the two-phase equilibrium.
 */
export function dilutedDrivingForce(x: number, xEq: number, xBeta: number, T: number): number {
  return GAS_CONSTANT * T * (xBeta * Math.log(x / xEq) + (1 - xBeta) * Math.log((1 - x) / (1 - xEq)));
}

/** Points of the ln x grid; the dilute ΔG is near-linear in ln x, so linear interpolation on it is accurate. */
export const TABLE_POINTS = 160;

/** The simple thermodynamics as a table from well below x_eq to just under x_β (where ΔG peaks). */
export function simpleTable(s: SimpleThermoInput, T: number): ThermoTable {
  const xEq = simpleSolubility(s, T);
  const lo = Math.log(Math.min(xEq * 1e-3, 1e-12));
  const hi = Math.log(s.precipitateX * 0.999);
  const lnx = new Float64Array(TABLE_POINTS);
  const dg = new Float64Array(TABLE_POINTS);
  const xBeta = new Float64Array(TABLE_POINTS).fill(s.precipitateX);
  for (let i = 0; i < TABLE_POINTS; i++) {
    lnx[i] = lo + ((hi - lo) * i) / (TABLE_POINTS - 1);
    dg[i] = dilutedDrivingForce(Math.exp(lnx[i]), xEq, s.precipitateX, T);
  }
  return { T, lnx, dg, xBeta };
}
