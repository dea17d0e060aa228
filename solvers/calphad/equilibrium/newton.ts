/**
 * Newton–Lagrange refinement of a fixed phase assemblage: site fractions y of every composition set, their
 * amounts n (formula units) and the chemical potentials μ, solving at once
 *   ∂G^α/∂y_i − Σ_c μ_c a^α_ci − λ^α_s = 0      (each site fraction; λ the sublattice multipliers)
 *   Σ_{i∈s} y_i = 1                              (each sublattice)
 *   G^α − Σ_c μ_c N^α_c = 0                      (each set lies on the tangent plane)
 *   Σ_α n^α N^α_c − X_c = 0                       (mass balance)
 * μ and λ enter linearly, so the step solves for their new values directly.
 */
import { R } from "../model.ts";
import { solveLinear } from "./linalg.ts";
import { hessian, molesOf, normalizeSites, Y_MIN, type PhaseContext } from "./phase.ts";

export interface CompositionSet {
  ctx: PhaseContext;
  y: Float64Array;
  /** Amount in formula units. */
  n: number;
}

export interface RefineResult {
  /** "converged", "singular" (drop a set and retry), "removed" (a set's amount went negative and was dropped), "stalled". */
  status: "converged" | "singular" | "removed" | "stalled";
  iterations: number;
  massResidual: number;
}

export interface RefineTolerances {
  mass: number;
  /** On the stationarity and tangent-plane residuals, J/mol. */
  energy: number;
  maxIterations: number;
}

/**
 * A fraction this small whose gradient still points down counts as at its bound: following it further changes
 * G by less than RT·1e-9 per mole, while its RT/y curvature can keep Newton from settling.
 */
const AT_BOUND = 1e-9;

/**
 * Absolute site-fraction resolution of a Newton step: the solve resolves Δy to about 1e-16 of the unit
 * sublattice sum, so a dilute fraction's stationarity residual r cannot be driven below its curvature RT/y
 * times that — a vacancy at 1e-8 (NiCrAl's BCC_B2) is stuck near 1e-4 J/mol of noise. A residual whose
 * Newton correction r·y/RT lies below this is converged: the fraction would move by less than it can resolve,
 * and G by about r²·y/RT.
 */
const Y_RESOLUTION = 1e-14;

/** Consecutive Newton steps a set's amount may be held at zero before the set is dropped. */
const CLAMPED_STEPS = 5;

interface Eval {
  G: number;
  grad: Float64Array;
  N: Float64Array;
}

function evaluate(set: CompositionSet, T: number, P: number): Eval {
  const grad = new Float64Array(set.ctx.nY);
  const G = set.ctx.model.gibbsGradient(T, P, set.y, grad);
  const N = new Float64Array(set.ctx.nC);
  molesOf(set.ctx, set.y, N);
  return { G, grad, N };
}

/** Worst residuals of the conditions above at the current state (multipliers by y-weighted means). */
function residuals(sets: CompositionSet[], evals: Eval[], mu: Float64Array, X: Float64Array, T: number) {
  const nC = X.length;
  const RT = R * T;
  let energy = 0;
  const mass = Float64Array.from(X, (v) => -v);
  sets.forEach((set, k) => {
    const { ctx, y } = set;
    const { G, grad, N } = evals[k];
    const d = new Float64Array(ctx.nY);
    for (let i = 0; i < ctx.nY; i++) {
      let s = grad[i];
      for (let c = 0; c < nC; c++) s -= mu[c] * ctx.a[c * ctx.nY + i];
      d[i] = s;
    }
    for (let s = 0; s < ctx.nSub; s++) {
      let lambda = 0;
      for (let j = ctx.subStart[s]; j < ctx.subStart[s + 1]; j++) lambda += y[j] * d[j];
      for (let j = ctx.subStart[s]; j < ctx.subStart[s + 1]; j++) {
        const r = d[j] - lambda;
        // A fraction held at the floor while its optimum lies even lower is at its bound.
        if (y[j] <= AT_BOUND && r > 0) continue;
        if ((Math.abs(r) * y[j]) / RT < Y_RESOLUTION) continue;
        energy = Math.max(energy, Math.abs(r));
      }
    }
    let plane = G;
    for (let c = 0; c < nC; c++) {
      plane -= mu[c] * N[c];
      mass[c] += set.n * N[c];
    }
    energy = Math.max(energy, Math.abs(plane));
  });
  let massMax = 0;
  for (let c = 0; c < nC; c++) massMax = Math.max(massMax, Math.abs(mass[c]));
  return { energy, mass: massMax };
}

/**
 * Iterates the coupled Newton step on `sets` and `mu` in place. Returns early when the linear system is
 * singular or when a set's amount turns negative (that set is removed from `sets`): the caller decides what
 * the assemblage becomes next.
 */
