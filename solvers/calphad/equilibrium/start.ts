/**
 * The global start: the lower convex hull of every phase's grid (hull.ts), then column generation — at the
 * hull's potentials each phase's best points are refined to their local minima of G − μ·N and added as new
 * columns, and the hull is solved again — until no phase lies noticeably below the tangent plane. A coarse
 * grid alone can hand Newton a spurious assemblage (two phases whose grid points straddle X while the true
 * equilibrium is one of them); after column generation the assemblage and potentials are close to the
 * solution and Newton only polishes them.
 */
import { phaseCandidates } from "./candidates.ts";
import { minimizeAtPotentials } from "./driving.ts";
import type { PhaseGrid } from "./grid.ts";
import { lowerHull } from "./hull.ts";
import type { CompositionSet } from "./newton.ts";
import { molesOf, normalizeSites, sameState, variantDistance } from "./phase.ts";

/** Driving force (J/mol of atoms) below which column generation stops; Newton takes it from there. */
const COLUMN_TOLERANCE = 1e-3;
const MAX_ROUNDS = 12;
/** Rounds with an unchanged set of phases in the basis after which column generation hands over to Newton. */
const STABLE_ROUNDS = 2;

interface Column {
  phase: number;
  y: Float64Array;
}

export interface GlobalStart {
  sets: CompositionSet[];
  mu: Float64Array;
  rounds: number;
  /**
   * The hull's own assemblage before polishing: its points' site fractions and amounts, which hold the mass
   * balance exactly. The answer to fall back on when Newton cannot settle.
   */
  hullSets: CompositionSet[];
  /** GM of the hull at X, J per mole of atoms: an upper bound of the true minimum. */
  hullGM: number;
}

export function globalStart(grids: PhaseGrid[], X: Float64Array, T: number, P: number): GlobalStart {
  const nC = X.length;
  let gridTotal = 0;
  for (const g of grids) gridTotal += g.count;
  const added: Column[] = [];
  const addedX: number[] = [];
  const addedG: number[] = [];
  const moles = new Float64Array(nC);

  const solve = (warm?: number[]) => {
    const total = gridTotal + added.length;
    const x = new Float64Array(total * nC);
    const e = new Float64Array(total);
    let at = 0;
    for (const g of grids) {
      x.set(g.x, at * nC);
      e.set(g.g, at);
      at += g.count;
    }
    x.set(addedX, at * nC);
    e.set(addedG, at);
    return lowerHull(x, e, total, X, warm);
  };
  const columnOf = (idx: number): Column => {
    let k = idx;
    for (let p = 0; p < grids.length; p++) {
      if (k < grids[p].count) return { phase: p, y: grids[p].y.subarray(k * grids[p].ctx.nY, (k + 1) * grids[p].ctx.nY) };
      k -= grids[p].count;
    }
    return added[k];
  };

  // Which phases the basis holds: once that has stopped changing, the rest of column generation is slow
  // tailing (a cutting-plane method converges linearly) that Newton does better.
  const signature = () =>
    hull.points
      .filter((_, i) => hull.amounts[i] > 1e-12)
      .map((idx) => (idx < 0 ? -1 : columnOf(idx).phase))
      .sort()
      .join(",");
  let hull = solve();
  let rounds = 0;
  let last = signature();
  let unchanged = 0;
  for (; rounds < MAX_ROUNDS && unchanged < STABLE_ROUNDS; rounds++) {
    let any = false;
    grids.forEach((g, p) => {
      for (const c of phaseCandidates(g, hull.mu, [], T, P)) {
        if (!(c.drivingForce > COLUMN_TOLERANCE)) continue;
        const N = molesOf(g.ctx, c.y, moles);
        added.push({ phase: p, y: c.y });
        for (let i = 0; i < nC; i++) addedX.push(moles[i] / N);
        addedG.push(g.ctx.model.gibbs(T, P, c.y) / N);
        any = true;
      }
    });
    if (!any) break;
    hull = solve(hull.points);
    const now = signature();
    unchanged = now === last ? unchanged + 1 : 0;
    last = now;
  }

  // Basis points of one phase close to each other (within two grid spacings, either ordering variant) are
  // one composition set, and so are points of one composition and energy; the set starts at its largest
  // point. Two B2 points of opposite variants straddling X are one B2 set: as two sets Newton cannot settle
  // their amounts (NiCrAl at 1273 K, x_Al = 0.35, x_Cr = 0.2).
  const hullSets: CompositionSet[] = [];
  const clusters: { phase: number; points: { y: Float64Array; amount: number }[] }[] = [];
  hull.points.forEach((idx, i) => {
    const amount = hull.amounts[i];
    if (!(amount > 1e-12)) return;
    if (idx < 0) throw new Error("no phase can take this composition (the convex hull of the phases does not reach it)");
    const { phase, y } = columnOf(idx);
    const hullY = Float64Array.from(y);
    hullSets.push({ ctx: grids[phase].ctx, y: hullY, n: amount / molesOf(grids[phase].ctx, hullY, moles) });
    const r = 2.01 / grids[phase].divisions;
    const ctx = grids[phase].ctx;
    const near = clusters.find((c) => c.phase === phase && c.points.some((q) => variantDistance(ctx, q.y, y) <= r || sameState(ctx, T, P, q.y, y, r)));
    if (near) near.points.push({ y, amount });
    else clusters.push({ phase, points: [{ y, amount }] });
  });
  const sets = clusters.map((c) => {
    const ctx = grids[c.phase].ctx;
    let amount = 0;
    let largest = c.points[0];
    for (const q of c.points) {
      amount += q.amount;
      if (q.amount > largest.amount) largest = q;
    }
    const y = Float64Array.from(largest.y);
    normalizeSites(ctx, y);
    return { ctx, y, n: amount / molesOf(ctx, y, moles) };
  });
  const hullMu = Float64Array.from(hull.mu);
  polishStarts(sets, hullMu, T, P);
  let hullGM = 0;
  for (let c = 0; c < nC; c++) hullGM += X[c] * hullMu[c];
  return { sets, mu: Float64Array.from(hullMu), rounds, hullSets, hullGM };
}

/**
 * Moves each set's start from its grid point to the local minimum of G − μ·N at the hull's potentials, when
 * that minimum is a distinct state of the phase. Column generation stops once the basis phases stop changing,
 * so a set can still start on a coarse grid point — in NiCrAl's FCC_L12 a partially ordered one between γ and
 * γ′, where the ordering direction has negative curvature and Newton oscillates or runs both sets into one.
 * The local minimum lies in the well the grid point stands for. A minimum that another set already occupies
 * (an ordering variant or the other side of a gap) is not taken: the set keeps its grid point.
 */
function polishStarts(sets: CompositionSet[], mu: Float64Array, T: number, P: number): void {
  const moles = new Float64Array(mu.length);
  const polished: (Float64Array | null)[] = sets.map((s) => {
    const r = minimizeAtPotentials(s.ctx, T, P, mu, s.y);
    return r.converged && molesOf(s.ctx, r.y, moles) >= s.ctx.minAtoms ? r.y : null;
  });
  sets.forEach((s, k) => {
    const y = polished[k];
    if (!y) return;
    const taken = sets.some((o, j) => j !== k && o.ctx === s.ctx && sameState(s.ctx, T, P, y, polished[j] ?? o.y, 1e-3));
    if (taken) return;
    // Same atoms as the grid point stood for: the amount follows the atoms per formula unit.
    const atoms = s.n * molesOf(s.ctx, s.y, moles);
    s.y.set(y);
    s.n = atoms / molesOf(s.ctx, s.y, moles);
  });
}
