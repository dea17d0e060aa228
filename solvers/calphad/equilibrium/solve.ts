/**
 * Gibbs energy minimisation at given T, P and overall composition: a grid start and its lower convex hull
 * give the assemblage and potentials; Newton–Lagrange refines it; phases (or further composition sets of a
 * phase already present) with a positive driving force are added and sets whose amount vanishes removed,
 * until the mass balance holds and no phase lies below the tangent plane.
 */
import type { PhaseModel } from "../model.ts";
import { DEFAULT_PRESSURE, moleFractions, systemComponents, type EquilibriumConditions } from "./conditions.ts";
import { minimizeAtPotentials } from "./driving.ts";
import { DEFAULT_GRID_POINTS, phaseGrid, type PhaseGrid } from "./grid.ts";
import { lowerHull } from "./hull.ts";
import { refine, type CompositionSet } from "./newton.ts";
import { molesOf, normalizeSites, phaseContext, siteDistance } from "./phase.ts";

export interface EquilibriumOptions {
  /** Grid points per phase for the global start (default 2000). */
  gridPoints?: number;
  /** Driving force above which a phase is added, J/mol of atoms (default 1e-6). */
  drivingForceTolerance?: number;
  /** Mass balance tolerance, mole fraction (default 1e-10). */
  massTolerance?: number;
  /** Newton iterations allowed for one assemblage (default 200). */
  maxIterations?: number;
}

export interface EquilibriumPhase {
  name: string;
  /** Moles of atoms of this phase per mole of atoms of the system. */
  fraction: number;
  composition: Record<string, number>;
  /** Per sublattice, in the order of the model's constituents. */
  siteFractions: number[][];
}

export interface EquilibriumResult {
  components: string[];
  phases: EquilibriumPhase[];
  /** Gibbs energy, J per mole of atoms. */
  GM: number;
  /** Chemical potentials, J/mol. */
  MU: Record<string, number>;
  /** Per phase, J per mole of atoms: 0 for a stable phase, negative for a metastable one. */
  drivingForces: Record<string, number>;
  converged: boolean;
  /** Newton iterations in all. */
  iterations: number;
}

/** Two sets of one phase closer than this (site fractions) are one set. */
const SAME_SET = 1e-4;
/** A refined candidate closer than this to a set already present is that set, not a new one. */
const NEW_SET = 1e-3;
/** Grid candidates refined per phase when looking for a positive driving force. */
const CANDIDATES = 3;

interface Candidate {
  y: Float64Array;
  drivingForce: number;
}

/**
 * The most promising site fractions of a phase against μ: the grid points of largest driving force, each at
 * least a few grid spacings from the others and from the phase's sets already present, refined locally.
 */
function bestCandidate(grid: PhaseGrid, mu: Float64Array, present: Float64Array[], T: number, P: number): Candidate | null {
  const { ctx, count } = grid;
  const nC = ctx.nC;
  const nY = ctx.nY;
  const df = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    let s = -grid.g[k];
    for (let c = 0; c < nC; c++) s += mu[c] * grid.x[k * nC + c];
    df[k] = s;
  }
  const radius = 1.5 / grid.divisions;
  const chosen: Float64Array[] = [];
  const excluded = (yk: Float64Array, others: Float64Array[], r: number) => others.some((o) => siteDistance(yk, o) < r);
  const order = Array.from(df.keys()).sort((p, q) => df[q] - df[p]);
  for (const k of order) {
    if (chosen.length >= CANDIDATES) break;
    const yk = grid.y.subarray(k * nY, (k + 1) * nY);
    if (excluded(yk, present, radius) || excluded(yk, chosen, 2 * radius)) continue;
    chosen.push(yk);
  }
  let best: Candidate | null = null;
  for (const start of chosen) {
    const r = minimizeAtPotentials(ctx, T, P, mu, start);
    if (present.some((o) => siteDistance(r.y, o) < NEW_SET)) continue;
    if (!best || r.drivingForce > best.drivingForce) best = { y: r.y, drivingForce: r.drivingForce };
  }
  return best;
}

