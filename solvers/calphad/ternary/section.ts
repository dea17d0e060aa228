/**
 * A ternary isothermal section: the lower convex hull of every phase's sampled energies is asked, at compositions
 * spread over the Gibbs triangle, which phases coexist there (one, two or three sets on the facet). Neighbouring
 * compositions with the same answer form a region. A three-phase region is one equilibrium, refined at its
 * centre: its phases' compositions are the triangle's corners. In a two-phase region the hull's approximate
 * tie-lines are ordered across the field, a spaced subset is refined into exact tie-lines, and the triangles'
 * edges close the fields they border. Single-phase regions get a label point.
 */
import type { PhaseModel } from "../model.ts";
import { DEFAULT_PRESSURE } from "../equilibrium/conditions.ts";
import { hullAssemblage, type HullAssemblage } from "./classify.ts";
import { refineAt, type RefinedPhase } from "./refine.ts";
import { centralMember, groupRegions } from "./regions.ts";
import { sampleCompositions, sampleEnergies } from "./sampling.ts";
import { orderAcross, orientLike, spacedSubset, tieDistance, type TieEnds } from "./tielines.ts";
import type { Composition, TernarySection, TernarySectionOptions, ThreePhaseTriangle, TwoPhaseField } from "./types.ts";

export const DEFAULT_DENSITY = 30;
export const DEFAULT_SECTION_GRID = 5000;
/** Two triangles whose corners agree this closely are one triangle found from two regions. */
const SAME_CORNER = 1e-3;
/** A triangle's edge closes a field whose nearest tie-line is at most this far from it. */
const EDGE_REACH = 0.15;

interface Field {
  phases: [string, string];
  ties: TieEnds[];
}

const ends = (x: Float64Array): [number, number] => [x[1], x[2]];

