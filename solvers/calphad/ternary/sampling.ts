/**
 * The section's two samplings at one temperature: compositions spread evenly over the Gibbs triangle (where
 * the hull is asked which phases coexist), and every phase's energy sampled over its site fractions (the
 * equilibrium module's lattice), merged into one candidate list for the hull.
 */
import type { PhaseModel } from "../model.ts";
import { phaseGrid, type PhaseGrid } from "../equilibrium/grid.ts";
import { phaseContext } from "../equilibrium/phase.ts";

/**
 * Sample compositions [xA, xB, xC] for n divisions: the centroids of the n² small triangles, all strictly
 * inside. Points on a binary edge are left out on purpose: with the third fraction nearly 0 the hull's facet
 * is degenerate and names a third phase at a vanishing amount.
 */
export function sampleCompositions(n: number): Float64Array {
  const pts: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; i + j < n; j++) {
      pts.push((i + 1 / 3) / n, (j + 1 / 3) / n);
      if (i + j <= n - 2) pts.push((i + 2 / 3) / n, (j + 2 / 3) / n);
    }
  }
  const count = pts.length / 2;
  const X = new Float64Array(count * 3);
  for (let k = 0; k < count; k++) {
    const xB = pts[2 * k];
    const xC = pts[2 * k + 1];
    X[3 * k] = 1 - xB - xC;
    X[3 * k + 1] = xB;
    X[3 * k + 2] = xC;
  }
  return X;
}

/** Cartesian position in the Gibbs triangle: A at (0, 0), B at (1, 0), C at (½, √3/2). */
export function cartesian(xB: number, xC: number): [number, number] {
  return [xB + 0.5 * xC, (Math.sqrt(3) / 2) * xC];
}

/** Every phase's grid at T, P, and all of their points in one list for the hull. */
export interface SectionGrid {
  grids: PhaseGrid[];
  /** Compositions (3 per point) and energies per mole of atoms of all points, phase after phase. */
  x: Float64Array;
  g: Float64Array;
  count: number;
  /** First merged index of each phase's points. */
  offset: number[];
}

export function sampleEnergies(models: PhaseModel[], components: string[], T: number, P: number, budget: number): SectionGrid {
  const grids = models.map((m) => phaseGrid(phaseContext(m, components), T, P, budget));
  const count = grids.reduce((s, g) => s + g.count, 0);
  const x = new Float64Array(count * components.length);
  const g = new Float64Array(count);
  const offset: number[] = [];
  let at = 0;
  for (const gr of grids) {
    offset.push(at);
    x.set(gr.x, at * components.length);
    g.set(gr.g, at);
    at += gr.count;
  }
  return { grids, x, g, count, offset };
}

/** The phase and site fractions of a merged point. */
export function pointOf(grid: SectionGrid, idx: number): { phase: number; y: Float64Array } {
  let p = grid.offset.length - 1;
  while (grid.offset[p] > idx) p--;
  const gr = grid.grids[p];
  const k = idx - grid.offset[p];
  return { phase: p, y: gr.y.subarray(k * gr.ctx.nY, (k + 1) * gr.ctx.nY) };
}
