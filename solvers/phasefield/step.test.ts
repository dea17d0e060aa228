import { describe, expect, it } from "vitest";
import { AllenCahn } from "./allenCahn.ts";
import { CahnHilliard } from "./cahnHilliard.ts";

/**
 * With no local free energy (W = 0, so S = 0 too) both equations are linear and every Fourier mode decays on
 * its own: Allen–Cahn ∂η/∂t = Lκ∇²η at rate Lκk², Cahn–Hilliard ∂c/∂t = −Mκ∇⁴c at rate Mκk⁴. The
 * semi-implicit step must multiply the mode by exactly 1/(1 + Δt·rate), and the product over steps approaches
 * the exact e^{−rate·t} at first order in Δt.
 */
const n = 32;
const dx = 1e-7;
const mode = (m: number) => {
  const f = new Float64Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) f[y * n + x] = Math.cos((2 * Math.PI * m * x) / n) * Math.cos((2 * Math.PI * m * y) / n);
  return f;
};
const amplitude = (f: Float64Array, m: number) => f.reduce((s, v, i) => s + v * Math.cos((2 * Math.PI * m * (i % n)) / n) * Math.cos((2 * Math.PI * m * Math.floor(i / n)) / n), 0) / ((n * n) / 4);

describe("semi-implicit step of one Fourier mode", () => {
  const m = 3;
  const k2 = 2 * ((2 * Math.PI * m) / (n * dx)) ** 2;

  it("Allen–Cahn: each step scales the mode by 1/(1 + Δt·L·κ·k²), converging to e^{−Lκk²t}", () => {
    const L = 1e-6;
    const kappa = 1e-8;
    const rate = L * kappa * k2;
    const tEnd = 1 / rate; // one e-folding
    const errors: number[] = [];
    for (const steps of [10, 20, 40, 80]) {
      const dt = tEnd / steps;
      const eta = mode(m);
      const ac = new AllenCahn({ n, dx, dt, mobility: L, kappa, barrier: 0, gamma: 1.5 }, [eta]);
      ac.step();
      expect(amplitude(eta, m)).toBeCloseTo(1 / (1 + dt * rate), 12);
      for (let s = 1; s < steps; s++) ac.step();
      expect(amplitude(eta, m)).toBeCloseTo((1 + dt * rate) ** -steps, 12);
      errors.push(Math.abs(amplitude(eta, m) - Math.exp(-1)));
    }
    // First order: halving Δt halves the error (ratio → 2).
    for (let i = 1; i < errors.length; i++) expect(errors[i - 1] / errors[i]).toBeGreaterThan(1.8);
    expect(errors.at(-1)).toBeLessThan(0.003);
  });

  it("Cahn–Hilliard: each step scales the mode by 1/(1 + Δt·M·κ·k⁴) and keeps the mean", () => {
    const M = 1e-26;
    const kappa = 1e-10;
    const dxc = 1e-9;
    const k2c = 2 * ((2 * Math.PI * m) / (n * dxc)) ** 2;
    const rate = M * kappa * k2c * k2c;
    const dt = 0.3 / rate;
    const c = mode(m).map((v) => 0.4 + 0.01 * v);
    const ch = new CahnHilliard({ n, dx: dxc, dt, mobility: M, kappa, barrier: 0 }, c);
    ch.step();
    ch.step();
    const a = amplitude(c.map((v) => v - 0.4), m) / 0.01;
    expect(a).toBeCloseTo((1 + dt * rate) ** -2, 12);
    expect(Math.abs(ch.mean() - 0.4)).toBeLessThan(1e-15);
  });

  it("Cahn–Hilliard inside the spinodal: a small mode grows by the linearized scheme's factor, approaching e^{ωt}", () => {
    // Linear stability of c₀ = 0.5: ω(k) = −M·k²·(f″(c₀) + κk²), f″(0.5) = 2W(1 − 6c + 6c²) = −W, so long waves grow.
    // The stabilized step multiplies the mode by (1 + Δt·M·k²·(S − f″))/(1 + Δt·M·k²·(κk² + S)) exactly in the linear regime.
    const M = 1e-26;
    const kappa = 1e-10;
    const W = 1e8;
    const dxc = 1e-9;
    const m1 = 2;
    const k2c = 2 * ((2 * Math.PI * m1) / (n * dxc)) ** 2;
    const omega = -M * k2c * (-W + kappa * k2c);
    expect(omega).toBeGreaterThan(0);
    const S = 2 * W;
    const tEnd = 1 / omega;
    const errors: number[] = [];
    for (const steps of [40, 80, 160]) {
      const dt = tEnd / steps;
      const c = mode(m1).map((v) => 0.5 + 1e-9 * v);
      const ch = new CahnHilliard({ n, dx: dxc, dt, mobility: M, kappa, barrier: W }, c);
      const factor = (1 + dt * M * k2c * (S + W)) / (1 + dt * M * k2c * (kappa * k2c + S));
      for (let s = 0; s < steps; s++) ch.step();
      const grown = amplitude(c.map((v) => v - 0.5), m1) / 1e-9;
      expect(grown / factor ** steps - 1).toBeLessThan(1e-6); // nonlinear terms are O(amplitude²)
      errors.push(Math.abs(grown - Math.E) / Math.E);
      console.log(`CH linear mode: ${steps} steps, growth ${grown.toFixed(6)} vs e = ${Math.E.toFixed(6)}`);
    }
    // First order in Δt, towards e¹ after one growth time.
    for (let i = 1; i < errors.length; i++) expect(errors[i - 1] / errors[i]).toBeGreaterThan(1.8);
    expect(errors.at(-1)).toBeLessThan(0.03);
  });
});
