/**
 * A phase against fixed chemical potentials: the site fractions that minimise G(y) − Σ μ_c N_c(y) per formula
 * unit, and the driving force Σ μ_c x_c − G/N per mole of atoms there (positive: the phase would lower the
 * system's energy and must be added; zero: on the tangent plane; negative: metastable).
 */
import { solveLinear } from "./linalg.ts";
import { hessian, molesOf, normalizeSites, Y_MIN, type PhaseContext } from "./phase.ts";

export interface PhaseAtPotentials {
  y: Float64Array;
  /** Driving force, J per mole of atoms. */
  drivingForce: number;
  converged: boolean;
}

/** G − μ·N per formula unit and its gradient (into `grad`). */
function objective(ctx: PhaseContext, T: number, P: number, mu: ArrayLike<number>, y: Float64Array, grad: Float64Array): number {
  let f = ctx.model.gibbsGradient(T, P, y, grad);
  for (let i = 0; i < ctx.nY; i++) {
    let s = 0;
    for (let c = 0; c < ctx.nC; c++) s += mu[c] * ctx.a[c * ctx.nY + i];
    grad[i] -= s;
    f -= s * y[i];
  }
  return f;
}

/**
 * Largest deviation of the gradient from its sublattice mean, over the fractions that can still move: a
 * fraction at the floor whose gradient says "go lower" is at its bound, not unconverged.
 */
function stationarity(ctx: PhaseContext, y: Float64Array, grad: Float64Array): number {
  let worst = 0;
  for (let s = 0; s < ctx.nSub; s++) {
    const from = ctx.subStart[s];
    const to = ctx.subStart[s + 1];
    // The sublattice multiplier: the y-weighted mean, which the major constituents set.
    let lambda = 0;
    for (let j = from; j < to; j++) lambda += y[j] * grad[j];
    for (let j = from; j < to; j++) {
      const r = grad[j] - lambda;
      if (y[j] <= 10 * Y_MIN && r > 0) continue;
      worst = Math.max(worst, Math.abs(r));
    }
  }
  return worst;
}

/**
 * Damped Newton on the sublattice-constrained problem from `start`. The Hessian is shifted (Levenberg) when
 * it is not positive on the constraint space, which happens inside a spinodal: there the minimiser has to
 * walk downhill to one side rather than jump to the saddle.
 */
export function minimizeAtPotentials(
  ctx: PhaseContext,
  T: number,
  P: number,
  mu: ArrayLike<number>,
  start: ArrayLike<number>,
  maxIterations = 60,
): PhaseAtPotentials {
  const n = ctx.nY;
  const m = n + ctx.nSub;
  const y = Float64Array.from(start);
  normalizeSites(ctx, y);
  const grad = new Float64Array(n);
  const gTrial = new Float64Array(n);
  const H = new Float64Array(n * n);
  const K = new Float64Array(m * m);
  const rhs = new Float64Array(m);
  const trial = new Float64Array(n);
  let f = objective(ctx, T, P, mu, y, grad);
  let converged = false;
  let shift = 0;
  for (let it = 0; it < maxIterations; it++) {
    if (stationarity(ctx, y, grad) < 1e-7) {
      converged = true;
      break;
    }
    hessian(ctx, T, P, y, gradientOfG(ctx, mu, grad), H);
    let accepted = false;
    for (let attempt = 0; attempt < 12 && !accepted; attempt++) {
      K.fill(0);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) K[i * m + j] = H[i * n + j];
        K[i * m + i] += shift * Math.max(Math.abs(H[i * n + i]), 1);
        K[i * m + n + ctx.subOf[i]] = -1;
        K[(n + ctx.subOf[i]) * m + i] = 1;
        rhs[i] = -grad[i];
      }
      for (let s = 0; s < ctx.nSub; s++) rhs[n + s] = 0;
      if (!solveLinear(K, rhs, m)) {
        shift = Math.max(1e-6, shift * 10);
        continue;
      }
      let slope = 0;
      for (let i = 0; i < n; i++) slope += grad[i] * rhs[i];
      if (!(slope < 0)) {
        shift = Math.max(1e-6, shift * 10);
        continue;
      }
      // Backtracking with a fraction-to-the-bound rule so every fraction stays positive.
      let alpha = 1;
      for (let i = 0; i < n; i++) if (rhs[i] < 0) alpha = Math.min(alpha, (0.99 * (y[i] - Y_MIN)) / -rhs[i] || 1);
      alpha = Math.max(alpha, 1e-12);
      for (let ls = 0; ls < 40; ls++) {
        for (let i = 0; i < n; i++) trial[i] = y[i] + alpha * rhs[i];
        normalizeSites(ctx, trial);
        const ft = objective(ctx, T, P, mu, trial, gTrial);
        if (ft <= f + 1e-4 * alpha * slope) {
          y.set(trial);
          grad.set(gTrial);
          f = ft;
          accepted = true;
          break;
        }
        alpha *= 0.5;
      }
      if (!accepted) shift = Math.max(1e-6, shift * 10);
      else shift = shift / 10 < 1e-8 ? 0 : shift / 10;
    }
    if (!accepted) break;
  }
  const moles = new Float64Array(ctx.nC);
  const N = molesOf(ctx, y, moles);
  return { y, drivingForce: -f / N, converged };
}

/** ∂G/∂y from the objective's gradient (the Hessian difference quotients are taken on G itself). */
function gradientOfG(ctx: PhaseContext, mu: ArrayLike<number>, grad: Float64Array): Float64Array {
  const g = Float64Array.from(grad);
  for (let i = 0; i < ctx.nY; i++) {
    for (let c = 0; c < ctx.nC; c++) g[i] += mu[c] * ctx.a[c * ctx.nY + i];
  }
  return g;
}
