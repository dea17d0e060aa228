import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { shippedDatabase } from "../databases/index.ts";
import { equilibrium } from "../equilibrium/index.ts";
import { binaryDiagram } from "../mapping/index.ts";
import { buildPhaseModels } from "../models/index.ts";
import { parseTdb } from "../tdb/index.ts";
import { stepTemperature, stepTemperatures, transitionKind } from "./index.ts";

const database = (id: string) => parseTdb(fs.readFileSync(shippedDatabase(id)!.path, "utf8"));
const alzn = database("alzn_mey");
const pbsn = database("pbsn");
const fraction = (p: { phases: Array<{ name: string; fraction: number }> }, name: string) => p.phases.find((q) => q.name === name)?.fraction ?? 0;

/** Newton on a function of T given with its derivative, for the hand-derived roots below. */
function root(f: (T: number) => number, df: (T: number) => number, T: number): number {
  for (let i = 0; i < 50; i++) T -= f(T) / df(T);
  return T;
}

describe("step temperatures", () => {
  it("are multiples of dT from Tmin, Tmax last even when the last interval is shorter", () => {
    expect(stepTemperatures(300, 320, 5)).toEqual([300, 305, 310, 315, 320]);
    expect(stepTemperatures(300, 312, 5)).toEqual([300, 305, 310, 312]);
    expect(stepTemperatures(0.1 * 3, 0.1 * 3 + 0.3, 0.1)).toEqual([0.3, 0.4, 0.5, 0.6]);
    expect(() => stepTemperatures(300, 200, 5)).toThrow(/Tmin/);
    expect(() => stepTemperatures(300, 400, 0)).toThrow(/positive/);
    expect(() => stepTemperatures(300, 1e6, 1e-3)).toThrow(/more than/);
  });

  it("name a transition by the liquid on either side", () => {
    expect(transitionKind(["FCC_A1"], ["LIQUID"])).toBe("melting");
    expect(transitionKind(["BCT_A5", "FCC_A1"], ["FCC_A1", "LIQUID"])).toBe("solidus");
    expect(transitionKind(["FCC_A1", "LIQUID"], ["LIQUID"])).toBe("liquidus");
    expect(transitionKind(["FCC_A1", "HCP_A3", "LIQUID"], ["FCC_A1", "LIQUID"])).toBe("liquid");
    expect(transitionKind(["FCC_A1", "FCC_A1"], ["FCC_A1"])).toBe("solvus");
  });
});