export function refine(
  sets: CompositionSet[],
  mu: Float64Array,
  X: Float64Array,
  T: number,
  P: number,
  tol: RefineTolerances,
): RefineResult {
  const nC = X.length;
  let massResidual = Infinity;
  const clamped = sets.map(() => 0);
  for (let it = 0; it < tol.maxIterations; it++) {
    const evals = sets.map((s) => evaluate(s, T, P));
    const res = residuals(sets, evals, mu, X, T);
    massResidual = res.mass;
    if (res.mass < tol.mass && res.energy < tol.energy) {
      if (removeEmpty(sets)) return { status: "removed", iterations: it, massResidual };
      return { status: "converged", iterations: it, massResidual };
    }

    // Unknown layout: per set [Δy (nY), λ (nSub)], then Δn per set, then μ.
    const offsets: number[] = [];
    let size = 0;
    for (const s of sets) {
      offsets.push(size);
      size += s.ctx.nY + s.ctx.nSub;
    }
    const nOff = size;
    size += sets.length;
    const muOff = size;
    size += nC;
    const A = new Float64Array(size * size);
    const b = new Float64Array(size);
    const phaseRow = nOff;
    const compRow = muOff;
    sets.forEach((set, k) => {
      const { ctx, y, n } = set;
      const { G, grad, N } = evals[k];
      const o = offsets[k];
      const nY = ctx.nY;
      const H = new Float64Array(nY * nY);
      hessian(ctx, T, P, y, grad, H);
      for (let i = 0; i < nY; i++) {
        const row = (o + i) * size;
        for (let j = 0; j < nY; j++) A[row + o + j] = H[i * nY + j];
        for (let c = 0; c < nC; c++) A[row + muOff + c] = -ctx.a[c * nY + i];
        A[row + o + nY + ctx.subOf[i]] = -1;
        b[o + i] = -grad[i];
      }
      for (let s = 0; s < ctx.nSub; s++) {
        const row = (o + nY + s) * size;
        let sum = 0;
        for (let j = ctx.subStart[s]; j < ctx.subStart[s + 1]; j++) {
          A[row + o + j] = 1;
          sum += y[j];
        }
        b[o + nY + s] = 1 - sum;
      }
      // Tangent plane, linearised with the current μ in the μ·(a Δy) product.
      const prow = (phaseRow + k) * size;
      for (let j = 0; j < nY; j++) {
        let s = grad[j];
        for (let c = 0; c < nC; c++) s -= mu[c] * ctx.a[c * nY + j];
        A[prow + o + j] = s;
      }
      for (let c = 0; c < nC; c++) A[prow + muOff + c] = -N[c];
      b[phaseRow + k] = -G;
      // Mass balance.
      for (let c = 0; c < nC; c++) {
        const crow = (compRow + c) * size;
        for (let j = 0; j < nY; j++) A[crow + o + j] += n * ctx.a[c * nY + j];
        A[crow + nOff + k] = N[c];
      }
    });
    for (let c = 0; c < nC; c++) {
      let s = X[c];
      sets.forEach((set, k) => (s -= set.n * evals[k].N[c]));
      b[compRow + c] = s;
    }
    if (!solveLinear(A, b, size)) return { status: "singular", iterations: it, massResidual };

    // Damping: no site fraction moves by more than 0.2 in one step, far from the solution the quadratic
    // model of G is poor (inside a spinodal it points uphill).
    let maxDy = 0;
    sets.forEach((set, k) => {
      for (let i = 0; i < set.ctx.nY; i++) maxDy = Math.max(maxDy, Math.abs(b[offsets[k] + i]));
    });
    const alpha = maxDy > 0.2 ? 0.2 / maxDy : 1;
    sets.forEach((set, k) => {
      const o = offsets[k];
      for (let i = 0; i < set.ctx.nY; i++) {
        const next = set.y[i] + alpha * b[o + i];
        // A fraction heading below zero is cut to a tenth of its value: it approaches a dilute optimum
        // geometrically instead of being clipped to the floor.
        set.y[i] = next < 0.1 * set.y[i] ? 0.1 * set.y[i] : next;
      }
      normalizeSites(set.ctx, set.y);
      set.n += alpha * b[nOff + k];
      // Amounts are held at zero rather than let negative: two sets of nearly one composition otherwise run
      // off to ±∞ together (their amounts are all but undetermined). A set Newton keeps pushing below zero
      // for several steps does not belong to the assemblage.
      if (set.n < 0) {
        set.n = 0;
        clamped[k]++;
      } else clamped[k] = 0;
    });
    // Amounts are moles of formula units in a system of one mole of atoms: far beyond that, Newton is
    // running away on a nearly singular assemblage.
    if (sets.some((set) => set.n > 1e3)) return { status: "singular", iterations: it + 1, massResidual };
    // A set drifting toward the empty lattice (see PhaseContext.minAtoms) leaves the assemblage.
    const emptied = sets.findIndex((set, k) => set.ctx.minAtoms > 0 && sumOf(evals[k].N) < set.ctx.minAtoms);
    if (emptied >= 0 && sets.length > 1) {
      sets.splice(emptied, 1);
      return { status: "removed", iterations: it + 1, massResidual };
    }
    const stuck = clamped.findIndex((c) => c >= CLAMPED_STEPS);
    if (stuck >= 0 && sets.length > 1) {
      sets.splice(stuck, 1);
      return { status: "removed", iterations: it + 1, massResidual };
    }
    for (let c = 0; c < nC; c++) mu[c] += alpha * (b[muOff + c] - mu[c]);
  }
  return { status: "stalled", iterations: tol.maxIterations, massResidual };
}

/** Drops sets that converged with no amount: they touch the tangent plane but take no part. */
function removeEmpty(sets: CompositionSet[]): boolean {
  const k = sets.findIndex((set) => set.n <= 0);
  if (k < 0 || sets.length === 1) return false;
  sets.splice(k, 1);
  return true;
}

function sumOf(v: Float64Array): number {
  let s = 0;
  for (const x of v) s += x;
  return s;
}
