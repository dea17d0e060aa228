/**
 * A PhaseModel seen from the equilibrium code: its site fractions mapped to the system's component order,
 * sublattice bookkeeping, and the numerical Hessian (the model interface gives energies and gradients only).
 */
import type { PhaseModel } from "../model.ts";

/** Site fractions are kept at or above this: the ideal-mixing term y·ln y needs y > 0. */
export const Y_MIN = 1e-14;

export interface PhaseContext {
  model: PhaseModel;
  name: string;
  /** Number of site fractions. */
  nY: number;
  /** Sublattice index of each site fraction. */
  subOf: Int32Array;
  /** First site fraction of each sublattice, plus nY at the end. */
  subStart: number[];
  nSub: number;
  /** Number of system components. */
  nC: number;
  /** a[c * nY + i]: moles of system component c per formula unit contributed by y_i = 1. */
  a: Float64Array;
  /**
   * Fewest atoms per formula unit a state of this phase may have (0: no limit). A phase whose every
   * sublattice can be all vacancies (BCC_B2 with VA on both sublattices) has G per atom unbounded below
   * toward the empty lattice — a few atoms "dissolved in vacuum" gain RT ln y each — so its states are kept
   * at half its full atom content or more; real vacancy contents stay far above that.
   */
  minAtoms: number;
  /**
   * Pairs of sublattices with the same site ratio and constituents (BCC_B2's two ordering sublattices):
   * swapping them gives the other ordering variant of a state, with the same energy and composition.
   */
  swaps: [number, number][];
}

/** Maps a model's element rows onto the system's `components` (a component the phase lacks gets zeros). */
export function phaseContext(model: PhaseModel, components: string[]): PhaseContext {
  const nY = model.sublattices.reduce((s, l) => s + l.constituents.length, 0);
  const subOf = new Int32Array(nY);
  const subStart: number[] = [];
  let i = 0;
  model.sublattices.forEach((l, s) => {
    subStart.push(i);
    for (let k = 0; k < l.constituents.length; k++) subOf[i++] = s;
  });
  subStart.push(nY);
  const nC = components.length;
  const a = new Float64Array(nC * nY);
  model.components.forEach((el, row) => {
    const c = components.indexOf(el);
    if (c < 0) {
      if (model.elementMoles[row].some((v) => v !== 0)) {
        throw new Error(`phase ${model.name} contains ${el}, which is not a component of the system`);
      }
      return;
    }
    for (let j = 0; j < nY; j++) a[c * nY + j] = model.elementMoles[row][j];
  });
  let fullAtoms = 0;
  let canEmpty = true;
  for (let l = 0; l < model.sublattices.length; l++) {
    let most = 0;
    let least = Infinity;
    for (let j = subStart[l]; j < subStart[l + 1]; j++) {
      let atoms = 0;
      for (let c = 0; c < nC; c++) atoms += a[c * nY + j];
      most = Math.max(most, atoms);
      least = Math.min(least, atoms);
    }
    fullAtoms += most;
    if (least > 0) canEmpty = false;
  }
  const minAtoms = canEmpty ? 0.5 * fullAtoms : 0;
  const swaps: [number, number][] = [];
  const ls = model.sublattices;
  for (let p = 0; p < ls.length; p++) {
    for (let q = p + 1; q < ls.length; q++) {
      const same = ls[p].ratio === ls[q].ratio && ls[p].constituents.length === ls[q].constituents.length && ls[p].constituents.every((c, k) => c === ls[q].constituents[k]);
      if (same && ls[p].constituents.length > 1) swaps.push([p, q]);
    }
  }
  return { model, name: model.name, nY, subOf, subStart, nSub: model.sublattices.length, nC, a, minAtoms, swaps };
}

/** Moles of each component per formula unit at y, written into `out`; returns their sum (atoms per formula). */
export function molesOf(ctx: PhaseContext, y: ArrayLike<number>, out: Float64Array): number {
  let total = 0;
  for (let c = 0; c < ctx.nC; c++) {
    let s = 0;
    for (let j = 0; j < ctx.nY; j++) s += ctx.a[c * ctx.nY + j] * y[j];
    out[c] = s;
    total += s;
  }
  return total;
}

