import { describe, expect, it } from "vitest";
import { erfc } from "../common/erf.ts";
import { carburize, DEFAULT_STEPS, type CarburizingInput, type CarburizingResult } from "./index.ts";

/** The semi-infinite solution c0 + (cs − c0)·erfc(x / 2√(Dt)) at each node of a result. */
function erfProfile(p: CarburizingInput, r: CarburizingResult): number[] {
  const scale = 2 * Math.sqrt(r.dSurfaceM2s * p.timeH * 3600);
  return r.profile.xMm.map((x) => p.c0 + (p.cs - p.c0) * erfc(x / 1000 / scale));
}

/** Largest deviation from the erf solution, as a fraction of (cs − c0). */
function erfError(p: CarburizingInput, r: CarburizingResult): number {
  const exact = erfProfile(p, r);
  return Math.max(...r.profile.cWt.map((c, i) => Math.abs(c - exact[i]))) / (p.cs - p.c0);
}

/** Analytic uptake 2(cs − c0)√(Dt/π) in wt%·m, converted as the solver does (density 7850 kg/m³). */
const analyticUptakeKgM2 = (p: CarburizingInput, d: number) => 2 * (p.cs - p.c0) * Math.sqrt((d * p.timeH * 3600) / Math.PI) * 78.5;

// Each case keeps the far end at least 4 diffusion lengths 2√(Dt) deep, so the domain behaves as semi-infinite.
const CONSTANT_CASES: Array<[string, CarburizingInput]> = [
  ["gas carburizing, 925 °C 4 h, defaults", { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 4, depthMm: 5 }],
  ["deep case, 1100 °C 20 h", { c0: 0.15, cs: 1.1, temperatureC: 1100, timeH: 20, depthMm: 30, nodes: 401 }],
  ["short and cool, 850 °C 0.5 h, few steps", { c0: 0.1, cs: 0.8, temperatureC: 850, timeH: 0.5, depthMm: 1.5, nodes: 151, steps: 40 }],
  ["pure iron to 1.2 wt% at 700 °C", { c0: 0, cs: 1.2, temperatureC: 700, timeH: 1, depthMm: 0.5, caseCarbonWt: 0.3 }],
  ["user's own Arrhenius constants", { c0: 0.2, cs: 1, temperatureC: 950, timeH: 2, depthMm: 4, d0: 2e-5, qJPerMol: 142000 }],
];

describe("carburizing with constant D against erf", () => {
  it.each(CONSTANT_CASES)("%s: within 0.5% of (cs − c0) everywhere, carbon uptake within 0.5%", (_name, p) => {
    const r = carburize(p);
    expect(r.diffusionLengthMm * 4).toBeLessThan(p.depthMm); // the case really is semi-infinite-like
    expect(erfError(p, r)).toBeLessThan(0.005);
    const expected = analyticUptakeKgM2(p, r.dSurfaceM2s);
    expect(Math.abs(r.uptakeKgM2 - expected) / expected).toBeLessThan(0.005);
    expect(r.profile.cWt[0]).toBe(p.cs);
  });

  it("converges at second order in space: halving the spacing cuts the error about fourfold", () => {
    const p = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 4, depthMm: 5, steps: 400 };
    const errors = [51, 101, 201].map((nodes) => erfError(p, carburize({ ...p, nodes })));
    expect(errors[0] / errors[1]).toBeGreaterThan(3.5);
    expect(errors[1] / errors[2]).toBeGreaterThan(3.5);
    expect(errors[2]).toBeLessThan(1e-4);
  });

  it("stays monotone and inside [c0, cs] with very few, long steps (the Rannacher start damps the surface jump)", () => {
    const p = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 4, depthMm: 5, nodes: 1001, steps: 4 };
    const c = carburize(p).profile.cWt;
    for (let i = 1; i < c.length; i++) {
      expect(c[i]).toBeLessThanOrEqual(c[i - 1] + 1e-12);
      expect(c[i]).toBeGreaterThanOrEqual(p.c0 - 1e-12);
    }
    // Four steps is far below the default; the start still lands within 1% of the erf profile.
    expect(erfError(p, carburize(p))).toBeLessThan(0.01);
  });

  it("puts the case depth where the erf profile crosses caseCarbonWt", () => {
    const p = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 4, depthMm: 5 };
    const r = carburize(p);
    const scale = 2 * Math.sqrt(r.dSurfaceM2s * 4 * 3600) * 1000;
    // Bisection on the exact profile for c(x) = 0.4.
    let lo = 0;
    let hi = 5;
    for (let k = 0; k < 60; k++) {
      const mid = (lo + hi) / 2;
      if (0.2 + 0.7 * erfc(mid / scale) > 0.4) lo = mid;
      else hi = mid;
    }
    expect(r.caseDepthMm).not.toBeNull();
    expect(Math.abs(r.caseDepthMm! - lo)).toBeLessThan(0.002);
  });

  it("gives the surface flux of the erf solution, (cs − c0)·√(D/πt), at the end of the run", () => {
    const p = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 4, depthMm: 5, nodes: 401 };
    const r = carburize(p);
    const t = 4 * 3600;
    const expected = 0.7 * Math.sqrt(r.dSurfaceM2s / (Math.PI * t)) * 78.5;
    expect(Math.abs(r.surfaceFluxKgM2s - expected) / expected).toBeLessThan(0.01);
  });
});

