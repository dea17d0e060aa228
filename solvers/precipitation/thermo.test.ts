import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { shippedDatabase } from "../calphad/databases/index.ts";
import { equilibrium } from "../calphad/equilibrium/index.ts";
import { buildPhaseModels } from "../calphad/models/index.ts";
import { parseTdb } from "../calphad/tdb/index.ts";
import { GAS_CONSTANT } from "./constants.ts";
import { dilutedDrivingForce, drivingForceAt, interfaceAt, simpleSolubility, simpleTable, solubilityAt } from "./thermo.ts";
import { calphadDrivingForce, calphadTable, loadCalphadSystem } from "./thermo-calphad.ts";

const alzr = { solubilityA: 2.19, solubilityQ: 60000, precipitateX: 0.25 };

describe("simple (dilute) thermodynamics", () => {
  const T = 723.15;
  const table = simpleTable(alzr, T);
  const xEq = simpleSolubility(alzr, T);

  it("interpolates the dilute driving force formula", () => {
    for (const x of [2e-5, 1.013e-4, 4e-4, 0.004, 0.03]) {
      const exact = dilutedDrivingForce(x, xEq, 0.25, T);
      expect(Math.abs(drivingForceAt(table, x).dg - exact)).toBeLessThan(1e-3 * Math.max(1, Math.abs(exact)) + 0.5);
    }
    // ΔG vanishes at the solubility and is x_β·RT·ln(x/x_eq) in the dilute limit.
    expect(dilutedDrivingForce(xEq, xEq, 0.25, T)).toBe(0);
    const lead = 0.25 * GAS_CONSTANT * T * Math.log(10);
    expect(Math.abs(dilutedDrivingForce(10 * xEq, xEq, 0.25, T) / lead - 1)).toBeLessThan(2e-3);
    expect(solubilityAt(table) / xEq).toBeCloseTo(1, 4);
  });

  it("gives the Gibbs–Thomson interfacial composition x_α = x_eq·exp(2γV_m/(x_β·R·T·r)) in the dilute limit", () => {
    const Vm = ((0.405e-9) ** 3 * 6.022e23) / 4;
    for (const r of [2e-9, 5e-9, 2e-8]) {
      const g = (2 * 0.1 * Vm) / r;
      const xa = interfaceAt(table, g)!.xAlpha;
      const dilute = xEq * Math.exp(g / (0.25 * GAS_CONSTANT * T));
      expect(Math.abs(xa / dilute - 1)).toBeLessThan(2e-3);
      // and it inverts the driving force exactly (up to the table's interpolation)
      expect(dilutedDrivingForce(xa, xEq, 0.25, T)).toBeCloseTo(g, 0);
    }
  });

  it("finds no interface for a particle whose curvature outweighs any matrix composition", () => {
    const gMax = dilutedDrivingForce(0.2497, xEq, 0.25, T);
    expect(interfaceAt(table, gMax * 1.01)).toBeNull();
  });
});

describe("CALPHAD thermodynamics (AlScZr, FCC_A1 / AL3ZR)", () => {
  const sys = loadCalphadSystem("AlScZr", "AL", "ZR", "FCC_A1", "AL3ZR");
  const T = 723.15;

  it("gives kawin's initial driving force for Al–0.4 at% Zr (5773.7 J/mol) and x_β = 0.25", () => {
    const r = calphadDrivingForce(sys, T, 0.004);
    expect(r.dg).toBeCloseTo(5773.7, 0);
    expect(r.xBeta).toBeCloseTo(0.25, 10);
  });

  it("tabulates ΔG(x) whose zero is the two-phase equilibrium's matrix composition and whose inverse is the interface", () => {
    const table = calphadTable(sys, T, 1e-10, 0.225);
    const db = parseTdb(fs.readFileSync(shippedDatabase("AlScZr")!.path, "utf8"));
    const eq = equilibrium(buildPhaseModels(db, ["AL", "ZR"], ["FCC_A1", "AL3ZR"]), { T, X: { ZR: 0.004 } });
    const fcc = eq.phases.find((p) => p.name === "FCC_A1")!;
    expect(solubilityAt(table) / fcc.composition.ZR).toBeCloseTo(1, 3);
    expect(drivingForceAt(table, 0.004).dg).toBeCloseTo(5773.7, -1);
    // The interface of a 2 nm particle: the direct driving force at that matrix composition equals its raise.
    const g = (2 * 0.1 * (((0.405e-9) ** 3 * 6.022e23) / 4)) / 2e-9;
    const xa = interfaceAt(table, g)!.xAlpha;
    expect(calphadDrivingForce(sys, T, xa).dg / g).toBeCloseTo(1, 3);
  });
});
