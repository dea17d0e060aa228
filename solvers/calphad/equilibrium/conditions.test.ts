import { describe, expect, it } from "vitest";
import { massToMole, moleFractions } from "./conditions.ts";

describe("equilibrium conditions", () => {
  it("takes the missing component by difference", () => {
    expect(Array.from(moleFractions(["AL", "ZN"], { ZN: 0.25 }))).toEqual([0.75, 0.25]);
  });

  it("accepts all components when they sum to 1 and refuses bad conditions", () => {
    expect(Array.from(moleFractions(["A", "B"], { A: 0.5, B: 0.5 }))).toEqual([0.5, 0.5]);
    expect(() => moleFractions(["A", "B"], { A: 0.5, B: 0.6 })).toThrow(/sum to/);
    expect(() => moleFractions(["A", "B", "C"], { A: 0.5 })).toThrow(/all components but one/);
    expect(() => moleFractions(["A", "B"], { Q: 0.5 })).toThrow(/not a component/);
    expect(() => moleFractions(["A", "B"], { B: 0 })).toThrow(/strictly between/);
    expect(() => moleFractions(["A", "B", "C"], { A: 0.6, B: 0.5 })).toThrow(/leaving nothing/);
  });

  it("converts mass fractions with the molar masses: 50 wt% Pb–Sn", () => {
    const masses = { PB: 207.2, SN: 118.71 };
    const x = massToMole({ SN: 0.5 }, masses, ["PB", "SN"]);
    expect(x.SN).toBeCloseTo(0.5 / 118.71 / (0.5 / 118.71 + 0.5 / 207.2), 14);
    expect(x.PB + x.SN).toBeCloseTo(1, 14);
    expect(() => massToMole({ SN: 0.5 }, { SN: 118.71 }, ["PB", "SN"])).toThrow(/molar mass for PB/);
  });
});
