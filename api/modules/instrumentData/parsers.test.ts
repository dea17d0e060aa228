import { describe, expect, it } from "vitest";
import type { SpectrometerParse, TensileParse } from "../../../common/instrument-data.ts";
import { elementColumn, numberOf, parseInstrumentRows, type Row } from "./parsers.ts";
import { DEMO_TENSILE, spectrometerCsv, tensileCsv, tensileCurve } from "./sample-files.ts";

async function* rowsOf(csv: string): AsyncGenerator<Row> {
  for (const line of csv.split(/\r?\n/)) yield line.split(",").map((c) => (c === "" ? null : c));
}
const parseCsv = (csv: string) => parseInstrumentRows(rowsOf(csv));

describe("instrument file parsers", () => {
  it("reads element columns in the ways spectrometers write them", () => {
    expect(elementColumn("C")).toEqual({ symbol: "C", ppm: false });
    expect(elementColumn("Mn [wt.%]")).toEqual({ symbol: "Mn", ppm: false });
    expect(elementColumn("B ppm")).toEqual({ symbol: "B", ppm: true });
    expect(elementColumn("Fe(%)")).toEqual({ symbol: "Fe", ppm: false });
    expect(elementColumn("Spark")).toBeNull();
    expect(elementColumn("Xx")).toBeNull();
    expect(numberOf("0,412")).toBe(0.412);
    expect(numberOf("<0.001")).toBe(0.001);
    expect(numberOf("n/a")).toBeNull();
  });

  it("takes a spectrometer's mean row, the sparks' spread and the sample ID", async () => {
    const p = (await parseCsv(spectrometerCsv("S202611-0042"))) as SpectrometerParse;
    expect(p.Kind).toBe("spectrometer");
    expect(p.SampleCode).toBe("S202611-0042");
    expect(p.Values.C).toBe(0.42);
    expect(p.Values.Cr).toBe(1.02);
    expect(p.Sparks).toBe(3);
    const c = p.Elements.find((e) => e.Symbol === "C")!;
    // Sparks at 0.99, 1.00 and 1.01 × 0.42: a standard deviation of 0.0042.
    expect(c.Sd).toBeCloseTo(0.0042, 4);
  });

  it("averages the sparks when no mean row is written, converts ppm, and reads one row per element", async () => {
    const wide = (await parseCsv("Spark,C,Si,Mn,B ppm\n1,0.20,0.30,1.00,20\n2,0.22,0.30,1.02,30\n")) as SpectrometerParse;
    expect(wide.Values.C).toBeCloseTo(0.21, 6);
    expect(wide.Values.B).toBeCloseTo(0.0025, 6);
    const long = (await parseCsv("Sample,AB-7\nElement,Value,Unit\nC,0.35,%\nMn,0.8,%\nN,80,ppm\n")) as SpectrometerParse;
    expect(long.SampleCode).toBe("AB-7");
    expect(long.Values).toEqual({ C: 0.35, Mn: 0.8, N: 0.008 });
  });

  it("finds Rm, Rp0.2 and A of a curve built with them, from load and extension of a round specimen", async () => {
    const p = (await parseCsv(tensileCsv("T-1"))) as TensileParse;
    expect(p.Kind).toBe("tensile");
    expect(p.SampleCode).toBe("T-1");
    expect(p.Values.Rm).toBeCloseTo(DEMO_TENSILE.rm, 0);
    expect(Math.abs(p.Values["Rp0.2"] - DEMO_TENSILE.rp02)).toBeLessThan(2);
    // Elongation after fracture: the strain at fracture less its elastic part.
    expect(Math.abs(p.Values.A - (DEMO_TENSILE.fractureStrain - DEMO_TENSILE.fractureStress / 2050))).toBeLessThan(0.2);
    expect(Math.abs(p.ModulusGPa - DEMO_TENSILE.modulusGPa)).toBeLessThan(2);
    expect(p.Points).toBe(2000);
    expect(p.Curve.Strain.length).toBeLessThanOrEqual(602);
  });

  it("reads stress and strain columns as they are, strain as a fraction or in %", async () => {
    const { strain, stress } = tensileCurve({ modulusGPa: 200, rp02: 900, rm: 1100, fractureStrain: 12, fractureStress: 1000 }, 800);
    const pct = ["Strain (%),Stress (MPa)", ...strain.map((e, i) => `${e},${stress[i]}`)].join("\n");
    const frac = ["Strain (mm/mm),Stress (MPa)", ...strain.map((e, i) => `${e / 100},${stress[i]}`)].join("\n");
    for (const csv of [pct, frac]) {
      const p = (await parseCsv(csv)) as TensileParse;
      expect(Math.abs(p.Values["Rp0.2"] - 900)).toBeLessThan(4);
      expect(p.Values.Rm).toBeCloseTo(1100, 0);
    }
  });

  it("says what is missing instead of guessing", async () => {
    expect(await parseCsv("Time (s),Extension (mm),Load (kN)\n0,0,0\n")).toEqual({ failed: "tensileNoArea" });
    expect(await parseCsv("Area,78.5\nTime (s),Extension (mm),Load (kN)\n0,0,0\n")).toEqual({ failed: "tensileNoGauge" });
    expect(await parseCsv("a,b\n1,2\n")).toEqual({ failed: "noTable" });
    expect(await parseCsv("Spark,C,Si,Mn\n1,,,\n")).toEqual({ failed: "noNumbers" });
    const flat = ["Strain (%),Stress (MPa)", ...Array.from({ length: 20 }, (_, i) => `${i},0`)].join("\n");
    expect(await parseCsv(flat)).toEqual({ failed: "tensileNoRise" });
  });
});
