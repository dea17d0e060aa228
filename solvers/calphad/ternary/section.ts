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
import { byDistanceToCentre, groupRegions } from "./regions.ts";
import { sampleCompositions, sampleEnergies } from "./sampling.ts";
import { assembleFields, type Field, type NamedTie } from "./fields.ts";
import { orderAcross, orientLike, spacedSubset, tieDistance, type TieEnds } from "./tielines.ts";
import type { Composition, SinglePhaseRegion, TernarySection, TernarySectionOptions, ThreePhaseTriangle, TwoPhaseField } from "./types.ts";

export const DEFAULT_DENSITY = 30;
export const DEFAULT_SECTION_GRID = 5000;
/** Two triangles whose corners agree this closely are one triangle found from two regions. */
const SAME_CORNER = 1e-3;
/** Neighbouring tie-lines of a field whose ends move more than this (mole fraction) have a gap probed between them. */
const GAP_JUMP = 0.08;
const GAP_PASSES = 3;
/** Members of a single-phase region tried, nearest its centre first, for a point the refinement confirms. */
const LABEL_TRIES = 8;
/** Two labels of one phase closer than this (mole fraction) are one region's. */
const LABEL_APART = 0.3;

const endsOf = (x: Float64Array): [number, number] => [x[1], x[2]];

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
  const ties: NamedTie[] = [];
  const addTie = (phases: RefinedPhase[]) => {
    const [p, q] = phases[0].name < phases[1].name || (phases[0].name === phases[1].name && phases[0].x[1] <= phases[1].x[1]) ? [phases[0], phases[1]] : [phases[1], phases[0]];
    ties.push({ phases: [p.name, q.name], tie: { a: endsOf(p.x), b: endsOf(q.x) } });
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
  for (const r of threeRegions) record(at(byDistanceToCentre(X, r.members)[0]));
  progress(0.5, `${threeRegions.length} three-phase regions on the grid, ${triangles.length} triangles refined`);

  const spacing = 2 / n;
  const twoRegions = regions.filter((r) => hull[r.members[0]].sets.length === 2);
  twoRegions.forEach((r, i) => {
    // The hull's own tie-lines (grid points on the facet) are good enough to choose which ones to refine.
    const approx: TieEnds[] = r.members.map((k) => {
      const [s, t] = hull[k].sets;
      return s.phase < t.phase || (s.phase === t.phase && s.x[1] <= t.x[1]) ? { a: endsOf(s.x), b: endsOf(t.x) } : { a: endsOf(t.x), b: endsOf(s.x) };
    });
    const oriented = approx.map((t) => orientLike(t, approx[0]));
    const chosen = spacedSubset(orderAcross(oriented), oriented, spacing);
    for (const c of chosen) record(at(r.members[c]));
    progress(0.5 + (0.45 * (i + 1)) / twoRegions.length, `two-phase region ${r.key}: ${chosen.length} tie-lines refined`);
  });

  const corners = () => triangles.map((t) => ({ phases: t.phases, corners: t.x.map(endsOf) }));
  // Where one end of a field's neighbouring tie-lines jumps, something lies between them that the grid
  // stepped over — typically a thin three-phase triangle (one phase's two sets and a third phase). The
  // middle of the gap is refined, and again in the halves while jumps remain.
  for (let pass = 0; pass < GAP_PASSES; pass++) {
    let probed = 0;
    for (const f of assembleFields(ties, corners())) {
      const order = orderAcross(f.ties);
      for (let i = 0; i + 1 < order.length; i++) {
        const [s1, s2] = [f.ties[order[i]], f.ties[order[i + 1]]];
        if (tieDistance(s1, s2) < GAP_JUMP) continue;
        const probe = Float64Array.from([0, (s1.a[0] + s1.b[0] + s2.a[0] + s2.b[0]) / 4, (s1.a[1] + s1.b[1] + s2.a[1] + s2.b[1]) / 4]);
        probe[0] = 1 - probe[1] - probe[2];
        const phases = refineAt(models, grid, components, probe, hullAssemblage(grid, probe, T, P), T, P);
        refined++;
        if (phases.fallback) fallbacks++;
        record(phases.phases);
        probed++;
      }
    }
    if (!probed) break;
  }
  // Two fields sharing a phase whose ends on it meet enclose a three-phase triangle between them, often one
  // too thin for the grid (Cr–Ti–V's BCC + HCP + Laves along the Cr–Ti edge). Probed at the centre of the
  // triangle their nearest tie-lines span, unless a triangle of those phases is already there.
  const meeting = assembleFields(ties, corners());
  for (let i = 0; i < meeting.length; i++) {
    for (let j = i + 1; j < meeting.length; j++) {
      const probe = cornerProbe(meeting[i], meeting[j], triangles);
      if (!probe) continue;
      const r = refineAt(models, grid, components, probe, hullAssemblage(grid, probe, T, P), T, P);
      refined++;
      if (r.fallback) fallbacks++;
      if (r.phases.length === 3) record(r.phases);
    }
  }
  const fields = assembleFields(ties, corners());
  const twoPhase: TwoPhaseField[] = fields.map((f) => {
    const order = orderAcross(f.ties);
    return { phases: f.phases, tieLines: order.map((i) => [composition(components, f.ties[i].a), composition(components, f.ties[i].b)] as [Composition, Composition]) };
  });
  const threePhase: ThreePhaseTriangle[] = triangles.map((t) => ({
    phases: t.phases as [string, string, string],
    vertices: t.x.map((x) => composition(components, endsOf(x))) as [Composition, Composition, Composition],
  }));
  // A label goes where the refined equilibrium agrees the phase is alone: the hull of a coarsely sampled phase
  // (a two-sublattice Laves phase) can call a strip of a two-phase field single-phase.
  const singlePhase: SinglePhaseRegion[] = [];
  // Largest regions first; a sliver of the same phase next to a labelled region (hull noise along a
  // boundary) would only repeat the name.
  const singles = regions.filter((r) => hull[r.members[0]].sets.length === 1).sort((a, b) => b.members.length - a.members.length);
  const labelledNear = (name: string, k: number) =>
    singlePhase.some((l) => l.phase === name && Math.hypot(l.label[components[1]] - X[3 * k + 1], l.label[components[2]] - X[3 * k + 2]) < LABEL_APART);
  for (const r of singles) {
    for (const k of byDistanceToCentre(X, r.members).slice(0, LABEL_TRIES)) {
      if (labelledNear(r.key, k)) break;
      const phases = at(k);
      if (phases.length === 1) {
        singlePhase.push({ phase: phases[0].name, label: composition(components, [X[3 * k + 1], X[3 * k + 2]]) });
        break;
      }
    }
  }
  // A phase seen only at tie-line ends (a narrow solubility along an edge, a line compound) is labelled at
  // the mean of its ends, where its narrow region lies.
  const ends = new Map<string, [number, number][]>();
  const endOf = (name: string, c: Composition) => {
    if (!ends.has(name)) ends.set(name, []);
    ends.get(name)!.push([c[components[1]], c[components[2]]]);
  };
  for (const f of twoPhase) for (const [a, b] of f.tieLines) (endOf(f.phases[0], a), endOf(f.phases[1], b));
  for (const t of threePhase) t.phases.forEach((name, i) => endOf(name, t.vertices[i]));
  for (const [name, list] of ends) {
    if (singlePhase.some((r) => r.phase === name)) continue;
    const mean: [number, number] = [list.reduce((s, p) => s + p[0], 0) / list.length, list.reduce((s, p) => s + p[1], 0) / list.length];
    singlePhase.push({ phase: name, label: composition(components, mean) });
  }
  const seconds = (performance.now() - started) / 1000;
  progress(1, `section at ${T} K: ${twoPhase.length} two-phase fields, ${threePhase.length} three-phase triangles, ${singlePhase.length} single-phase regions in ${seconds.toFixed(2)} s`);
  return { components, T, P, twoPhase, threePhase, singlePhase, stats: { samples, refined, fallbacks, seconds } };
}

