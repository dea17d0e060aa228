/**
 * The lower convex hull at one overall composition, as a linear program: choose amounts φ_k ≥ 0 of grid
 * points with Σ φ_k x_k = X minimising Σ φ_k g_k. Solved by the revised simplex method: the basis is at most
 * one point per component, and its dual values are the chemical potentials of the starting tangent plane.
 */
import { solveLinear } from "./linalg.ts";

export interface HullResult {
  /** Indices of the basis points into the candidate list (−1 for a fictitious point still in the basis). */
  points: number[];
  /** Moles of atoms of each basis point. */
  amounts: number[];
  /** Chemical potentials (J/mol) of the hull facet. */
  mu: Float64Array;
  iterations: number;
}

/**
 * x: compositions (count × nC, rows sum to 1), g: energies per mole of atoms, X: overall composition.
 * Starts from fictitious pure-component points far above every real energy (big-M), so any real point that
 * lies below the current facet enters, and the fictitious ones leave as soon as the real ones span X.
 */
export function lowerHull(x: Float64Array, g: Float64Array, count: number, X: Float64Array, warm?: number[]): HullResult {
  const nC = X.length;
  let gMax = -Infinity;
  let gMin = Infinity;
  for (let k = 0; k < count; k++) {
    gMax = Math.max(gMax, g[k]);
    gMin = Math.min(gMin, g[k]);
  }
  const big = gMax + 1e3 * Math.max(1, gMax - gMin, Math.abs(gMax));
  let basis = Array.from({ length: nC }, (_, c) => -1 - c);
  let phi = Float64Array.from(X);
  const mu = new Float64Array(nC);
  const colOf = (idx: number, c: number) => (idx < 0 ? (c === -1 - idx ? 1 : 0) : x[idx * nC + c]);
  const energyOf = (idx: number) => (idx < 0 ? big : g[idx]);
  const A = new Float64Array(nC * nC);
  const w = new Float64Array(nC);
  const inBasis = new Uint8Array(count);
  // A warm start from an earlier basis (the same X, more columns since): it is still feasible, so the
  // simplex only has to bring in the new columns. Fictitious points are given as −1 and stay fictitious.
  if (warm && warm.length === nC) {
    const start = warm.map((b, i) => (b < 0 ? -1 - i : b));
    for (let c = 0; c < nC; c++) {
      for (let i = 0; i < nC; i++) A[c * nC + i] = colOf(start[i], c);
      w[c] = X[c];
    }
    if (solveLinear(A, w, nC) && w.every((v) => v >= -1e-12)) {
      basis = start;
      phi = Float64Array.from(w, (v) => Math.max(v, 0));
    }
  }
  for (const b of basis) if (b >= 0) inBasis[b] = 1;
  let iterations = 0;
  const tol = 1e-9 * Math.max(1, Math.abs(gMin), Math.abs(gMax));
  for (; iterations < 50 * (nC + 10) + count; iterations++) {
    // Duals: Bᵀ μ = g_B.
    for (let i = 0; i < nC; i++) {
      for (let c = 0; c < nC; c++) A[i * nC + c] = colOf(basis[i], c);
      mu[i] = energyOf(basis[i]);
    }
    if (!solveLinear(A, mu, nC)) throw new Error("convex hull: singular basis");
    let enter = -1;
    let best = -tol;
    for (let k = 0; k < count; k++) {
      if (inBasis[k]) continue;
      let d = g[k];
      for (let c = 0; c < nC; c++) d -= x[k * nC + c] * mu[c];
      if (d < best) {
        best = d;
        enter = k;
      }
    }
    if (enter < 0) break;
    // Direction: B w = x_enter.
    for (let c = 0; c < nC; c++) {
      for (let i = 0; i < nC; i++) A[c * nC + i] = colOf(basis[i], c);
      w[c] = x[enter * nC + c];
    }
    if (!solveLinear(A, w, nC)) throw new Error("convex hull: singular basis");
    let leave = -1;
    let ratio = Infinity;
    for (let i = 0; i < nC; i++) {
      if (w[i] <= 1e-12) continue;
      const r = phi[i] / w[i];
      // Ties go to a fictitious point so that the big-M start is left as early as possible.
      if (r < ratio - 1e-15 || (Math.abs(r - ratio) <= 1e-15 && basis[i] < 0)) {
        ratio = r;
        leave = i;
      }
    }
    if (leave < 0) throw new Error("convex hull: unbounded direction");
    for (let i = 0; i < nC; i++) phi[i] -= ratio * w[i];
    phi[leave] = ratio;
    if (basis[leave] >= 0) inBasis[basis[leave]] = 0;
    basis[leave] = enter;
    inBasis[enter] = 1;
  }
  return { points: basis.map((b) => (b < 0 ? -1 : b)), amounts: Array.from(phi), mu, iterations };
}
