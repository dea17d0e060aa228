/**
 * Small PhaseModels with closed-form equilibria, for testing the solver apart from any database: a
 * substitutional solution with a regular (symmetric) interaction, a stoichiometric compound, and a
 * two-sublattice phase whose sublattices prefer different species.
 */
import { R, type PhaseModel } from "../model.ts";

const xlnx = (v: number) => (v > 0 ? v * Math.log(v) : 0);

/**
 * (A,B)₁ with G = Σ y_i G_i + RT Σ y ln y + Ω y_A y_B. `G0[c]` are the pure-component energies (J/mol),
 * constant in T so that the tests can write the equilibria down.
 */
export function regularSolution(name: string, components: string[], G0: number[], omega: number): PhaseModel {
  const n = components.length;
  return {
    name,
    sublattices: [{ ratio: 1, constituents: components.slice() }],
    components: components.slice(),
    elementMoles: components.map((_, c) => components.map((__, i) => (i === c ? 1 : 0))),
    gibbs(T, _P, y) {
      let g = 0;
      for (let i = 0; i < n; i++) g += y[i] * G0[i] + R * T * xlnx(y[i]);
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) g += omega * y[i] * y[j];
      return g;
    },
    gibbsGradient(T, P, y, grad) {
      for (let i = 0; i < n; i++) {
        let d = G0[i] + R * T * (Math.log(y[i]) + 1);
        for (let j = 0; j < n; j++) if (j !== i) d += omega * y[j];
        grad[i] = d;
      }
      return this.gibbs(T, P, y);
    },
  };
}

/** A_p B_q … as a line compound: one species per sublattice, G per formula unit fixed. */
export function compound(name: string, components: string[], ratios: number[], G: number): PhaseModel {
  return {
    name,
    sublattices: components.map((c, s) => ({ ratio: ratios[s], constituents: [c] })),
    components: components.slice(),
    elementMoles: components.map((_, c) => components.map((__, i) => (i === c ? ratios[c] : 0))),
    gibbs: () => G,
    gibbsGradient(_T, _P, _y, grad) {
      grad.fill(0);
      return G;
    },
  };
}

/**
 * (A,B)_{a1}(A,B)_{a2} without interactions: G = Σ_s a_s Σ_i y^s_i g^s_i + RT Σ_s a_s Σ_i y^s_i ln y^s_i, so
 * each sublattice is an ideal solution with its own reference energies g^s.
 */
export function twoSublattice(name: string, ratios: [number, number], g1: [number, number], g2: [number, number]): PhaseModel {
  const [a1, a2] = ratios;
  const e = (T: number, y: ArrayLike<number>) =>
    a1 * (y[0] * g1[0] + y[1] * g1[1] + R * T * (xlnx(y[0]) + xlnx(y[1]))) +
    a2 * (y[2] * g2[0] + y[3] * g2[1] + R * T * (xlnx(y[2]) + xlnx(y[3])));
  return {
    name,
    sublattices: [
      { ratio: a1, constituents: ["A", "B"] },
      { ratio: a2, constituents: ["A", "B"] },
    ],
    components: ["A", "B"],
    elementMoles: [
      [a1, 0, a2, 0],
      [0, a1, 0, a2],
    ],
    gibbs: (T, _P, y) => e(T, y),
    gibbsGradient(T, _P, y, grad) {
      grad[0] = a1 * (g1[0] + R * T * (Math.log(y[0]) + 1));
      grad[1] = a1 * (g1[1] + R * T * (Math.log(y[1]) + 1));
      grad[2] = a2 * (g2[0] + R * T * (Math.log(y[2]) + 1));
      grad[3] = a2 * (g2[1] + R * T * (Math.log(y[3]) + 1));
      return e(T, y);
    },
  };
}

/**
 * (A)₁(C,VA)₁, an interstitial solution: G = y_C g_AC + (1 − y_C) g_A + RT (y_C ln y_C + y_VA ln y_VA). Its
 * atoms per formula unit, 1 + y_C, vary with the site fractions.
 */
export function interstitial(name: string, gA: number, gAC: number): PhaseModel {
  const e = (T: number, y: ArrayLike<number>) => y[1] * gAC + y[2] * gA + R * T * (xlnx(y[1]) + xlnx(y[2]));
  return {
    name,
    sublattices: [
      { ratio: 1, constituents: ["A"] },
      { ratio: 1, constituents: ["C", "VA"] },
    ],
    components: ["A", "C"],
    elementMoles: [
      [1, 0, 0],
      [0, 1, 0],
    ],
    gibbs: (T, _P, y) => e(T, y),
    gibbsGradient(T, _P, y, grad) {
      grad[0] = 0;
      grad[1] = gAC + R * T * (Math.log(y[1]) + 1);
      grad[2] = gA + R * T * (Math.log(y[2]) + 1);
      return e(T, y);
    },
  };
}
