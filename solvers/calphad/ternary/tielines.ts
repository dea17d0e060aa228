/**
 * Tie-lines of one two-phase field in order across the field, and a subset of them evenly spaced for the
 * picture. Tie-lines of a field do not cross, so ordering them along the main direction in which their two
 * ends move (the first principal axis of the ends' positions) puts them side by side.
 */
import { cartesian } from "./sampling.ts";

/** A tie-line by the mole fractions of B and C at its two ends. */
export interface TieEnds {
  a: [number, number];
  b: [number, number];
}

const vector = (t: TieEnds) => [...cartesian(t.a[0], t.a[1]), ...cartesian(t.b[0], t.b[1])];

/** Indices of `ties` in order across the field. */
export function orderAcross(ties: TieEnds[]): number[] {
  if (ties.length < 3) return ties.map((_, i) => i);
  const v = ties.map(vector);
  const mean = [0, 1, 2, 3].map((d) => v.reduce((s, r) => s + r[d], 0) / v.length);
  const cov = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => v.reduce((s, r) => s + (r[i] - mean[i]) * (r[j] - mean[j]), 0)));
  // Power iteration for the principal axis: a 4×4 covariance, a few dozen products suffice.
  let axis = [1, 0.7, 0.5, 0.3];
  for (let it = 0; it < 60; it++) {
    const next = cov.map((row) => row.reduce((s, c, j) => s + c * axis[j], 0));
    const norm = Math.hypot(...next);
    if (!(norm > 0)) break;
    axis = next.map((c) => c / norm);
  }
  const proj = v.map((r) => r.reduce((s, c, d) => s + (c - mean[d]) * axis[d], 0));
  return ties.map((_, i) => i).sort((p, q) => proj[p] - proj[q]);
}

/** Largest distance (mole fraction units) between corresponding ends of two tie-lines. */
export function tieDistance(s: TieEnds, t: TieEnds): number {
  return Math.max(Math.hypot(s.a[0] - t.a[0], s.a[1] - t.a[1]), Math.hypot(s.b[0] - t.b[0], s.b[1] - t.b[1]));
}

/** From ordered tie-lines, those at least `spacing` apart, always with the first and (unless too close) the last. */
export function spacedSubset(ordered: number[], ties: TieEnds[], spacing: number): number[] {
  if (ordered.length === 0) return [];
  const kept = [ordered[0]];
  for (const i of ordered.slice(1)) if (tieDistance(ties[kept[kept.length - 1]], ties[i]) >= spacing) kept.push(i);
  const last = ordered[ordered.length - 1];
  if (kept[kept.length - 1] !== last) {
    if (tieDistance(ties[kept[kept.length - 1]], ties[last]) < spacing / 2) kept.pop();
    kept.push(last);
  }
  return kept;
}

/** The tie-line with its ends swapped when that brings end a closer to the reference's end a (one phase's two sets). */
export function orientLike(t: TieEnds, ref: TieEnds): TieEnds {
  const swapped = { a: t.b, b: t.a };
  return tieDistance(swapped, ref) < tieDistance(t, ref) ? swapped : t;
}
