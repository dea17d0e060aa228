import { describe, expect, it } from "vitest";
import { birchMurnaghanEnergy, fitBirchMurnaghan, RY_PER_BOHR3_GPA } from "./eos.ts";

describe("Birch–Murnaghan fit", () => {
  // Silicon-like: a0 = 10.2 bohr (diamond, V = a³/4), B0 = 95 GPa, B0' = 4.2.
  const a0 = 10.2;
  const v0 = a0 ** 3 / 4;
  const b0 = 95 / RY_PER_BOHR3_GPA;
  const e0 = -15.85;

  it("recovers E0, V0, B0 and B0' of exact BM3 data within rounding", () => {
    const vs = [-3, -1.5, 0, 1.5, 3].map((pct) => (a0 * (1 + pct / 100)) ** 3 / 4);
    const es = vs.map((v) => birchMurnaghanEnergy(v, e0, v0, b0, 4.2));
    const fit = fitBirchMurnaghan(vs, es);
    expect(fit.v0).toBeCloseTo(v0, 6);
    expect(fit.e0).toBeCloseTo(e0, 10);
    expect((fit.b0 * RY_PER_BOHR3_GPA) / 95).toBeCloseTo(1, 6);
    expect(fit.b0Prime).toBeCloseTo(4.2, 4);
    expect(fit.rms).toBeLessThan(1e-10);
    expect(fit.energyAt(v0 * 1.01)).toBeCloseTo(birchMurnaghanEnergy(v0 * 1.01, e0, v0, b0, 4.2), 10);
  });

  it("finds a0 off the scan's centre and stays close with noise of 1e-6 Ry", () => {
    const vs = Array.from({ length: 9 }, (_, i) => (a0 * (0.95 + 0.01 * i)) ** 3 / 4); // centred on 0.99·a0
    let seed = 7;
    const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 2e-6;
    const es = vs.map((v) => birchMurnaghanEnergy(v, e0, v0, b0, 4.2) + noise());
    const fit = fitBirchMurnaghan(vs, es);
    expect(Math.abs(Math.cbrt(4 * fit.v0) - a0)).toBeLessThan(2e-3);
    expect(Math.abs(fit.b0 * RY_PER_BOHR3_GPA - 95)).toBeLessThan(2);
  });

  it("refuses too few points and a scan without a minimum", () => {
    expect(() => fitBirchMurnaghan([1, 2, 3, 4], [1, 2, 3, 4])).toThrow(/at least 5/);
    const vs = [100, 110, 120, 130, 140];
    expect(() => fitBirchMurnaghan(vs, vs.map((v) => -v / 100))).toThrow(/no energy minimum/);
  });
});
