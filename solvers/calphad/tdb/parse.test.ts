import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluateFunction, TdbEvaluator } from "./evaluate.ts";
import { parseTdb } from "./parse.ts";
import { TdbError } from "./types.ts";

const read = (file: string) => readFileSync(new URL(`../databases/${file}`, import.meta.url), "utf8");

/** The error a bad text throws (fails the test when it parses). */
function errorOf(text: string): TdbError {
  try {
    parseTdb(text);
  } catch (e) {
    if (e instanceof TdbError) return e;
    throw e;
  }
  throw new Error("parsed without error");
}

const HEADER = " ELEMENT VA VACUUM 0 0 0 !\n ELEMENT AL FCC_A1 26.98 4577.3 28.32 !\n ELEMENT FE BCC_A2 55.847 4489 27.28 !\n";

describe("TDB reader: the traps of the shipped files", () => {
  it("reads function references without # (crtiv_ghosh GLIQCR = … + GHSERCR)", () => {
    const db = parseTdb(read("crtiv_ghosh.tdb"));
    const T = 1000;
    // GHSERCR, 298.15–2180: -8856.94 + 157.48 T - 26.908 T ln T + 1.89435e-3 T² - 1.47721e-6 T³ + 139250/T
    const ghsercr = -8856.94 + 157.48 * T - 26.908 * T * Math.log(T) + 1.89435e-3 * T ** 2 - 1.47721e-6 * T ** 3 + 139250 / T;
    // GLIQCR, 298.15–2180: 24339.955 - 11.420225 T + 237.615e-23 T⁷ + GHSERCR
    const gliqcr = 24339.955 - 11.420225 * T + 237.615e-23 * T ** 7 + ghsercr;
    expect(evaluateFunction(db, "GHSERCR", T)).toBeCloseTo(ghsercr, 8);
    expect(evaluateFunction(db, "GLIQCR", T)).toBeCloseTo(gliqcr, 8);
  });

  it("reads T**-1 like T**(-1) (GHSERVV and GHSERV have the same coefficients below 790 K)", () => {
    const db = parseTdb(read("crtiv_ghosh.tdb"));
    const T = 500;
    const byHand = -7930.43 + 133.346053 * T - 24.134 * T * Math.log(T) - 3.098e-3 * T ** 2 + 0.12175e-6 * T ** 3 + 69460 / T;
    expect(evaluateFunction(db, "GHSERVV", T)).toBeCloseTo(byHand, 8);
    expect(evaluateFunction(db, "GHSERVV", T)).toBeCloseTo(evaluateFunction(db, "GHSERV", T), 8);
  });

  it("reads a tab inside a parameter name (TC(HCP_A3,CR:VA<tab>;0) in crtiv_ghosh)", () => {
    const db = parseTdb(read("crtiv_ghosh.tdb"));
    const tc = db.parameters.filter((p) => p.type === "TC" && p.phase === "HCP_A3");
    expect(tc).toHaveLength(1);
    expect(tc[0].constituents).toEqual([["CR"], ["VA"]]);
    expect(tc[0].order).toBe(0);
    expect(new TdbEvaluator(db).piecewise(tc[0].value)(300, 1e5)).toBe(-1109);
  });

  it("reads LIQUID:L as the phase LIQUID with the liquid suffix, and its parameters attach to it", () => {
    const db = parseTdb(read("pbsn.tdb"));
    expect(db.phases.LIQUID.suffix).toBe("L");
    expect(db.phases.LIQUID.constituents).toEqual([["PB", "SN"]]);
    expect(db.parameters.filter((p) => p.phase === "LIQUID")).toHaveLength(4);
  });

  it("reads CRLF and CR line ends as LF, with the same line numbers", () => {
    const lf = read("alzn_mey.tdb");
    const ref = parseTdb(lf);
    for (const eol of ["\r\n", "\r"]) {
      const db = parseTdb(lf.replace(/\n/g, eol));
      expect(db.parameters.map((p) => p.line)).toEqual(ref.parameters.map((p) => p.line));
      expect(evaluateFunction(db, "GALLIQ", 800)).toBe(evaluateFunction(ref, "GALLIQ", 800));
    }
    const broken = lf.replace("+10465.5-3.39259*T;", "+10465.5-3.39259*T").replace(/\n/g, "\r\n");
    const e = errorOf(broken);
    expect(e.line).toBe(lf.split("\n").findIndex((l) => l.includes("G(LIQUID,AL,ZN;0)")) + 1);
  });

  it("drops text after ! on its line (the stray quote in crtiv_ghosh) with a warning", () => {
    const db = parseTdb(read("crtiv_ghosh.tdb"));
    expect(db.warnings.filter((w) => w.code === "text-after-end").map((w) => w.line)).toEqual([182, 236]);
    expect(db.parameters.filter((p) => p.phase === "LAVES_C15" && p.type === "G" && p.constituents.every((s) => s.length === 1))).toHaveLength(9);
  });
});

