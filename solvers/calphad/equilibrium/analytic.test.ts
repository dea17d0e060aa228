import { describe, expect, it } from "vitest";
import { R } from "../model.ts";
import { compound, regularSolution, twoSublattice } from "./analyticModels.ts";
import { equilibrium } from "./solve.ts";

/** Root of f on [lo, hi] by bisection (f changes sign there). */
function bisect(f: (x: number) => number, lo: number, hi: number): number {
  let flo = f(lo);
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    const fm = f(mid);
    if (fm === 0) return mid;
    if (Math.sign(fm) === Math.sign(flo)) {
      lo = mid;
      flo = fm;
    } else hi = mid;
  }
  return 0.5 * (lo + hi);
}

const T = 1000;
const RT = R * T;

describe("equilibrium on analytic models", () => {
  it("ideal solution: one phase, μ_i = G_i + RT ln x_i", () => {
    const liq = regularSolution("LIQUID", ["A", "B"], [-1000, 2000], 0);
    const r = equilibrium([liq], { T, X: { B: 0.3 } });
    expect(r.converged).toBe(true);
    expect(r.phases).toHaveLength(1);
    expect(r.phases[0].composition.B).toBeCloseTo(0.3, 12);
    expect(r.MU.A).toBeCloseTo(-1000 + RT * Math.log(0.7), 6);
    expect(r.MU.B).toBeCloseTo(2000 + RT * Math.log(0.3), 6);
    expect(r.GM).toBeCloseTo(0.7 * r.MU.A + 0.3 * r.MU.B, 6);
  });

  it("ternary ideal solution", () => {
    const liq = regularSolution("LIQUID", ["A", "B", "C"], [0, 500, -700], 0);
    const r = equilibrium([liq], { T, X: { A: 0.2, B: 0.5 } });
    expect(r.converged).toBe(true);
    expect(r.MU.C).toBeCloseTo(-700 + RT * Math.log(0.3), 6);
    expect(r.phases[0].siteFractions[0][1]).toBeCloseTo(0.5, 10);
  });

  it("symmetric regular solution: the gap from ln(x/(1−x)) = Ω(2x−1)/RT, both composition sets found", () => {
    const omega = 25000; // Ω/RT ≈ 3: a wide gap
    const fcc = regularSolution("FCC", ["A", "B"], [0, 0], omega);
    const xGap = bisect((x) => Math.log(x / (1 - x)) - (omega * (2 * x - 1)) / RT, 1e-9, 0.4999);
    for (const xB of [0.5, 0.3]) {
      const r = equilibrium([fcc], { T, X: { B: xB } });
      expect(r.converged).toBe(true);
      expect(r.phases.map((p) => p.name)).toEqual(["FCC", "FCC"]);
      const [lean, rich] = r.phases.map((p) => p.composition.B).sort((a, b) => a - b);
      expect(lean).toBeCloseTo(xGap, 9);
      expect(rich).toBeCloseTo(1 - xGap, 9);
      const fRich = r.phases.find((p) => p.composition.B === rich)!.fraction;
      expect(fRich).toBeCloseTo((xB - xGap) / (1 - 2 * xGap), 9);
      expect(r.MU.A).toBeCloseTo(RT * Math.log(1 - xGap) + omega * xGap * xGap, 5);
    }
    // Outside the gap it is one phase.
    const single = equilibrium([fcc], { T, X: { B: xGap / 2 } });
    expect(single.phases).toHaveLength(1);
  });

  it("compound + ideal solution: the common tangent x(1−x) = exp(2g_c/RT) and the lever rule", () => {
    const gc = -7000; // per atom
    const liq = regularSolution("LIQUID", ["A", "B"], [0, 0], 0);
    const ab = compound("AB", ["A", "B"], [1, 1], 2 * gc);
    const p = Math.exp((2 * gc) / RT);
    const xL = (1 - Math.sqrt(1 - 4 * p)) / 2;
    const r = equilibrium([liq, ab], { T, X: { B: 0.4 } });
    expect(r.converged).toBe(true);
    const L = r.phases.find((q) => q.name === "LIQUID")!;
    const C = r.phases.find((q) => q.name === "AB")!;
    expect(L.composition.B).toBeCloseTo(xL, 9);
    expect(C.fraction).toBeCloseTo((0.4 - xL) / (0.5 - xL), 9);
    expect(r.MU.B).toBeCloseTo(RT * Math.log(xL), 5);
    expect(r.drivingForces.AB).toBe(0);
    // On the A-rich side of the tangent point the liquid alone is stable and AB metastable by a known amount.
    const lean = equilibrium([liq, ab], { T, X: { B: xL / 2 } });
    expect(lean.phases.map((q) => q.name)).toEqual(["LIQUID"]);
    const x = xL / 2;
    expect(lean.drivingForces.AB).toBeCloseTo(0.5 * RT * (Math.log(1 - x) + Math.log(x)) - gc, 5);
  });

  it("two-sublattice phase: each sublattice ideal with its own reference, y^s_B/y^s_A = exp((Δμ − Δg_s)/RT)", () => {
    const g1: [number, number] = [0, 3000];
    const g2: [number, number] = [0, -4000];
    const ratios: [number, number] = [1, 3];
    const ph = twoSublattice("SIGMA", ratios, g1, g2);
    const xB = 0.45;
    const yOf = (dmu: number, dg: number) => 1 / (1 + Math.exp(-(dmu - dg) / RT));
    const comp = (dmu: number) => (ratios[0] * yOf(dmu, g1[1] - g1[0]) + ratios[1] * yOf(dmu, g2[1] - g2[0])) / 4;
    const dmu = bisect((d) => comp(d) - xB, -1e5, 1e5);
    const r = equilibrium([ph], { T, X: { B: xB } });
    expect(r.converged).toBe(true);
    const [s1, s2] = r.phases[0].siteFractions;
    expect(s1[1]).toBeCloseTo(yOf(dmu, 3000), 9);
    expect(s2[1]).toBeCloseTo(yOf(dmu, -4000), 9);
    expect(r.MU.B - r.MU.A).toBeCloseTo(dmu, 5);
  });

  it("reports metastable phases with negative driving forces and a single component", () => {
    const a = regularSolution("ALPHA", ["A"], [0], 0);
    const b = regularSolution("BETA", ["A"], [150], 0);
    const r = equilibrium([a, b], { T, X: {} });
    expect(r.phases.map((p) => p.name)).toEqual(["ALPHA"]);
    expect(r.drivingForces.BETA).toBeCloseTo(-150, 9);
    expect(r.MU.A).toBeCloseTo(0, 9);
  });
});
