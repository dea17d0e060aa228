/**
 * One equilibrium of the section made exact: Newton–Lagrange (the equilibrium module's `refine`) started from
 * the hull's assemblage and potentials, then checked — no phase, and no second set of a present phase, may lie
 * below the converged tangent plane. When Newton fails or the check finds a phase the hull missed (a coarse
 * grid near a boundary), the full equilibrium solver decides instead; that costs ten times more, so it is
 * the exception.
 */
import type { PhaseModel } from "../model.ts";
import { bestCandidate } from "../equilibrium/candidates.ts";
import { equilibrium } from "../equilibrium/index.ts";
import { refine, type CompositionSet } from "../equilibrium/newton.ts";
import { molesOf, type PhaseContext } from "../equilibrium/phase.ts";
import { stateName } from "../mapping/tieline.ts";
import type { HullAssemblage } from "./classify.ts";
import type { SectionGrid } from "./sampling.ts";

export interface RefinedPhase {
  /** As reported: an ordered phase in a disordered state carries its disordered phase's name. */
  name: string;
  /** Mole fractions of the three components. */
  x: Float64Array;
}

export interface RefinedEquilibrium {
  phases: RefinedPhase[];
  /** True when the full equilibrium solver had to decide. */
  fallback: boolean;
}

/** Driving force (J/mol of atoms) above which a phase missing from the assemblage is a real miss. */
const MISSED = 1e-4;
const TOLERANCES = { mass: 1e-10, energy: 1e-7, maxIterations: 200 };

function phaseOf(ctx: PhaseContext, y: Float64Array): RefinedPhase {
  const moles = new Float64Array(ctx.nC);
  const N = molesOf(ctx, y, moles);
  return { name: stateName(ctx, y), x: Float64Array.from(moles, (v) => v / N) };
}

function newtonFromHull(grid: SectionGrid, X: Float64Array, start: HullAssemblage, T: number, P: number): RefinedPhase[] | null {
  const moles = new Float64Array(X.length);
  const sets: CompositionSet[] = start.sets.map((s) => {
    const ctx = grid.grids[s.phase].ctx;
    return { ctx, y: Float64Array.from(s.y), n: s.amount / molesOf(ctx, s.y, moles) };
  });
  const mu = Float64Array.from(start.mu);
  for (let attempt = 0; attempt < 4; attempt++) {
    const r = refine(sets, mu, X, T, P, TOLERANCES);
    if (r.status === "removed") continue;
    if (r.status !== "converged") return null;
    for (const g of grid.grids) {
      const present = sets.filter((s) => s.ctx === g.ctx).map((s) => s.y);
      const c = bestCandidate(g, mu, present, T, P);
      if (c && c.drivingForce > MISSED) return null;
    }
    return sets.map((s) => phaseOf(s.ctx, s.y));
  }
  return null;
}

/** The equilibrium at X (mole fractions of the three components), started from the hull's assemblage there. */
export function refineAt(models: PhaseModel[], grid: SectionGrid, components: string[], given: Float64Array, start: HullAssemblage, T: number, P: number): RefinedEquilibrium {
  const X = interior(given);
  const fast = newtonFromHull(grid, X, start, T, P);
  if (fast) return { phases: fast, fallback: false };
  let r;
  try {
    r = equilibrium(models, { T, P, X: { [components[1]]: X[1], [components[2]]: X[2] } });
  } catch {
    // One composition the solver cannot settle costs the section a tie-line, not the whole section.
    return { phases: [], fallback: true };
  }
  if (!r.converged) return { phases: [], fallback: true };
  const ctxOf = new Map(grid.grids.map((g) => [g.ctx.name, g.ctx]));
  return {
    fallback: true,
    phases: r.phases.map((p) => {
      const ctx = ctxOf.get(p.name)!;
      return phaseOf(ctx, Float64Array.from(p.siteFractions.flat()));
    }),
  };
}

/** Fractions kept at least this far from 0: a probe between tie-lines on a binary edge can land on the edge itself. */
const INTERIOR = 1e-6;

/** The composition moved just inside the triangle, where every fraction is positive as the solver requires. */
function interior(X: Float64Array): Float64Array {
  const out = Float64Array.from(X, (v) => Math.max(v, INTERIOR));
  const sum = out[0] + out[1] + out[2];
  for (let c = 0; c < 3; c++) out[c] /= sum;
  return out;
}