describe("TDB reader: functions and the range conventions", () => {
  const db = parseTdb(read("alzn_mey.tdb"));
  const T = 700;
  const low = -7976.15 + 137.0715 * T - 24.3672 * T * Math.log(T) - 1.884662e-3 * T ** 2 - 0.877664e-6 * T ** 3 + 74092 / T;
  const high = -11276.24 + 223.0269 * T - 38.58443 * T * Math.log(T) + 18.531982e-3 * T ** 2 - 5.764227e-6 * T ** 3 + 74092 / T;

  it("GHSERAL at 700 K takes the upper range (a breakpoint belongs to the range above it)", () => {
    // The two ranges differ by 3.3e-3 J/mol at 700 K: enough to tell which one was used.
    expect(Math.abs(low - high)).toBeGreaterThan(1e-3);
    expect(evaluateFunction(db, "GHSERAL", 700)).toBeCloseTo(high, 9);
    expect(evaluateFunction(db, "GHSERAL", 699.9999999)).toBeCloseTo(low, 4);
  });

  it("extends the end ranges outside the limits (200 K uses the first range, 3500 K the last)", () => {
    const t1 = 200;
    expect(evaluateFunction(db, "GHSERAL", t1)).toBeCloseTo(
      -7976.15 + 137.0715 * t1 - 24.3672 * t1 * Math.log(t1) - 1.884662e-3 * t1 ** 2 - 0.877664e-6 * t1 ** 3 + 74092 / t1, 8);
    const t2 = 3500;
    expect(evaluateFunction(db, "GHSERAL", t2)).toBeCloseTo(-11277.68 + 188.662 * t2 - 31.74819 * t2 * Math.log(t2) - 1234.26e25 * t2 ** -9, 8);
  });

  it("counts an undefined function as 0 and warns once", () => {
    const d = parseTdb(`${HEADER} FUNCTION GA 298.15 100+ZERO#+ZERO; 6000 N !\n FUNCTION GB 298.15 2*ZERO#; 6000 N !\n`);
    expect(evaluateFunction(d, "GA", 500)).toBe(100);
    expect(d.warnings.filter((w) => w.code === "undefined-function")).toEqual([{ line: 4, code: "undefined-function", message: "ZERO is not defined and counts as 0" }]);
  });

  it("reads LN and LOG as natural logarithms, EXP, R, P and unary signs", () => {
    const d = parseTdb(`${HEADER} FUNCTION F1 298.15 R*T*LN(2)-LOG(T)+EXP(1)*(-2)+P/2**2**-1+-3; 6000 N !\n`);
    const T = 400, P = 2e5;
    expect(evaluateFunction(d, "F1", T, P)).toBeCloseTo(8.3145 * T * Math.log(2) - Math.log(T) + Math.E * -2 + P / 2 ** (2 ** -1) - 3, 9);
  });

  it("reads ranges without a high limit and a reference key without N (NiCrAl.tdb)", () => {
    const d = parseTdb(read("kwn/NiCrAl.tdb"));
    expect(d.functions.U3ALCR.value.ranges).toHaveLength(1);
    expect(d.functions.UNTIER.value.ranges[0].high).toBe(Infinity);
    expect(evaluateFunction(d, "UNTIER", 1000)).toBeCloseTo(1 / 3, 15);
    expect(evaluateFunction(d, "DP", 1000, 2e5)).toBe(2e5 - 101325);
  });
});