describe("pure Al (alzn_mey.tdb, x_Zn = 0)", () => {
  // alzn_mey.tdb above its 933.6 K breakpoint (the range that applies at and above it):
  //   GHSERAL = −11277.68 + 188.6620 T − 31.74819 T ln T − 1234.26e25 T⁻⁹
  //   GALLIQ  = −795.7090 + 177.4100 T − 31.74819 T ln T
  // ΔG = GALLIQ − GHSERAL = 10481.971 − 11.252 T + 1234.26e25 T⁻⁹, ΔH = ΔG − T dΔG/dT = 10481.971 + 10 · 1234.26e25 T⁻⁹.
  const dG = (T: number) => 10481.971 - 11.252 * T + 1234.26e25 * T ** -9;
  const ddG = (T: number) => -11.252 - 9 * 1234.26e25 * T ** -10;
  const dH = (T: number) => 10481.971 + 10 * 1234.26e25 * T ** -9;
  const models = buildPhaseModels(alzn, ["AL", "VA"]);

  it("melts at 933.60 K: the liquid fraction jumps 0 → 1 and H by the latent heat the TDB gives", () => {
    const r = stepTemperature(models, { X: {}, Tmin: 900, Tmax: 960, dT: 2 });
    const Tm = root(dG, ddG, 933);
    expect(Tm).toBeGreaterThan(933.6); // in the upper range indeed
    expect(r.transitions).toHaveLength(1);
    const m = r.transitions[0];
    expect(m).toMatchObject({ kind: "melting", below: ["FCC_A1"], above: ["LIQUID"], appearing: ["LIQUID"], disappearing: ["FCC_A1"] });
    expect(Math.abs(m.T - 933.6)).toBeLessThan(0.05);
    expect(Math.abs(m.T - Tm)).toBeLessThan(1e-4);
    // Latent heat: 10711.04 J/mol (the assessed ΔH_fus of Al is 10.71 kJ/mol).
    expect(m.deltaH).toBeCloseTo(dH(Tm), 2);
    // On the step's own points: all FCC up to 932 K, all liquid from 934 K, and H jumps between them by
    // ΔH plus the heat of the two degrees on either side.
    const before = r.points.find((p) => p.T === 932)!;
    const after = r.points.find((p) => p.T === 934)!;
    expect(fraction(before, "LIQUID")).toBe(0);
    expect(fraction(before, "FCC_A1")).toBeCloseTo(1, 12);
    expect(fraction(after, "LIQUID")).toBeCloseTo(1, 12);
    const jump = after.HM - before.HM;
    expect(jump).toBeGreaterThan(dH(Tm) + 2 * 30);
    expect(jump).toBeLessThan(dH(Tm) + 2 * 40);
  });

  it("Cp of FCC Al at 500 K is −T ∂²G/∂T² of GHSERAL, S and H its derivatives", () => {
    // GHSERAL on 298–700 K: −7976.15 + 137.0715 T − 24.36720 T ln T − 1.884662e-3 T² − 0.877664e-6 T³ + 74092/T.
    const T = 500;
    const G = -7976.15 + 137.0715 * T - 24.3672 * T * Math.log(T) - 1.884662e-3 * T ** 2 - 0.877664e-6 * T ** 3 + 74092 / T;
    const dGdT = 137.0715 - 24.3672 * (Math.log(T) + 1) - 2 * 1.884662e-3 * T - 3 * 0.877664e-6 * T ** 2 - 74092 / T ** 2;
    const d2GdT2 = -24.3672 / T - 2 * 1.884662e-3 - 6 * 0.877664e-6 * T + 2 * 74092 / T ** 3;
    const fcc = models.filter((m) => m.name === "FCC_A1");
    const r = stepTemperature(fcc, { X: {}, Tmin: 490, Tmax: 510, dT: 10 });
    const p = r.points.find((q) => q.T === 500)!;
    expect(p.GM).toBeCloseTo(G, 8);
    expect(p.SM).toBeCloseTo(-dGdT, 7);
    expect(p.HM).toBeCloseTo(G - T * dGdT, 5);
    expect(p.CPM!).toBeCloseTo(-T * d2GdT2, 5); // 26.9756 J/(mol·K)
    expect(r.transitions).toEqual([]);
  });
});

