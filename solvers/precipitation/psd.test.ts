import { describe, expect, it } from "vitest";
import { SizeDistribution } from "./psd.ts";

describe("Eulerian size distribution", () => {
  it("moves a distribution up at the growth rate and keeps every particle while none leave the range", () => {
    const psd = new SizeDistribution(1e-10, 1e-8, 200, 100, 400, 50);
    for (let i = 20; i < 40; i++) psd.n[i] = 1e20;
    const g = 1e-12; // m/s, uniform
    const growth = new Float64Array(psd.bins + 1).fill(g);
    const N0 = psd.moment(0);
    const r0 = psd.moment(1) / N0;
    const dt = (0.4 * psd.width) / g;
    let t = 0;
    for (let step = 0; step < 100; step++) {
      const flux = psd.fluxes(growth, psd.n);
      SizeDistribution.limitFluxes(flux, psd.n, dt);
      const next = psd.n.map((v, i) => v + dt * (flux[i] - flux[i + 1]));
      psd.n = next;
      t += dt;
    }
    expect(psd.moment(0) / N0).toBeCloseTo(1, 12);
    // Upwind advection moves the mean exactly at g (its numerical diffusion only widens the distribution).
    expect((psd.moment(1) / psd.moment(0) - r0) / (g * t)).toBeCloseTo(1, 10);
  });

  it("never makes a class negative, even for a step far beyond the stable one", () => {
    const psd = new SizeDistribution(1e-10, 1e-9, 50, 25, 100, 10);
    psd.n[10] = 1e18;
    const growth = new Float64Array(psd.bins + 1).fill(-1e-9);
    const flux = psd.fluxes(growth, psd.n);
    SizeDistribution.limitFluxes(flux, psd.n, 1e3);
    const next = psd.n.map((v, i) => v + 1e3 * (flux[i] - flux[i + 1]));
    expect(Math.min(...next)).toBeGreaterThanOrEqual(0);
  });

  it("re-bins onto fewer classes keeping the precipitated volume Σ n R³", () => {
    const psd = new SizeDistribution(1e-10, 2e-8, 300, 100, 200, 50);
    for (let i = 0; i < psd.bins; i++) psd.n[i] = 1e20 * Math.exp(-(((psd.centers[i] - 8e-9) / 2e-9) ** 2));
    const V = psd.moment(3);
    const N = psd.moment(0);
    expect(psd.adapt(false)).toBe(true);
    expect(psd.bins).toBe(100);
    expect(psd.moment(3) / V).toBeCloseTo(1, 12);
    expect(psd.moment(0) / N).toBeCloseTo(1, 2);
  });

  it("adds classes when the top one fills and finds the class of a radius", () => {
    const psd = new SizeDistribution(1e-10, 1e-9, 100, 50, 200, 25);
    psd.n[99] = 5;
    expect(psd.adapt(false)).toBe(true);
    expect(psd.bins).toBe(125);
    expect(psd.width).toBeCloseTo(9e-12, 20);
    expect(psd.classOf(5e-11)).toBe(-1);
    expect(psd.classOf(1.05e-10)).toBe(0);
    expect(psd.extendTo(3e-9)).toBe(true);
    expect(psd.classOf(3e-9)).toBeLessThan(psd.bins);
  });
});