function composition(components: string[], [b, c]: [number, number]): Composition {
  return { [components[1]]: b, [components[2]]: c };
}

/** Ends of two fields on a shared phase closer than this (mole fraction) meet at a triangle's corner. */
const CORNER_REACH = 0.1;

/**
 * Where fields {P, Q} and {P, R} (Q ≠ R) come closest on P: the composition at the centre of the triangle
 * P, Q, R their nearest tie-lines span, or null when they do not meet or a P + Q + R triangle is there already.
 */
function cornerProbe(f: Field, g: Field, triangles: { phases: string[]; x: Float64Array[] }[]): Float64Array | null {
  const shared = f.phases.filter((p) => g.phases.includes(p));
  if (f.phases[0] === f.phases[1] || g.phases[0] === g.phases[1] || shared.length !== 1) return null;
  const p = shared[0];
  const fi = f.phases.indexOf(p);
  const gi = g.phases.indexOf(p);
  const end = (t: TieEnds, k: number) => (k === 0 ? t.a : t.b);
  let best: { d: number; s: TieEnds; t: TieEnds } | null = null;
  for (const s of f.ties) {
    for (const t of g.ties) {
      const [u, v] = [end(s, fi), end(t, gi)];
      const d = Math.hypot(u[0] - v[0], u[1] - v[1]);
      if (d < CORNER_REACH && (!best || d < best.d)) best = { d, s, t };
    }
  }
  if (!best) return null;
  const q = f.phases[1 - fi];
  const r = g.phases[1 - gi];
  const pEnd = end(best.s, fi);
  const names = [p, q, r].sort().join();
  if (triangles.some((tri) => tri.phases.join() === names && tri.x.some((x, k) => tri.phases[k] === p && Math.hypot(x[1] - pEnd[0], x[2] - pEnd[1]) < CORNER_REACH))) return null;
  const corners = [pEnd, end(best.s, 1 - fi), end(best.t, 1 - gi)];
  const xB = (corners[0][0] + corners[1][0] + corners[2][0]) / 3;
  const xC = (corners[0][1] + corners[1][1] + corners[2][1]) / 3;
  return Float64Array.from([1 - xB - xC, xB, xC]);
}