/** The starting sets: hull points of one phase within two grid spacings of each other belong together. */
function setsFromHull(grids: PhaseGrid[], X: Float64Array): { sets: CompositionSet[]; mu: Float64Array } {
  const nC = X.length;
  const owners: { phase: number; point: number }[] = [];
  let total = 0;
  for (const g of grids) total += g.count;
  const x = new Float64Array(total * nC);
  const e = new Float64Array(total);
  let at = 0;
  grids.forEach((g, p) => {
    x.set(g.x, at * nC);
    e.set(g.g, at);
    for (let k = 0; k < g.count; k++) owners.push({ phase: p, point: k });
    at += g.count;
  });
  const hull = lowerHull(x, e, total, X);
  const clusters: { phase: number; points: { y: Float64Array; amount: number }[] }[] = [];
  hull.points.forEach((idx, i) => {
    const amount = hull.amounts[i];
    if (!(amount > 1e-12)) return;
    if (idx < 0) throw new Error("no phase can take this composition (the grid's convex hull does not reach it)");
    const { phase, point } = owners[idx];
    const g = grids[phase];
    const y = g.y.subarray(point * g.ctx.nY, (point + 1) * g.ctx.nY);
    const near = clusters.find((c) => c.phase === phase && c.points.some((q) => siteDistance(q.y, y) <= 2.01 / g.divisions));
    if (near) near.points.push({ y, amount });
    else clusters.push({ phase, points: [{ y, amount }] });
  });
  const sets = clusters.map((c) => {
    const ctx = grids[c.phase].ctx;
    const y = new Float64Array(ctx.nY);
    let amount = 0;
    for (const q of c.points) amount += q.amount;
    for (const q of c.points) for (let i = 0; i < ctx.nY; i++) y[i] += (q.amount / amount) * q.y[i];
    normalizeSites(ctx, y);
    const N = molesOf(ctx, y, new Float64Array(nC));
    return { ctx, y, n: amount / N };
  });
  return { sets, mu: Float64Array.from(hull.mu) };
}

/** Merges sets of one phase that have converged onto the same site fractions. */
function mergeDuplicates(sets: CompositionSet[]): boolean {
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      if (sets[i].ctx === sets[j].ctx && siteDistance(sets[i].y, sets[j].y) < SAME_SET) {
        sets[i].n += sets[j].n;
        sets.splice(j, 1);
        return true;
      }
    }
  }
  return false;
}

export function equilibrium(models: PhaseModel[], conditions: EquilibriumConditions, options: EquilibriumOptions = {}): EquilibriumResult {
  if (models.length === 0) throw new Error("equilibrium: no phases");
  const T = conditions.T;
  const P = conditions.P ?? DEFAULT_PRESSURE;
  if (!(T > 0)) throw new Error(`equilibrium: temperature ${T} K is not positive`);
  const components = systemComponents(models);
  const X = moleFractions(components, conditions.X);
  const dfTol = options.drivingForceTolerance ?? 1e-6;
  const tol = { mass: options.massTolerance ?? 1e-10, energy: 1e-7, maxIterations: options.maxIterations ?? 200 };
  const contexts = models.map((m) => phaseContext(m, components));
  const grids = contexts.map((c) => phaseGrid(c, T, P, options.gridPoints ?? DEFAULT_GRID_POINTS));
  const { sets, mu } = setsFromHull(grids, X);

  let iterations = 0;
  let converged = false;
  const candidates = new Map<number, Candidate | null>();
  for (let round = 0; round < 40; round++) {
    const r = refine(sets, mu, X, T, P, tol);
    iterations += r.iterations;
    if (r.status === "singular") {
      // Too many sets for the phase rule, or two sets that are really one: drop the smallest.
      if (mergeDuplicates(sets)) continue;
      if (sets.length === 1) break;
      let k = 0;
      sets.forEach((s, i) => (s.n < sets[k].n ? (k = i) : 0));
      sets.splice(k, 1);
      continue;
    }
    if (r.status === "removed") continue;
    if (mergeDuplicates(sets)) continue;
    let bestPhase = -1;
    let bestDf = dfTol;
    candidates.clear();
    grids.forEach((g, p) => {
      const present = sets.filter((s) => s.ctx === g.ctx).map((s) => s.y);
      const c = bestCandidate(g, mu, present, T, P);
      candidates.set(p, c);
      if (c && c.drivingForce > bestDf) {
        bestDf = c.drivingForce;
        bestPhase = p;
      }
    });
    if (bestPhase < 0) {
      converged = r.status === "converged";
      break;
    }
    const c = candidates.get(bestPhase)!;
    sets.push({ ctx: grids[bestPhase].ctx, y: Float64Array.from(c.y), n: 0 });
  }

  const nC = components.length;
  const moles = new Float64Array(nC);
  let GM = 0;
  const phases: EquilibriumPhase[] = sets.map((s) => {
    const N = molesOf(s.ctx, s.y, moles);
    GM += s.n * s.ctx.model.gibbs(T, P, s.y);
    return {
      name: s.ctx.name,
      fraction: s.n * N,
      composition: Object.fromEntries(components.map((c, i) => [c, moles[i] / N])),
      siteFractions: s.ctx.model.sublattices.map((_, l) => Array.from(s.y.subarray(s.ctx.subStart[l], s.ctx.subStart[l + 1]))),
    };
  });
  phases.sort((a, b) => b.fraction - a.fraction);
  const drivingForces: Record<string, number> = {};
  grids.forEach((g, p) => {
    if (sets.some((s) => s.ctx === g.ctx)) drivingForces[g.ctx.name] = 0;
    else {
      const c = candidates.get(p) ?? bestCandidate(g, mu, [], T, P);
      drivingForces[g.ctx.name] = c ? c.drivingForce : -Infinity;
    }
  });
  return {
    components,
    phases,
    GM,
    MU: Object.fromEntries(components.map((c, i) => [c, mu[i]])),
    drivingForces,
    converged,
    iterations,
  };
}
