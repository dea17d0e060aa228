/**
 * The lower convex hull of all phases' (x, G) points at one temperature. In a binary every hull edge that
 * jumps between two phases, or across a hump of one phase (a miscibility gap), is a two-phase field; the
 * hull vertices elsewhere are single-phase states.
 */
import type { MergedGrid } from "./sampling.ts";

/** A hull edge spanning a two-phase field: merged-grid indices of its left and right ends. */
export interface HullEdge {
  left: number;
  right: number;
  /** Chemical potentials of the two components on the edge's line (its values at x = 0 and x = 1). */
  mu: [number, number];
}

/** Energy above the chord (J/mol) a phase's points must reach to count as a hump, not rounding. */
const HUMP = 1e-2;
/** Lattice points whose x differ by rounding only (fractions floored at 1e-12) are at one composition. */
const SAME_X = 1e-9;

/** Indices (into the merged grid) of the lower hull's vertices, left to right. */
export function lowerHullIndices(grid: MergedGrid): number[] {
  const { x, g, count } = grid;
  const hull: number[] = [];
  let i = 0;
  while (i < count) {
    // Of points at the same x only the lowest can be on the hull.
    let best = i;
    let j = i + 1;
    while (j < count && x[j] === x[i]) {
      if (g[j] < g[best]) best = j;
      j++;
    }
    i = j;
    while (hull.length >= 2) {
      const a = hull[hull.length - 2];
      const b = hull[hull.length - 1];
      const cross = (x[b] - x[a]) * (g[best] - g[a]) - (g[b] - g[a]) * (x[best] - x[a]);
      if (cross <= 0) hull.pop();
      else break;
    }
    hull.push(best);
  }
  return hull;
}

/** The hull's edges that are two-phase fields (between phases, or across one phase's hump). */
export function twoPhaseEdges(grid: MergedGrid, hull: number[]): HullEdge[] {
  const { x, g, family } = grid;
  const out: HullEdge[] = [];
  for (let h = 0; h + 1 < hull.length; h++) {
    const a = hull[h];
    const b = hull[h + 1];
    const slope = (g[b] - g[a]) / (x[b] - x[a]);
    let twoPhase = family[a] !== family[b];
    if (!twoPhase) {
      // Same phase (and sample family) at both ends: a gap only if it has points in between, clearly above.
      for (let k = a + 1; k < b && !twoPhase; k++) {
        if (family[k] === family[a] && x[k] > x[a] + SAME_X && x[k] < x[b] - SAME_X && g[k] - (g[a] + slope * (x[k] - x[a])) > HUMP) {
          // The lowest of that family's points at this x decides, not any one of them.
          let lowest = Infinity;
          for (let q = k; q < b && x[q] - x[k] < SAME_X; q++) if (family[q] === family[a]) lowest = Math.min(lowest, g[q]);
          if (lowest - (g[a] + slope * (x[k] - x[a])) > HUMP) twoPhase = true;
        }
      }
    }
    if (twoPhase) out.push({ left: a, right: b, mu: [g[a] - slope * x[a], g[a] + slope * (1 - x[a])] });
  }
  return out;
}
