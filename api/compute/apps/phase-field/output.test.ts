import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readPhaseFieldProgress, readPhaseFieldResult } from "./output.ts";

let dir = "";
const workDir = (files: Record<string, string>) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-out-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
};
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("phase-field live progress", () => {
  it("draws the lines written so far and skips one being written", async () => {
    const d = workDir({
      "phasefield.in": "model = cahn-hilliard\n",
      "progress.csv": "step,time_s,energy_J_m3,length_m\n0,0,6.4e6,2.6e-9\n50,5,5.1e6,8e-9\n100,10,4.2e6,1.1e-8\n150,15,4.0",
    });
    const p = await readPhaseFieldProgress(d);
    expect(p.series.map((s) => s.key)).toEqual(["energy", "length"]);
    expect(p.series[0].x.values).toEqual([0, 5, 10]);
    expect(p.series[0].y.values).toEqual([6.4e6, 5.1e6, 4.2e6]);
    expect(p.scalars.find((s) => s.key === "stepReached")?.value).toBe(100);
  });

  it("draws a circle run's radius live, with the sharp-interface law from the deck's L and κ", async () => {
    const d = workDir({
      "phasefield.in": "model = allen-cahn\ninitial = circle\nmobility = 2e-6\n",
      "progress.csv": "step,time_s,energy_J_m3,radius_m\n0,0,9e3,1.6e-6\n100,10,8.5e3,1.5e-6\n",
    });
    const p = await readPhaseFieldProgress(d);
    expect(p.series.map((s) => [s.key, s.chart?.key])).toEqual([["energy", undefined], ["radius", "radius"], ["sharpInterfaceRadius", "radius"]]);
    // R₀ = 1.6 µm, 2Lκ = 2·2e-6·1e-8 (κ the model's default) = 4e-14 m²/s.
    expect(p.series[2].y.values[1]).toBeCloseTo(Math.sqrt(1.6e-6 ** 2 - 4e-14 * 10), 15);
    expect(p.scalars.find((s) => s.key === "radius")?.value).toBe(1.5e-6);
  });

  it("is empty before the solver has written anything", async () => {
    expect(await readPhaseFieldProgress(workDir({}))).toEqual({ series: [], scalars: [] });
  });
});

