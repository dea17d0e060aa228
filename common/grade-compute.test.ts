import { describe, expect, it } from "vitest";
import { calphadInputs, moleFractions, nominalComposition } from "./grade-compute.ts";

// 06Cr19Ni10 (GB/T 20878-2007): C ≤ 0.08, Si ≤ 1.00, Mn ≤ 2.00, Cr 18.00–20.00, Ni 8.00–11.00.
const s304 = [
  { Element: "C", Min: null, Max: 0.08 },
  { Element: "Si", Min: null, Max: 1 },
  { Element: "Mn", Min: null, Max: 2 },
  { Element: "Cr", Min: 18, Max: 20 },
  { Element: "Ni", Min: 8, Max: 11 },
];
const FE_CR_NI = { id: "FeCrNi", name: "Fe–Cr–Ni", elements: ["CR", "FE", "NI"] };
const AL_ZN = { id: "alzn", name: "Al–Zn", elements: ["AL", "ZN"] };

describe("a grade's calculation inputs", () => {
  it("takes the middle of each range and leaves caps (only a maximum) out", () => {
    expect(nominalComposition(s304)).toEqual({ Cr: 19, Ni: 9.5 });
    expect(nominalComposition([{ Element: "Mo", Min: 0.15, Max: null }])).toEqual({ Mo: 0.15 });
  });

  it("turns mass per cent into mole fractions with iron the balance", () => {
    const x = moleFractions({ Cr: 19, Ni: 9.5 })!;
    // n(Cr) = 19/51.996, n(Ni) = 9.5/58.693, n(Fe) = 71.5/55.845
    const n = [19 / 51.996, 9.5 / 58.693, 71.5 / 55.845];
    const total = n[0] + n[1] + n[2];
    expect(x.Cr).toBeCloseTo(n[0] / total, 5);
    expect(x.Ni).toBeCloseTo(n[1] / total, 5);
    expect(moleFractions({ Xx: 1 })).toBeNull();
    expect(moleFractions({ Cr: 60, Ni: 45 })).toBeNull();
  });

  it("offers each database that holds iron and some of the alloy, naming what it leaves out", () => {
    const inputs = calphadInputs({ C: 0.42, Cr: 1.05, Mo: 0.2 }, [AL_ZN, FE_CR_NI]);
    expect(inputs).toEqual([{ database: "FeCrNi", databaseName: "Fe–Cr–Ni", components: "FE,CR", composition: "CR=0.0105", used: ["Cr"], leftOut: ["C", "Mo"] }]);
    expect(calphadInputs({ C: 0.45, Mn: 0.65 }, [FE_CR_NI])).toEqual([]);
  });
});
