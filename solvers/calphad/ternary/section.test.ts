import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { R, type PhaseModel } from "../model.ts";
import { shippedDatabase } from "../databases/index.ts";
import { equilibrium } from "../equilibrium/index.ts";
import { buildPhaseModels } from "../models/index.ts";
import { parseTdb } from "../tdb/index.ts";
import { ternarySection } from "./index.ts";

/**
 * (A,B,C)₁ with G = RT Σ x ln x + Ω x_A x_B: only A and B repel. Swapping A and B leaves G unchanged, so
 * every tie-line joins (a, b, c) to (b, a, c) — parallel to the A–B edge — with μ_A equal at both ends:
 * RT ln(a/b) = Ω (a − b). The gap closes where a = b becomes a double root: x_C = 1 − 2RT/Ω.
 */
function abGap(omega: number): PhaseModel {
  const xlnx = (v: number) => (v > 0 ? v * Math.log(v) : 0);
  return {
    name: "ALPHA",
    sublattices: [{ ratio: 1, constituents: ["A", "B", "C"] }],
    components: ["A", "B", "C"],
    elementMoles: [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    gibbs: (T, _P, y) => R * T * (xlnx(y[0]) + xlnx(y[1]) + xlnx(y[2])) + omega * y[0] * y[1],
    gibbsGradient(T, P, y, grad) {
      grad[0] = R * T * (Math.log(y[0]) + 1) + omega * y[1];
      grad[1] = R * T * (Math.log(y[1]) + 1) + omega * y[0];
      grad[2] = R * T * (Math.log(y[2]) + 1);
      return this.gibbs(T, P, y);
    },
  };
}

describe("ternary isothermal section", () => {
  it("a symmetric A–B miscibility gap: two sets of one phase, tie-lines parallel to A–B on μ_A = μ_A, closing at x_C = 1 − 2RT/Ω", () => {
    const T = 800;
    const omega = 3 * R * T;
    const s = ternarySection([abGap(omega)], { components: ["A", "B", "C"], T, density: 24 });
    expect(s.threePhase).toEqual([]);
    expect(s.twoPhase).toHaveLength(1);
    const gap = s.twoPhase[0];
    expect(gap.phases).toEqual(["ALPHA", "ALPHA"]);
    expect(gap.tieLines.length).toBeGreaterThan(5);
    let top = 0;
    for (const [p, q] of gap.tieLines) {
      const c = p.C;
      const [a, b] = [1 - p.B - p.C, p.B];
      expect(q.C).toBeCloseTo(c, 7);
      expect(q.B).toBeCloseTo(a, 7);
      expect(R * T * Math.log(a / b)).toBeCloseTo(omega * (a - b), 3);
      expect(Math.abs(a - b)).toBeGreaterThan(1e-3);
      top = Math.max(top, c);
    }
    const closing = 1 - (2 * R * T) / omega;
    expect(top).toBeLessThan(closing);
    expect(top).toBeGreaterThan(closing - 0.1);
    // One single-phase region wraps the gap: C-rich above it and down both edges.
    expect(s.singlePhase.map((r) => r.phase)).toEqual(["ALPHA"]);
  });

  it("Cr–Ti–V at 923 K: x_Cr = 0.129, x_Ti = 0.861 lies in the BCC_A2 + HCP_A3 + LAVES_C15 triangle, as a direct equilibrium there says", () => {
    const db = parseTdb(fs.readFileSync(shippedDatabase("crtiv_ghosh")!.path, "utf8"));
    const models = buildPhaseModels(db, ["CR", "TI", "V", "VA"]);
    const s = ternarySection(models, { components: ["CR", "TI", "V"], T: 923, density: 24 });
    const tri = s.threePhase.find((t) => t.phases.join() === "BCC_A2,HCP_A3,LAVES_C15");
    expect(tri).toBeDefined();
    // Barycentric coordinates of the point in the triangle (TI, V plane): all positive means inside.
    const [p1, p2, p3] = tri!.vertices.map((v) => [v.TI, v.V]);
    const [x, y] = [0.861, 1 - 0.129 - 0.861];
    const det = (p2[0] - p1[0]) * (p3[1] - p1[1]) - (p3[0] - p1[0]) * (p2[1] - p1[1]);
    const l2 = ((x - p1[0]) * (p3[1] - p1[1]) - (p3[0] - p1[0]) * (y - p1[1])) / det;
    const l3 = ((p2[0] - p1[0]) * (y - p1[1]) - (x - p1[0]) * (p2[1] - p1[1])) / det;
    const l1 = 1 - l2 - l3;
    for (const l of [l1, l2, l3]) expect(l).toBeGreaterThan(0);
    const eq = equilibrium(models, { T: 923, X: { CR: 0.129, TI: 0.861 } });
    expect(eq.phases.map((p) => p.name).sort()).toEqual(["BCC_A2", "HCP_A3", "LAVES_C15"]);
    // The triangle's corners are the phases' compositions at that point (a three-phase field is invariant).
    tri!.phases.forEach((name, i) => {
      const ph = eq.phases.find((p) => p.name === name)!;
      expect(tri!.vertices[i].TI).toBeCloseTo(ph.composition.TI, 6);
      expect(tri!.vertices[i].V).toBeCloseTo(ph.composition.V, 6);
    });
    // Every tie-line end pair is a two-phase equilibrium: the midpoint's equilibrium has those two phases.
    const field = s.twoPhase.find((f) => f.phases.join() === "BCC_A2,LAVES_C15")!;
    const [a, b] = field.tieLines[Math.floor(field.tieLines.length / 2)];
    const mid = equilibrium(models, { T: 923, X: { TI: (a.TI + b.TI) / 2, V: (a.V + b.V) / 2 } });
    expect(mid.phases.map((p) => p.name).sort()).toEqual(["BCC_A2", "LAVES_C15"]);
    expect(mid.phases.find((p) => p.name === "LAVES_C15")!.composition.V).toBeCloseTo(b.V, 5);
  }, 15_000);
});
