/**
 * The mapping engine on models whose diagrams are known in closed form: a symmetric regular solution's
 * miscibility gap (critical point T = Ω/2R at x = 1/2, binodal RT ln(x/(1−x)) = Ω(2x − 1)) and the lens of
 * two ideal solutions (pure melting at Tm; tie-line x_L = (1 − k_A)/(k_B − k_A), x_S = k_B·x_L).
 */
import { describe, expect, it } from "vitest";
import { R, type PhaseModel } from "../model.ts";
import { regularSolution } from "../equilibrium/analyticModels.ts";
import { binaryDiagram } from "./diagram.ts";

const xlnx = (v: number) => (v > 0 ? v * Math.log(v) : 0);

/** (A,B)₁ ideal solution with pure energies g(T) per component. */
function ideal(name: string, g: [(T: number) => number, (T: number) => number]): PhaseModel {
  return {
    name,
    sublattices: [{ ratio: 1, constituents: ["A", "B"] }],
    components: ["A", "B"],
    elementMoles: [
      [1, 0],
      [0, 1],
    ],
    gibbs: (T, _P, y) => y[0] * g[0](T) + y[1] * g[1](T) + R * T * (xlnx(y[0]) + xlnx(y[1])),
    gibbsGradient: (T, _P, y, grad) => {
      grad[0] = g[0](T) + R * T * (Math.log(y[0]) + 1);
      grad[1] = g[1](T) + R * T * (Math.log(y[1]) + 1);
      return y[0] * g[0](T) + y[1] * g[1](T) + R * T * (xlnx(y[0]) + xlnx(y[1]));
    },
  };
}

describe("binaryDiagram on closed-form models", () => {
  it("finds a regular solution's miscibility gap, its binodal and its critical point", () => {
    const omega = 20000;
    const d = binaryDiagram([regularSolution("FCC", ["A", "B"], [0, 0], omega)], { components: ["A", "B"], Tmin: 700, Tmax: 1300, step: 5 });
    const gaps = d.boundaries.filter((b) => b.phases[0] === "FCC" && b.phases[1] === "FCC");
    expect(gaps).toHaveLength(1);
    const top = gaps[0].points[0];
    expect(top.T).toBeCloseTo(omega / (2 * R), 2);
    expect(top.x1).toBeCloseTo(0.5, 3);
    for (const p of gaps[0].points.slice(1)) {
      for (const x of [p.x1, p.x2]) expect(R * p.T * Math.log(x / (1 - x)) - omega * (2 * x - 1)).toBeCloseTo(0, 4);
      expect(p.x1 + p.x2).toBeCloseTo(1, 6);
    }
    expect(d.invariants).toHaveLength(0);
  });

  it("draws the lens of two ideal solutions with exact melting points and tie-lines", () => {
    const Tm = [1200, 900];
    const dH = [12000, 9000];
    const solid = ideal("SOLID", [(T) => -dH[0] * (1 - T / Tm[0]), (T) => -dH[1] * (1 - T / Tm[1])]);
    const liquid = ideal("LIQUID", [() => 0, () => 0]);
    const d = binaryDiagram([liquid, solid], { components: ["A", "B"], Tmin: 800, Tmax: 1300, step: 5 });
    const melting = d.invariants.filter((i) => i.kind === "melting").map((i) => i.T).sort((a, b) => b - a);
    expect(melting[0]).toBeCloseTo(Tm[0], 3);
    expect(melting[1]).toBeCloseTo(Tm[1], 3);
    const lens = d.boundaries.find((b) => b.phases.includes("LIQUID") && b.phases.includes("SOLID"))!;
    expect(lens.points.length).toBeGreaterThan(50);
    for (const p of lens.points) {
      if (p.x1 === p.x2) continue; // the pure ends, where the field closes at Tm
      const k = [0, 1].map((i) => Math.exp((dH[i] * (1 - p.T / Tm[i])) / (R * p.T)));
      const xL = (1 - k[0]) / (k[1] - k[0]);
      // SOLID is richer in A (the higher melting), so it is on the left of the field.
      expect(lens.phases).toEqual(["SOLID", "LIQUID"]);
      expect(p.x2).toBeCloseTo(xL, 7);
      expect(p.x1).toBeCloseTo(k[1] * xL, 7);
    }
  });
});
