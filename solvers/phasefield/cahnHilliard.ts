import { Fft, wavenumbersSquared } from "./fft.ts";

/**
 * Cahn–Hilliard spinodal decomposition of a concentration c (mole fraction) on a periodic grid.
 *
 *   F = ∫ [ f(c) + κ/2·|∇c|² ] dA,   f = W·c²·(1 − c)²   (wells at c = 0 and 1, spinodal 0.211 < c < 0.789),
 *   ∂c/∂t = ∇·( M ∇μ ),   μ = δF/δc = f′(c) − κ∇²c,   f′ = 2W·c·(1 − c)·(1 − 2c).
 *
 * Stabilized semi-implicit Fourier spectral step (Chen & Shen 1998; stabilization of Shen & Yang 2010):
 *   ĉⁿ⁺¹ = [ ĉⁿ + Δt·M·k²·(S·ĉⁿ − f̂′ⁿ) ] / [ 1 + Δt·M·k²·(κk² + S) ].
 * The k = 0 mode is left exactly as it was, so the mean concentration is conserved to rounding; with
 * S ≥ max|f″|/2 over the values c takes (f″ = 2W·(1 − 6c + 6c²) ≤ 2W on [0, 1]; S = 2W leaves room for the
 * small over- and undershoot near the wells) the energy cannot rise, whatever Δt.
 */
export interface CahnHilliardSettings {
  n: number;
  dx: number;
  dt: number;
  mobility: number; // M, m⁵/(J·s)
  kappa: number; // κ, J/m
  barrier: number; // W, J/m³
  stabilization?: number; // S, J/m³; default 2W
}

export class CahnHilliard {
  readonly c: Float64Array;
  readonly n: number;
  private readonly fft: Fft;
  private readonly k2: Float64Array;
  private readonly numerator: Float64Array;
  private readonly denominator: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly out: Float64Array;
  private readonly s: number;

  constructor(readonly settings: CahnHilliardSettings, c: Float64Array) {
    const { n, dx, dt, mobility: M, kappa, barrier } = settings;
    this.n = n;
    this.c = c;
    this.fft = new Fft(n);
    this.k2 = wavenumbersSquared(n, dx);
    this.s = settings.stabilization ?? 2 * barrier;
    this.numerator = this.k2.map((k2) => dt * M * k2);
    this.denominator = this.k2.map((k2) => 1 / (1 + dt * M * k2 * (kappa * k2 + this.s)));
    this.re = new Float64Array(n * n);
    this.im = new Float64Array(n * n);
    this.out = new Float64Array(n * n);
  }

  /**
   * One step. c and g = S·c − f′(c) are both real, so one complex transform of c + i·g carries both:
   * ĉ(k) = (Z(k) + conj Z(−k))/2, ĝ(k) = (Z(k) − conj Z(−k))/(2i). The new ĉ is Hermitian, so its inverse is
   * real and the imaginary part (rounding only) is dropped.
   */
  step(): void {
    const { n, c, re, im, out, numerator, denominator } = this;
    const size = n * n;
    const twoW = 2 * this.settings.barrier;
    for (let i = 0; i < size; i++) {
      const v = c[i];
      re[i] = v;
      im[i] = this.s * v - twoW * v * (1 - v) * (1 - 2 * v); // S·c − f′(c), f′ = 2W·c·(1 − c)·(1 − 2c)
    }
    this.fft.transform2d(re, im);
    const outIm = c; // reused as scratch: c is overwritten by the result below anyway
    for (let y = 0; y < n; y++) {
      const ym = y === 0 ? 0 : n - y;
      for (let x = 0; x < n; x++) {
        const i = y * n + x;
        const j = ym * n + (x === 0 ? 0 : n - x);
        const cr = (re[i] + re[j]) / 2;
        const ci = (im[i] - im[j]) / 2;
        const gr = (im[i] + im[j]) / 2;
        const gi = (re[j] - re[i]) / 2;
        out[i] = (cr + numerator[i] * gr) * denominator[i];
        outIm[i] = (ci + numerator[i] * gi) * denominator[i];
      }
    }
    re.set(out);
    im.set(outIm);
    this.fft.transform2d(re, im, true);
    c.set(re);
  }

  /** Mean concentration (conserved). */
  mean(): number {
    let s = 0;
    for (const v of this.c) s += v;
    return s / this.c.length;
  }

  /** Forward transform of c into (re, im), for the energy and the structure factor. */
  private transformC(): void {
    this.re.set(this.c);
    this.im.fill(0);
    this.fft.transform2d(this.re, this.im);
  }

  /** Domain-average free energy density F/A (J/m³); gradient term by Parseval on the spectrum. */
  energy(): number {
    const { c, k2, re, im } = this;
    const W = this.settings.barrier;
    const size = c.length;
    let local = 0;
    for (let i = 0; i < size; i++) {
      const u = c[i] * (1 - c[i]);
      local += W * u * u;
    }
    this.transformC();
    let gradient = 0;
    for (let i = 0; i < size; i++) gradient += k2[i] * (re[i] * re[i] + im[i] * im[i]);
    return local / size + (this.settings.kappa / 2) * (gradient / (size * size));
  }

  /**
   * Characteristic length 2π/⟨k⟩ (m), ⟨k⟩ = Σ k·S(k) / Σ S(k) the first moment of the structure factor
   * S(k) = |ĉ(k)|² over k ≠ 0. Grows as the pattern coarsens (∝ t^{1/3} in the late, Lifshitz–Slyozov stage).
   */
  length(): number {
    this.transformC();
    const { k2, re, im } = this;
    let moment = 0;
    let total = 0;
    for (let i = 1; i < k2.length; i++) {
      const s = re[i] * re[i] + im[i] * im[i];
      moment += Math.sqrt(k2[i]) * s;
      total += s;
    }
    return total > 0 ? (2 * Math.PI * total) / moment : Number.NaN;
  }
}
