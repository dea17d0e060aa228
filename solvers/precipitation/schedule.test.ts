import { describe, expect, it } from "vitest";
import { solveKwn, validateKwnParams } from "./index.ts";
import { parseSchedule, Schedule } from "./schedule.ts";

const LIMITS = { minK: 200, maxK: 2000, maxH: 100000 };
/** Simple thermodynamics with Al–Zr's solubility at 723 K (x_eq = 1.01e-4): fast enough for several runs. */
const alzr = { thermo: "simple", solubilityA: 2.19, solubilityQ: 60000, precipitateX: 0.25 } as const;

describe("temperature schedule", () => {
  it("reads time_h temperature_K lines and interpolates linearly", () => {
    const r = parseSchedule("# quench and age\n0 873\n0.01 300\n\n1, 300\n1.1 723\n101 723\n", LIMITS);
    expect(r.errors).toEqual([]);
    const s = r.schedule!;
    expect(s.endS).toBeCloseTo(101 * 3600, 6);
    expect(s.temperature(0)).toBe(873);
    expect(s.temperature(18)).toBeCloseTo((873 + 300) / 2, 9);
    expect(s.temperature(3600)).toBe(300);
    expect(s.temperature(3600 * 1.05)).toBeCloseTo(511.5, 9);
    expect(s.rate(3600 * 1.05)).toBeCloseTo(423 / 360, 9);
    expect(s.nextCorner(3600)).toBeCloseTo(3960, 6);
    expect(s.isothermal).toBe(false);
    expect(Schedule.isothermal(723, 10).isothermal).toBe(true);
  });

  it("names the line of each problem", () => {
    expect(parseSchedule("0 700\nten 700\n", LIMITS).errors).toEqual([{ line: 2, reason: "syntax" }]);
    expect(parseSchedule("1 700\n2 700\n", LIMITS).errors).toEqual([{ line: 1, reason: "start" }]);
    expect(parseSchedule("0 700\n2 700\n1 700\n", LIMITS).errors).toEqual([{ line: 3, reason: "order" }]);
    expect(parseSchedule("0 700\n2 5000\n", LIMITS).errors).toEqual([{ line: 2, reason: "range" }]);
    expect(parseSchedule("0 700\n", LIMITS).errors).toEqual([{ line: 1, reason: "short" }]);
  });
});

describe("non-isothermal KWN", () => {
  it("a constant schedule is the isothermal run", () => {
    const iso = solveKwn(validateKwnParams({ ...alzr, temperatureK: 723, timeH: 100 }));
    const sch = solveKwn(validateKwnParams({ ...alzr, schedule: "0 723\n50 723\n100 723" }));
    // The schedule's corner at 50 h makes one step land there: the same physics, a slightly different path.
    expect(sch.final.numberDensity / iso.final.numberDensity).toBeCloseTo(1, 2);
    expect(sch.final.meanRadiusM / iso.final.meanRadiusM).toBeCloseTo(1, 2);
    expect(sch.final.volumeFraction / iso.final.volumeFraction).toBeCloseTo(1, 4);
  });

  it("the non-isothermal incubation time on a nearly constant path matches the isothermal one", () => {
    const iso = solveKwn(validateKwnParams({ ...alzr, temperatureK: 723, timeH: 100 }));
    // 0.001 K over 100 h: the isothermal flag is off, so τ comes from the integral of β* over the history.
    const drift = solveKwn(validateKwnParams({ ...alzr, schedule: "0 723\n100 723.001" }));
    expect(Math.abs(drift.final.numberDensity / iso.final.numberDensity - 1)).toBeLessThan(0.05);
    expect(Math.abs(drift.final.meanRadiusM / iso.final.meanRadiusM - 1)).toBeLessThan(0.03);
  });

  it("a low-temperature pre-age makes more, smaller particles than ageing at the higher temperature alone", () => {
    const iso = solveKwn(validateKwnParams({ ...alzr, temperatureK: 723, timeH: 100 }));
    const twoStep = solveKwn(validateKwnParams({ ...alzr, schedule: "0 673\n20 673\n20.1 723\n100 723" }));
    expect(twoStep.final.numberDensity).toBeGreaterThan(1.2 * iso.final.numberDensity);
    expect(twoStep.final.meanRadiusM).toBeLessThan(iso.final.meanRadiusM);
    expect(twoStep.final.temperatureK).toBe(723);
    for (const h of twoStep.history) expect(Number.isFinite(h.x) && Number.isFinite(h.numberDensity)).toBe(true);
  });

  it("heating above the solvus dissolves the particles again", () => {
    // x_eq reaches x0 = 0.004 at about 1150 K with this solubility: hold at 723 K, then 1300 K.
    const r = solveKwn(validateKwnParams({ ...alzr, schedule: "0 723\n50 723\n50.5 1300\n60 1300" }));
    const at50 = r.history.reduce((a, b) => (Math.abs(b.timeS - 50 * 3600) < Math.abs(a.timeS - 50 * 3600) ? b : a));
    expect(at50.volumeFraction).toBeGreaterThan(0.01);
    expect(r.final.volumeFraction).toBeLessThan(1e-4);
    expect(r.final.matrixX).toBeCloseTo(0.004, 4);
  });
});
