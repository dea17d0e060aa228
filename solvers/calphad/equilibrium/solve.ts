/**
 * Gibbs energy minimisation at given T, P and overall composition: a grid start and its lower convex hull
 * give the assemblage and potentials; Newton–Lagrange refines it; phases (or further composition sets of a
 * phase already present) with a positive driving force are added and sets whose amount vanishes removed,
 * until the mass balance holds and no phase lies below the tangent plane.
 */
import type { PhaseModel } from "../model.ts";
import { DEFAULT_PRESSURE, moleFractions, systemComponents, type EquilibriumConditions } from "./conditions.ts";
import { bestCandidate, type Candidate } from "./candidates.ts";
import { DEFAULT_GRID_POINTS, phaseGrid } from "./grid.ts";
import { refine, type CompositionSet } from "./newton.ts";
import { molesOf, phaseContext, sameState } from "./phase.ts";
import { globalStart } from "./start.ts";

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

/** Merges sets of one phase that have converged onto the same site fractions. */
function mergeDuplicates(sets: CompositionSet[], T: number, P: number): boolean {
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      if (sets[i].ctx === sets[j].ctx && sameState(sets[i].ctx, T, P, sets[i].y, sets[j].y, SAME_SET)) {
        sets[i].n += sets[j].n;
        sets.splice(j, 1);
        return true;
      }
    }
  }
  return false;
}

/** Fractions this far outside [0, 1] are rounding, not a wrong assemblage. */
const FRACTION_ROUNDING = 1e-9;

/**
 * Whether an unconverged assemblage is still an answer: every fraction in [0, 1], the mass balance held, and
 * GM not above the hull the search started from (which bounds the true minimum from above). A Newton run that
 * wandered off, or stopped before the mass balance closed, fails this.
 */
function plausible(sets: CompositionSet[], X: Float64Array, T: number, P: number, hullGM: number, massTolerance: number): boolean {
  const moles = new Float64Array(X.length);
  const held = new Float64Array(X.length);
  let GM = 0;
  for (const s of sets) {
    const f = s.n * molesOf(s.ctx, s.y, moles);
    if (!(f >= -FRACTION_ROUNDING && f <= 1 + FRACTION_ROUNDING)) return false;
    for (let c = 0; c < X.length; c++) held[c] += s.n * moles[c];
    GM += s.n * s.ctx.model.gibbs(T, P, s.y);
  }
  for (let c = 0; c < X.length; c++) if (!(Math.abs(held[c] - X[c]) <= massTolerance)) return false;
  return GM <= hullGM + 1e-9 * Math.max(1, Math.abs(hullGM));
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
  const start = globalStart(grids, X, T, P);
  const hullMu = Float64Array.from(start.mu);
  let { sets, mu } = start;

  let iterations = 0;
  let converged = false;
  const candidates = new Map<number, Candidate | null>();
  for (let round = 0; round < 40; round++) {
    const before = sets.map((s) => ({ ...s, y: Float64Array.from(s.y) }));
    const muBefore = Float64Array.from(mu);
    const r = refine(sets, mu, X, T, P, tol);
    iterations += r.iterations;
    if (r.status === "singular") {
      // Too many sets for the phase rule, or two sets that are really one: back to where this assemblage
      // started (the failed iterations may have wandered far), then merge or drop the smallest set.
      sets.splice(0, sets.length, ...before);
      mu.set(muBefore);
      if (mergeDuplicates(sets, T, P)) continue;
      if (sets.length === 1) break;
      let k = 0;
      sets.forEach((s, i) => (s.n < sets[k].n ? (k = i) : 0));
      sets.splice(k, 1);
      continue;
    }
    if (r.status === "removed") continue;
    if (mergeDuplicates(sets, T, P)) continue;
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
  if (!converged && !plausible(sets, X, T, P, start.hullGM, 10 * tol.mass)) {
    // Newton ended somewhere worse than its own start: report the hull's assemblage, which at least holds the
    // mass balance with fractions in [0, 1] and an energy no sampled state undercuts.
    sets = start.hullSets;
    mu = hullMu;
  }
  let GM = 0;
  const phases: EquilibriumPhase[] = sets.map((s) => {
    const N = molesOf(s.ctx, s.y, moles);
    GM += s.n * s.ctx.model.gibbs(T, P, s.y);
    return {
      name: s.ctx.name,
      // Rounding can put a lone phase at 1 + 2e-16; plausible() has ruled out anything larger.
      fraction: Math.min(1, Math.max(0, s.n * N)),
      composition: Object.fromEntries(components.map((c, i) => [c, moles[i] / N])),
      siteFractions: s.ctx.model.sublattices.map((_, l) => Array.from(s.y.subarray(s.ctx.subStart[l], s.ctx.subStart[l + 1]))),
    };
  });
  phases.sort((a, b) => b.fraction - a.fraction);
  const drivingForces: Record<string, number> = {};
  grids.forEach((g, p) => {
    if (sets.some((s) => s.ctx === g.ctx)) drivingForces[g.ctx.name] = 0;
    else {
      // The last round's candidates were computed at the final μ only if that round ended the search.
      const c = (converged ? candidates.get(p) : undefined) ?? bestCandidate(g, mu, [], T, P);
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
