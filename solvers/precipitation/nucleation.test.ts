import { describe, expect, it } from "vitest";
import { AVOGADRO, BOLTZMANN } from "./constants.ts";
import {
  freeSiteDensity,
  impingementRate,
  incubationTime,
  incubationTimeNonIsothermal,
  initialSiteDensity,
  nucleationBarrier,
  nucleationRadius,
  nucleationRatePerSite,
  nucleusShape,
  zeldovich,
} from "./nucleation.ts";

const gamma = 0.1;
const Vm = ((0.405e-9) ** 3 * AVOGADRO) / 4;
const sphere = nucleusShape("bulk", gamma, 0.3);

describe("classical nucleation", () => {
  it("has R* = 2γ/ΔG_v and G* = 16πγ³/(3ΔG_v²) for a spherical nucleus", () => {
    const dGv = 5773.7 / Vm;
    const { rCrit, gCrit } = nucleationBarrier(dGv, gamma, 0.3, "bulk", sphere, 0);
    expect(rCrit).toBeCloseTo((2 * gamma) / dGv, 20);
    expect(gCrit / ((16 * Math.PI * gamma ** 3) / (3 * dGv ** 2))).toBeCloseTo(1, 12);
  });

  it("keeps R* at the floor for huge driving forces", () => {
    expect(nucleationBarrier(1e12, gamma, 0.3, "dislocations", sphere, 3e-10).rCrit).toBe(3e-10);
  });

  it("lowers the barrier on a grain boundary by the Clemm–Fisher shape factor, to the bulk one as γ_gb → 0", () => {
    const dGv = 5e8;
    const bulk = nucleationBarrier(dGv, gamma, 0, "bulk", sphere, 0);
    const gb0 = nucleationBarrier(dGv, gamma, 0, "grainBoundaries", nucleusShape("grainBoundaries", gamma, 0), 0);
    expect(gb0.rCrit / bulk.rCrit).toBeCloseTo(1, 12);
    expect(gb0.gCrit / bulk.gCrit).toBeCloseTo(1, 12);
    const k = 0.3 / (2 * gamma) / 2; // γ_gb = 0.15 → k = 0.75
    const gb = nucleationBarrier(dGv, gamma, 0.15, "grainBoundaries", nucleusShape("grainBoundaries", gamma, 0.15), 0);
    // G*_gb / G*_bulk = (2 − 3cosθ + cos³θ)/2 with cosθ = k, for the same R* (= 2γ/ΔG_v)
    expect(gb.rCrit / bulk.rCrit).toBeCloseTo(1, 10);
    expect(gb.gCrit / bulk.gCrit).toBeCloseTo((2 - 3 * k + k ** 3) / 2, 10);
    expect(() => nucleusShape("grainBoundaries", 0.1, 0.25)).toThrow();
  });

  it("has the textbook Zeldovich factor Z = v_at/(2πR*²)·√(γ/kT) for a sphere", () => {
    const T = 723.15;
    const r = 3.5e-10;
    expect(zeldovich(T, r, gamma, Vm, sphere) / ((Vm / AVOGADRO / (2 * Math.PI * r * r)) * Math.sqrt(gamma / (BOLTZMANN * T)))).toBeCloseTo(1, 12);
  });

  it("computes β*, τ and the rate as written, with no nucleation at t = 0 and the steady rate at t ≫ τ", () => {
    const T = 723.15;
    const r = 3.5e-10;
    const D = 0.0768 * Math.exp(-242000 / (8.314 * T));
    const beta = impingementRate(r, 0.004, D, 0.405e-9, sphere);
    expect(beta).toBeCloseTo((4 * Math.PI * r * r * 0.004 * D) / (0.405e-9) ** 4, 25);
    const Z = zeldovich(T, r, gamma, Vm, sphere);
    const tau = incubationTime(beta, Z);
    expect(tau * 2 * beta * Z * Z).toBeCloseTo(1, 12);
    const G = 1e-19;
    expect(nucleationRatePerSite(Z, beta, G, T, tau, 0)).toBe(0);
    const steady = Z * beta * Math.exp(-G / (BOLTZMANN * T));
    expect(nucleationRatePerSite(Z, beta, G, T, tau, tau) / steady).toBeCloseTo(Math.exp(-1), 12);
    expect(nucleationRatePerSite(Z, beta, G, T, tau, 1e6 * tau) / steady).toBeCloseTo(1, 5);
  });

  it("gives the isothermal incubation time from the non-isothermal integral when β* is constant", () => {
    const beta = 3.2;
    const Z = 0.05;
    const tau = incubationTime(beta, Z);
    const times = [0, 0.1 * tau, 0.5 * tau, 2 * tau];
    const integral = (b: number[]) => times.map((_, i) => (i === 0 ? 0 : b.slice(1, i + 1).reduce((s, v, k) => s + 0.5 * (v + b[k]) * (times[k + 1] - times[k]), 0)));
    expect(incubationTimeNonIsothermal(Z, beta, 2 * tau, times, integral(times.map(() => beta))) / tau).toBeCloseTo(1, 10);
    // Not yet reached in the history: extrapolated with the current β*.
    expect(incubationTimeNonIsothermal(Z, beta, 0.5 * tau, times.slice(0, 3), integral(times.map(() => beta)).slice(0, 3)) / tau).toBeCloseTo(1, 10);
    // A β* twice as large in the past shortens it.
    expect(incubationTimeNonIsothermal(Z, beta, 2 * tau, times, integral([2 * beta, 2 * beta, beta, beta]))).toBeLessThan(tau);
  });

  it("counts sites: atoms along dislocations, on grain faces, every solute atom in bulk; particles use them up", () => {
    const input = { vmAlpha: Vm, x0: 0.004, dislocationDensity: 1e15, grainSizeM: 1e-4 };
    const perLength = (AVOGADRO / Vm) ** (1 / 3);
    expect(initialSiteDensity({ ...input, site: "dislocations" }) / (1e15 * perLength)).toBeCloseTo(1, 12);
    expect(initialSiteDensity({ ...input, site: "bulk" }) / ((0.004 * AVOGADRO) / Vm)).toBeCloseTo(1, 12);
    expect(initialSiteDensity({ ...input, site: "grainBoundaries" }) / (((6 * Math.sqrt(3) + 3) / 4e-4) * perLength ** 2)).toBeCloseTo(1, 12);
    const n0 = initialSiteDensity({ ...input, site: "dislocations" });
    expect(freeSiteDensity({ ...input, site: "dislocations" }, n0, { m0: 1e22, m1: 1e22 * 5e-9, m2: 0 }, sphere)).toBeCloseTo(n0 - 5e13 * perLength, -10);
    expect(freeSiteDensity({ ...input, site: "bulk" }, 10, { m0: 20, m1: 0, m2: 0 }, sphere)).toBe(0);
  });

  it("places nuclei half a thermal width above R*", () => {
    expect(nucleationRadius(723.15, 1e-9, gamma) - 1e-9).toBeCloseTo(0.5 * Math.sqrt((BOLTZMANN * 723.15) / (Math.PI * gamma)), 20);
  });
});