describe("phase-field result", () => {
  it("refuses a result.json without history", async () => {
    await expect(readPhaseFieldResult(workDir({ "result.json": "{}" }))).rejects.toThrow(/no history/);
    await expect(readPhaseFieldResult(workDir({}))).rejects.toThrow(/result.json unreadable/);
  });

  it("makes every snapshot a frame of one film, in order, with its time and step", async () => {
    const history = [0, 1, 2].map((i) => ({ step: i * 10, timeS: i, energy: 10 - i, length: 1e-6 * (1 + i), grains: 9 - i }));
    const snapshots = [0, 1, 2].map((i) => ({ step: i * 10, timeS: i, path: `snapshot-00${i}.png` }));
    const d = workDir({
      "result.json": JSON.stringify({ params: { model: "allen-cahn", steps: 20, dt: 0.1 }, history, snapshots, fieldFile: "final-grains.csv", finalEnergy: 8, finalLength: 3e-6, finalTimeS: 2, wallTimeS: 0.5 }),
      "snapshot-000.png": "x",
      "final-grains.csv": "1\n",
    });
    const r = await readPhaseFieldResult(d);
    expect(r.images!.map((i) => [i.path, i.sequence?.key, i.sequence?.at])).toEqual([
      ["snapshot-000.png", "evolution", "t = 0 s · 0"],
      ["snapshot-001.png", "evolution", "t = 1 s · 10"],
      ["snapshot-002.png", "evolution", "t = 2 s · 20"],
    ]);
    expect(r.series.map((s) => s.key)).toEqual(["energy", "grainSize", "grains"]);
    expect(r.scalars.find((s) => s.key === "finalGrains")?.value).toBe(7);
    // Only files that exist are offered.
    expect(r.files.map((f) => f.path).sort()).toEqual(["final-grains.csv", "result.json", "snapshot-000.png"]);
  });

  /** A finished circle run's work dir: R(t) as given, and the fit the solver would have written. */
  const circleRun = (model: string, radius: (t: number) => number, extra: Record<string, unknown>) => {
    const history = [0, 1, 2, 3, 4].map((i) => ({ step: i * 100, timeS: i * 10, energy: 9e3 - i, radius: radius(i * 10), mean: 0.2 }));
    const params = { model, initial: "circle", steps: 400, dt: 0.1, mobility: 1e-6, kappa: 1e-8 };
    return workDir({
      "result.json": JSON.stringify({ params, history, snapshots: [], fieldFile: "final-c.csv", finalEnergy: 8996, finalRadius: radius(40), finalTimeS: 40, wallTimeS: 0.5, ...extra }),
    });
  };

  it("shows an Allen–Cahn circle's radius beside the sharp-interface law, and the slope error, not a grain size", async () => {
    // R₀ = 1 µm and 2Lκ = 2e-14 m²/s: the law's circle is gone at 50 s, after the run's 40 s.
    const law = (t: number) => Math.sqrt(1e-12 - 2e-14 * t);
    const fit = { slope: -1.98e-14, lawSlope: -2e-14, relativeError: -0.01, points: 5, untilS: 40 };
    const r = await readPhaseFieldResult(circleRun("allen-cahn", (t) => Math.sqrt(1e-12 - 1.98e-14 * t), { circleLaw: fit }));
    expect(r.series.map((s) => [s.key, s.chart?.key])).toEqual([["energy", undefined], ["radius", "radius"], ["sharpInterfaceRadius", "radius"]]);
    const line = r.series[2];
    // The law is the reference the simulation is compared with: drawn dashed over the computed curve.
    expect([r.series[1].reference, line.reference]).toEqual([undefined, true]);
    expect(line.x.values).toEqual([0, 10, 20, 30, 40]);
    line.y.values.forEach((v, i) => expect(v).toBeCloseTo(law(line.x.values[i]), 18));
    for (const lang of ["zh", "en", "es", "ja"] as const) expect(line.label[lang]).toContain("R² = R₀² − 2Lκt");
    const scalars = Object.fromEntries(r.scalars.map((s) => [s.key, s.value]));
    expect(scalars).toMatchObject({ initialRadius: 1e-6, r2Slope: -1.98e-14, lawSlope: -2e-14, slopeErrorPercent: -1 });
    expect(Object.keys(scalars).filter((k) => k === "finalLength" || k === "finalGrains")).toEqual([]);
    expect(r.values).toMatchObject({ slopeError: -0.01, finalRadius: Math.sqrt(1e-12 - 1.98e-14 * 40) });
  });

  it("ends the law's line where its circle is gone, at R₀²/(2Lκ)", async () => {
    const r = await readPhaseFieldResult(circleRun("allen-cahn", (t) => Math.sqrt(Math.max(0, 4e-13 - 2e-14 * t)), { circleLaw: null }));
    const line = r.series.find((s) => s.key === "sharpInterfaceRadius")!;
    // R₀ = √(4e-13) m, gone at 20 s (to rounding): the run's 30 and 40 s are left out.
    expect(line.x.values).toHaveLength(3);
    expect(line.x.values[2]).toBeCloseTo(20, 10);
    expect(line.y.values.at(-1)).toBe(0);
    // Too few points to fit: no slope scalars rather than a meaningless one.
    expect(r.scalars.map((s) => s.key)).not.toContain("slopeErrorPercent");
  });

  it("shows a Cahn–Hilliard droplet's radius alone, saying what it shows, with the mean's drift", async () => {
    const r = await readPhaseFieldResult(circleRun("cahn-hilliard", (t) => 1.6e-8 - 1e-11 * t, {}));
    expect(r.series.map((s) => [s.key, s.chart?.key])).toEqual([["energy", undefined], ["radius", undefined]]);
    expect(r.series[1].label.en).toMatch(/Gibbs–Thomson/);
    expect(r.scalars.map((s) => s.key)).toEqual(["finalEnergy", "initialRadius", "finalRadius", "steps", "finalTime", "wallTime", "meanDrift"]);
  });
});
