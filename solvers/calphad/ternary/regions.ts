/**
 * Sample compositions grouped into regions: neighbours on the sampling lattice with the same assemblage on
 * the hull are one region. Two separate fields of the same phases (one phase's two gaps, a phase stable in two
 * corners) stay apart.
 */
import { cartesian } from "./sampling.ts";

export interface Region {
  key: string;
  /** Indices of the sample compositions in this region. */
  members: number[];
}

/**
 * X: sample compositions (3 per point), keys: each sample's assemblage, n: the lattice's divisions. Lattice
 * neighbours (centroid to centroid, or an edge point to its centroids) are 1/(√3 n) apart in the triangle.
 */
export function groupRegions(X: Float64Array, keys: string[], n: number): Region[] {
  const count = keys.length;
  const xy = Array.from({ length: count }, (_, k) => cartesian(X[3 * k + 1], X[3 * k + 2]));
  const reach = 0.6 / n;
  const label = new Int32Array(count).fill(-1);
  const regions: Region[] = [];
  for (let s = 0; s < count; s++) {
    if (label[s] >= 0) continue;
    const region: Region = { key: keys[s], members: [] };
    const stack = [s];
    label[s] = regions.length;
    while (stack.length) {
      const k = stack.pop()!;
      region.members.push(k);
      for (let q = 0; q < count; q++) {
        if (label[q] >= 0 || keys[q] !== keys[k]) continue;
        if (Math.hypot(xy[q][0] - xy[k][0], xy[q][1] - xy[k][1]) <= reach) {
          label[q] = regions.length;
          stack.push(q);
        }
      }
    }
    regions.push(region);
  }
  return regions;
}

/** The members, nearest the region's centre of mass first: a label point inside even for a bent region is among the first. */
export function byDistanceToCentre(X: Float64Array, members: number[]): number[] {
  const xy = members.map((k) => cartesian(X[3 * k + 1], X[3 * k + 2]));
  const cx = xy.reduce((s, p) => s + p[0], 0) / xy.length;
  const cy = xy.reduce((s, p) => s + p[1], 0) / xy.length;
  const d = xy.map(([a, b]) => Math.hypot(a - cx, b - cy));
  return members.map((_, i) => i).sort((i, j) => d[i] - d[j]).map((i) => members[i]);
}