/** Lifts every fraction to at least Y_MIN and rescales each sublattice to sum 1. */
export function normalizeSites(ctx: PhaseContext, y: Float64Array): void {
  for (let s = 0; s < ctx.nSub; s++) {
    let sum = 0;
    for (let j = ctx.subStart[s]; j < ctx.subStart[s + 1]; j++) {
      if (!(y[j] > Y_MIN)) y[j] = Y_MIN;
      sum += y[j];
    }
    for (let j = ctx.subStart[s]; j < ctx.subStart[s + 1]; j++) y[j] /= sum;
  }
}

/**
 * ∂²G/∂y_i∂y_j by forward differences of the analytic gradient. The step is relative to y_i because the
 * ideal-mixing curvature RT/y_i is what dominates near a dilute constituent; an approximate Hessian only
 * slows Newton down, it does not move the solution (the residuals use the exact gradient).
 */
export function hessian(
  ctx: PhaseContext,
  T: number,
  P: number,
  y: Float64Array,
  grad: Float64Array,
  H: Float64Array,
): void {
  const n = ctx.nY;
  const yp = Float64Array.from(y);
  const gp = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const h = 1e-7 * Math.max(y[j], 1e-9);
    yp[j] = y[j] + h;
    ctx.model.gibbsGradient(T, P, yp, gp);
    yp[j] = y[j];
    for (let i = 0; i < n; i++) H[i * n + j] = (gp[i] - grad[i]) / h;
  }
  // Symmetrise: the true Hessian is symmetric and Newton–Lagrange systems behave better when it stays so.
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const m = 0.5 * (H[i * n + j] + H[j * n + i]);
      H[i * n + j] = m;
      H[j * n + i] = m;
    }
  }
}

/** Largest absolute difference between two site-fraction vectors. */
export function siteDistance(u: ArrayLike<number>, v: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < u.length; i++) d = Math.max(d, Math.abs(u[i] - v[i]));
  return d;
}

/**
 * Distance between two states of a phase up to its ordering variants: the smaller of siteDistance(u, v) and
 * the distances to v with each interchangeable sublattice pair swapped. Two sets of one ordering well seen
 * from either variant are close in this measure even when their compositions differ.
 */
export function variantDistance(ctx: PhaseContext, u: ArrayLike<number>, v: ArrayLike<number>): number {
  let best = siteDistance(u, v);
  for (const [p, q] of ctx.swaps) {
    let d = 0;
    for (let l = 0; l < ctx.nSub; l++) {
      const from = l === p ? ctx.subStart[q] : l === q ? ctx.subStart[p] : ctx.subStart[l];
      for (let j = ctx.subStart[l], k = from; j < ctx.subStart[l + 1]; j++, k++) d = Math.max(d, Math.abs(u[j] - v[k]));
    }
    best = Math.min(best, d);
  }
  return best;
}

/**
 * Whether two site-fraction vectors of one phase describe the same state: the same fractions, or the same
 * composition and energy (e.g. the two ordering variants of a B2 phase, sublattices swapped), which as two
 * composition sets would leave their amounts undetermined.
 */
export function sameState(ctx: PhaseContext, T: number, P: number, u: ArrayLike<number>, v: ArrayLike<number>, tol = 1e-4): boolean {
  if (siteDistance(u, v) < tol) return true;
  const mu = new Float64Array(ctx.nC);
  const mv = new Float64Array(ctx.nC);
  const nu = molesOf(ctx, u, mu);
  const nv = molesOf(ctx, v, mv);
  for (let c = 0; c < ctx.nC; c++) if (Math.abs(mu[c] / nu - mv[c] / nv) > tol) return false;
  const gu = ctx.model.gibbs(T, P, u) / nu;
  const gv = ctx.model.gibbs(T, P, v) / nv;
  return Math.abs(gu - gv) <= 1e-6 * Math.max(1, Math.abs(gu));
}
