/**
 * The acceptance points of issue 6 on the shipped databases, through the TDB reader and the models. Reference
 * values: the assessed invariants the issue quotes (pycalphad reproduces them with these files); the FCC_A1
 * gap compositions are checked against a common tangent solved here directly on the model's G(x).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildPhaseModels } from "../models/index.ts";
import { parseTdb } from "../tdb/index.ts";
import { massToMole } from "./conditions.ts";
import { equilibrium } from "./solve.ts";

const database = (file: string) => parseTdb(readFileSync(new URL(`../databases/${file}`, import.meta.url), "utf8"));
const names = (r: { phases: { name: string }[] }) => r.phases.map((p) => p.name).sort();

/** The temperature in [lo, hi] where `above` turns true, to 1e-6 K. */
function bisectT(lo: number, hi: number, above: (T: number) => boolean): number {
  expect(above(lo)).toBe(false);
  expect(above(hi)).toBe(true);
  while (hi - lo > 1e-6) {
    const mid = 0.5 * (lo + hi);
    if (above(mid)) hi = mid;
    else lo = mid;
  }
  return 0.5 * (lo + hi);
}

describe("Pb–Sn (pbsn.tdb)", () => {
  const db = database("pbsn.tdb");
  const models = buildPhaseModels(db, ["PB", "SN"]);

  it("454 K at x_Sn = 0.737 is FCC_A1 + BCT_A5 with the liquid just metastable; 456 K is liquid", () => {
    const below = equilibrium(models, { T: 454, X: { SN: 0.737 } });
    expect(below.converged).toBe(true);
    expect(names(below)).toEqual(["BCT_A5", "FCC_A1"]);
    expect(below.drivingForces.LIQUID).toBeLessThan(0);
    expect(below.drivingForces.LIQUID).toBeGreaterThan(-20);
    const above = equilibrium(models, { T: 456, X: { SN: 0.737 } });
    expect(names(above)).toEqual(["LIQUID"]);
  });

  it("the eutectic L = FCC_A1 + BCT_A5 at 454.56 K with liquid x_Sn ≈ 0.737", () => {
    const Te = bisectT(450, 460, (T) => names(equilibrium(models, { T, X: { SN: 0.737 } })).includes("LIQUID"));
    expect(Math.abs(Te - 454.56)).toBeLessThan(0.1);
    const r = equilibrium(models, { T: Te + 1e-4, X: { SN: 0.6 } });
    expect(names(r)).toEqual(["FCC_A1", "LIQUID"]);
    expect(r.phases.find((p) => p.name === "LIQUID")!.composition.SN).toBeCloseTo(0.737, 2);
  });

  it("takes mass fractions through massToMole with the ELEMENT lines' masses", () => {
    const masses = Object.fromEntries(Object.values(db.elements).map((e) => [e.name, e.mass]));
    const X = massToMole({ SN: 0.619 }, masses, ["PB", "SN"]); // the eutectic, 61.9 wt% Sn
    expect(X.SN).toBeCloseTo(0.74, 2);
    const r = equilibrium(models, { T: 460, X: { SN: X.SN } });
    expect(names(r)).toEqual(["LIQUID"]);
  });
});

