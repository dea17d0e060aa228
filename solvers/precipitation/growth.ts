/**
 * Diffusion-controlled growth of a spherical particle with Gibbs–Thomson interfacial compositions:
 *   dR/dt = D/(ε·R) · Ω,   Ω = (x − x_α(R)) / (x_β(R)·V_m^α/V_m^β − x_α(R)),
 * where ε(Ω) is the effective diffusion distance (in units of R) of the moving-boundary solution, so that a
 * strongly supersaturated particle grows faster than the quasi-stationary D·Ω/R. This is kawin's growth rate
 * (KWNEuler._singleGrowthBinary, parameters/EffectiveDiffusion.py) for a sphere.
 */

/** erfc(x)·exp(x²) for x ≥ 0, to ~1e-13 relative: series for erf below 2.5, Lentz continued fraction above. */
export function erfcx(x: number): number {
  if (x < 2.5) {
    // erf(x) = 2/√π Σ (−1)^n x^(2n+1) / (n!(2n+1))
    let term = x;
    let sum = x;
    for (let n = 1; n < 200; n++) {
      term *= (-x * x) / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return (1 - (2 / Math.sqrt(Math.PI)) * sum) * Math.exp(x * x);
  }
  // erfcx(x) = (1/√π) · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
  let f = x;
  let C = x;
  let Dn = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    Dn = x + a * Dn;
    Dn = Dn === 0 ? 1e-300 : 1 / Dn;
    C = x + a / C;
    const delta = C * Dn;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return 1 / (Math.sqrt(Math.PI) * f);
}

/**
 * ε(Ω): with Ω = 2λ² − 2λ³√π·exp(λ²)·erfc(λ) (Zener's growth of a sphere from a supersaturated matrix),
 * ε = Ω/(2λ²). kawin tabulates it at 250 λ from 1e-5 to 10 (log-spaced) with the ends Ω=0 → 1 and Ω=1 → 0
 * and interpolates linearly in Ω; so does this, so both evaluate the same function.
 */
const EFFECTIVE_TABLE = (() => {
  const n = 250;
  const omega = [0];
  const eps = [1];
  for (let i = 0; i < n; i++) {
    const lam = 10 ** (-5 + (6 * i) / (n - 1));
    const om = 2 * lam * lam * (1 - lam * Math.sqrt(Math.PI) * erfcx(lam));
    omega.push(om);
    eps.push(om / (2 * lam * lam));
  }
  omega.push(1);
  eps.push(0);
  return { omega: Float64Array.from(omega), eps: Float64Array.from(eps) };
})();

export function effectiveDiffusionDistance(supersaturation: number): number {
  const { omega, eps } = EFFECTIVE_TABLE;
  if (!(supersaturation > omega[0])) return eps[0];
  const last = omega.length - 1;
  if (supersaturation >= omega[last]) return eps[last];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (omega[mid] <= supersaturation) lo = mid;
    else hi = mid;
  }
  const w = (supersaturation - omega[lo]) / (omega[hi] - omega[lo]);
  return eps[lo] + w * (eps[hi] - eps[lo]);
}

/** Growth rate (m/s) of a particle of radius R with interfacial compositions xAlpha, xBeta in a matrix at x. */
export function growthRate(R: number, x: number, xAlpha: number, xBeta: number, D: number, volumeRatio: number): number {
  const omega = (x - xAlpha) / (volumeRatio * xBeta - xAlpha);
  return (D * omega) / (effectiveDiffusionDistance(omega) * R);
}
