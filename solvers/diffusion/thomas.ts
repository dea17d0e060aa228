/**
 * Tridiagonal systems by the Thomas algorithm, split into factorisation and substitution so a matrix that
 * does not change between time steps (constant D, same step length) is factored once.
 *
 * Row i reads sub[i]·x[i−1] + diag[i]·x[i] + sup[i]·x[i+1] = rhs[i] for i in 0..n−1 (sub[0] and sup[n−1]
 * unused). No pivoting: the diffusion matrices here are strictly diagonally dominant, for which elimination
 * without pivoting is stable.
 */
export interface TridiagonalFactors {
  /** The modified super-diagonal sup[i]/β[i]. */
  upper: Float64Array;
  /** 1/β[i], the reciprocal pivots, so substitution multiplies instead of divides. */
  invPivot: Float64Array;
}

export function allocateFactors(n: number): TridiagonalFactors {
  return { upper: new Float64Array(n), invPivot: new Float64Array(n) };
}

export function factorTridiagonal(sub: Float64Array, diag: Float64Array, sup: Float64Array, n: number, f: TridiagonalFactors): void {
  const { upper, invPivot } = f;
  invPivot[0] = 1 / diag[0];
  for (let i = 1; i < n; i++) {
    upper[i - 1] = sup[i - 1] * invPivot[i - 1];
    invPivot[i] = 1 / (diag[i] - sub[i] * upper[i - 1]);
  }
}

/** Solves with factors from factorTridiagonal of the same sub/diag/sup; x may be a view of another array. */
export function substituteTridiagonal(sub: Float64Array, f: TridiagonalFactors, rhs: Float64Array, x: Float64Array, n: number): void {
  const { upper, invPivot } = f;
  x[0] = rhs[0] * invPivot[0];
  for (let i = 1; i < n; i++) x[i] = (rhs[i] - sub[i] * x[i - 1]) * invPivot[i];
  for (let i = n - 2; i >= 0; i--) x[i] -= upper[i] * x[i + 1];
}

export function solveTridiagonal(
  sub: Float64Array,
  diag: Float64Array,
  sup: Float64Array,
  rhs: Float64Array,
  x: Float64Array,
  n: number,
  f: TridiagonalFactors = allocateFactors(n),
): void {
  factorTridiagonal(sub, diag, sup, n, f);
  substituteTridiagonal(sub, f, rhs, x, n);
}