describe("Al–Zn (alzn_mey.tdb)", () => {
  const db = database("alzn_mey.tdb");
  const binary = buildPhaseModels(db, ["AL", "ZN"]);

  it.each([
    ["AL", 933.6, 900, 960],
    ["ZN", 692.68, 650, 720],
  ] as const)("%s melts at %f K (±0.05 K)", (el, Tm, lo, hi) => {
    const unary = buildPhaseModels(db, [el]);
    const T = bisectT(lo, hi, (t) => names(equilibrium(unary, { T: t, X: {} })).includes("LIQUID"));
    expect(Math.abs(T - Tm)).toBeLessThan(0.05);
  });

  it("the eutectic near 654.0 K and the eutectoid near 550.4 K", () => {
    const eutectic = bisectT(640, 670, (T) => names(equilibrium(binary, { T, X: { ZN: 0.9 } })).includes("LIQUID"));
    expect(Math.abs(eutectic - 654.0)).toBeLessThan(0.1);
    const eutectoid = bisectT(530, 570, (T) => !names(equilibrium(binary, { T, X: { ZN: 0.5 } })).includes("HCP_A3"));
    expect(Math.abs(eutectoid - 550.4)).toBeLessThan(0.1);
  });

  it("the FCC_A1 miscibility gap: two composition sets at the model's common tangent, closing near 625.7 K", () => {
    const fcc = binary.find((m) => m.name === "FCC_A1")!;
    const T = 600;
    const r = equilibrium(binary, { T, X: { ZN: 0.3 } });
    expect(r.converged).toBe(true);
    expect(names(r)).toEqual(["FCC_A1", "FCC_A1"]);
    const [a, b] = r.phases.map((p) => p.composition.ZN).sort((p, q) => p - q);
    // Common tangent of g(x) = G_FCC(1 − x, x) by Newton on its two conditions, independent of the solver.
    const grad = new Float64Array(2);
    const slope = (x: number) => {
      fcc.gibbsGradient(T, 101325, [1 - x, x], grad);
      return grad[1] - grad[0];
    };
    const g = (x: number) => fcc.gibbs(T, 101325, [1 - x, x]);
    const F = (u: number, v: number) => [slope(u) - slope(v), g(u) - u * slope(u) - (g(v) - v * slope(v))];
    let [u, v] = [0.2, 0.5];
    for (let it = 0; it < 50; it++) {
      const h = 1e-7;
      const f = F(u, v);
      const fu = F(u + h, v).map((q, i) => (q - f[i]) / h);
      const fv = F(u, v + h).map((q, i) => (q - f[i]) / h);
      const det = fu[0] * fv[1] - fv[0] * fu[1];
      u -= (f[0] * fv[1] - fv[0] * f[1]) / det;
      v -= (fu[0] * f[1] - f[0] * fu[1]) / det;
    }
    expect(a).toBeCloseTo(u, 6);
    expect(b).toBeCloseTo(v, 6);
    // Just below the top of the gap it is still two sets; above it, one FCC at every composition.
    expect(names(equilibrium(binary, { T: 625.3, X: { ZN: 0.345 } }))).toEqual(["FCC_A1", "FCC_A1"]);
    for (const x of [0.25, 0.3, 0.345, 0.4, 0.45]) expect(names(equilibrium(binary, { T: 626.2, X: { ZN: x } }))).toEqual(["FCC_A1"]);
  });
});

describe("Cr–Ti–V (crtiv_ghosh.tdb)", () => {
  it("923 K, x_Cr = 0.129, x_Ti = 0.861 lies in BCC_A2 + HCP_A3 + LAVES_C15", () => {
    const models = buildPhaseModels(database("crtiv_ghosh.tdb"), ["CR", "TI", "V"]);
    const r = equilibrium(models, { T: 923, X: { CR: 0.129, TI: 0.861 } });
    expect(r.converged).toBe(true);
    expect(names(r)).toEqual(["BCC_A2", "HCP_A3", "LAVES_C15"]);
    for (const df of Object.values(r.drivingForces)) expect(df).toBeLessThanOrEqual(1e-6);
    // Mass balance and GM = Σ μ_c X_c at the solution.
    for (const el of ["CR", "TI", "V"]) {
      const total = r.phases.reduce((s, p) => s + p.fraction * p.composition[el], 0);
      expect(total).toBeCloseTo({ CR: 0.129, TI: 0.861, V: 0.01 }[el]!, 10);
    }
    expect(r.GM).toBeCloseTo(0.129 * r.MU.CR + 0.861 * r.MU.TI + 0.01 * r.MU.V, 6);
  });
});

describe("Al–Fe (alfe.tdb), against the assessed diagram (COST 507; Kattner & Burton, ASM Alloy Phase Diagrams)", () => {
  const models = buildPhaseModels(database("alfe.tdb"), ["AL", "FE"]);
  const at = (T: number, x: number) => equilibrium(models, { T, X: { AL: x } });

  it("bcc Fe(Al) is disordered at 10 % Al and B2-ordered FeAl at 40 % Al (1000 K)", () => {
    const dilute = at(1000, 0.1);
    expect(names(dilute)).toEqual(["B2_BCC"]);
    const [s1, s2] = dilute.phases[0].siteFractions;
    expect(Math.abs(s1[0] - s2[0])).toBeLessThan(1e-6);
    const ordered = at(1000, 0.4);
    expect(names(ordered)).toEqual(["B2_BCC"]);
    const [o1, o2] = ordered.phases[0].siteFractions;
    expect(Math.abs(o1[0] - o2[0])).toBeGreaterThan(0.5);
  });

  it("two-phase fields FeAl + FeAl2, Fe2Al5 + Fe4Al13 (1000 K), (Al) + Fe4Al13 (900 K); liquid at 1700 K", () => {
    expect(names(at(1000, 0.6))).toEqual(["AL2FE", "B2_BCC"]);
    expect(names(at(1000, 0.74))).toEqual(["AL13FE4", "AL5FE2"]);
    expect(names(at(900, 0.9))).toEqual(["AL13FE4", "FCC_A1"]);
    expect(names(at(1700, 0.5))).toEqual(["LIQUID"]);
  });

  it("the γ loop: fcc Fe at 0.5 % Al and 1300 K, bcc beyond it", () => {
    expect(names(at(1300, 0.005))).toEqual(["FCC_A1"]);
    expect(names(at(1300, 0.05))).toEqual(["B2_BCC"]);
  });
});