export function ternarySection(models: PhaseModel[], options: TernarySectionOptions): TernarySection {
  const started = performance.now();
  const components = options.components.map((c) => c.toUpperCase()) as [string, string, string];
  if (new Set(components).size !== 3) throw new Error(`ternary section: three different components needed, got ${components.join(", ")}`);
  const { T } = options;
  const P = options.P ?? DEFAULT_PRESSURE;
  if (!(T > 0)) throw new Error(`ternary section: temperature ${T} K is not positive`);
  const n = Math.max(4, Math.round(options.density ?? DEFAULT_DENSITY));
  const progress = options.onProgress ?? (() => {});

  const grid = sampleEnergies(models, components, T, P, options.gridPoints ?? DEFAULT_SECTION_GRID);
  const X = sampleCompositions(n);
  const samples = X.length / 3;
  const hull: HullAssemblage[] = [];
  for (let k = 0; k < samples; k++) hull.push(hullAssemblage(grid, X.subarray(3 * k, 3 * k + 3), T, P));
  progress(0.3, `hull at ${samples} compositions: ${grid.count} sampled points of ${models.length} phases`);
  const regions = groupRegions(X, hull.map((h) => h.key), n);

  let refined = 0;
  let fallbacks = 0;
  const at = (k: number): RefinedPhase[] => {
    const r = refineAt(models, grid, components, X.subarray(3 * k, 3 * k + 3), hull[k], T, P);
    refined++;
    if (r.fallback) fallbacks++;
    return r.phases;
  };

  const triangles: { phases: string[]; x: Float64Array[] }[] = [];
  const fields: Field[] = [];
  const addTie = (phases: RefinedPhase[]) => {
    const [p, q] = phases[0].name <= phases[1].name ? [phases[0], phases[1]] : [phases[1], phases[0]];
    let tie: TieEnds = { a: ends(p.x), b: ends(q.x) };
    // Fields of the same pair are told apart by closeness: a phase's two gaps, or a pair meeting twice.
    let best: Field | undefined;
    let bestD = Infinity;
    for (const f of fields) {
      if (f.phases[0] !== p.name || f.phases[1] !== q.name) continue;
      const d = Math.min(...f.ties.map((t) => tieDistance(p.name === q.name ? orientLike(tie, t) : tie, t)));
      if (d < bestD) {
        bestD = d;
        best = f;
      }
    }
    if (best && bestD < 4 * EDGE_REACH) {
      if (p.name === q.name) tie = orientLike(tie, best.ties[0]);
      best.ties.push(tie);
    } else fields.push({ phases: [p.name, q.name], ties: [tie] });
  };
  const addTriangle = (phases: RefinedPhase[]) => {
    const order = phases.map((_, i) => i).sort((i, j) => (phases[i].name < phases[j].name ? -1 : phases[i].name > phases[j].name ? 1 : phases[i].x[1] - phases[j].x[1]));
    const names = order.map((i) => phases[i].name);
    const xs = order.map((i) => phases[i].x);
    const same = triangles.some((t) => t.phases.join() === names.join() && t.x.every((v, i) => Math.hypot(v[1] - xs[i][1], v[2] - xs[i][2]) < SAME_CORNER));
    if (!same) triangles.push({ phases: names, x: xs });
  };
  const record = (phases: RefinedPhase[]) => {
    if (phases.length === 3) addTriangle(phases);
    else if (phases.length === 2) addTie(phases);
  };

  const threeRegions = regions.filter((r) => hull[r.members[0]].sets.length === 3);
  for (const r of threeRegions) record(at(centralMember(X, r.members)));
  progress(0.5, `${threeRegions.length} three-phase regions on the grid, ${triangles.length} triangles refined`);

  const spacing = 2 / n;
  const twoRegions = regions.filter((r) => hull[r.members[0]].sets.length === 2);
  twoRegions.forEach((r, i) => {
    // The hull's own tie-lines (grid points on the facet) are good enough to choose which ones to refine.
    const approx: TieEnds[] = r.members.map((k) => {
      const [s, t] = hull[k].sets;
      return s.phase < t.phase || (s.phase === t.phase && s.x[1] <= t.x[1]) ? { a: ends(s.x), b: ends(t.x) } : { a: ends(t.x), b: ends(s.x) };
    });
    const oriented = approx.map((t) => orientLike(t, approx[0]));
    const chosen = spacedSubset(orderAcross(oriented), oriented, spacing);
    for (const c of chosen) record(at(r.members[c]));
    progress(0.5 + (0.45 * (i + 1)) / twoRegions.length, `two-phase region ${r.key}: ${chosen.length} tie-lines refined`);
  });

  // A triangle's edges are the limiting tie-lines of the three fields around it.
  for (const t of triangles) {
    for (const [i, j] of [[0, 1], [0, 2], [1, 2]]) {
      const phases = [{ name: t.phases[i], x: t.x[i] }, { name: t.phases[j], x: t.x[j] }];
      addTie(phases);
    }
  }

  const twoPhase: TwoPhaseField[] = fields.map((f) => {
    const order = orderAcross(f.ties);
    return { phases: f.phases, tieLines: order.map((i) => [composition(components, f.ties[i].a), composition(components, f.ties[i].b)] as [Composition, Composition]) };
  });
  const threePhase: ThreePhaseTriangle[] = triangles.map((t) => ({
    phases: t.phases as [string, string, string],
    vertices: t.x.map((x) => composition(components, ends(x))) as [Composition, Composition, Composition],
  }));
  const singlePhase = regions
    .filter((r) => hull[r.members[0]].sets.length === 1)
    .map((r) => {
      const k = centralMember(X, r.members);
      return { phase: r.key, label: composition(components, [X[3 * k + 1], X[3 * k + 2]]) };
    });
  const seconds = (performance.now() - started) / 1000;
  progress(1, `section at ${T} K: ${twoPhase.length} two-phase fields, ${threePhase.length} three-phase triangles, ${singlePhase.length} single-phase regions in ${seconds.toFixed(2)} s`);
  return { components, T, P, twoPhase, threePhase, singlePhase, stats: { samples, refined, fallbacks, seconds } };
}

function composition(components: string[], [b, c]: [number, number]): Composition {
  return { [components[1]]: b, [components[2]]: c };
}
