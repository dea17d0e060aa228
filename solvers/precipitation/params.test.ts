import { describe, expect, it } from "vitest";
import { solveKwn } from "./index.ts";
import { kwnExample, kwnFeCTemperingPreset, KwnParamsError, parseKwnDeck, psdTimesOf, renderKwnDeck, validateKwnParams } from "./params.ts";

function issuesOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (e instanceof KwnParamsError) return e.issues;
    throw e;
  }
  throw new Error("expected a KwnParamsError");
}

describe("KWN params and deck", () => {
  it("defaults to the Al–Zr acceptance case, and the example is that case", () => {
    const d = validateKwnParams({});
    expect(d).toMatchObject({ thermo: "database", database: "AlScZr", solvent: "AL", solute: "ZR", matrixPhase: "FCC_A1", precipitatePhase: "AL3ZR", x0: 0.004, temperatureK: 723.15, timeH: 500, D0: 0.0768, Qd: 242000, gamma: 0.1, latticeParameterNm: 0.405, atomsPerCell: 4, nucleationSite: "dislocations", dislocationDensity: 1e15, bins: 200 });
    expect(validateKwnParams(kwnExample)).toEqual({ ...d, psdTimesH: "1 10 100 500" });
  });

  it("round-trips a deck, the schedule's lines joined by ';'", () => {
    const p = { ...kwnExample, schedule: "0 873\n0.01 300\n1 300\n1.1 723\n100 723" };
    const deck = renderKwnDeck(p);
    expect(deck).toContain("schedule = 0 873; 0.01 300; 1 300; 1.1 723; 100 723");
    const back = parseKwnDeck(deck);
    expect(back).toEqual(validateKwnParams({ ...p, schedule: "0 873; 0.01 300; 1 300; 1.1 723; 100 723" }));
    expect(psdTimesOf(back, 100 * 3600)).toEqual([3600, 36000, 360000]);
  });

  it("refuses bad decks naming the line, in four languages", () => {
    const issues = issuesOf(() => parseKwnDeck("x0 = 0.004\nfoo = 1\ngamma = abc\nx0 = 0.003\nnot a line\n"));
    expect(issues.map((i) => [i.field, i.line])).toEqual([
      ["foo", 2],
      ["gamma", 3],
      ["x0", 4],
      ["", 5],
    ]);
    const range = issuesOf(() => parseKwnDeck("# c\n\ntemperatureK = 5000\n"));
    expect(range).toEqual([{ field: "temperatureK", line: 3, text: expect.objectContaining({ en: "Temperature must be between 200 and 2000 K" }) }]);
    for (const lang of ["zh", "en", "es", "ja"] as const) expect(range[0].text[lang].length).toBeGreaterThan(5);
    const sched = issuesOf(() => parseKwnDeck("schedule = 0 700; 2 700; 1 700\n"));
    expect(sched).toEqual([{ field: "schedule", line: 1, text: expect.objectContaining({ en: "Schedule times must increase" }) }]);
  });

  it("checks the database's elements and phases, and what simple thermodynamics needs", () => {
    expect(issuesOf(() => validateKwnParams({ precipitatePhase: "AL3SCX" })).map((i) => i.field)).toEqual(["precipitatePhase"]);
    expect(issuesOf(() => validateKwnParams({ database: "nope" })).map((i) => i.field)).toEqual(["database"]);
    expect(issuesOf(() => validateKwnParams({ solute: "FE" })).map((i) => i.field)).toEqual(["solute"]);
    const simple = issuesOf(() => validateKwnParams({ thermo: "simple", solubilityA: 1 }));
    expect(simple.map((i) => i.field)).toEqual(["solubilityQ", "precipitateX"]);
    expect(simple[0].text.en).toContain("solubilityQ");
    expect(issuesOf(() => validateKwnParams({ thermo: "simple", solubilityA: 1, solubilityQ: 1, precipitateX: 0.003 })).map((i) => i.field)).toEqual(["x0"]);
    expect(issuesOf(() => validateKwnParams({ psdTimesH: "1 x" })).map((i) => i.field)).toEqual(["psdTimesH"]);
    // γ_gb = 0.3 J/m² would wet the boundary at γ = 0.1: refused with the reason, accepted from γ > 0.15.
    expect(issuesOf(() => validateKwnParams({ nucleationSite: "grainBoundaries" }))[0]).toMatchObject({ field: "gamma", text: { en: expect.stringMatching(/0\.15 J\/m²/) } });
    expect(validateKwnParams({ nucleationSite: "grainBoundaries", gamma: 0.2 }).nucleationSite).toBe("grainBoundaries");
  });
});

describe("Fe–C tempering preset (cementite from supersaturated ferrite)", () => {
  for (const x0 of [0.005, 0.02, 0.035]) {
    it(`runs at x0 = ${x0} without NaN and approaches the lever rule`, () => {
      const r = solveKwn(validateKwnParams({ ...kwnFeCTemperingPreset, x0 }));
      const f = r.final;
      for (const v of [f.numberDensity, f.meanRadiusM, f.volumeFraction, f.matrixX, r.initialDrivingForce]) expect(Number.isFinite(v)).toBe(true);
      for (const h of r.history) expect(Number.isFinite(h.x) && Number.isFinite(h.volumeFraction) && h.x >= 0).toBe(true);
      expect(r.initialDrivingForce).toBeGreaterThan(5000);
      expect(f.numberDensity).toBeGreaterThan(1e12);
      // 2 h at 300 °C precipitates nearly all the carbon above the ferrite's solubility.
      expect(f.volumeFraction).toBeGreaterThan(0.9 * r.equilibrium.volumeFraction);
      // The explicit step may overshoot x_eq a little while x relaxes fast (measured: 7e-5 of f at x0 = 0.02).
      expect(f.volumeFraction).toBeLessThanOrEqual(r.equilibrium.volumeFraction * (1 + 1e-3));
      expect(f.matrixX).toBeLessThan(x0 / 10);
    });
  }
});
