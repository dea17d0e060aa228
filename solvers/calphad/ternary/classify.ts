/**
 * Which phases coexist at one composition, from the lower convex hull of all sampled points (the equilibrium
 * module's LP): the hull facet above the composition has up to three grid points; points of one phase that
 * lie close together (in site fractions, or the same state such as ordering variants) are one composition
 * set, points of one phase far apart are two sets — the two sides of a miscibility gap.
 */
import { lowerHull } from "../equilibrium/hull.ts";
import { molesOf, sameState, siteDistance, type PhaseContext } from "../equilibrium/phase.ts";
import { pointOf, type SectionGrid } from "./sampling.ts";

/** One composition set on the hull facet: the phase, its largest point's site fractions and composition, its amount. */
export interface HullSet {
  phase: number;
  y: Float64Array;
  /** Mole fractions of the three components. */
  x: Float64Array;
  /** Moles of atoms per mole of the system. */
  amount: number;
}

export interface HullAssemblage {
  sets: HullSet[];
  mu: Float64Array;
  /** Phase names, sorted, joined by "+": the region this composition belongs to on the grid. */
  key: string;
}

/** Hull amounts below this are rounding, not a phase. */
const AMOUNT = 1e-9;
/** Energy above the facet's plane (J/mol of atoms) that makes a hump between two points of one phase, not rounding. */
const HUMP = 1;

/**
 * Whether the phase rises above the facet's plane between two of its points on the facet. Two points of one
 * well may lie many lattice spacings apart (a facet's long edge along a phase boundary oblique to the
 * lattice); only a hump in between — a miscibility gap — makes them two sets.
 */
function humpBetween(ctx: PhaseContext, T: number, P: number, u: ArrayLike<number>, v: ArrayLike<number>, mu: ArrayLike<number>): boolean {
  const y = new Float64Array(u.length);
  const moles = new Float64Array(ctx.nC);
  for (const t of [0.25, 0.5, 0.75]) {
    for (let i = 0; i < y.length; i++) y[i] = (1 - t) * u[i] + t * v[i];
    const N = molesOf(ctx, y, moles);
    let plane = 0;
    for (let c = 0; c < ctx.nC; c++) plane += mu[c] * moles[c];
    if ((ctx.model.gibbs(T, P, y) - plane) / N > HUMP) return true;
  }
  return false;
}

export function hullAssemblage(grid: SectionGrid, X: Float64Array, T: number, P: number): HullAssemblage {
  const h = lowerHull(grid.x, grid.g, grid.count, X);
  const clusters: { phase: number; points: { y: Float64Array; amount: number }[] }[] = [];
  h.points.forEach((idx, i) => {
    const amount = h.amounts[i];
    if (!(amount > AMOUNT) || idx < 0) return;
    const { phase, y } = pointOf(grid, idx);
    const gr = grid.grids[phase];
    // Neighbouring lattice points of one well are two spacings apart at most; a gap leaves a hump between.
    const r = 2.01 / gr.divisions;
    const near = clusters.find(
      (c) => c.phase === phase && c.points.some((q) => siteDistance(q.y, y) <= r || sameState(gr.ctx, T, P, q.y, y, r) || !humpBetween(gr.ctx, T, P, q.y, y, h.mu)),
    );
    if (near) near.points.push({ y, amount });
    else clusters.push({ phase, points: [{ y, amount }] });
  });
  const moles = new Float64Array(X.length);
  const sets = clusters.map((c): HullSet => {
    let amount = 0;
    let largest = c.points[0];
    for (const q of c.points) {
      amount += q.amount;
      if (q.amount > largest.amount) largest = q;
    }
    const ctx = grid.grids[c.phase].ctx;
    const N = molesOf(ctx, largest.y, moles);
    return { phase: c.phase, y: Float64Array.from(largest.y), x: Float64Array.from(moles, (v) => v / N), amount };
  });
  const key = sets.map((s) => grid.grids[s.phase].ctx.name).sort().join("+");
  return { sets, mu: Float64Array.from(h.mu), key };
}
