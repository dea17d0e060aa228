/**
 * A two-phase equilibrium (tie-line) of a binary at fixed T: the chemical potentials μ at which both phases,
 * each at its own best site fractions, touch the tangent line (driving force 0). The driving force's
 * derivative with respect to μ_c is the phase's mole fraction x_c (envelope theorem), so Newton on μ is a
 * 2×2 solve per step and converges quadratically; the phases' internal states come from the equilibrium
 * code's constrained minimiser.
 */
import { minimizeAtPotentials } from "../equilibrium/driving.ts";
import { molesOf, siteDistance, type PhaseContext } from "../equilibrium/phase.ts";
import type { CalphadPhaseModel } from "../models/index.ts";

export interface PhaseState {
  ctx: PhaseContext;
  y: Float64Array;
  /** Mole fraction of the second component. */
  x: number;
}

export interface TieLine {
  T: number;
  mu: [number, number];
  left: PhaseState;
  right: PhaseState;
  /** Display names (an ordered phase in a disordered state carries its disordered phase's name). */
  names: [string, string];
}

/** The name a phase state is reported under: B2_BCC with no order is BCC_A2, as in the published diagrams. */
export function stateName(ctx: PhaseContext, y: ArrayLike<number>): string {
  const m = ctx.model as Partial<CalphadPhaseModel>;
  if (m.orderDisorder && m.orderingDegree && m.orderingDegree(y) < 1e-4) return m.orderDisorder.disorderedPhase;
  return ctx.name;
}

export function compositionOf(ctx: PhaseContext, y: ArrayLike<number>): number {
  const moles = new Float64Array(ctx.nC);
  const n = molesOf(ctx, y, moles);
  return moles[1] / n;
}

/**
 * Internal-minimiser iterations per call. Callers iterate on μ and warm-start from the last site fractions,
 * so iterations add up across calls; a short budget keeps a phase whose gradient cannot reach the absolute
 * stationarity test (large terms of an ordered phase) from spending its full budget at every μ step.
 */
const INNER_ITERATIONS = 8;

/** The phase at μ from a start: its best site fractions, composition and driving force (J/mol of atoms). */
export function phaseAt(ctx: PhaseContext, T: number, P: number, mu: ArrayLike<number>, start: ArrayLike<number>) {
  const r = minimizeAtPotentials(ctx, T, P, mu, start, INNER_ITERATIONS);
  return { y: r.y, x: compositionOf(ctx, r.y), drivingForce: r.drivingForce };
}

/** Two phase states closer than this in x are one state, not a tie-line. */
export const SAME_X = 1e-6;
/** Two sets of one phase whose site fractions come this close are taken as merging. */
const MERGING = 2e-3;
/** … or whose compositions do: a field of one phase narrower than this is below what a diagram shows. */
const MERGING_X = 1e-3;

/**
 * Newton on μ from a start (a hull edge or the previous temperature's tie-line). Returns null when the two
 * states merge or Newton does not settle (no such two-phase equilibrium here).
 */
export function refineTieLine(
  a: { ctx: PhaseContext; y: ArrayLike<number> },
  b: { ctx: PhaseContext; y: ArrayLike<number> },
  T: number,
  P: number,
  mu0: [number, number],
): TieLine | null {
  const mu: [number, number] = [mu0[0], mu0[1]];
  let ya: ArrayLike<number> = a.y;
  let yb: ArrayLike<number> = b.y;
  for (let it = 0; it < 40; it++) {
    const pa = phaseAt(a.ctx, T, P, mu, ya);
    const pb = phaseAt(b.ctx, T, P, mu, yb);
    ya = pa.y;
    yb = pb.y;
    const det = pb.x - pa.x; // |1−xa xa; 1−xb xb|
    if (!(Math.abs(det) > SAME_X)) return null;
    // Two sets of one phase walking onto each other (a second-order transition, a gap closing): one state.
    if (a.ctx === b.ctx && (siteDistance(pa.y, pb.y) < MERGING || Math.abs(det) < MERGING_X)) return null;
    if (Math.abs(pa.drivingForce) < 1e-7 && Math.abs(pb.drivingForce) < 1e-7) {
      const [left, right] = pa.x <= pb.x ? [{ ctx: a.ctx, y: pa.y, x: pa.x }, { ctx: b.ctx, y: pb.y, x: pb.x }] : [{ ctx: b.ctx, y: pb.y, x: pb.x }, { ctx: a.ctx, y: pa.y, x: pa.x }];
      return { T, mu, left, right, names: [stateName(left.ctx, left.y), stateName(right.ctx, right.y)] };
    }
    // (1−x)·dμA + x·dμB = −DF for both phases; in u = dμA, v = dμB − dμA that is u + x·v = −DF.
    const ra = -pa.drivingForce;
    const rb = -pb.drivingForce;
    let v = (rb - ra) / det;
    let u = ra - pa.x * v;
    // Steps of more than a few kJ/mol only happen far from a solution; cap them so the minimiser keeps its branch.
    const big = Math.max(Math.abs(u), Math.abs(u + v));
    if (big > 5000) {
      u *= 5000 / big;
      v *= 5000 / big;
    }
    mu[0] += u;
    mu[1] += u + v;
  }
  return null;
}
