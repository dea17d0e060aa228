/**
 * Issue 6's acceptance values on the shipped databases: the Pb–Sn eutectic, and Al–Zn's melting points,
 * eutectic, eutectoid and FCC_A1 miscibility gap (S. an Mey 1993, as pycalphad computes them).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shippedDatabases } from "../databases/index.ts";
import { buildPhaseModels } from "../models/index.ts";
import { parseTdb } from "../tdb/index.ts";
import { binaryDiagram } from "./diagram.ts";

function modelsOf(id: string, components: string[]) {
  const db = shippedDatabases.find((d) => d.id === id)!;
  return buildPhaseModels(parseTdb(readFileSync(db.path, "utf8")), components);
}

describe("binary diagrams of the shipped databases", () => {
  it("Pb–Sn: L = FCC_A1 + BCT_A5 at 454.56 K with liquid x_Sn 0.737", () => {
    const d = binaryDiagram(modelsOf("pbsn", ["PB", "SN"]), { components: ["PB", "SN"], Tmin: 300, Tmax: 650, step: 2 });
    const eutectic = d.invariants.filter((i) => i.kind === "eutectic");
    expect(eutectic).toHaveLength(1);
    expect(eutectic[0].reaction).toBe("L = FCC_A1 + BCT_A5");
    expect(Math.abs(eutectic[0].T - 454.56)).toBeLessThan(0.1);
    expect(eutectic[0].phases.LIQUID).toBeCloseTo(0.737, 3);
    expect(eutectic[0].phases.FCC_A1).toBeLessThan(eutectic[0].phases.LIQUID);
    expect(eutectic[0].phases.BCT_A5).toBeGreaterThan(eutectic[0].phases.LIQUID);
    // Three fields: (Pb)+L, L+(Sn) above the eutectic, (Pb)+(Sn) below, each ending on it.
    const pairs = d.boundaries.map((b) => b.phases.join("+")).sort();
    expect(pairs).toEqual(["FCC_A1+BCT_A5", "FCC_A1+LIQUID", "LIQUID+BCT_A5"]);
    for (const b of d.boundaries) expect(b.points.some((p) => Math.abs(p.T - eutectic[0].T) < 1e-9)).toBe(true);
    expect(d.singlePhaseRegions.map((r) => r.phase).sort()).toEqual(["BCT_A5", "FCC_A1", "LIQUID"]);
  });

  it("Al–Zn: melting points, eutectic, eutectoid and the FCC_A1 miscibility gap", () => {
    const d = binaryDiagram(modelsOf("alzn_mey", ["AL", "ZN"]), { components: ["AL", "ZN"], Tmin: 400, Tmax: 1000, step: 2 });
    const melting = d.invariants.filter((i) => i.kind === "melting");
    const al = melting.find((i) => i.phases.FCC_A1 === 0)!;
    const zn = melting.find((i) => i.phases.HCP_A3 === 1)!;
    expect(Math.abs(al.T - 933.6)).toBeLessThan(0.05);
    expect(Math.abs(zn.T - 692.68)).toBeLessThan(0.05);
    const eutectic = d.invariants.find((i) => i.kind === "eutectic")!;
    expect(eutectic.reaction).toBe("L = FCC_A1 + HCP_A3");
    expect(Math.abs(eutectic.T - 654.0)).toBeLessThan(0.1);
    const eutectoid = d.invariants.find((i) => i.kind === "eutectoid")!;
    expect(eutectoid.reaction).toBe("FCC_A1#2 = FCC_A1#1 + HCP_A3");
    expect(Math.abs(eutectoid.T - 550.4)).toBeLessThan(0.1);
    // Two FCC composition sets on a boundary of their own, closing at the critical point near 625.7 K.
    const gap = d.boundaries.filter((b) => b.phases[0] === "FCC_A1" && b.phases[1] === "FCC_A1");
    expect(gap).toHaveLength(1);
    const top = Math.max(...gap[0].points.map((p) => p.T));
    expect(Math.abs(top - 625.7)).toBeLessThan(0.1);
    const widest = gap[0].points.reduce((a, p) => (p.x2 - p.x1 > a.x2 - a.x1 ? p : a));
    expect(widest.x2 - widest.x1).toBeGreaterThan(0.4);
  });
});

describe("the scan's step", () => {
  it("changes the drawing's resolution, not the invariants: Al–Zn at 2, 5 and 20 K steps agree to 1e-3 K", () => {
    const models = modelsOf("alzn_mey", ["AL", "ZN"]);
    const at = (step: number) => binaryDiagram(models, { components: ["AL", "ZN"], Tmin: 400, Tmax: 1000, step }).invariants;
    const ref = at(2);
    expect(ref).toHaveLength(4);
    for (const step of [5, 20]) {
      const other = at(step);
      expect(other.map((i) => i.reaction)).toEqual(ref.map((i) => i.reaction));
      other.forEach((inv, k) => expect(Math.abs(inv.T - ref[k].T)).toBeLessThan(1e-3));
    }
  });
});

describe("Al–Fe (COST 507): magnetic BCC/FCC, B2 and the aluminides", () => {
  // Compared with the published assessed diagram (Kattner & Burton, ASM Handbook vol. 3; COST 507 vol. 2):
  // Al5Fe2 melts congruently at 1169 °C (1442 K), L + Al5Fe2 = Al13Fe4 at 1160 °C (1433 K), L = (Al) + Al13Fe4
  // at 655 °C (928 K), and pure Fe's α/γ and γ/δ transitions at 1185 K and 1667 K. The model's own values
  // sit within 10 K of these; the tests pin the kinds and the order, and the pure-Fe points to 1 K.
  it("finds the aluminides' reactions and iron's transitions", () => {
    const d = binaryDiagram(modelsOf("alfe", ["AL", "FE"]), { components: ["AL", "FE"], Tmin: 900, Tmax: 1700, step: 8 });
    const by = (reaction: string) => d.invariants.find((i) => i.reaction === reaction);
    expect(by("L = AL5FE2")?.kind).toBe("congruent");
    expect(Math.abs(by("L = AL5FE2")!.T - 1442)).toBeLessThan(10);
    expect(Math.abs(by("L + AL5FE2 = AL13FE4")!.T - 1433)).toBeLessThan(10);
    expect(by("L + AL5FE2 = AL13FE4")!.kind).toBe("peritectic");
    expect(Math.abs(by("L = FCC_A1 + AL13FE4")!.T - 928)).toBeLessThan(2);
    expect(Math.abs(by("FCC_A1 = BCC_A2")!.T - 1185)).toBeLessThan(1);
    expect(Math.abs(by("BCC_A2 = FCC_A1")!.T - 1667)).toBeLessThan(1);
    // Above the aluminides, the Fe-rich side is one BCC field in equilibrium with its neighbours only.
    expect(d.boundaries.every((b) => b.points.every((p) => p.x1 <= p.x2 + 1e-12))).toBe(true);
  });
});
