import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { R } from "../model.ts";
import { parseTdb } from "../tdb/parse.ts";
import { atomsPerFormula, buildPhaseModels } from "./build.ts";

const load = (file: string) => parseTdb(readFileSync(new URL(`../databases/${file}`, import.meta.url), "utf8"));
const P = 101325;
const ylny = (y: number) => (y > 0 ? y * Math.log(y) : 0);

describe("order–disorder partitioning: B2_BCC with disordered part BCC_A2 (alfe.tdb)", () => {
  const db = load("alfe.tdb");
  const b2 = buildPhaseModels(db, ["AL", "FE"], ["B2_BCC"])[0];
  const a2 = buildPhaseModels(db, ["AL", "FE"], ["BCC_A2"])[0];

  it("lays out (AL,FE)0.5(AL,FE)0.5(VA)3 and records its disordered part", () => {
    expect(b2.sublattices.map((s) => s.ratio)).toEqual([0.5, 0.5, 3]);
    expect(b2.orderDisorder).toEqual({ disorderedPhase: "BCC_A2", substitutional: [0, 1] });
  });

  it.each([[300, 0.3], [700, 0.5], [1200, 0.75], [1600, 0.1]])("at %s K and x_Fe = %s, a disordered configuration (y' = y'' = x) is BCC_A2 exactly", (T, x) => {
    const y = [1 - x, x, 1 - x, x, 1];
    expect(b2.gibbs(T, P, y)).toBeCloseTo(a2.gibbs(T, P, [1 - x, x, 1]), 8);
    expect(b2.orderingDegree(y)).toBe(0);
  });

  it("an ordered configuration adds G_ord(y) − G_ord(x), computed here from the four B2 endmembers", () => {
    const T = 800;
    const [a1, f1, a2s, f2] = [0.1, 0.9, 0.7, 0.3];
    const xAl = 0.5 * a1 + 0.5 * a2s, xFe = 1 - xAl;
    const G = -14300.9572; // FE:AL:VA and AL:FE:VA; AL:AL:VA and FE:FE:VA are 0
    const gOrd = (p1: number, q1: number, p2: number, q2: number) =>
      G * (q1 * p2 + p1 * q2) + R * T * 0.5 * (ylny(p1) + ylny(q1) + ylny(p2) + ylny(q2));
    const ordering = gOrd(a1, f1, a2s, f2) - gOrd(xAl, xFe, xAl, xFe);
    const y = [a1, f1, a2s, f2, 1];
    expect(b2.gibbs(T, P, y)).toBeCloseTo(a2.gibbs(T, P, [xAl, xFe, 1]) + ordering, 7);
    expect(b2.orderingDegree(y)).toBeCloseTo(0.3, 12);
    // The ordering energy of this pair is negative near the AlFe composition: B2 is the stable order.
    expect(ordering).toBeLessThan(0);
  });
});

describe("order–disorder partitioning in NiCrAl.tdb (L12/A1 and B2/A2 with vacancies on the ordering sublattices)", () => {
  const db = load("kwn/NiCrAl.tdb");
  const comps = ["AL", "CR", "NI"];

  it("FCC_L12 at y' = y'' = x is FCC_A1", () => {
    const l12 = buildPhaseModels(db, comps, ["FCC_L12"])[0];
    const a1 = buildPhaseModels(db, comps, ["FCC_A1"])[0];
    const x = [0.15, 0.1, 0.75];
    for (const T of [900, 1500]) expect(l12.gibbs(T, P, [...x, ...x, 1])).toBeCloseTo(a1.gibbs(T, P, [...x, 1]), 7);
  });

  it("BCC_B2 with vacancies on the ordering sublattices at y' = y'' = x is BCC_A2 (both per formula unit and per atom)", () => {
    const b2 = buildPhaseModels(db, comps, ["BCC_B2"])[0];
    const a2 = buildPhaseModels(db, comps, ["BCC_A2"])[0];
    expect(b2.sublattices[0].constituents).toEqual(["AL", "CR", "NI", "VA"]);
    const x = [0.4, 0.05, 0.5, 0.05];
    const yb2 = [...x, ...x, 1];
    const ya2 = [...x, 1];
    expect(b2.gibbs(1100, P, yb2)).toBeCloseTo(a2.gibbs(1100, P, ya2), 7);
    expect(atomsPerFormula(b2, yb2)).toBeCloseTo(0.95, 14);
  });
});
