/**
 * Where a phase lies below the tangent plane of given chemical potentials: its grid points ranked by driving
 * force, the best few (apart from each other and from the phase's sets already present) refined locally.
 * Both the global start (column generation) and the search for a phase to add use it.
 */
import { minimizeAtPotentials } from "./driving.ts";
import type { PhaseGrid } from "./grid.ts";
import { molesOf, sameState, siteDistance, type PhaseContext } from "./phase.ts";

export interface Candidate {
  y: Float64Array;
  /** J per mole of atoms; positive below the tangent plane. */
  drivingForce: number;
}

/** Grid starts refined per phase. */
const CANDIDATES = 3;
/** A refined candidate closer than this (site fractions) to a set already present is that set. */
export const NEW_SET = 1e-3;

/** Refined candidates of one phase at `mu`, best first, none within NEW_SET of `present`. */
export function phaseCandidates(grid: PhaseGrid, mu: ArrayLike<number>, present: ArrayLike<number>[], T: number, P: number): Candidate[] {
  const { ctx, count } = grid;
  const nC = ctx.nC;
  const nY = ctx.nY;
  const df = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    let s = -grid.g[k];
    for (let c = 0; c < nC; c++) s += mu[c] * grid.x[k * nC + c];
    df[k] = s;
  }
  // Starts at least 1.5 grid spacings from a present set (whose own well is not news) and 3 from each other.
  const radius = 1.5 / grid.divisions;
  const near = (yk: ArrayLike<number>, others: ArrayLike<number>[], r: number) => others.some((o) => siteDistance(yk, o) < r);
  // Only the head of the ranking is needed: sort the points within reach of the best, all of them if the
  // exclusions use that head up.
  let best = -Infinity;
  for (let k = 0; k < count; k++) best = Math.max(best, df[k]);
  let order = rankAbove(df, best - 50);
  const enough = () => {
    let n = 0;
    for (const k of order) if (!near(grid.y.subarray(k * nY, (k + 1) * nY), present, radius) && ++n >= CANDIDATES) return true;
    return false;
  };
  if (order.length < count && !enough()) order = rankAbove(df, -Infinity);
  const starts: Float64Array[] = [];
  for (const k of order) {
    if (starts.length >= CANDIDATES) break;
    const yk = grid.y.subarray(k * nY, (k + 1) * nY);
    if (near(yk, present, radius) || near(yk, starts, 2 * radius)) continue;
    starts.push(yk);
  }
  const out: Candidate[] = [];
  for (const start of starts) {
    const r = minimizeAtPotentials(ctx, T, P, mu, start);
    if (atomsOf(ctx, r.y) < ctx.minAtoms) continue;
    const known = [...present, ...out.map((c) => c.y)];
    if (known.some((o) => sameState(ctx, T, P, r.y, o, NEW_SET))) continue;
    out.push({ y: r.y, drivingForce: r.drivingForce });
  }
  return out.sort((p, q) => q.drivingForce - p.drivingForce);
}

export function bestCandidate(grid: PhaseGrid, mu: ArrayLike<number>, present: ArrayLike<number>[], T: number, P: number): Candidate | null {
  return phaseCandidates(grid, mu, present, T, P)[0] ?? null;
}

/** Indices of `df` above `floor`, largest first. */
function rankAbove(df: Float64Array, floor: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < df.length; k++) if (df[k] > floor) out.push(k);
  return out.sort((p, q) => df[q] - df[p]);
}

function atomsOf(ctx: PhaseContext, y: ArrayLike<number>): number {
  return molesOf(ctx, y, new Float64Array(ctx.nC));
}