describe("Pb–Sn at x_Sn = 0.3 (pbsn.tdb)", () => {
  const models = buildPhaseModels(pbsn, ["PB", "SN", "VA"]);
  const r = stepTemperature(models, { X: { SN: 0.3 }, Tmin: 400, Tmax: 600, dT: 5 });

  it("solidifies at the eutectic 454.56 K with its latent heat, the liquidus above", () => {
    expect(r.transitions.map((t) => t.kind)).toEqual(["solidus", "liquidus"]);
    const [solidus, liquidus] = r.transitions;
    expect(Math.abs(solidus.T - 454.56)).toBeLessThan(0.1);
    expect(solidus).toMatchObject({ below: ["BCT_A5", "FCC_A1"], above: ["FCC_A1", "LIQUID"], appearing: ["LIQUID"], disappearing: ["BCT_A5"] });
    // Eutectic melting of the BCT share is a real latent heat; crossing the liquidus is continuous.
    expect(solidus.deltaH).toBeGreaterThan(100);
    expect(Math.abs(liquidus.deltaH)).toBeLessThan(0.1);
    // The liquidus checked by the equilibrium solver on its own: a trace of FCC just below, all liquid just above.
    const below = equilibrium(models, { T: liquidus.T - 0.01, X: { SN: 0.3 } });
    const above = equilibrium(models, { T: liquidus.T + 0.01, X: { SN: 0.3 } });
    expect(below.phases.map((p) => p.name).sort()).toEqual(["FCC_A1", "LIQUID"]);
    expect(below.phases.find((p) => p.name === "FCC_A1")!.fraction).toBeLessThan(1e-3);
    expect(above.phases.map((p) => p.name)).toEqual(["LIQUID"]);
    expect(above.drivingForces.FCC_A1).toBeLessThan(0);
    expect(above.drivingForces.FCC_A1).toBeGreaterThan(-0.1);
    // And by another path: the binary diagram's L/FCC tie-lines (Newton on μ per temperature), where the
    // liquid end passes x_Sn = 0.3.
    const edge = binaryDiagram(models, { components: ["PB", "SN"], Tmin: 535, Tmax: 550, step: 0.25 }).boundaries.find((b) => b.phases.join() === "FCC_A1,LIQUID")!;
    const pts = edge.points.slice().sort((a, b) => a.T - b.T);
    const k = pts.findIndex((p, i) => i > 0 && (pts[i - 1].x2 - 0.3) * (p.x2 - 0.3) <= 0);
    const [a, b] = [pts[k - 1], pts[k]];
    const tieLine = a.T + ((0.3 - a.x2) * (b.T - a.T)) / (b.x2 - a.x2);
    expect(Math.abs(liquidus.T - tieLine)).toBeLessThan(0.01);
  });

  it("keeps the mass balance at every point and Cp = dH/dT along the step", () => {
    for (const p of r.points) {
      expect(p.phases.reduce((s, q) => s + q.fraction, 0)).toBeCloseTo(1, 9);
      expect(p.phases.reduce((s, q) => s + q.fraction * q.composition.SN, 0)).toBeCloseTo(0.3, 9);
      expect(p.HM).toBeCloseTo(p.GM + p.T * p.SM, 6);
    }
    // In the two-phase L + FCC field, Cp includes the heat of melting FCC shifts, so it is far above the
    // liquid's; its integral between neighbouring points is their H difference.
    for (let k = 1; k < r.points.length; k++) {
      const [a, b] = [r.points[k - 1], r.points[k]];
      if (r.transitions.some((t) => t.T > a.T && t.T < b.T)) continue;
      const trapezoid = (0.5 * (a.CPM! + b.CPM!) * (b.T - a.T));
      expect(Math.abs(b.HM - a.HM - trapezoid)).toBeLessThan(0.01 * Math.abs(b.HM - a.HM) + 0.5);
    }
    const at500 = r.points.find((p) => p.T === 500)!;
    const at600 = r.points.find((p) => p.T === 600)!;
    expect(at500.CPM!).toBeGreaterThan(1.5 * at600.CPM!);
  });

  it("warm starts give the same points as a global start at every point", () => {
    const global = stepTemperature(models, { X: { SN: 0.3 }, Tmin: 400, Tmax: 600, dT: 5, globalEvery: 1 });
    expect(r.stats.warm).toBeGreaterThan(20);
    global.points.forEach((p, k) => {
      expect(r.points[k].phases.map((q) => q.name)).toEqual(p.phases.map((q) => q.name));
      expect(r.points[k].GM).toBeCloseTo(p.GM, 6);
    });
    expect(global.transitions.map((t) => +t.T.toFixed(3))).toEqual(r.transitions.map((t) => +t.T.toFixed(3)));
  });
});

describe("Al–Zn at x_Zn = 0.3 (alzn_mey.tdb)", () => {
  it("passes the eutectoid, the FCC gap's solvus, solidus and liquidus, the gap's two sets named #1 and #2", () => {
    const models = buildPhaseModels(alzn, ["AL", "ZN", "VA"]);
    const r = stepTemperature(models, { X: { ZN: 0.3 }, Tmin: 500, Tmax: 900, dT: 10 });
    expect(r.transitions.map((t) => t.kind)).toEqual(["solvus", "solvus", "solidus", "liquidus"]);
    // The eutectoid FCC#2 = FCC#1 + HCP near 550.4 K (an Mey: 277 °C).
    expect(Math.abs(r.transitions[0].T - 550.4)).toBeLessThan(0.2);
    expect(r.transitions[0]).toMatchObject({ below: ["FCC_A1", "HCP_A3"], above: ["FCC_A1", "FCC_A1"] });
    // Below the gap's critical point (≈ 625.7 K).
    expect(r.transitions[1].T).toBeLessThan(625.7);
    const inGap = r.points.find((p) => p.T === 600)!;
    expect(inGap.phases.map((p) => p.name)).toEqual(["FCC_A1#1", "FCC_A1#2"]);
    expect(inGap.phases[0].composition.ZN).toBeLessThan(0.3);
    expect(inGap.phases[1].composition.ZN).toBeGreaterThan(0.3);
    // Newton from the FCC + HCP point carries that pair on above the eutectoid as a metastable state, and the
    // gap's two sets would merge into one below its solvus: the checks must put every point in its true field.
    const global = stepTemperature(models, { X: { ZN: 0.3 }, Tmin: 500, Tmax: 900, dT: 10, globalEvery: 1 });
    expect(r.points.map((p) => p.phases.map((q) => q.name).join("+"))).toEqual(global.points.map((p) => p.phases.map((q) => q.name).join("+")));
  });
});
