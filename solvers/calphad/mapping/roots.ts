/** Bracketed root finding for the invariant temperatures: Illinois (regula falsi with halving), bisection's safety. */

/**
 * A root of f between a and b where f(a) and f(b) differ in sign, to |b − a| < tol. A NaN from f (the
 * construction failed there) falls back to plain bisection. Returns the bracket's midpoint at the end.
 */
export function illinois(f: (t: number) => number, a: number, b: number, fa: number, fb: number, tol: number): number {
  let side = 0;
  for (let it = 0; it < 100 && Math.abs(b - a) > tol; it++) {
    let c = (a * fb - b * fa) / (fb - fa);
    // Keep the step inside the bracket and away from its ends, or bisect.
    if (!(c > Math.min(a, b) + tol / 4 && c < Math.max(a, b) - tol / 4)) c = 0.5 * (a + b);
    let fc = f(c);
    if (Number.isNaN(fc)) {
      c = 0.5 * (a + b);
      fc = f(c);
      if (Number.isNaN(fc)) return c;
    }
    if (fc === 0) return c;
    if (Math.sign(fc) === Math.sign(fb)) {
      b = c;
      fb = fc;
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      a = c;
      fa = fc;
      if (side === 1) fb /= 2;
      side = 1;
    }
  }
  return 0.5 * (a + b);
}
