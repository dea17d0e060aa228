/**
 * One temperature of a binary diagram: all two-phase equilibria across x. The hull of the sampled phases
 * names the fields and gives their starting tangents; each is then refined to a true tie-line and kept only
 * if no phase anywhere lies below its tangent (a hull edge near an invariant can belong to a metastable pair).
 */
import { lowerHullIndices, twoPhaseEdges } from "./hull.ts";
import { evaluateGrid, sitesOf, type MergedGrid } from "./sampling.ts";
import { refineTieLine, stateName, type TieLine } from "./tieline.ts";

export interface Scan {
  T: number;
  /** Tie-lines left to right. */
  ties: TieLine[];
  /** The stable phase at each pure end and at every single-phase stretch: merged-grid index of a hull vertex. */
  hull: number[];
}

/** A grid point above a refined tangent by more than this (J/mol of atoms) makes that tangent metastable. */
const BELOW_TANGENT = 1e-4;

export function scanTemperature(grid: MergedGrid, T: number, P: number): Scan {
  evaluateGrid(grid, T, P);
  const hull = lowerHullIndices(grid);
  const ties: TieLine[] = [];
  for (const e of twoPhaseEdges(grid, hull)) {
    const a = { ctx: grid.phases[grid.owner[e.left]].ctx, y: sitesOf(grid, e.left) };
    const b = { ctx: grid.phases[grid.owner[e.right]].ctx, y: sitesOf(grid, e.right) };
    const t = refineTieLine(a, b, T, P, e.mu);
    if (!t || !stableTangent(grid, t)) continue;
    if (ties.some((o) => Math.abs(o.left.x - t.left.x) < 1e-6 && Math.abs(o.right.x - t.right.x) < 1e-6)) continue;
    ties.push(t);
  }
  ties.sort((p, q) => p.left.x - q.left.x);
  return { T, ties, hull };
}

function stableTangent(grid: MergedGrid, t: TieLine): boolean {
  const [muA, muB] = t.mu;
  for (let i = 0; i < grid.count; i++) {
    const x = grid.x[i];
    if ((1 - x) * muA + x * muB - grid.g[i] > BELOW_TANGENT) return false;
  }
  return true;
}

/** Name of the phase stable at composition x of a scan (outside every tie-line). */
export function phaseNameAt(grid: MergedGrid, scan: Scan, x: number): string {
  let best = scan.hull[0];
  for (const h of scan.hull) if (Math.abs(grid.x[h] - x) < Math.abs(grid.x[best] - x)) best = h;
  return stateName(grid.phases[grid.owner[best]].ctx, sitesOf(grid, best));
}
