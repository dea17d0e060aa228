import { describe, expect, it } from "vitest";
import { R } from "../model.ts";
import type { PhaseModel } from "../model.ts";
import { compound, interstitial, regularSolution, twoSublattice } from "./analyticModels.ts";
import { lowerHull } from "./hull.ts";
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

  it("interstitial phase with vacancies: y_C = x/(1−x), μ_C = g + RT ln(y_C/y_VA), μ_A = G − y_C μ_C", () => {
    const ph = interstitial("AUSTENITE", -2000, 15000);
    const x = 0.08;
    const r = equilibrium([ph], { T, X: { C: x } });
    expect(r.converged).toBe(true);
    const y = x / (1 - x);
    expect(r.phases[0].siteFractions[1][0]).toBeCloseTo(y, 10);
    const G = y * 15000 + (1 - y) * -2000 + RT * (y * Math.log(y) + (1 - y) * Math.log(1 - y));
    const muC = 15000 - -2000 + RT * Math.log(y / (1 - y));
    expect(r.MU.C).toBeCloseTo(muC, 5);
    expect(r.MU.A).toBeCloseTo(G - y * muC, 5);
    expect(r.GM).toBeCloseTo(G / (1 + y), 6);
  });

  it("never lies above the convex hull of a dense sampling (binary gap + liquid + compound, T through the critical point)", () => {
    const dense = (models: PhaseModel[], T: number) => {
      const xs: number[] = [];
      const gs: number[] = [];
      for (const m of models) {
        if (m.sublattices.length === 1) {
          for (let k = 1; k < 4000; k++) {
            const y = [1 - k / 4000, k / 4000];
            xs.push(...y);
            gs.push(m.gibbs(T, 1e5, y));
          }
        } else {
          const [a, b] = m.sublattices.map((s) => s.ratio);
          xs.push(a / (a + b), b / (a + b));
          gs.push(m.gibbs(T, 1e5, [1, 1]) / (a + b));
        }
      }
      return { x: Float64Array.from(xs), g: Float64Array.from(gs) };
    };
    for (const temp of [600, 1000, 1450, 1500, 1510]) {
      const models = [
        regularSolution("FCC", ["A", "B"], [0, 800], 25000), // critical point at Ω/2R ≈ 1503 K
        regularSolution("LIQ", ["A", "B"], [3000, 1000], -5000),
        compound("AB2", ["A", "B"], [1, 2], -3 * 4500),
      ];
      const d = dense(models, temp);
      for (let i = 1; i < 40; i++) {
        const xB = i / 40 + 0.0037;
        const r = equilibrium(models, { T: temp, X: { B: xB } });
        expect(r.converged).toBe(true);
        const h = lowerHull(d.x, d.g, d.g.length, Float64Array.from([1 - xB, xB]));
        // The dense hull is an upper bound, above the true minimum by its sampling error (< 0.1 J/mol here).
        expect(r.GM).toBeLessThan(h.mu[0] * (1 - xB) + h.mu[1] * xB + 1e-9);
        expect(r.GM).toBeGreaterThan(h.mu[0] * (1 - xB) + h.mu[1] * xB - 0.1);
        for (const df of Object.values(r.drivingForces)) expect(df).toBeLessThanOrEqual(1e-6);
      }
    }
  });

  it("quaternary: an ideal solution's μ_i = G_i + RT ln x_i, and a quaternary regular solution's gap found", () => {
    const G0 = [0, 400, -300, 900];
    const ideal = regularSolution("LIQUID", ["A", "B", "C", "D"], G0, 0);
    const X = { A: 0.1, B: 0.2, C: 0.3 };
    const r = equilibrium([ideal], { T, X });
    expect(r.converged).toBe(true);
    const x = [0.1, 0.2, 0.3, 0.4];
    ["A", "B", "C", "D"].forEach((el, i) => expect(r.MU[el]).toBeCloseTo(G0[i] + RT * Math.log(x[i]), 6));
    // A strongly repulsive quaternary splits; by symmetry the A–B rich and C–D rich sides at the centre.
    const gap = regularSolution("FCC", ["A", "B", "C", "D"], [0, 0, 0, 0], 0);
    const split = { ...gap, name: "FCC", gibbs: (t: number, p: number, y: ArrayLike<number>) => gap.gibbs(t, p, y) + 40000 * (y[0] + y[1]) * (y[2] + y[3]) };
    split.gibbsGradient = (t, p, y, grad) => {
      gap.gibbsGradient(t, p, y, grad);
      grad[0] += 40000 * (y[2] + y[3]);
      grad[1] += 40000 * (y[2] + y[3]);
      grad[2] += 40000 * (y[0] + y[1]);
      grad[3] += 40000 * (y[0] + y[1]);
      return split.gibbs(t, p, y);
    };
    const s = equilibrium([split], { T, X: { A: 0.25, B: 0.25, C: 0.25 } });
    expect(s.converged).toBe(true);
    expect(s.phases).toHaveLength(2);
    // In (u = x_A + x_B) the model is a binary regular solution with Ω = 40000: the gap from the same equation.
    const u = bisect((v) => Math.log(v / (1 - v)) - (40000 * (2 * v - 1)) / RT, 1e-12, 0.4999);
    const sides = s.phases.map((p) => p.composition.A + p.composition.B).sort((a, b) => a - b);
    expect(sides[0]).toBeCloseTo(u, 8);
    expect(sides[1]).toBeCloseTo(1 - u, 8);
  });
});