describe("TDB reader: commands", () => {
  it("reads abbreviated keywords (CONST, FUN, PARA, TEMP_LIM)", () => {
    const d = parseTdb(`${HEADER} TEMP_LIM 298.15 6000 !\n FUN GX 298.15 -10*T; 6000 N !\n PHASE LIQ % 1 1 !\n CONST LIQ :AL,FE: !\n PARA G(LIQ,AL;0) 298.15 GX; 6000 N !\n`);
    expect(d.phases.LIQ.constituents).toEqual([["AL", "FE"]]);
    expect(d.parameters[0]).toMatchObject({ type: "G", phase: "LIQ", constituents: [["AL"]], order: 0 });
  });

  it("reads species with stoichiometry and charge", () => {
    const d = parseTdb(`${HEADER} ELEMENT O GAS 16 0 0 !\n SPECIES AL2O3 AL2O3 !\n SPECIES FE1CR1 FE1AL1 !\n SPECIES FE+2 FE/+2 !\n`);
    expect(d.species.AL2O3.constituents).toEqual({ AL: 2, O: 3 });
    expect(d.species.FE1CR1.constituents).toEqual({ FE: 1, AL: 1 });
    expect(d.species["FE+2"]).toMatchObject({ constituents: { FE: 1 }, charge: 2 });
    expect(d.species.VA.constituents).toEqual({});
  });

  it("reads phases: type codes, site ratios, major constituents, magnetic and order–disorder type definitions", () => {
    const d = parseTdb(read("alfe.tdb"));
    expect(d.phases.BCC_A2).toMatchObject({ typeCodes: "%&-", siteRatios: [1, 3], constituents: [["AL", "FE"], ["VA"]], magnetic: { afm: -1, p: 0.4 }, orderedPhase: "B2_BCC" });
    expect(d.phases.B2_BCC).toMatchObject({ siteRatios: [0.5, 0.5, 3], disorderedPhase: "BCC_A2" });
    expect(d.phases.B2_BCC.magnetic).toBeUndefined();
    expect(d.phases.FCC_A1.magnetic).toEqual({ afm: -3, p: 0.28 });
    expect(d.phases.AL13FE4.siteRatios).toEqual([0.6275, 0.235, 0.1375]);
    const pbsn = parseTdb(read("pbsn.tdb"));
    expect(pbsn.phases.BCT_A5.majorConstituents).toEqual([[], ["VA"]]);
  });

  it("reads parameters: interaction lists sorted, orders, wildcards and diffusing species", () => {
    const d = parseTdb(`${HEADER} PHASE B2 % 2 1 1 !\n CONST B2 :AL,FE:AL,FE,VA: !\n` +
      ` PARAMETER L(B2,FE,AL:*;3) 298.15 7; 6000 N !\n PARAMETER MQ(B2&FE,FE:VA) 298.15 -1; 6000 N REF:1 !\n`);
    expect(d.parameters[0]).toMatchObject({ type: "L", constituents: [["AL", "FE"], ["*"]], order: 3 });
    expect(d.parameters[1]).toMatchObject({ type: "MQ", diffusingSpecies: "FE", constituents: [["FE"], ["VA"]], order: 0, reference: "REF:1" });
  });
});

describe("TDB reader: bad files name the line and what is wrong", () => {
  it.each([
    ["a missing ;", `${HEADER} FUNCTION GX 298.15 -10*T 6000 N !\n`, 4, "bad-range"],
    ["an unknown keyword", `${HEADER}\n PARAMETR G(X,AL;0) 298.15 0; 6000 N !\n`, 5, "unknown-keyword"],
    ["an ambiguous keyword", `${HEADER} C X !\n`, 4, "ambiguous-keyword"],
    ["a bad number", `${HEADER} FUNCTION GX 298.15 1.2.3*T; 6000 N !\n`, 4, "bad-expression"],
    ["a missing !", `${HEADER} FUNCTION GX 298.15 -10*T; 6000 N\n`, 4, "unterminated-command"],
    ["an unbalanced parenthesis", `${HEADER} FUNCTION GX 298.15\n  -10*(T+1;\n 6000 N !\n`, 5, "bad-expression"],
    ["a sublattice mismatch", `${HEADER} PHASE X % 2 1 1 !\n CONSTITUENT X :AL: !\n`, 5, "sublattice-mismatch"],
    ["a constituent of an undeclared phase", `${HEADER} CONSTITUENT X :AL: !\n`, 4, "unknown-phase"],
    ["an unknown species", `${HEADER} PHASE X % 1 1 !\n CONSTITUENT X :AL,ZN: !\n`, 5, "unknown-species"],
    ["a site-ratio count", `${HEADER} PHASE X % 2 1 !\n`, 4, "bad-phase"],
    ["a circular function", `${HEADER} FUNCTION GA 298.15 GB; 6000 N !\n FUNCTION GB 298.15 1+GA#; 6000 N !\n`, 4, "circular-function"],
    ["a function defined twice", `${HEADER} FUNCTION GA 298.15 1; 6000 N !\n FUNCTION GA 298.15 2; 6000 N !\n`, 5, "duplicate-function"],
    ["a decreasing range", `${HEADER} FUNCTION GA 298.15 1; 600 Y 2; 500 N !\n`, 4, "bad-range"],
    ["a bad parameter order", `${HEADER} PHASE X % 1 1 !\n CONST X :AL: !\n PARAMETER G(X,AL;A) 298.15 0; 6000 N !\n`, 6, "bad-parameter"],
  ])("%s", (_what, text, line, code) => {
    const e = errorOf(text);
    expect(e.line).toBe(line);
    expect(e.code).toBe(code);
    expect(e.message).toMatch(new RegExp(`^line ${line}: `));
  });
});