describe("carburizing boundaries and bookkeeping", () => {
  it("fills a thin wall to cs through its closed far end and holds exactly the carbon that came in", () => {
    const p = { c0: 0.2, cs: 0.8, temperatureC: 1000, timeH: 100, depthMm: 0.5, nodes: 51, caseCarbonWt: 0.4 };
    const r = carburize(p);
    for (const c of r.profile.cWt) expect(Math.abs(c - 0.8)).toBeLessThan(1e-6);
    expect(r.caseDepthMm).toBeNull(); // nowhere in the wall does carbon fall to 0.4
    expect(r.uptakeKgM2).toBeCloseTo(0.6 * 0.5e-3 * 78.5, 6);
  });

  it("reports progress in order, ending at 1", () => {
    const seen: number[] = [];
    carburize({ c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 1, depthMm: 2, nodes: 51 }, { onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThanOrEqual(50);
    expect(seen.length).toBeLessThanOrEqual(DEFAULT_STEPS);
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
  });

  it("uses the default step count when none is given", () => {
    const r = carburize({ c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 2 });
    expect(r.steps).toBe(DEFAULT_STEPS);
    expect(r.timeStepS).toBeCloseTo((2 * 3600) / DEFAULT_STEPS, 9);
    expect(r.profile.xMm).toHaveLength(201);
    expect(r.profile.xMm.at(-1)).toBe(2);
  });
});

describe("carburizing with Tibbetts' carbon-dependent D", () => {
  const p = { c0: 0.2, cs: 1.0, temperatureC: 925, timeH: 4, depthMm: 3, diffusivity: "tibbetts" as const };

  it("matches a reference on an 8× finer grid with 4× more steps to 0.1% of (cs − c0)", () => {
    const coarse = carburize({ ...p, nodes: 151, steps: 100 });
    const fine = carburize({ ...p, nodes: 1201, steps: 400 });
    const diff = coarse.profile.cWt.map((c, i) => Math.abs(c - fine.profile.cWt[8 * i]));
    expect(coarse.profile.xMm[10]).toBeCloseTo(fine.profile.xMm[80], 12);
    expect(Math.max(...diff) / 0.8).toBeLessThan(0.001);
    expect(Math.abs(coarse.caseDepthMm! - fine.caseDepthMm!)).toBeLessThan(0.002);
  });

  it("converges: the error against the reference falls about fourfold per halving of both steps", () => {
    const fine = carburize({ ...p, nodes: 1201, steps: 400 });
    const errorAt = (nodes: number, steps: number) => {
      const r = carburize({ ...p, nodes, steps });
      const stride = (1201 - 1) / (nodes - 1);
      return Math.max(...r.profile.cWt.map((c, i) => Math.abs(c - fine.profile.cWt[stride * i])));
    };
    const e1 = errorAt(76, 25);
    const e2 = errorAt(151, 50);
    expect(e1 / e2).toBeGreaterThan(3);
  });

  it("takes up more carbon than constant D at the core carbon and less than at the surface carbon", () => {
    const r = carburize({ ...p, nodes: 301 });
    // D rises with carbon, so the uptake must fall between those of the smallest and the largest D.
    expect(r.dSurfaceM2s).toBeGreaterThan(r.dCoreM2s * 2);
    expect(r.uptakeKgM2).toBeGreaterThan(analyticUptakeKgM2(p, r.dCoreM2s) * 1.05);
    expect(r.uptakeKgM2).toBeLessThan(analyticUptakeKgM2(p, r.dSurfaceM2s) * 0.95);
    expect(r.maxPicardIterations).toBeGreaterThan(1);
    expect(r.maxPicardIterations).toBeLessThan(20);
  });

  it("evaluates Tibbetts' formula: 4.7e-5·exp(−1.6·C − (37000 − 6600·C)/(1.987·T)) m²/s", () => {
    const r = carburize({ ...p, nodes: 11, steps: 1 });
    const T = 925 + 273.15;
    expect(r.dSurfaceM2s / (4.7e-5 * Math.exp(-1.6 * 1.0 - (37000 - 6600 * 1.0) / (1.9872 * T)))).toBeCloseTo(1, 4);
    expect(r.dCoreM2s / (4.7e-5 * Math.exp(-1.6 * 0.2 - (37000 - 6600 * 0.2) / (1.9872 * T)))).toBeCloseTo(1, 4);
    // Order of magnitude of published carbon diffusivities in austenite near 925 °C: 1e-11 to 1e-10 m²/s.
    expect(r.dSurfaceM2s).toBeGreaterThan(1e-11);
    expect(r.dSurfaceM2s).toBeLessThan(1e-10);
  });
});
