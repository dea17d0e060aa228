/**
 * The global start: every phase sampled on a lattice of site fractions, each point turned into a composition
 * and a Gibbs energy per mole of atoms. The lower convex hull of all points (hull.ts) then gives the starting
 * assemblage; a phase with a miscibility gap simply contributes points on both sides of it.
 */
import { molesOf, Y_MIN, type PhaseContext } from "./phase.ts";

/** Default number of points per phase; the lattice spacing follows from it and the phase's dimension. */
export const DEFAULT_GRID_POINTS = 2000;
/** Finest lattice per sublattice: 1/100 is well below any gap or solubility limit the start has to see. */
const MAX_DIVISIONS = 100;

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** All points of the k-simplex lattice with m divisions (fractions i/m that sum to 1). */
export function simplexLattice(k: number, m: number): number[][] {
  const out: number[][] = [];
  const cur = new Array<number>(k).fill(0);
  const rec = (pos: number, left: number) => {
    if (pos === k - 1) {
      cur[pos] = left / m;
      out.push(cur.slice());
      return;
    }
    for (let i = left; i >= 0; i--) {
      cur[pos] = i / m;
      rec(pos + 1, left - i);
    }
  };
  rec(0, m);
  return out;
}

/**
 * Coarsest lattice a phase is sampled on when a few times its budget allows it: NiCrAl's BCC_B2 has four
 * constituents (vacancy included) on each ordering sublattice, so 2000 points left it at quarters, and the
 * vacancy-rich B2 NiAl well (about 0.1 vacancies on the Ni sublattice) lay between two grid points — the
 * start and the candidate search both missed it and an Al-rich equilibrium came out 44 J/mol too high.
 */
const MIN_DIVISIONS = 5;
/** How far beyond its budget a phase's lattice may grow to reach MIN_DIVISIONS. */
const MIN_DIVISIONS_BUDGET = 5;

/**
 * Lattice divisions for a phase: the finest m whose point count stays within `budget`, and at least
 * MIN_DIVISIONS if that stays within MIN_DIVISIONS_BUDGET times the budget.
 */
export function divisionsFor(sizes: number[], budget: number): number {
  const countAt = (m: number) => sizes.reduce((p, k) => p * binomial(m + k - 1, k - 1), 1);
  let best = 1;
  for (let m = 1; m <= MAX_DIVISIONS; m++) {
    if (countAt(m) > budget) break;
    best = m;
  }
  while (best < MIN_DIVISIONS && countAt(best + 1) <= MIN_DIVISIONS_BUDGET * budget) best++;
  return best;
}

export interface PhaseGrid {
  ctx: PhaseContext;
  /** Lattice divisions used: 1/m is the spacing of this phase's points. */
  divisions: number;
  /** Site fractions, point after point (nY each). */
  y: Float64Array;
  /** Composition (mole fractions of the system's components), point after point (nC each). */
  x: Float64Array;
  /** Gibbs energy per mole of atoms at each point. */
  g: Float64Array;
  count: number;
}

const siteCache = new WeakMap<PhaseContext, Map<number, { y: Float64Array; m: number }>>();

/** Site fractions of the lattice points of a phase (cached: they do not depend on T or P). */
export function sitePoints(ctx: PhaseContext, budget: number): { y: Float64Array; m: number } {
  let byBudget = siteCache.get(ctx);
  if (!byBudget) siteCache.set(ctx, (byBudget = new Map()));
  const hit = byBudget.get(budget);
  if (hit) return hit;
  const sizes = ctx.model.sublattices.map((l) => l.constituents.length);
  const m = divisionsFor(sizes, budget);
  const perSub = sizes.map((k) => simplexLattice(k, m));
  const points: number[][] = [];
  const rec = (s: number, acc: number[]) => {
    if (s === sizes.length) {
      points.push(acc);
      return;
    }
    for (const p of perSub[s]) rec(s + 1, acc.concat(p));
  };
  rec(0, []);
  const y = new Float64Array(points.length * ctx.nY);
  points.forEach((p, k) => {
    // Zeros are lifted to a tiny fraction so that ln y is defined; the sublattice sums stay 1 to rounding.
    for (let s = 0; s < sizes.length; s++) {
      const from = ctx.subStart[s];
      const to = ctx.subStart[s + 1];
      let sum = 0;
      for (let j = from; j < to; j++) sum += Math.max(p[j], 1e-12);
      for (let j = from; j < to; j++) y[k * ctx.nY + j] = Math.max(p[j], 1e-12) / sum;
    }
  });
  const out = { y, m };
  byBudget.set(budget, out);
  return out;
}

/** Samples a phase at T and P: compositions and energies per mole of atoms (all-vacancy points dropped). */
export function phaseGrid(ctx: PhaseContext, T: number, P: number, budget = DEFAULT_GRID_POINTS): PhaseGrid {
  const { y: all, m } = sitePoints(ctx, budget);
  const total = all.length / ctx.nY;
  const y = new Float64Array(all.length);
  const x = new Float64Array(total * ctx.nC);
  const g = new Float64Array(total);
  const moles = new Float64Array(ctx.nC);
  let count = 0;
  for (let k = 0; k < total; k++) {
    const yk = all.subarray(k * ctx.nY, (k + 1) * ctx.nY);
    const n = molesOf(ctx, yk, moles);
    if (!(n > Y_MIN * 100) || n < ctx.minAtoms) continue;
    y.set(yk, count * ctx.nY);
    for (let c = 0; c < ctx.nC; c++) x[count * ctx.nC + c] = moles[c] / n;
    g[count] = ctx.model.gibbs(T, P, yk) / n;
    count++;
  }
  return { ctx, divisions: m, y: y.subarray(0, count * ctx.nY), x: x.subarray(0, count * ctx.nC), g: g.subarray(0, count), count };
}
