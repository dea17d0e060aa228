/**
 * Refined tie-lines gathered into two-phase fields. Tie-lines of the same two phases belong to one field when
 * a chain of close tie-lines joins them without passing through a three-phase triangle: the two BCC + Laves
 * fields on either side of a BCC + BCC + Laves triangle are two fields, though the thin Laves strip below
 * lets the sampling see one connected region. A triangle's edges then close the fields they border.
 */
import { orientLike, tieDistance, type TieEnds } from "./tielines.ts";

export interface NamedTie {
  /** Sorted names; equal for a miscibility gap. */
  phases: [string, string];
  tie: TieEnds;
}

export interface TriangleCorners {
  phases: string[];
  /** Corners as (x_B, x_C). */
  corners: [number, number][];
}

export interface Field {
  phases: [string, string];
  ties: TieEnds[];
}

/** Tie-lines this close (largest end-to-end distance, mole fraction) are neighbours in one field. */
const LINK = 0.35;

const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function properlyCross(p: [number, number], q: [number, number], a: [number, number], b: [number, number]): boolean {
  const d1 = cross(a, b, p);
  const d2 = cross(a, b, q);
  const d3 = cross(p, q, a);
  const d4 = cross(p, q, b);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function inside(p: [number, number], c: [number, number][]): boolean {
  const s = [cross(c[0], c[1], p), cross(c[1], c[2], p), cross(c[2], c[0], p)];
  return (s[0] > 0 && s[1] > 0 && s[2] > 0) || (s[0] < 0 && s[1] < 0 && s[2] < 0);
}

const mid = (t: TieEnds): [number, number] => [(t.a[0] + t.b[0]) / 2, (t.a[1] + t.b[1]) / 2];

/** Whether going from one tie-line's middle to the other's crosses a three-phase triangle. */
function blocked(s: TieEnds, t: TieEnds, triangles: TriangleCorners[]): boolean {
  const p = mid(s);
  const q = mid(t);
  return triangles.some((tri) => {
    const c = tri.corners;
    return inside(p, c) || inside(q, c) || [[0, 1], [1, 2], [2, 0]].some(([i, j]) => properlyCross(p, q, c[i], c[j]));
  });
}

export function assembleFields(ties: NamedTie[], triangles: TriangleCorners[]): Field[] {
  const fields: Field[] = [];
  const done = new Uint8Array(ties.length);
  for (let s = 0; s < ties.length; s++) {
    if (done[s]) continue;
    const field: Field = { phases: ties[s].phases, ties: [ties[s].tie] };
    done[s] = 1;
    for (let grew = true; grew; ) {
      grew = false;
      for (let k = 0; k < ties.length; k++) {
        if (done[k] || ties[k].phases.join() !== field.phases.join()) continue;
        const gap = field.phases[0] === field.phases[1];
        const near = field.ties.find((t) => tieDistance(gap ? orientLike(ties[k].tie, t) : ties[k].tie, t) < LINK && !blocked(ties[k].tie, t, triangles));
        if (!near) continue;
        field.ties.push(gap ? orientLike(ties[k].tie, near) : ties[k].tie);
        done[k] = 1;
        grew = true;
      }
    }
    fields.push(field);
  }
  // Each edge of a triangle is the last tie-line of the field beside it, or a field of its own too thin to sample.
  for (const tri of triangles) {
    for (const [i, j] of [[0, 1], [0, 2], [1, 2]]) {
      const [p, q] = tri.phases[i] <= tri.phases[j] ? [i, j] : [j, i];
      const phases: [string, string] = [tri.phases[p], tri.phases[q]];
      const edge: TieEnds = { a: tri.corners[p], b: tri.corners[q] };
      const gap = phases[0] === phases[1];
      let best: Field | undefined;
      let bestD = LINK;
      for (const f of fields) {
        if (f.phases.join() !== phases.join()) continue;
        for (const t of f.ties) {
          const d = tieDistance(gap ? orientLike(edge, t) : edge, t);
          // The edge's own triangle must not sit between it and the field.
          if (d < bestD && !blocked(edge, t, triangles.filter((x) => x !== tri))) {
            bestD = d;
            best = f;
          }
        }
      }
      if (best) best.ties.push(gap ? orientLike(edge, best.ties[0]) : edge);
      else fields.push({ phases, ties: [edge] });
    }
  }
  return fields;
}
