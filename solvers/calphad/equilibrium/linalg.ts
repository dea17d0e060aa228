/**
 * Dense linear solves for the small systems of the equilibrium code (a Newton–Lagrange step has tens of
 * unknowns, the hull's basis as many as components), so Gaussian elimination is all that is needed.
 */

/**
 * Solves A·x = b in place (A row-major n×n, overwritten; b becomes x). Rows and then columns are scaled to
 * unit max first: the Newton rows of a dilute constituent carry RT/y ≈ 1e15 next to constraint rows of 1,
 * and the potential of a component that is nearly absent has a column of tiny numbers; an unscaled pivot test
 * would call such systems singular. Returns false when a pivot vanishes (singular system).
 */
export function solveLinear(A: Float64Array, b: Float64Array, n: number): boolean {
  for (let i = 0; i < n; i++) {
    let max = 0;
    for (let j = 0; j < n; j++) max = Math.max(max, Math.abs(A[i * n + j]));
    if (max === 0) return false;
    const s = 1 / max;
    for (let j = 0; j < n; j++) A[i * n + j] *= s;
    b[i] *= s;
  }
  const colScale = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    let max = 0;
    for (let i = 0; i < n; i++) max = Math.max(max, Math.abs(A[i * n + j]));
    if (max === 0) return false;
    colScale[j] = 1 / max;
    for (let i = 0; i < n; i++) A[i * n + j] *= colScale[j];
  }
  for (let k = 0; k < n; k++) {
    let p = k;
    let best = Math.abs(A[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(A[i * n + k]);
      if (v > best) {
        best = v;
        p = i;
      }
    }
    if (!(best > 1e-13)) return false;
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const t = A[k * n + j];
        A[k * n + j] = A[p * n + j];
        A[p * n + j] = t;
      }
      const t = b[k];
      b[k] = b[p];
      b[p] = t;
    }
    const inv = 1 / A[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const f = A[i * n + k] * inv;
      if (f === 0) continue;
      for (let j = k; j < n; j++) A[i * n + j] -= f * A[k * n + j];
      b[i] -= f * b[k];
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let j = i + 1; j < n; j++) s -= A[i * n + j] * b[j];
    b[i] = s / A[i * n + i];
  }
  for (let j = 0; j < n; j++) b[j] *= colScale[j];
  return true;
}
