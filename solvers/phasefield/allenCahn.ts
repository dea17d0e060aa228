import { Fft, wavenumbersSquared } from "./fft.ts";

/**
 * Multi-order-parameter Allen–Cahn grain growth (Fan & Chen 1997; the form of Krill & Chen 2002 / Moelans 2008).
 *
 * Free energy (per unit volume of the 2-D domain, J/m³ when W is):
 *   F = ∫ [ f(η₁…η_p) + κ/2 Σᵢ |∇ηᵢ|² ] dA,
 *   f = W·[ Σᵢ (ηᵢ⁴/4 − ηᵢ²/2) + γ Σᵢ Σ_{j>i} ηᵢ²ηⱼ² + 1/4 ],
 * so a grain (one ηᵢ = 1, the others 0) has f = 0, and for p = 1 f = W/4·(1 − η²)² with wells at η = ±1.
 * Each order parameter relaxes as ∂ηᵢ/∂t = −L·δF/δηᵢ = −L·(∂f/∂ηᵢ − κ∇²ηᵢ).
 * With this convention (κ/2 in F, so κ∇²η in the equation) the sharp-interface limit is v = −Lκ·curvature:
 * a circular grain of one order parameter shrinks as R² = R₀² − 2Lκt.
 *
 * Time stepping (Chen & Shen 1998, with the linear stabilization of Shen & Yang 2010): the gradient term is
 * implicit in Fourier space and the local force explicit, plus S·(ηⁿ⁺¹ − ηⁿ) on both sides,
 *   η̂ⁿ⁺¹ = [ (1 + Δt·L·S)·η̂ⁿ − Δt·L·(∂f/∂η)^ⁿ ] / [ 1 + Δt·L·(κk² + S) ],
 * which is energy-stable for any Δt once S ≥ max|∂²f/∂η²|/2, and exact for S = 0, f = 0 (pure diffusion decay
 * of every mode by 1/(1 + Δt·L·κ·k²)).
 */
export interface AllenCahnSettings {
  n: number;
  dx: number;
  dt: number;
  mobility: number; // L, m³/(J·s)
  kappa: number; // κ, J/m
  barrier: number; // W, J/m³
  gamma: number; // cross-term coefficient γ (> 1/2 keeps two grains from sharing a cell)
  /** Stabilization S in J/m³; the default W·(1 + γ) is above half of f'' in the reachable range. */
  stabilization?: number;
}

export class AllenCahn {
  readonly eta: Float64Array[];
  readonly n: number;
  private readonly fft: Fft;
  private readonly denominator: Float64Array;
  private readonly k2: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly sumSq: Float64Array;
  private readonly s: number;

  constructor(readonly settings: AllenCahnSettings, eta: Float64Array[]) {
    const { n, dx, dt, mobility: L, kappa, barrier, gamma } = settings;
    this.n = n;
    this.eta = eta;
    this.fft = new Fft(n);
    this.k2 = wavenumbersSquared(n, dx);
    this.s = settings.stabilization ?? barrier * (1 + gamma);
    this.denominator = this.k2.map((k2) => 1 / (1 + dt * L * (kappa * k2 + this.s)));
    this.re = new Float64Array(n * n);
    this.im = new Float64Array(n * n);
    this.sumSq = new Float64Array(n * n);
  }

  /** Σⱼ ηⱼ² per cell, which the cross term of every ∂f/∂ηᵢ needs. */
  private sumOfSquares(): Float64Array {
    const out = this.sumSq.fill(0);
    for (const e of this.eta) for (let i = 0; i < e.length; i++) out[i] += e[i] * e[i];
    return out;
  }

  /** One time step of every order parameter. Two real fields share one complex transform (η_a + i·η_b): the update's multiplier is real and even in k, so the real and imaginary parts never mix. */
  step(): void {
    const { dt, mobility: L } = this.settings;
    const sumSq = this.sumOfSquares();
    const { re, im, denominator, eta } = this;
    const gain = 1 + dt * L * this.s;
    const size = this.n * this.n;
    // ∂f/∂ηᵢ = W·(ηᵢ³ − ηᵢ + 2γ·ηᵢ·Σ_{j≠i} ηⱼ²), with Σ_{j≠i} ηⱼ² = Σⱼ ηⱼ² − ηᵢ²; inlined, as this loop is most of
    // the step's time outside the FFTs.
    const dtLW = dt * L * this.settings.barrier;
    const g2 = 2 * this.settings.gamma;
    for (let a = 0; a < eta.length; a += 2) {
      const ea = eta[a];
      const eb = a + 1 < eta.length ? eta[a + 1] : null;
      for (let i = 0; i < size; i++) {
        const u = ea[i];
        re[i] = gain * u - dtLW * (u * u * u - u + g2 * u * (sumSq[i] - u * u));
      }
      if (eb) {
        for (let i = 0; i < size; i++) {
          const u = eb[i];
          im[i] = gain * u - dtLW * (u * u * u - u + g2 * u * (sumSq[i] - u * u));
        }
      } else im.fill(0);
      this.fft.transform2d(re, im);
      for (let i = 0; i < size; i++) {
        re[i] *= denominator[i];
        im[i] *= denominator[i];
      }
      this.fft.transform2d(re, im, true);
      ea.set(re);
      if (eb) eb.set(im);
    }
  }

  /** Domain-average free energy density F/A (J/m³), the gradient term exact in Fourier space (Parseval). */
  energy(): number {
    const { n, k2, re, im, eta } = this;
    const { barrier: W, gamma, kappa } = this.settings;
    const size = n * n;
    const sumSq = this.sumOfSquares();
    let local = 0;
    for (let i = 0; i < size; i++) {
      let quartic = 0;
      let squares = 0;
      for (const e of eta) {
        const e2 = e[i] * e[i];
        quartic += e2 * e2;
        squares += e2;
      }
      // Σ_{i<j} ηᵢ²ηⱼ² = ((Σηᵢ²)² − Σηᵢ⁴)/2
      local += W * (quartic / 4 - squares / 2 + (gamma * (sumSq[i] * sumSq[i] - quartic)) / 2 + 0.25);
    }
    let gradient = 0;
    for (let a = 0; a < eta.length; a += 2) {
      re.set(eta[a]);
      if (a + 1 < eta.length) im.set(eta[a + 1]);
      else im.fill(0);
      this.fft.transform2d(re, im);
      // Σ k²|Z|² = Σ k²(|Â|² + |B̂|²): the cross term 2·k²·Im(Â·conj B̂) is odd in k for real fields and sums to zero.
      for (let i = 0; i < size; i++) gradient += k2[i] * (re[i] * re[i] + im[i] * im[i]);
    }
    return local / size + (kappa / 2) * (gradient / (size * size));
  }
}
