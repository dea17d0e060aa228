/**
 * An equilibrium state a step calculation can carry from one temperature to the next: the composition sets
 * (site fractions and amounts) and the chemical potentials. A fresh state comes from the global equilibrium
 * solver; a warm one from Newton started at the previous temperature's state, accepted only when no phase
 * (nor a second set of a present phase) lies above the new tangent plane.
 */
import type { PhaseModel } from "../model.ts";
import { equilibrium } from "../equilibrium/index.ts";
import { bestCandidate, NEW_SET } from "../equilibrium/candidates.ts";
import { minimizeAtPotentials } from "../equilibrium/driving.ts";
import { phaseGrid } from "../equilibrium/grid.ts";
import { refine, type CompositionSet } from "../equilibrium/newton.ts";
import { molesOf, normalizeSites, phaseContext, sameState, type PhaseContext } from "../equilibrium/phase.ts";

export interface StepSystem {
  models: PhaseModel[];
  contexts: PhaseContext[];
  components: string[];
  /** Overall mole fractions in component order. */
  X: Float64Array;
  /** The same as the equilibrium solver's conditions record. */
  conditionX: Record<string, number>;
  P: number;
}

export interface StepState {
  T: number;
  sets: CompositionSet[];
  mu: Float64Array;
  /**
   * Per phase, where its lowest point under the tangent plane was at this T (absent: not tracked). A warm
   * state's check follows these minima from point to point, which they do continuously, instead of searching
   * each phase's grid again; a minimum that appears elsewhere is the global checks' to find. Null: a
   * present phase whose only minimum is its own set (a second one, a miscibility gap opening, is likewise
   * left to the global checks).
   */
  minima?: Map<PhaseContext, Float64Array | null>;
}

export function stepSystem(models: PhaseModel[], components: string[], X: Float64Array, conditionX: Record<string, number>, P: number): StepSystem {
  return { models, contexts: models.map((m) => phaseContext(m, components)), components, X, conditionX, P };
}

/** Newton's tolerances as the equilibrium solver uses them. */
const TOLERANCES = { mass: 1e-10, energy: 1e-7, maxIterations: 200 };
/** Driving force (J/mol of atoms) above which a phase missing from a warm state makes it wrong. */
const DRIVING_FORCE = 1e-6;
/** Grid points per phase for the warm state's check: candidates are refined locally, a coarse grid only seeds them. */
const CHECK_GRID = 300;

export const copyState = (s: StepState): StepState => ({
  T: s.T,
  sets: s.sets.map((x) => ({ ctx: x.ctx, y: Float64Array.from(x.y), n: x.n })),
  mu: Float64Array.from(s.mu),
});

/**
 * The largest driving force of `ctx` at the state's potentials away from its present sets: from the tracked
 * minimum when there is one, else from a coarse grid. Records the minimum found in `minima`.
 */
function drivingForceOf(sys: StepSystem, s: StepState, ctx: PhaseContext, tracked: Float64Array | null | undefined, minima: Map<PhaseContext, Float64Array | null>): number {
  const present = s.sets.filter((x) => x.ctx === ctx).map((x) => x.y);
  if (tracked === null && present.length) {
    minima.set(ctx, null);
    return -Infinity;
  }
  if (tracked) {
    const r = minimizeAtPotentials(ctx, s.T, sys.P, s.mu, tracked);
    if (r.converged && !present.some((y) => sameState(ctx, s.T, sys.P, r.y, y, NEW_SET))) {
      minima.set(ctx, r.y);
      return r.drivingForce;
    }
    if (present.length) {
      // The minimum has become the phase's own set.
      minima.set(ctx, null);
      return -Infinity;
    }
  }
  // Not tracked yet (or a phase just left the assemblage): search its grid.
  const c = bestCandidate(phaseGrid(ctx, s.T, sys.P, CHECK_GRID), s.mu, present, s.T, sys.P);
  if (c) minima.set(ctx, c.y);
  else if (present.length) minima.set(ctx, null);
  return c ? c.drivingForce : -Infinity;
}

/**
 * The global solver at T, its result read back into composition sets. A start that does not converge is
 * retried a hair away (1e-6 K and more): a failure is almost always a near-degenerate grid at that very T
 * (e.g. at an invariant); the neighbour's state is then carried back to T by Newton. Throws if all fail.
 */
export function freshState(sys: StepSystem, T: number): StepState {
  for (const dT of [0, 1e-6, -1e-6, 1e-4, -1e-4, 1e-2, -1e-2]) {
    const s = globalState(sys, T + dT);
    // Newton takes the neighbour's state back to T itself, so the point keeps the temperature asked for.
    if (s) return dT === 0 ? s : (warmState(sys, s, T, false) ?? s);
  }
  throw new Error(`the equilibrium at ${T} K did not converge`);
}

function globalState(sys: StepSystem, T: number): StepState | null {
  const r = equilibrium(sys.models, { T, P: sys.P, X: sys.conditionX });
  if (!r.converged) return null;
  const moles = new Float64Array(sys.components.length);
  const sets = r.phases.map((p) => {
    const ctx = sys.contexts.find((c) => c.name === p.name)!;
    const y = Float64Array.from(p.siteFractions.flat());
    normalizeSites(ctx, y);
    return { ctx, y, n: p.fraction / molesOf(ctx, y, moles) };
  });
  return { T, sets, mu: Float64Array.from(sys.components.map((c) => r.MU[c])) };
}

/**
 * Newton from `from` at a new T with the same assemblage (a set whose amount vanishes may leave). Null when
 * Newton fails; with `check`, null too when some phase has a positive driving force at the new potentials.
 */
export function warmState(sys: StepSystem, from: StepState, T: number, check = true): StepState | null {
  const s = copyState(from);
  s.T = T;
  for (let round = 0; round < 10; round++) {
    const r = refine(s.sets, s.mu, sys.X, T, sys.P, TOLERANCES);
    if (r.status === "removed") continue;
    if (r.status !== "converged") return null;
    if (!check) return s;
    const minima = new Map<PhaseContext, Float64Array | null>();
    // A set Newton dropped (two sets of a gap merging, a phase leaving) changes which minima exist: then
    // every phase's grid is searched again rather than the old minima followed.
    const kept = s.sets.length === from.sets.length && s.sets.every((x, i) => x.ctx === from.sets[i].ctx);
    for (const ctx of sys.contexts) {
      if (drivingForceOf(sys, s, ctx, kept ? from.minima?.get(ctx) : undefined, minima) > DRIVING_FORCE) return null;
    }
    s.minima = minima;
    return s;
  }
  return null;
}

/** Gibbs energy per mole of atoms of the system. */
export function gibbsOf(sys: StepSystem, s: StepState, T = s.T): number {
  let G = 0;
  for (const x of s.sets) G += x.n * x.ctx.model.gibbs(T, sys.P, x.y);
  return G;
}

/** The stable phases' names, sorted, a phase with two sets twice: two states with one key are one phase field. */
export const assemblageKey = (s: StepState): string =>
  s.sets
    .map((x) => x.ctx.name)
    .sort()
    .join("+");
